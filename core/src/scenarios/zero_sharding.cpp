// ZeroShardingScenario (docs/scenarios.md, docs/sources.md; the catalog's 4.5): per-device bytes
// of model state for mixed-precision Adam under data parallelism, replicated and with ZeRO
// stages 1, 2 and 3 (Rajbhandari et al. 2020).
#include "mlsysim/scenario.hpp"
#include "conventions.hpp"

namespace mlsysim {

ScenarioType zero_sharding() {
  const std::string zero = "Rajbhandari et al. 2020, ZeRO (SC20)";
  const std::string training = "mlsysim engine/solvers/training.py @335995f1, TrainingMemoryModel";
  ScenarioType t;
  t.name = "ZeroShardingScenario";
  t.category = "memory";
  t.question = "Does the model state fit? What does each ZeRO stage save?";
  t.summary =
      "Per-device bytes of model state (weights, gradients, optimizer state) for mixed-precision Adam under data "
      "parallelism. Plain replication and ZeRO stages 1, 2 and 3 are shown side by side, together with the fraction "
      "of device memory each uses and the fewest devices ZeRO-3 needs.";
  t.assumptions =
      "The type counts model state only. Sharded state divides evenly over dp_degree ranks. The widths per parameter "
      "are as given: 2 + 2 + 12 = 16 byte/param by default (the ZeRO paper's 2Ψ + 2Ψ + KΨ with K = 12; mlsysim's "
      "TRAINING_OPTIMIZER_BYTES_ADAM = 12).";
  t.excludes =
      "Activations (see ActivationMemoryScenario). Communication buckets (mlsysim adds 5 % of the gradients). "
      "Fragmentation. Tensor and pipeline sharding: divide the parameters first, as mlsysim does. CPU and NVMe "
      "offload. ZeRO-3's transient all-gathered layers.";

  const Dim per_param = dims::information / dims::param;
  t.fields = {
      Field::registry("workload", "workload")
          .doc(std::string("P (Ψ in the ZeRO paper): the model, ") + conventions::total_parameters +
               "; a registry name or {name, parameters}."),
      Field::integer("dp_degree").at_least(1).doc("N_d: data-parallel ranks that shard the state."),
      Field::quantity("weight_bytes_per_param", per_param).above(0).optional("2 byte/param")
          .source(zero + ", section 3 (FP16 weights, 2Ψ bytes); MLSysBook vol1 appendix_machine (2 + 2 + 4 + 8 = 16 B/param)")
          .doc("w: bytes of BF16/FP16 working weights per parameter."),
      Field::quantity("gradient_bytes_per_param", per_param).above(0).optional("2 byte/param")
          .source(zero + ", section 3 (FP16 gradients, 2Ψ bytes); MLSysBook vol1 appendix_machine (2 + 2 + 4 + 8 = 16 B/param)")
          .doc("g: bytes of BF16/FP16 gradients per parameter."),
      Field::quantity("optimizer_bytes_per_param", per_param).at_least(0).optional("12 byte/param")
          .source("mlsysim engine/calibration.py @32253d9b (TRAINING_OPTIMIZER_BYTES_ADAM = 12); " + zero +
                  " (K = 12: FP32 master weights, Adam momentum and variance)")
          .doc("o: bytes of optimizer state per parameter (K): 4 (FP32 master weights) + 4 + 4 (Adam's m and v). With "
               "w = g = 2 this is ZeRO's 16 byte/param; 18 and 20 (FP32 gradients kept too) are in docs/sources.md."),
      Field::quantity("device_memory", dims::information).above(0).shown_in("GiB")
          .doc("Memory of one accelerator (an H100 has 80 GiB in mlsysim's registry)."),
  };
  t.symbols = {
      symbol("P", "workload.parameters"),
      symbol("N_d", "dp_degree"),
      symbol("w", "weight_bytes_per_param"),
      symbol("g", "gradient_bytes_per_param"),
      symbol("o", "optimizer_bytes_per_param"),
  };

  const Expr p = sym("P"), nd = sym("N_d"), w = sym("w"), g = sym("g"), o = sym("o"), mem = sym("device_memory");
  t.properties = {
      Property("state_bytes_per_param", "byte/param", w + g + o)
          .doc("Bytes of model state per parameter: weights, gradients and optimizer state (16 with the defaults).")
          .lower_is_better().source(zero + ", 2Ψ + 2Ψ + KΨ with K = 12; MLSysBook vol1 appendix_machine (16 B/param)"),
      Property("replicated_bytes", "byte", p * (w + g + o))
          .doc("Model state per device under plain data parallelism (ZeRO-0): every rank holds all of it.")
          .lower_is_better().source(zero + ", Fig. 1 (baseline)"),
      Property("zero1_bytes", "byte", p * (w + g) + p * o / nd)
          .doc("Model state per device with the optimizer state sharded over the N_d ranks (ZeRO stage 1).")
          .lower_is_better().source(zero + ", Fig. 1 (P_os); " + training + " (stage >= 1 shards the optimizer state)"),
      Property("zero2_bytes", "byte", p * w + p * (g + o) / nd)
          .doc("Model state per device with the gradients sharded too (ZeRO stage 2).")
          .lower_is_better().source(zero + ", Fig. 1 (P_os+g); " + training + " (stage >= 2 shards the gradients)"),
      Property("zero3_bytes", "byte", p * (w + g + o) / nd)
          .doc("Model state per device with the weights sharded too (ZeRO stage 3): everything divides by N_d.")
          .lower_is_better().source(zero + ", Fig. 1 (P_os+g+p); " + training + " (stage 3 shards the weights)"),
      Property("replicated_memory_fraction", "", prop("replicated_bytes") / mem)
          .doc("Replicated state over device memory: above 1 it does not fit.")
          .lower_is_better().source("ours: the state against the memory of one device"),
      Property("zero3_memory_fraction", "", prop("zero3_bytes") / mem)
          .doc("ZeRO-3 state over device memory: above 1 it does not fit.")
          .lower_is_better().source("ours: the state against the memory of one device"),
      // the defining inequality (catalog, integer results): the smallest n whose ZeRO-3
      // share replicated_bytes / n fits, so no rounding of the ratio can move it
      Property("zero3_min_devices", "count",
               least_integer("n", num(1), prop("replicated_bytes") / sym("n") <= mem, prop("replicated_bytes") / mem))
          .doc("The fewest devices that can hold the state at all: the smallest n with replicated_bytes / n <= device_memory (ZeRO-3 over n ranks).")
          .lower_is_better().source("ours: ZeRO-3's per-device state, replicated_bytes / n, against device_memory"),
  };

  // every stage over memory: none of the per-device figures is a configuration that runs
  t.warnings = {
      {prop("zero3_memory_fraction") > num(1),
       "not even ZeRO-3 fits: zero3_bytes {zero3_bytes} per device exceed device_memory {device_memory} with "
       "dp_degree {dp_degree}; sharding the state needs at least {zero3_min_devices} devices",
       /*infeasible=*/true},
  };

  t.presets = {
      {"ZeroPaper7_5B64Gpus",
       "The ZeRO paper's Fig. 1 example: 7.5B parameters on 64 data-parallel V100s (32 GiB, mlsysim's registry), "
       "default widths 2 + 2 + 12 byte/param; the paper prints 120 / 31.4 / 16.6 / 1.9 GB.",
       json_text(R"({"workload": "ZeRO_7_5B", "dp_degree": 64, "device_memory": "32 GiB"})")},
      {"Llama70BZeroLab64",
       "Llama 3 70B data-parallel over the 64 H100s of Lab_64_H100 (80 GiB each, mlsysim's registry), default "
       "widths; the choice of model and fleet is illustrative.",
       json_text(R"({"workload": "Llama3_70B", "dp_degree": 64, "device_memory": "80 GiB"})")},
  };
  return t;
}

}  // namespace mlsysim
