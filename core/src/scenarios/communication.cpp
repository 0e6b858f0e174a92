// SyncStrategyScenario (SPEC section 2; seed page seeds/SyncStrategyScenario.txt).
#include "scenarios.hpp"

namespace mlsysim {

ScenarioType sync_strategy_scenario() {
  ScenarioType t;
  t.name = "SyncStrategyScenario";
  t.category = "communication";
  t.summary =
      "Data-parallel training to a fixed target under one synchronization strategy (BSP when "
      "staleness = 0, stale-synchronous or asynchronous otherwise).";
  t.assumptions =
      "Iterations to the target are supplied for each strategy, not predicted; communication "
      "stretches a fixed base iteration duration; every worker is billed for the whole run.";
  t.excludes =
      "The staleness learning-rate factor is an illustrative policy, not a convergence theorem; "
      "no overlap of communication with compute beyond what the overhead fraction states.";

  using F = FieldType;
  t.fields = {
      {"workers", F::Int, dims::none, true, nullptr, 1, false, "Data-parallel workers (devices)."},
      {"per_worker_batch", F::Int, dims::none, true, nullptr, 1, false,
       "Samples each worker processes per iteration."},
      {"iterations", F::Int, dims::none, true, nullptr, 1, false,
       "Iterations to reach the target with this many workers under this strategy (an input: it does not follow from workers)."},
      {"communication_overhead", F::Float, dims::none, true, nullptr, 0, false,
       "Communication time as a fraction of the base iteration time."},
      {"base_iterations", F::Int, dims::none, true, nullptr, 1, false,
       "Iterations one worker needs to reach the target."},
      {"base_iteration_time", F::Quantity, dims::time, true, nullptr, 0, true,
       "Duration of one iteration on one worker, without communication."},
      {"device_hour_rate", F::Quantity, dims::currency / dims::time, true, nullptr, 0, false,
       "Rental price of one device for one hour.", "USD/h"},
      {"staleness", F::Int, dims::none, false, 0, 0, false,
       "Bound on gradient staleness in iterations (0 = BSP)."},
  };

  const Expr one = num(1);
  t.properties = {
      {"global_batch", "samples", sym("workers") * sym("per_worker_batch"), "",
       "Samples processed in one global iteration; every worker contributes a full local batch."},
      {"ideal_iterations", "iterations", sym("base_iterations") / sym("workers"), "",
       "Iteration count under perfect sample-efficiency scaling (real, not rounded)."},
      {"iteration_time", "s", sym("base_iteration_time") * (one + sym("communication_overhead")), "",
       "Per-iteration time after the stated communication overhead.", "lower"},
      {"speedup", "", sym("base_iterations") / (sym("iterations") * (one + sym("communication_overhead"))), "",
       "Time-to-target speedup against the single-worker baseline.", "higher"},
      {"sample_efficiency", "", prop("ideal_iterations") / sym("iterations"), "",
       "Ideal iteration count divided by the supplied target-reaching iteration count.", "higher"},
      {"cost", "USD", sym("iterations") * prop("iteration_time") * sym("workers") * sym("device_hour_rate"), "",
       "Rental bill for the run; every worker is billed for the whole run.", "lower"},
      {"stale_lr_factor", "", one / sqrt(one + sym("staleness")), "",
       "Illustrative learning-rate reduction for stale gradients; a heuristic, not a convergence "
       "guarantee."},
  };

  // SPEC section 2: an integer result above 2^53 (global_batch) is an input error
  t.exact_products = {{"workers", "per_worker_batch"}};
  return t;
}

}  // namespace mlsysim
