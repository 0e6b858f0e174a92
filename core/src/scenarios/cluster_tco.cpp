// ClusterTcoScenario (docs/scenarios.md, docs/sources.md): the total cost of owning a fleet over
// its amortization period, against renting the same accelerator-hours.
#include "mlsysim/scenario.hpp"

namespace mlsysim {

ScenarioType cluster_tco() {
  const std::string economics = "mlsysim engine/solvers/economics.py @28b11a0c, EconomicsModel";
  const std::string pricing = "mlsysim infrastructure/pricing.py @49518363";
  ScenarioType t;
  t.name = "ClusterTcoScenario";
  t.category = "economics";
  t.question = "Own or rent?";
  t.summary =
      "The total cost of owning a fleet over its amortization period: purchase, electricity at TDP around the clock, "
      "and annual maintenance. It is compared with renting the same accelerator-hours in the cloud.";
  t.assumptions =
      "100 % utilization: every accelerator draws its TDP all the time, as mlsysim's EconomicsModel gives with its "
      "default mfu = 1.0. A year is 365 days. CapEx is spent once and fully amortized over the period (the period "
      "costed is the amortization period, so mlsysim's prorating reduces to the full CapEx). Maintenance is a fixed "
      "fraction of CapEx per year.";
  t.excludes =
      "The infrastructure multiplier: networking, facility and staff are 50 to 150 % of GPU CapEx in mlsysim; scale "
      "unit_cost by its suggested 2.0 to 2.5 times to include them. Financing and residual value. Idle time: "
      "multiply the owned cost per hour by 1/utilization yourself.";
  t.sweep = {"cloud_hour_rate", {"cloud_to_owned_cost_ratio"}};

  t.fields = {
      Field::registry("fleet", "fleet")
          .doc("N: the cluster owned, a registry name (e.g. Training_1K) or {name, count, node}."),
      Field::quantity("unit_cost", dims::currency).at_least(0)
          .doc("The purchase price of one accelerator (H100: 30000 USD in mlsysim's registry)."),
      Field::quantity("device_tdp", dims::power).at_least(0).doc("The power of one accelerator at full load."),
      Field::number("pue").at_least(1).optional(1.12)
          .source("mlsysim infrastructure/data/grids.yaml @8a89d00a (US_Avg, PUE 1.12)")
          .doc("Power usage effectiveness: facility power over IT power."),
      Field::quantity("electricity_price", dims::currency / dims::energy).at_least(0).optional("0.07 USD/kWh")
          .shown_in("USD/kWh").source(pricing + " (OnPremises electricity 0.07 USD/kWh)")
          .doc("The utility price of electricity."),
      Field::quantity("amortization_period", dims::time).above(0).optional("3 year").shown_in("year")
          .source(economics + " (amortization_years 3.0); a year is 365 days")
          .doc("The depreciation window, and the period costed."),
      Field::number("annual_maintenance_ratio").at_least(0).optional(0.05)
          .source(pricing + " (Capital.AnnualMaintenanceRatio 0.05)")
          .doc("Yearly maintenance as a fraction of CapEx."),
      Field::quantity("cloud_hour_rate", dims::currency / dims::time).at_least(0).shown_in("USD/h")
          .doc("The cloud price of one accelerator-hour."),
  };
  t.symbols = {symbol("fleet.count"), symbol("fleet.node.accelerators_per_node")};

  const Expr n = prop("accelerators"), period = sym("amortization_period"), tco = prop("total_cost_of_ownership");
  t.properties = {
      Property("accelerators", "count", sym("fleet.count") * sym("fleet.node.accelerators_per_node"))
          .doc("N: the accelerators of the fleet.")
          .source("mlsysim systems/types.py @1d9b72db, Fleet.total_accelerators (nodes \u00d7 accelerators per node)"),
      Property("capex", "USD", n * sym("unit_cost"))
          .doc("The purchase cost of the accelerators.").lower_is_better()
          .source(economics + ", total_capex_hardware"),
      Property("energy", "J", n * sym("device_tdp") * sym("pue") * period)
          .doc("The facility energy over the period, every accelerator at TDP.").lower_is_better()
          .source("mlsysim engine/solvers/economics.py @28b11a0c, SustainabilityModel at mfu = 1"),
      Property("energy_cost", "USD", prop("energy") * sym("electricity_price"))
          .doc("The electricity bill over the period.").lower_is_better().source(economics + ", opex_energy"),
      Property("maintenance_cost", "USD", prop("capex") * sym("annual_maintenance_ratio") * period / num(1, "year"))
          .doc("Maintenance over the period, a fraction of CapEx each year.").lower_is_better()
          .source(economics + ", opex_maintenance"),
      Property("total_cost_of_ownership", "USD", prop("capex") + prop("energy_cost") + prop("maintenance_cost"))
          .doc("TCO: purchase, electricity and maintenance over the period.").lower_is_better()
          .source(economics + ", tco_usd; Barroso et al. 2018 (The Datacenter as a Computer)"),
      Property("owned_cost_per_accelerator_hour", "USD/s", tco / (n * period))
          .doc("The effective cost of owning one accelerator for an hour, busy all the time.").lower_is_better()
          .source("ours: TCO spread over every accelerator-hour of the period"),
      Property("cloud_cost", "USD", n * period * sym("cloud_hour_rate"))
          .doc("Renting the same accelerator-hours in the cloud.").lower_is_better()
          .source("ours: the same accelerator-hours at the cloud rate"),
      Property("cloud_to_owned_cost_ratio", "",
               (prop("cloud_cost") / tco)
                   .unless(tco <= num(0), "needs a total cost of ownership > 0: owning costs nothing, so there is "
                                          "nothing to compare renting with"))
          .doc("Cloud cost over the cost of owning: above 1, owning is cheaper.")
          .source("ours: the ratio of the two costs above"),
  };

  Json own = json_text(R"({"fleet": "Training_1K", "unit_cost": "30000 USD", "device_tdp": "700 W", "pue": 1.12,
                           "electricity_price": "0.07 USD/kWh", "amortization_period": "3 year",
                           "annual_maintenance_ratio": 0.05, "cloud_hour_rate": "4 USD/hour"})");
  Json spot = own;
  spot["cloud_hour_rate"] = "0.7 USD/hour";
  const std::string owned =
      "1024 H100s (Training_1K, an illustrative fleet) bought at 30 000 USD and 700 W each (mlsysim H100.yaml), "
      "on-premises electricity 0.07 USD/kWh, PUE 1.12, 5 % maintenance a year over 3 years (mlsysim pricing.py), ";
  t.presets = {
      {"H100Cluster1KOwnVsCloud", owned + "against on-demand cloud at 4 USD/h (mlsysim Cloud.GpuTrainingPerHour).", own},
      {"H100Cluster1KOwnVsSpot", owned + "against spot at 0.70 USD/h (mlsysim Fleet.SpotGpuHourRef).", spot},
  };
  return t;
}

}  // namespace mlsysim
