// DataParallelAttackSurfaceScenario (SPEC section 3; seed page
// seeds/DataParallelAttackSurfaceScenario.txt).
#include "scenarios.hpp"
#include "../value_text.hpp"

namespace mlsysim {

namespace {
constexpr const char* kBytesPerParamDoc = " width per parameter (information/param).";

double accelerators(const Inputs& in) {
  const Fleet& f = in.fleet("fleet");
  return static_cast<double>(f.count * f.node.accelerators_per_node);  // <= 2^53, checked on input
}
}  // namespace

ScenarioType data_parallel_attack_surface_scenario() {
  ScenarioType t;
  t.name = "DataParallelAttackSurfaceScenario";
  t.category = "reliability";
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

  using F = FieldType;
  const Dim per_param = dims::information / dims::param;
  t.fields = {
      {"workload", F::Workload, dims::none, true, nullptr, 0, false,
       "The model trained: a registry name (e.g. GPT3) or {name, parameters}."},
      {"fleet", F::Fleet, dims::none, true, nullptr, 0, false,
       "The cluster: a registry name (e.g. Training_1K_A100) or {name, count, node}."},
      {"dp_degree", F::Int, dims::none, true, nullptr, 1, false,
       "Data-parallel replicas (N)."},
      {"gradient_bytes_per_param", F::Quantity, per_param, true, nullptr, 0, true,
       std::string("Gradient") + kBytesPerParamDoc},
      {"checkpoint_bytes_per_param", F::Quantity, per_param, true, nullptr, 0, true,
       std::string("Checkpoint") + kBytesPerParamDoc},
      {"weight_bytes_per_param", F::Quantity, per_param, false, nullptr, 0, true,
       std::string("Optional serving-weight") + kBytesPerParamDoc},
  };

  t.properties = {
      {"accelerators", "count", "fleet.count \u00d7 fleet.node.accelerators_per_node",
       "Accelerator count of the fleet.", accelerators},
      {"nodes", "count", "fleet.count", "Node count of the fleet.",
       [](const Inputs& in) { return static_cast<double>(in.fleet("fleet").count); }},
      {"accelerators_per_node", "count", "fleet.node.accelerators_per_node",
       "Accelerators in each node of the fleet.",
       [](const Inputs& in) {
         return static_cast<double>(in.fleet("fleet").node.accelerators_per_node);
       }},
      {"accelerators_per_replica", "count", "accelerators / N",
       "Mean accelerators allocated to each data-parallel replica (may be fractional).",
       [](const Inputs& in) { return accelerators(in) / in.x("dp_degree"); }},
      {"gradient_bytes", "byte", "P \u00d7 gradient_bytes_per_param",
       "Bytes in one replica's parameter gradients.",
       [](const Inputs& in) {
         return in.workload("workload").parameters * in.x("gradient_bytes_per_param");
       }},
      {"checkpoint_bytes", "byte", "P \u00d7 checkpoint_bytes_per_param",
       "Bytes in one parameter checkpoint.",
       [](const Inputs& in) {
         return in.workload("workload").parameters * in.x("checkpoint_bytes_per_param");
       }},
      {"weight_bytes", "byte", "P \u00d7 weight_bytes_per_param",
       "Bytes in the serving checkpoint; needs weight_bytes_per_param.",
       [](const Inputs& in) {
         if (!in.has("weight_bytes_per_param"))
           throw PropertyError("needs weight_bytes_per_param, which was not given");
         return in.workload("workload").parameters * in.x("weight_bytes_per_param");
       }},
      {"allreduce_factor", "", "2 (N \u2212 1) / N, and 0 when N = 1",
       "Bytes each worker moves in a ring AllReduce, per byte of gradient.",
       [](const Inputs& in) {
         const double n = in.x("dp_degree");
         return n == 1 ? 0.0 : 2 * (n - 1) / n;
       }},
      {"gather_factor", "", "N \u2212 1",
       "Gradient copies each worker receives when it gathers every other replica's gradient.",
       [](const Inputs& in) { return in.x("dp_degree") - 1; }},
      {"gather_traffic_ratio", "", "gather_factor / allreduce_factor (= N / 2)",
       "Gather traffic over ring AllReduce traffic; needs more than one replica.",
       [](const Inputs& in) {
         const double n = in.x("dp_degree");
         if (n == 1)
           throw PropertyError(
               "needs dp_degree > 1: with one replica there is no traffic to compare");
         return (n - 1) / (2 * (n - 1) / n);
       }},
  };

  t.warnings = [](const Inputs& in) {
    std::vector<std::string> w;
    const std::int64_t n = in.i("dp_degree");
    const Fleet& f = in.fleet("fleet");
    const std::int64_t acc = f.count * f.node.accelerators_per_node;
    const std::string acc_text = std::to_string(acc) + " accelerators of fleet " + f.name;
    if (n > acc)
      w.push_back("dp_degree " + std::to_string(n) + " exceeds the " + acc_text +
                  ": replicas would have less than one accelerator each");
    else if (acc % n != 0)
      w.push_back("dp_degree " + std::to_string(n) + " does not divide the " + acc_text +
                  " evenly (" + js_number(static_cast<double>(acc) / static_cast<double>(n)) +
                  " per replica)");
    return w;
  };
  return t;
}

}  // namespace mlsysim
