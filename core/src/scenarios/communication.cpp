// SyncStrategyScenario (SPEC section 2; seed page seeds/SyncStrategyScenario.txt).
#include <cmath>

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
       "Iterations to reach the target with `workers` workers under this strategy."},
      {"communication_overhead", F::Float, dims::none, true, nullptr, 0, false,
       "Communication time as a fraction of the base iteration time."},
      {"base_iterations", F::Int, dims::none, true, nullptr, 1, false,
       "Iterations one worker needs to reach the target."},
      {"base_iteration_time", F::Quantity, dims::time, true, nullptr, 0, true,
       "Duration of one iteration on one worker, without communication."},
      {"device_hour_rate", F::Quantity, dims::currency / dims::time, true, nullptr, 0, false,
       "Rental price of one device for one hour."},
      {"staleness", F::Int, dims::none, false, 0, 0, false,
       "Bound on gradient staleness in iterations (0 = BSP)."},
  };

  t.properties = {
      {"global_batch", "samples", "workers \u00d7 per_worker_batch",
       "Samples processed in one global iteration; every worker contributes a full local batch.",
       [](const Inputs& in) {
         // an input error, not a property error: SPEC section 2 refuses results above 2^53
         return static_cast<double>(in.i("workers") * in.i("per_worker_batch"));
       }},
      {"ideal_iterations", "iterations", "base_iterations / workers",
       "Iteration count under perfect sample-efficiency scaling (real, not rounded).",
       [](const Inputs& in) { return in.x("base_iterations") / in.x("workers"); }},
      {"iteration_time", "s", "base_iteration_time \u00d7 (1 + communication_overhead)",
       "Per-iteration time after the stated communication overhead.",
       [](const Inputs& in) {
         return in.x("base_iteration_time") * (1 + in.x("communication_overhead"));
       }},
      {"speedup", "", "base_iterations / (iterations \u00d7 (1 + communication_overhead))",
       "Time-to-target speedup against the single-worker baseline.",
       [](const Inputs& in) {
         return in.x("base_iterations") /
                (in.x("iterations") * (1 + in.x("communication_overhead")));
       }},
      {"sample_efficiency", "", "ideal_iterations / iterations",
       "Ideal iteration count divided by the supplied target-reaching iteration count.",
       [](const Inputs& in) {
         return in.x("base_iterations") / in.x("workers") / in.x("iterations");
       }},
      {"cost", "USD", "iterations \u00d7 iteration_time \u00d7 workers \u00d7 device_hour_rate",
       "Rental bill for the run; every worker is billed for the whole run.",
       [](const Inputs& in) {
         const double iteration_time =
             in.x("base_iteration_time") * (1 + in.x("communication_overhead"));
         return in.x("iterations") * iteration_time * in.x("workers") * in.x("device_hour_rate");
       }},
      {"stale_lr_factor", "", "1 / sqrt(1 + staleness)",
       "Illustrative learning-rate reduction for stale gradients; a heuristic, not a convergence "
       "guarantee.",
       [](const Inputs& in) { return 1 / std::sqrt(1 + in.x("staleness")); }},
  };

  t.check = [](const Inputs& in) {
    const std::int64_t w = in.i("workers"), b = in.i("per_worker_batch");
    exact_product(w, b, w >= b ? "workers" : "per_worker_batch", "workers x per_worker_batch");
  };
  return t;
}

}  // namespace mlsysim
