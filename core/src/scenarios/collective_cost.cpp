// CollectiveCostScenario (docs/scenarios.md, docs/sources.md): the alpha-beta time of one collective on
// N ranks over one class of link; ring vs tree AllReduce, ring AllGather, crossovers.
#include "mlsysim/scenario.hpp"

namespace mlsysim {

ScenarioType collective_cost() {
  const std::string comm = "mlsysim physics/communication.py @335995f1, ";
  const std::string book = "MLSysBook vol2 appendix_communication";
  ScenarioType t;
  t.name = "CollectiveCostScenario";
  t.category = "communication";
  t.question = "Ring or tree? How long does one AllReduce take?";
  t.summary =
      "The alpha-beta time of one collective on N ranks over one class of link: ring vs tree AllReduce, ring "
      "AllGather/ReduceScatter, and the message sizes at which latency stops dominating. The book's \"Roofline for "
      "networks\" as a calculator.";
  t.assumptions =
      "Every rank has one link of one-way bandwidth beta and per-message latency alpha; the ring is bandwidth-optimal; "
      "the tree sends the whole message on each of ceil(log2 N) levels, up and down; no contention.";
  t.excludes =
      "Reduction compute (the gamma term of Thakur et al. 2005, left out as in mlsysim); two-level topology (see "
      "HierarchicalAllReduceScenario); double-binary-tree factors; NCCL protocols, channels and congestion.";

  t.fields = {
      Field::quantity("message_bytes", dims::information).at_least(0).shown_in("GB")
          .doc("M: bytes each rank contributes (e.g. its gradient)."),
      Field::integer("ranks").at_least(1).doc("N: ranks in the collective."),
      Field::quantity("link_bandwidth", dims::information / dims::time).above(0).shown_in("GB/s")
          .doc("beta: one-way bandwidth of each rank's link (NVLink: the per-direction figure, 450 GB/s on an H100)."),
      Field::quantity("link_latency", dims::time).at_least(0).shown_in("µs").doc("alpha: start-up latency of one message."),
  };
  t.symbols = {symbol("M", "message_bytes"), symbol("N", "ranks"), symbol("β", "link_bandwidth"), symbol("α", "link_latency")};

  const Expr m = sym("M"), n = sym("N"), beta = sym("β"), alpha = sym("α"), one = num(1), two = num(2);
  t.properties = {
      Property("ring_allreduce_factor", "", two * (n - one) / n).note("0 when N = 1")
          .doc("Bytes each rank sends per message byte in a ring AllReduce.")
          .source(comm + "calc_ring_allreduce_data_factor"),
      Property("ring_allreduce_time", "s", prop("ring_allreduce_factor") * m / beta + two * (n - one) * alpha)
          .doc("A ring AllReduce: ReduceScatter then AllGather, 2(N - 1) steps of M/N bytes.").lower_is_better()
          .source(comm + "calc_ring_allreduce_time; " + book + " eq-ring-allreduce; Patarasuk & Yuan 2009"),
      Property("tree_allreduce_time", "s", two * ceil_log2(n) * (m / beta + alpha))
          .doc("A binomial-tree AllReduce: reduce up the tree, then broadcast down, the whole message at every level.")
          .lower_is_better()
          .source(comm + "calc_tree_allreduce_time (ceil(log2 N)); " + book + " eq-tree-allreduce (log2 N)"),
      Property("ring_allgather_time", "s", (n - one) / n * m / beta + (n - one) * alpha)
          .doc("A ring AllGather; a ReduceScatter, and a ring AllToAll of an M-byte buffer, take the same.")
          .lower_is_better()
          .source(book + " eq-allgather, eq-reducescatter, eq-alltoall; " + comm + "calc_all_to_all_time; Thakur et al. 2005"),
      Property("point_to_point_time", "s", alpha + m / beta).doc("One message of M bytes between two ranks.")
          .lower_is_better().source(comm + "calc_point_to_point_time; " + book + " eq-alpha-beta"),
      Property("alpha_beta_crossover_bytes", "byte", alpha * beta)
          .doc("The message size at which start-up time equals transfer time: below it, latency dominates.")
          .source(comm + "calc_alpha_beta_crossover; " + book + " eq-crossover"),
      Property("ring_tree_crossover_bytes", "byte", when(n > one, n * alpha * beta / log2(n), num(0)))
          .doc("Roughly the message size below which a tree beats a ring (a large-N estimate).")
          .source(comm + "calc_ring_tree_crossover_size"),
      Property("tree_to_ring_time_ratio", "",
               (prop("tree_allreduce_time") / prop("ring_allreduce_time"))
                   .unless(n <= one, "needs ranks > 1: with one rank neither collective moves anything"))
          .doc("Tree time over ring time: above 1 the ring wins.").source("ours: the ratio of the two times above"),
  };

  // ours: mlsysim's own docstring says the crossover is ~40 % high at N = 8
  // and that there is none at N = 2
  t.warnings = {
      {n > one && n < num(32),
       "ring_tree_crossover_bytes is a large-N estimate: with {ranks} ranks it may be well off (about 40 % high at 8 "
       "ranks, and at 2 ranks there is no crossover)"},
  };

  t.presets = {
      {"NdrRingVsTree1GB",
       "The book's ring-vs-tree example: 1 GB of FP16 gradients (a 500M-parameter model) on 256 H100s over "
       "InfiniBand NDR (alpha 5 µs, beta 400 Gbps = 50 GB/s, from mlsysim's fabric registry).",
       json_text(R"({"message_bytes": "1 GB",
                      "ranks": 256,
                      "link_bandwidth": "400 Gbps",
                      "link_latency": "5 µs"})")},
      {"MlsysimRingVector8",
       "mlsysim's own test vector (tests/test_formulas.py): 1 GB on 8 ranks at 50 GB/s and 500 ns.",
       json_text(R"({"message_bytes": "1e9 byte",
                      "ranks": 8,
                      "link_bandwidth": "50e9 byte/s",
                      "link_latency": "500 ns"})")},
  };
  return t;
}

}  // namespace mlsysim
