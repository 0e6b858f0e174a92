// SyncStrategyScenario (docs/scenarios.md; mlsysim's SyncStrategyScenario, docs/sources.md).
#include "mlsysim/scenario.hpp"

namespace mlsysim {

ScenarioType sync_strategy() {
  const char* const kSource = "mlsysim engine/scenario_definitions/communication.py, SyncStrategyScenario";
  ScenarioType t;
  t.name = "SyncStrategyScenario";
  t.category = "communication";
  t.question = "BSP, stale-synchronous or asynchronous: how long does training take, and what does it cost?";
  t.summary =
      "Data-parallel training to a fixed target under one synchronization strategy (BSP when "
      "staleness = 0, stale-synchronous or asynchronous otherwise).";
  t.assumptions =
      "Iterations to the target are supplied for each strategy, not predicted; communication "
      "stretches a fixed base iteration duration; every worker is billed for the whole run.";
  t.excludes =
      "The staleness learning-rate factor is an illustrative policy, not a convergence theorem; "
      "no overlap of communication with compute beyond what the overhead fraction states.";

  t.fields = {
      Field::integer("workers").at_least(1).doc("Data-parallel workers (devices)."),
      Field::integer("per_worker_batch").at_least(1).doc("Samples each worker processes per iteration."),
      Field::integer("iterations").at_least(1)
          .doc("Iterations to reach the target with this many workers under this strategy (an input: it does not follow from workers)."),
      Field::number("communication_overhead").at_least(0).doc("Communication time as a fraction of the base iteration time."),
      Field::integer("base_iterations").at_least(1).doc("Iterations one worker needs to reach the target."),
      Field::quantity("base_iteration_time", dims::time).above(0).doc("Duration of one iteration on one worker, without communication."),
      Field::quantity("device_hour_rate", dims::currency / dims::time).at_least(0).shown_in("USD/h")
          .doc("Rental price of one device for one hour."),
      Field::integer("staleness").at_least(0).optional(0).doc("Bound on gradient staleness in iterations (0 = BSP)."),
  };

  const Expr one = num(1);
  t.properties = {
      Property("global_batch", "samples", sym("workers") * sym("per_worker_batch"))
          .doc("Samples processed in one global iteration; every worker contributes a full local batch.").source(kSource),
      Property("ideal_iterations", "iterations", sym("base_iterations") / sym("workers"))
          .doc("Iteration count under perfect sample-efficiency scaling (real, not rounded).").source(kSource),
      Property("iteration_time", "s", sym("base_iteration_time") * (one + sym("communication_overhead")))
          .doc("Per-iteration time after the stated communication overhead.").lower_is_better().source(kSource),
      Property("speedup", "", sym("base_iterations") / (sym("iterations") * (one + sym("communication_overhead"))))
          .doc("Time-to-target speedup against the single-worker baseline.").higher_is_better().source(kSource),
      Property("sample_efficiency", "", prop("ideal_iterations") / sym("iterations"))
          .doc("Ideal iteration count divided by the supplied target-reaching iteration count.").higher_is_better().source(kSource),
      Property("cost", "USD", sym("iterations") * prop("iteration_time") * sym("workers") * sym("device_hour_rate"))
          .doc("Rental bill for the run; every worker is billed for the whole run.").lower_is_better().source(kSource),
      Property("stale_lr_factor", "", one / sqrt(one + sym("staleness")))
          .doc("Illustrative learning-rate reduction for stale gradients; a heuristic, not a convergence guarantee.")
          .source(kSource),
  };

  // docs/api.md, Input values: an integer result above 2^53 (global_batch) is an input error
  t.exact_products = {{"workers", "per_worker_batch"}};

  // ours: results that follow from the inputs but that real runs rarely show
  t.warnings = {
      {prop("speedup") > sym("workers"),
       "speedup {speedup} is above the number of workers, {workers} (superlinear): it follows from iterations {iterations} being "
       "below base_iterations / workers = {ideal_iterations}, which real runs rarely show; check iterations"},
      {prop("sample_efficiency") > one,
       "sample_efficiency {sample_efficiency} is above 1: the run reaches the target in fewer iterations than perfect "
       "scaling ({ideal_iterations}); check iterations"},
  };

  const std::string illustrative = " Iteration counts and overheads are illustrative teaching numbers.";
  t.presets = {
      {"TransformerBsp8Workers", "Bulk-synchronous (BSP) data parallelism on 8 workers." + illustrative,
       json_text(R"({"workers": 8, "per_worker_batch": 32, "iterations": 14000, "communication_overhead": 0.25,
                     "base_iterations": 100000, "base_iteration_time": "0.5 s", "device_hour_rate": "2 USD/hour",
                     "staleness": 0})")},
      {"TransformerSsp8Workers",
       "Stale-synchronous (SSP, staleness 3) on 8 workers: less waiting, more iterations." + illustrative,
       json_text(R"({"workers": 8, "per_worker_batch": 32, "iterations": 15500, "communication_overhead": 0.1,
                     "base_iterations": 100000, "base_iteration_time": "0.5 s", "device_hour_rate": "2 USD/hour",
                     "staleness": 3})")},
      {"TransformerAsp8Workers",
       "Asynchronous (ASP, staleness 7) on 8 workers: least communication, most iterations." + illustrative,
       json_text(R"({"workers": 8, "per_worker_batch": 32, "iterations": 19000, "communication_overhead": 0.02,
                     "base_iterations": 100000, "base_iteration_time": "0.5 s", "device_hour_rate": "2 USD/hour",
                     "staleness": 7})")},
  };
  return t;
}

}  // namespace mlsysim
