// DataParallelAttackSurfaceScenario (SPEC section 3; seed page
// seeds/DataParallelAttackSurfaceScenario.txt).
#include "../value_text.hpp"
#include "scenarios.hpp"

namespace mlsysim {

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
      {"dp_degree", F::Int, dims::none, true, nullptr, 1, false, "Data-parallel replicas (N)."},
      {"gradient_bytes_per_param", F::Quantity, per_param, true, nullptr, 0, true,
       "Gradient width per parameter."},
      {"checkpoint_bytes_per_param", F::Quantity, per_param, true, nullptr, 0, true,
       "Checkpoint width per parameter (weights plus the optimizer state it keeps)."},
      {"weight_bytes_per_param", F::Quantity, per_param, false, nullptr, 0, true,
       "Serving-weight width per parameter; optional."},
  };

  t.symbols = {
      {"P", "workload.parameters", "param",
       [](const Inputs& in) { return in.workload("workload").parameters; }},
      {"N", "dp_degree", "", [](const Inputs& in) { return in.x("dp_degree"); }},
      {"fleet.count", "fleet.count", "",
       [](const Inputs& in) { return static_cast<double>(in.fleet("fleet").count); }},
      {"fleet.node.accelerators_per_node", "fleet.node.accelerators_per_node", "",
       [](const Inputs& in) { return static_cast<double>(in.fleet("fleet").node.accelerators_per_node); }},
  };

  const Expr n = sym("N");
  t.properties = {
      {"accelerators", "count", sym("fleet.count") * sym("fleet.node.accelerators_per_node"), "",
       "Accelerator count of the fleet."},
      {"nodes", "count", sym("fleet.count"), "", "Node count of the fleet."},
      {"accelerators_per_node", "count", sym("fleet.node.accelerators_per_node"), "",
       "Accelerators in each node of the fleet."},
      {"accelerators_per_replica", "count", prop("accelerators") / n, "a mean; may be fractional",
       "Mean accelerators allocated to each data-parallel replica."},
      {"gradient_bytes", "byte", sym("P") * sym("gradient_bytes_per_param"), "",
       "Bytes in one replica's parameter gradients.", "lower"},
      {"checkpoint_bytes", "byte", sym("P") * sym("checkpoint_bytes_per_param"), "",
       "Bytes in one parameter checkpoint.", "lower"},
      {"weight_bytes", "byte", sym("P") * sym("weight_bytes_per_param"), "",
       "Bytes in the serving checkpoint; needs weight_bytes_per_param.", "lower"},
      {"allreduce_factor", "", num(2) * (n - num(1)) / n, "0 when N = 1",
       "Bytes each worker moves in a ring AllReduce, per byte of gradient.", "lower"},
      {"gather_factor", "", n - num(1), "",
       "Gradient copies each worker receives when it gathers every other replica's gradient.", "lower"},
      {"gather_traffic_ratio", "",
       (prop("gather_factor") / prop("allreduce_factor"))
           .unless_not_above("N", 1, "needs dp_degree > 1: with one replica there is no traffic to compare"),
       "= N / 2", "Gather traffic over ring AllReduce traffic; needs more than one replica.", "lower"},
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
