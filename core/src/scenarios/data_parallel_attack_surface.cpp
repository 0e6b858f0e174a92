// DataParallelAttackSurfaceScenario (docs/scenarios.md; mlsysim's
// DataParallelAttackSurfaceScenario, docs/sources.md).
#include "mlsysim/scenario.hpp"
#include "conventions.hpp"

namespace mlsysim {

ScenarioType data_parallel_attack_surface() {
  const char* const kSource = "mlsysim engine/scenario_definitions/reliability.py, DataParallelAttackSurfaceScenario";
  ScenarioType t;
  t.name = "DataParallelAttackSurfaceScenario";
  t.category = "reliability";
  t.question = "What does a data-parallel job expose: how big are its gradients and checkpoints, and what does a robust gather cost?";
  t.summary =
      "A workload trained on a fleet with dp_degree data-parallel replicas: the gradient each "
      "step exchanges, the checkpoint it writes, and the traffic of a robust aggregate that "
      "gathers every replica's gradient instead of a ring AllReduce of their sum.";
  t.assumptions =
      "Equal data-parallel replicas; the stated widths per parameter; a ratio comparison needs "
      "more than one replica.";
  t.excludes =
      "Cryptographic protocol work, optimizer state beyond the stated checkpoint width, overlap "
      "of communication with compute.";

  const Dim per_param = dims::information / dims::param;
  t.fields = {
      Field::registry("workload", "workload").doc(std::string("P: the model trained, ") + conventions::total_parameters +
               "; a registry name (e.g. GPT3) or {name, parameters}."),
      Field::registry("fleet", "fleet").doc("The cluster: a registry name (e.g. Training_1K_A100) or {name, count, node}."),
      Field::integer("dp_degree").at_least(1).doc("Data-parallel replicas (N)."),
      Field::quantity("gradient_bytes_per_param", per_param).above(0).doc("Gradient width per parameter."),
      Field::quantity("checkpoint_bytes_per_param", per_param).above(0)
          .doc(std::string("Checkpoint width per parameter: the weights plus the optimizer state it keeps. ") +
               conventions::checkpoint_width),
      Field::quantity("weight_bytes_per_param", per_param).above(0).optional()
          .doc("Serving-weight width per parameter; optional."),
  };

  t.symbols = {
      symbol("P", "workload.parameters"),
      symbol("N", "dp_degree"),
      symbol("fleet.count"),
      symbol("fleet.node.accelerators_per_node"),
  };

  const Expr n = sym("N");
  t.properties = {
      Property("accelerators", "count", sym("fleet.count") * sym("fleet.node.accelerators_per_node"))
          .doc("Accelerator count of the fleet.").source(kSource),
      Property("nodes", "count", sym("fleet.count")).doc("Node count of the fleet.").source(kSource),
      Property("accelerators_per_node", "count", sym("fleet.node.accelerators_per_node"))
          .doc("Accelerators in each node of the fleet.").source(kSource),
      Property("accelerators_per_replica", "count", prop("accelerators") / n).note("a mean; may be fractional")
          .doc("Mean accelerators allocated to each data-parallel replica.").source(kSource),
      Property("gradient_bytes", "byte", sym("P") * sym("gradient_bytes_per_param"))
          .doc("Bytes in one replica's parameter gradients.").lower_is_better().source(kSource),
      Property("checkpoint_bytes", "byte", sym("P") * sym("checkpoint_bytes_per_param"))
          .doc("Bytes in one parameter checkpoint.").lower_is_better().source(kSource),
      Property("weight_bytes", "byte", sym("P") * sym("weight_bytes_per_param"))
          .doc("Bytes in the serving checkpoint; needs weight_bytes_per_param.").lower_is_better().source(kSource),
      Property("allreduce_factor", "", num(2) * (n - num(1)) / n).note("0 when N = 1")
          .doc("Bytes each worker moves in a ring AllReduce, per byte of gradient.").lower_is_better()
          .source("Patarasuk & Yuan 2009 (ring AllReduce); " + std::string(kSource)),
      Property("gather_factor", "", n - num(1))
          .doc("Gradient copies each worker receives when it gathers every other replica's gradient.").lower_is_better()
          .source(kSource),
      Property("gather_traffic_ratio", "",
               (prop("gather_factor") / prop("allreduce_factor"))
                   .unless(n <= num(1), "needs dp_degree > 1: with one replica there is no traffic to compare"))
          .note("= N / 2").doc("Gather traffic over ring AllReduce traffic; needs more than one replica.").lower_is_better()
          .source(kSource),
  };

  // ours: N above the accelerator count, or not dividing it evenly
  t.warnings = {
      {n > prop("accelerators"),
       "dp_degree {dp_degree} exceeds the {accelerators} accelerators of fleet {fleet}: replicas would have less than "
       "one accelerator each"},
      {n <= prop("accelerators") && ne(mod(prop("accelerators"), n), num(0)),
       "dp_degree {dp_degree} does not divide the {accelerators} accelerators of fleet {fleet} evenly "
       "({accelerators_per_replica} per replica)"},
  };

  // a replica's gradient is the message of its AllReduce
  t.links = {{"gradient_bytes", "CollectiveCostScenario", "message_bytes"}};

  t.presets = {
      {"ReferenceJobAttackSurface",
       "GPT-3 on 1024 A100s as tensor 8 x pipeline 8 x data 16 (Narayanan et al. 2021): BF16 gradients (2 byte/param), "
       "a checkpoint of 14 byte/param (2 BF16 weights + 4 FP32 master + 8 Adam moments), BF16 serving weights.",
       json_text(R"({"workload": "GPT3",
                      "fleet": "Training_1K_A100",
                      "dp_degree": 16,
                      "gradient_bytes_per_param": "2 byte/param",
                      "checkpoint_bytes_per_param": "14 byte/param",
                      "weight_bytes_per_param": "2 byte/param"})")},
      {"LabJobAttackSurface",
       "Llama 3 8B on a 64-GPU lab cluster, pure data parallelism: BF16 gradients, a 14 byte/param checkpoint (2 BF16 "
       "weights + 4 FP32 master + 8 Adam moments), no serving-weight width (so weight_bytes is unavailable).",
       json_text(R"({"workload": "Llama3_8B",
                      "fleet": "Lab_64_H100",
                      "dp_degree": 64,
                      "gradient_bytes_per_param": "2 byte/param",
                      "checkpoint_bytes_per_param": "14 byte/param"})")},
  };
  return t;
}

}  // namespace mlsysim
