// MtbfCascadeScenario (docs/scenarios.md, docs/sources.md): series-system failure arithmetic for
// a fleet. Component failure rates add up to a node rate, node rates to a cluster MTBF,
// and a job of a given length sees an expected number of interruptions.
#include "mlsysim/scenario.hpp"

namespace mlsysim {

ScenarioType mtbf_cascade() {
  const std::string mttf = "mlsysim systems/reliability.py @07acdf96 ";
  const std::string book = "MLSysBook vol2 appendix_reliability";
  ScenarioType t;
  t.name = "MtbfCascadeScenario";
  t.category = "reliability";
  t.question = "How often does a 10 000-GPU cluster fail? Will my job be interrupted?";
  t.summary =
      "Series-system failure arithmetic for a fleet. Component failure rates add up to a node rate, node rates add up "
      "to a cluster MTBF, and a job of a given length sees an expected number of interruptions and a probability of "
      "at least one. It reproduces the book's \"MTBF cascade\" and failure-probability tables.";
  t.assumptions =
      "Failures are independent and exponential, with constant rates (the useful-life phase). Any component failure "
      "stops the node, and with it the synchronous job. The nodes are identical.";
  t.excludes =
      "Burn-in and wear-out (new nodes fail 2 to 3 times more in their first week, per the book). Correlated failures "
      "(mlsysim's calc_mtbf_cluster correlation_factor). Software faults. HBM, switches and cables: only three "
      "component classes are counted. Redundant PSUs.";
  t.sweep = {"job_duration", {}};

  t.fields = {
      Field::registry("fleet", "fleet")
          .doc("n nodes of g GPUs: a registry fleet (e.g. Training_10K) or {name, count, node}."),
      Field::quantity("gpu_mttf", dims::time).above(0).optional("50000 h").shown_in("h")
          .source(mttf + "(GPU MTTF)").doc("Mean time to failure of one GPU."),
      Field::quantity("nic_mttf", dims::time).above(0).optional("150000 h").shown_in("h")
          .source(mttf + "(NIC MTTF)").doc("Mean time to failure of one NIC."),
      Field::integer("nics_per_node").at_least(0).optional(2)
          .source(book + " (2 NICs per node); ours: the book's node, where mlsysim's ReliabilityModel uses the DGX "
                         "registry node's 8")
          .doc("NICs per node (the book's node has 2; a DGX node has 8). The fleet's node entry's own nics_per_node "
               "is not read: set it here."),
      Field::quantity("psu_mttf", dims::time).above(0).optional("100000 h").shown_in("h")
          .source(mttf + "(PSU MTTF)").doc("Mean time to failure of one power supply."),
      Field::integer("psus_per_node").at_least(0).optional(2)
          .source("mlsysim systems/types.py @1d9b72db (Node.psus_per_node = 2); " + book + " (2 PSUs per node)")
          .doc("Power supplies per node. The fleet's node entry's own psus_per_node is not read: set it here."),
      Field::quantity("job_duration", dims::time).at_least(0).shown_in("day").doc("Wall-clock length of the job."),
  };
  t.symbols = {symbol("n", "fleet.count"), symbol("g", "fleet.node.accelerators_per_node")};

  const Expr n = sym("n"), g = sym("g"), one = num(1);
  t.properties = {
      Property("accelerators", "count", n * g).doc("GPUs in the fleet: n nodes of g.")
          .source("ours: the seed types' pattern (fleet.count x accelerators_per_node, as in "
                  "DataParallelAttackSurfaceScenario.accelerators)"),
      Property("node_failure_rate", "1/s",
               g / sym("gpu_mttf") + sym("nics_per_node") / sym("nic_mttf") + sym("psus_per_node") / sym("psu_mttf"))
          .doc("Failures per node-second: the rates of the node's GPUs, NICs and PSUs add up (a series system).")
          .lower_is_better().source("mlsysim physics/reliability.py, calc_mtbf_node; " + book + " eq-mtbf-node"),
      Property("node_mtbf", "s", one / prop("node_failure_rate")).doc("Mean time between failures of one node.")
          .higher_is_better().source("mlsysim physics/reliability.py, calc_mtbf_node"),
      Property("cluster_mtbf", "s", prop("node_mtbf") / n)
          .doc("Mean time between failures anywhere in the fleet: n nodes fail n times as often.").higher_is_better()
          .source("mlsysim physics/reliability.py, calc_mtbf_cluster; " + book + " eq-mtbf-cluster"),
      Property("failures_per_day", "", num(1, "day") / prop("cluster_mtbf")).doc("Expected failures per day.")
          .lower_is_better().source(book + " tbl-mtbf-cluster"),
      Property("expected_failures", "", sym("job_duration") / prop("cluster_mtbf"))
          .doc("Expected interruptions of the job.").lower_is_better()
          .source("mlsysim engine/solvers/reliability.py @f4545294, ReliabilityResult.expected_failures"),
      Property("job_failure_probability", "", one - exp(-(sym("job_duration") / prop("cluster_mtbf"))))
          .doc("Probability of at least one failure during the job.").lower_is_better()
          .source("mlsysim physics/reliability.py, calc_failure_probability; " + book + " eq-failure-probability"),
      Property("gpu_failure_share", "", g / sym("gpu_mttf") / prop("node_failure_rate"))
          .doc("Share of node failures caused by GPUs.")
          .source("ours: the GPUs' term of node_failure_rate over the whole"),
  };

  // the fleet's MTBF is the system MTBF a checkpoint interval is chosen for
  t.links = {{"cluster_mtbf", "CheckpointIntervalScenario", "system_mtbf"}};

  t.presets = {
      {"Book10KThreeWeekJob",
       "The book's 10,000-GPU cluster running for three weeks (appendix_reliability): Training_10K with the "
       "appendix's node of 8 GPUs, 2 NICs and 2 PSUs and mlsysim's MTTFs; the book's table shows 4.14 h and 5.8 "
       "failures a day.",
       json_text(R"({"fleet": "Training_10K",
                      "nics_per_node": 2,
                      "psus_per_node": 2,
                      "job_duration": "504 h"})")},
      {"DgxA100Fleet25DayJob",
       "mlsysim's ReliabilityModel convention (the DGX A100 node's 8 NICs) on Training_1K_A100, for GPT-3's 25 "
       "training days (mlsysim GPT3.training_days_ref); the pairing is illustrative.",
       json_text(R"({"fleet": "Training_1K_A100",
                      "nics_per_node": 8,
                      "psus_per_node": 2,
                      "job_duration": "25 day"})")},
  };
  return t;
}

}  // namespace mlsysim
