// TrainingEnergyScenario (docs/scenarios.md, docs/sources.md): the energy, operational carbon and
// electricity bill of a training run on a fleet.
#include "mlsysim/scenario.hpp"

namespace mlsysim {

ScenarioType training_energy() {
  const std::string sustainability = "mlsysim engine/solvers/economics.py @28b11a0c, SustainabilityModel";
  const std::string grids = "mlsysim infrastructure/data/grids.yaml @8a89d00a";
  ScenarioType t;
  t.name = "TrainingEnergyScenario";
  t.category = "sustainability";
  t.question = "How much energy and CO\u2082 does the run take, and does the site matter?";
  t.summary =
      "The energy, operational carbon and electricity bill of a training run on a fleet. Each accelerator draws an "
      "idle floor plus a share that scales with MFU; facility overhead (PUE) and the grid's carbon intensity do the "
      "rest.";
  t.assumptions =
      "Per-device power = TDP \u00d7 (0.30 + 0.70 \u00d7 MFU), mlsysim's \"energy proportionality\" rule of thumb: "
      "a calibration, not a measurement. All accelerators are busy for the whole duration. PUE and grid intensity "
      "are constant. The duration is an input, not derived from the work: at a fixed duration a lower MFU does less "
      "work and draws less power; for the same work the run takes longer in proportion to 1/MFU "
      "(TrainingComputeScenario's training_days), and its energy grows.";
  t.excludes =
      "Host CPUs, network and storage power beyond what PUE captures; embodied carbon (mlsysim has an "
      "embodied_carbon_per_device option); water (WUE); a time-varying grid mix.";
  t.sweep = {"grid_carbon_intensity", {}};

  t.fields = {
      Field::registry("fleet", "fleet")
          .doc("N: the cluster, a registry name (e.g. Training_1K_A100) or {name, count, node}; every accelerator "
               "trains."),
      Field::quantity("device_tdp", dims::power).above(0)
          .doc("Thermal design power of one accelerator (A100 400 W, H100 700 W in mlsysim's registry)."),
      Field::quantity("training_duration", dims::time).at_least(0).shown_in("day")
          .doc("The wall-clock length of the run, given rather than derived: for the same work it grows as 1/mfu "
               "(TrainingComputeScenario's training_days)."),
      Field::number("mfu").at_least(0).at_most(1).optional(1.0)
          .source(sustainability + " (mfu = 1.0)")
          .doc("Model FLOP utilization: the share of peak achieved, which scales the dynamic part of the power. "
               "training_duration stays as given: a lower mfu over the same days is less work, not the same run."),
      Field::number("pue").at_least(1).optional(1.12).source(grids + " (US_Avg, PUE 1.12)")
          .doc("Power usage effectiveness: facility power over IT power."),
      Field::quantity("grid_carbon_intensity", dims::mass / dims::energy).at_least(0).optional("429 g/kWh")
          .shown_in("g/kWh").source(grids + " (US_Avg, 429 g/kWh)")
          .doc("Operational carbon (CO\u2082e) per unit of electricity."),
      Field::quantity("electricity_price", dims::currency / dims::energy).at_least(0).optional("0.12 USD/kWh")
          .shown_in("USD/kWh").source("mlsysim infrastructure/pricing.py @49518363 (Cloud.ElectricityPerKwh 0.12 USD/kWh)")
          .doc("The price of electricity."),
  };
  t.symbols = {symbol("N", "fleet.accelerators")};

  const Expr pue = sym("pue");
  t.properties = {
      Property("device_power_draw", "W", sym("device_tdp") * (num(0.30) + num(0.70) * sym("mfu")))
          .doc("The average draw of one accelerator: an idle floor plus a share that scales with MFU.").lower_is_better()
          .source(sustainability + "; engine/calibration.py @32253d9b (ENERGY_IDLE_FRACTION 0.30, "
                  "ENERGY_DYNAMIC_FRACTION 0.70)"),
      Property("it_power", "W", sym("N") * prop("device_power_draw"))
          .doc("The IT load: every accelerator of the fleet.").lower_is_better().source(sustainability),
      Property("facility_power", "W", prop("it_power") * pue)
          .doc("The draw from the grid, cooling and power conversion included.").lower_is_better()
          .source(sustainability),
      Property("it_energy", "J", prop("it_power") * sym("training_duration"))
          .doc("The energy the accelerators use over the run.").lower_is_better().source(sustainability),
      Property("facility_energy", "J", prop("it_energy") * pue)
          .doc("The energy drawn from the grid and billed.").lower_is_better().source(sustainability),
      Property("operational_carbon", "kg", prop("facility_energy") * sym("grid_carbon_intensity"))
          .doc("CO\u2082e emitted generating that electricity.").lower_is_better()
          .source(sustainability + "; Patterson et al. 2021"),
      Property("electricity_cost", "USD", prop("facility_energy") * sym("electricity_price"))
          .doc("The electricity bill of the run.").lower_is_better()
          .source("mlsysim engine/solvers/economics.py @28b11a0c, EconomicsModel opex_energy"),
  };

  const Json us = json_text(R"({"fleet": "Training_1K_A100", "device_tdp": "400 W", "training_duration": "25 day",
                                "mfu": 0.5, "pue": 1.12, "grid_carbon_intensity": "429 g/kWh",
                                "electricity_price": "0.12 USD/kWh"})");
  Json quebec = us;
  quebec["pue"] = 1.06;
  quebec["grid_carbon_intensity"] = "20 g/kWh";
  const std::string run =
      "A GPT-3-class run on Training_1K_A100 (1024 A100s at 400 W; the fleet is an illustrative choice) for 25 days "
      "(mlsysim's GPT3 reference) at MFU 0.5 (mlsysim's default efficiency), electricity at 0.12 USD/kWh; ";
  t.presets = {
      {"Gpt3ClassRunUsAverage", run + "the US-average grid (429 g/kWh, PUE 1.12, mlsysim grids.yaml).", us},
      {"Gpt3ClassRunQuebec", run + "the Quebec grid (20 g/kWh, PUE 1.06, mlsysim grids.yaml).", quebec},
  };
  return t;
}

}  // namespace mlsysim
