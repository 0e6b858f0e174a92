// TrainingComputeScenario (docs/scenarios.md, docs/sources.md; the catalog's 4.8): training
// compute by 6PD, and its wall-clock time, accelerator time and rental cost on a fleet at a
// given MFU, beside the Chinchilla compute-optimal token count.
#include "mlsysim/scenario.hpp"

namespace mlsysim {

ScenarioType training_compute() {
  const std::string dtime = "mlsysim physics/performance.py @034a583b, dTime";
  const std::string chinchilla = "mlsysim literature/data/chinchilla.yaml @8cbb699a";
  ScenarioType t;
  t.name = "TrainingComputeScenario";
  t.category = "compute";
  t.question = "How many FLOPs, how many days, how many dollars to train it?";
  t.summary =
      "Training compute by the 6·P·D rule, and its wall-clock time on a fleet at a given model-FLOPs utilization: the "
      "\"iron law\" T = C / (N·peak·MFU). The type also gives accelerator-hours, rental cost, and the Chinchilla "
      "compute-optimal token count for comparison.";
  t.assumptions =
      "A dense transformer: 6 FLOPs per parameter per token, 2 forward and 4 backward (mlsysim's chinchilla.yaml). "
      "MFU is constant for the whole run. Every accelerator is billed for the whole run.";
  t.excludes =
      "Attention FLOPs beyond 6PD. Recomputation (hardware FLOPs are 4/3 of model FLOPs under full recomputation, "
      "an mlsysim calibration note). Failures (see CheckpointIntervalScenario's goodput). Mixture-of-experts: use the "
      "active parameters as the workload's parameters. Input pipeline stalls.";

  t.fields = {
      Field::registry("workload", "workload")
          .doc("P: the model, by the parameters each token passes through; a registry name (e.g. GPT3) or "
               "{name, parameters}. For a mixture-of-experts model give {name, parameters} with the active count, "
               "not the total (the registry's workloads are dense: total = active)."),
      Field::number("training_tokens").above(0).doc("D: tokens seen in training."),
      Field::registry("fleet", "fleet")
          .doc("N accelerators and the peak of each: a registry name (e.g. Training_1K_A100) or {name, count, node}, "
               "whose node names its accelerator."),
      Field::number("mfu").above(0).at_most(1).optional(0.5)
          .source("mlsysim engine/calibration.py @32253d9b (DEFAULT_COMPUTE_EFFICIENCY = 0.50, after PaLM)")
          .doc("Model FLOPs utilization: the share of peak FLOP/s the run sustains."),
      Field::quantity("device_hour_rate", dims::currency / dims::time).at_least(0).shown_in("USD/h")
          .doc("Rental price of one accelerator for one hour."),
  };
  t.symbols = {
      symbol("P", "workload.parameters",
             "the parameters each token passes through: the workload's parameters, which for a mixture-of-experts "
             "model must be given as the active count (6PD counts the work done, not the weights held)"),
      symbol("D", "training_tokens"),
      symbol("fleet.count"),
      symbol("accelerators_per_node", "fleet.node.accelerators_per_node"),
      symbol("peak_flops", "fleet.node.accelerator.peak_flops"),
  };

  const Expr p = sym("P"), d = sym("D"), n = prop("accelerators");
  t.properties = {
      Property("training_flops", "flop", num(6, "flop/param") * p * d)
          .doc("C: the total training work, 6 FLOPs per parameter per token (2 forward, 4 backward).")
          .source("mlsysim physics/transformer.py (index id 68759822323), calc_transformer_training_flops; " +
                  chinchilla + " (ComputeConstant 6); Kaplan et al. 2020"),
      Property("accelerators", "count", sym("fleet.count") * sym("accelerators_per_node"))
          .doc("N: the accelerators of the fleet.")
          .source("ours: as DataParallelAttackSurfaceScenario's accelerators (nodes x accelerators per node)"),
      Property("effective_throughput", "flop/s", n * sym("peak_flops") * sym("mfu"))
          .doc("The fleet's sustained FLOP/s: N accelerators at peak_flops each, times MFU.").higher_is_better()
          .source(dtime + " (ops / (N x peak x efficiency)), calc_effective_flops"),
      Property("training_time", "s", prop("training_flops") / prop("effective_throughput"))
          .doc("Wall-clock time of the run, training_flops / effective_throughput: the iron law T = C / (N x peak x MFU), "
               "C the training FLOPs and N the accelerators.").lower_is_better().source(dtime),
      Property("accelerator_hours", "s", n * prop("training_time"))
          .doc("Billed accelerator time, N x training_time: a time, given in seconds (the canonical unit) but read in "
               "accelerator-hours (3600 s each).")
          .lower_is_better().shown_in("h").source("ours: every accelerator is billed for the whole run"),
      Property("training_cost", "USD", prop("accelerator_hours") * sym("device_hour_rate"))
          .doc("The rental bill: accelerator time at the hourly rate.").lower_is_better()
          .source("ours: as SyncStrategyScenario's cost (every device billed for the whole run)"),
      Property("tokens_per_parameter", "1/param", d / p)
          .shown_in("tokens/param").doc("Tokens per parameter, D / P: about 20 is Chinchilla-optimal.")
          .source("mlsysim engine/solvers/training.py @335995f1, ScalingModel"),
      Property("chinchilla_optimal_tokens", "count", num(20, "1/param") * p)
          .shown_in("tokens").doc("The compute-optimal token count for this model size (20 tokens per parameter), for comparison with D.")
          .source(chinchilla + " (TokensPerParam 20); Hoffmann et al. 2022"),
  };

  t.presets = {
      {"Gpt3OnTraining1KA100",
       "GPT-3 on 3e11 tokens (mlsysim's registry) on Training_1K_A100 (1024 A100s), MFU 0.5 (mlsysim's default, "
       "PaLM) at 2 USD/h (mlsysim's GpuHourRef): 22.8 days, where mlsysim's reference 25 days corresponds to MFU "
       "0.456; the fleet is illustrative.",
       json_text(R"({"workload": "GPT3",
                      "training_tokens": 300000000000,
                      "fleet": "Training_1K_A100",
                      "mfu": 0.5,
                      "device_hour_rate": "2 USD/hour"})")},
      {"Llama8BOnFrontier8K",
       "Llama 3 8B on 1.5e13 tokens (Meta's model card, \"15T+\") on Frontier_8K (8192 H100s), MFU 0.4 (mlsysim's "
       "REFERENCE_MFU_SUSTAINED) at 4 USD/h (mlsysim's Cloud.GpuTrainingPerHour); the fleet is illustrative.",
       json_text(R"({"workload": "Llama3_8B",
                      "training_tokens": 15000000000000,
                      "fleet": "Frontier_8K",
                      "mfu": 0.4,
                      "device_hour_rate": "4 USD/hour"})")},
  };
  return t;
}

}  // namespace mlsysim
