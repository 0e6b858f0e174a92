// HierarchicalAllReduceScenario (docs/scenarios.md, docs/sources.md): a three-phase AllReduce on
// a fleet of multi-accelerator nodes (ReduceScatter over NVLink, a ring of shards across
// the nodes, AllGather over NVLink), against one flat ring over every accelerator.
#include "mlsysim/scenario.hpp"

namespace mlsysim {

ScenarioType hierarchical_allreduce() {
  const std::string comm = "mlsysim physics/communication.py @335995f1, calc_hierarchical_allreduce_time";
  const std::string book = "MLSysBook vol2 appendix_communication (Hierarchical AllReduce)";
  ScenarioType t;
  t.name = "HierarchicalAllReduceScenario";
  t.category = "communication";
  t.question = "What does NVLink inside the node buy for a fleet-wide AllReduce?";
  t.summary =
      "AllReduce of one message on a fleet of multi-accelerator nodes, in three phases: a ReduceScatter over the fast "
      "links inside each node, a ring AllReduce of each 1/g shard across the nodes, and an AllGather inside each node. "
      "It is compared with one flat ring over every accelerator, which runs at the NIC bandwidth.";
  t.assumptions =
      "There is one NIC per accelerator, so the g concurrent rings across the nodes do not share a link (as mlsysim's "
      "docstring says). The nodes are identical. Every level uses a ring. The fleet has n = fleet.count nodes of "
      "g = accelerators_per_node accelerators each.";
  t.excludes =
      "Fabric oversubscription and congestion. Overlap with the backward pass. NVLS/SHARP in-network reduction, and "
      "tree or CollNet algorithms. A single NIC shared by the g ranks of a node (mlsysim: g times slower in phase 2).";

  const Dim rate = dims::information / dims::time;
  t.fields = {
      Field::quantity("message_bytes", dims::information).at_least(0).shown_in("GB")
          .doc("M: bytes each accelerator contributes (e.g. its gradient)."),
      Field::registry("fleet", "fleet")
          .doc("n nodes of g accelerators: a registry fleet (e.g. Training_1K) or {name, count, node}."),
      Field::quantity("intra_node_bandwidth", rate).above(0).shown_in("GB/s")
          .doc("b_intra: one-way accelerator link inside a node (NVLink per direction: 450 GB/s on an H100)."),
      Field::quantity("inter_node_bandwidth", rate).above(0).shown_in("Gbps")
          .doc("b_inter: one-way bandwidth of each accelerator's NIC (InfiniBand HDR: 200 Gbps)."),
      Field::quantity("intra_node_latency", dims::time).at_least(0).optional("500 ns").shown_in("ns")
          .source("mlsysim physics/communication.py @335995f1, calc_hierarchical_allreduce_time (default = "
                  "Tech.Interconnect.NVLink.latency, 500 ns in hardware/data/tech/interconnect.yaml @72d48c5f)")
          .doc("a_intra: start-up latency of one message inside a node."),
      Field::quantity("inter_node_latency", dims::time).at_least(0).optional("5 µs").shown_in("µs")
          .source("mlsysim physics/communication.py @335995f1, calc_hierarchical_allreduce_time (default = "
                  "InfiniBand NDR alpha, 5 µs)")
          .doc("a_inter: start-up latency of one message between nodes."),
  };
  t.symbols = {
      symbol("M", "message_bytes"),
      symbol("n", "fleet.count"),
      symbol("g", "fleet.node.accelerators_per_node"),
      symbol("N", "fleet.accelerators"),
      symbol("b_intra", "intra_node_bandwidth"),
      symbol("b_inter", "inter_node_bandwidth"),
      symbol("a_intra", "intra_node_latency"),
      symbol("a_inter", "inter_node_latency"),
  };

  const Expr m = sym("M"), n = sym("n"), g = sym("g"), b_intra = sym("b_intra"), b_inter = sym("b_inter"),
             a_intra = sym("a_intra"), a_inter = sym("a_inter"), one = num(1), two = num(2);
  const Expr big_n = sym("N");
  t.properties = {
      Property("accelerators", "count", n * g).doc("N: ranks in the AllReduce, n nodes of g accelerators each.")
          .source("ours: the seed types' pattern (fleet.count x accelerators_per_node, as in "
                  "DataParallelAttackSurfaceScenario.accelerators)"),
      Property("intra_reduce_scatter_time", "s", (g - one) / g * m / b_intra + (g - one) * a_intra)
          .doc("Phase 1: a ring ReduceScatter inside each node, leaving each accelerator 1/g of the sum.")
          .lower_is_better().source(comm + " (phase 1); " + book),
      Property("inter_allreduce_time", "s", two * (n - one) / n * (m / g) / b_inter + two * (n - one) * a_inter)
          .note("0 when n = 1")
          .doc("Phase 2: g concurrent ring AllReduces across the n nodes, each on one M/g shard over its own NIC.")
          .lower_is_better().source(comm + " (phase 2); " + book),
      Property("intra_allgather_time", "s", prop("intra_reduce_scatter_time"))
          .doc("Phase 3: a ring AllGather inside each node; the same steps as phase 1.")
          .lower_is_better().source(comm + " (phase 3 = phase 1); " + book),
      Property("hierarchical_time", "s",
               prop("intra_reduce_scatter_time") + prop("inter_allreduce_time") + prop("intra_allgather_time"))
          .doc("The two-level AllReduce: the sum of the three phases.").lower_is_better().source(comm + "; " + book),
      Property("flat_ring_time", "s", two * (big_n - one) / big_n * m / b_inter + two * (big_n - one) * a_inter)
          .note("0 when N = 1")
          .doc("One ring AllReduce over all N accelerators, every step at the NIC's bandwidth and latency.")
          .lower_is_better()
          .source("mlsysim physics/communication.py @335995f1, calc_ring_allreduce_time; ours: the comparison with "
                  "the hierarchical time"),
      Property("hierarchical_speedup", "",
               (prop("flat_ring_time") / prop("hierarchical_time"))
                   .unless(eq(prop("hierarchical_time"), num(0)),
                           "needs hierarchical_time > 0: with one accelerator, or an empty message and no latency, "
                           "neither AllReduce takes any time to compare"))
          .doc("Flat ring time over hierarchical time: the gain from going two-level.").higher_is_better()
          .source("ours: the ratio of the two times above"),
      Property("inter_node_bytes_per_accelerator", "byte", two * (n - one) / n * m / g)
          .note("0 when n = 1")
          .doc("Bytes each NIC sends in phase 2 (the ring's 2(n - 1)/n of its M/g shard).").lower_is_better()
          .source(comm + " (the bandwidth term of phase 2)"),
  };

  t.presets = {
      {"MlsysimHierarchical4x8",
       "mlsysim's test inputs (tests/test_formulas.py): 8 GB per accelerator on 4 nodes of 8, 300 GB/s inside a node "
       "and 25 GB/s per NIC, 500 ns and 5 µs; the inline fleet is ours.",
       json_text(R"({"message_bytes": "8e9 byte",
                      "fleet": {"name": "4x8", "count": 4, "node": {"name": "8-GPU", "accelerators_per_node": 8}},
                      "intra_node_bandwidth": "300e9 byte/s",
                      "inter_node_bandwidth": "25e9 byte/s",
                      "intra_node_latency": "500 ns",
                      "inter_node_latency": "5 µs"})")},
      {"Llama70BGradientsTraining1K",
       "Llama 3 70B's BF16 gradient (7.06e10 x 2 B = 1.412e11 B) on Training_1K (128 DGX H100): NVLink 450 GB/s per "
       "direction, InfiniBand HDR 200 Gbps and 7 µs, 500 ns inside a node, all from mlsysim's registries; the "
       "pairing of model and fleet is illustrative.",
       json_text(R"({"message_bytes": "1.412e11 byte",
                      "fleet": "Training_1K",
                      "intra_node_bandwidth": "450 GB/s",
                      "inter_node_bandwidth": "200 Gbps",
                      "intra_node_latency": "500 ns",
                      "inter_node_latency": "7 µs"})")},
  };
  return t;
}

}  // namespace mlsysim
