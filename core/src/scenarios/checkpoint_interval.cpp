// CheckpointIntervalScenario (docs/scenarios.md, docs/sources.md): checkpoint size and write
// time, the Young and Daly intervals, and the fractions of time lost to writing, to
// redoing lost work and to recovery; goodput is what remains.
#include "mlsysim/scenario.hpp"
#include "conventions.hpp"

namespace mlsysim {

ScenarioType checkpoint_interval() {
  const std::string book = "MLSysBook vol2 appendix_reliability";
  const std::string lab = "mlsysim engine/v2_07_experiments.py @b54027a9, checkpoint_tradeoff ";
  ScenarioType t;
  t.name = "CheckpointIntervalScenario";
  t.category = "reliability";
  t.question = "How often should I checkpoint, and how much time do failures cost?";
  t.summary =
      "Checkpoint/restart for a workload on a system of a given MTBF. It gives the checkpoint size and write time, "
      "then the Young (and Daly) optimal interval. Finally it gives the steady-state fractions of time lost to "
      "writing checkpoints, to redoing lost work and to recovery; goodput is what remains.";
  t.assumptions =
      "Failures are Poisson with rate 1/system_mtbf. Each interval ends with one blocking write of the full "
      "checkpoint. On average half an interval of work is lost per failure. The reload reads the checkpoint at the "
      "write bandwidth, as the book's cell does. The loss terms add (first order).";
  t.excludes =
      "Asynchronous, incremental or in-memory checkpoints. Failures during a write or a recovery (only daly_interval's "
      "higher-order correction accounts for part of this). Storage contention and the sharded-writer ceiling "
      "(mlsysim CheckpointModel's 500 GB/s filesystem limit).";
  t.sweep = {"checkpoint_interval", {"goodput_ratio"}};

  t.fields = {
      Field::registry("workload", "workload")
          .doc(std::string("P: the model checkpointed, ") + conventions::total_parameters +
               "; a registry workload (e.g. GPT3) or {name, parameters}."),
      Field::quantity("checkpoint_bytes_per_param", dims::information / dims::param).above(0).optional("14 byte/param")
          .source("mlsysim engine/calibration.py @32253d9b (CHECKPOINT_BYTES_PER_PARAM_ADAM = 14); " + book +
                  " (14 B/param)")
          .doc(std::string("Checkpoint width per parameter. ") + conventions::checkpoint_width),
      Field::quantity("checkpoint_write_bandwidth", dims::information / dims::time).above(0).optional("100 GB/s")
          .shown_in("GB/s").source("mlsysim systems/reliability.py @07acdf96 (checkpoint write bandwidth)")
          .doc("Aggregate write bandwidth to storage."),
      Field::quantity("system_mtbf", dims::time).above(0).shown_in("h")
          .doc("M: mean time between failures of the whole system (e.g. MtbfCascadeScenario's cluster_mtbf)."),
      Field::quantity("restart_time", dims::time).at_least(0).optional("90 s")
          .source("mlsysim systems/reliability.py @07acdf96 (heartbeat 30 s + reschedule 60 s); " + book)
          .doc("Detection and rescheduling before the reload (heartbeat 30 s + reschedule 60 s); mlsysim's lab 07 "
               "uses 60 + 180 + 120 s instead."),
      Field::quantity("checkpoint_interval", dims::time).above(0).optional().shown_in("min").in_use("interval")
          .doc("τ: the checkpoint interval in use; when absent, young_interval is used."),
  };
  t.symbols = {symbol("P", "workload.parameters"), symbol("M", "system_mtbf")};

  const Expr M = sym("M"), one = num(1), two = num(2);
  const Expr delta = prop("checkpoint_write_time"), tau = prop("interval");
  t.properties = {
      Property("checkpoint_bytes", "byte", sym("P") * sym("checkpoint_bytes_per_param"))
          .doc("The size of one checkpoint.").lower_is_better()
          .source("mlsysim physics/memory.py @335995f1, calc_checkpoint_size; " + book + " eq-checkpoint-size"),
      Property("checkpoint_write_time", "s", prop("checkpoint_bytes") / sym("checkpoint_write_bandwidth"))
          .doc("δ: the blocking write of one checkpoint.").lower_is_better().source(book + " (T_write)"),
      Property("young_interval", "s", sqrt(two * delta * M))
          .doc("The first-order optimum interval, sqrt(2δM) with δ = checkpoint_write_time: at it, checkpoint and rework "
               "overheads are equal.")
          .source("mlsysim physics/reliability.py, calc_young_daly_interval; Young 1974, CACM 17(9); " + book +
                  " eq-young-daly"),
      Property("daly_interval", "s",
               when(delta < two * M,
                    prop("young_interval") * (one + one / num(3) * sqrt(delta / (two * M)) + one / num(9) * (delta / (two * M))) -
                        delta,
                    M))
          .doc("The higher-order optimum interval (Daly 2006): sqrt(2δM) [1 + 1/3 sqrt(δ/2M) + 1/9 (δ/2M)] − δ, or M "
               "when δ ≥ 2M (δ = checkpoint_write_time).")
          .source("Daly 2006, FGCS 22, doi 10.1016/j.future.2004.11.016 (its abstract: 5 min with an MTBF of 24 h, "
                  "6 h and 15 min gives 117, 57 and 9.1 min); the \"M otherwise\" branch is quoted in mlsysim "
                  "physics/reliability.py's warning (\"Daly (2006) Sec. 5 prescribes tau = MTBF\")"),
      Property("interval", "s", when(given("checkpoint_interval"), sym("checkpoint_interval"), prop("young_interval")))
          .doc("τ: the interval used below: checkpoint_interval when given, else young_interval.")
          .source("ours: the selection rule"),
      Property("checkpoint_overhead", "", delta / tau).doc("The fraction of time spent writing checkpoints.")
          .lower_is_better().source(lab + "(write_tax); " + book + " (overhead_ckpt)"),
      Property("rework_overhead", "", tau / (two * M))
          .doc("The fraction of time spent redoing work lost to failures (half an interval per failure).")
          .lower_is_better().source(lab + "(rework_tax); " + book + " (T_replay = τ/2)"),
      Property("recovery_time", "s", sym("restart_time") + delta)
          .doc("Down time per failure before the replay: the restart, then the reload at the write bandwidth.")
          .lower_is_better().source(book + " eq-reliability-recovery-time (T_reload = the write time)"),
      Property("recovery_overhead", "", prop("recovery_time") / M).doc("The fraction of time spent recovering.")
          .lower_is_better()
          .source(lab + "(recovery_tax); mlsysim engine/solvers/reliability.py @f4545294, ReliabilityModel"),
      Property("goodput_ratio", "",
               max(num(0), one - prop("checkpoint_overhead") - prop("rework_overhead") - prop("recovery_overhead")))
          .doc("The useful fraction of wall-clock time.").higher_is_better()
          .source("mlsysim engine/solvers/reliability.py @f4545294, ReliabilityModel (clamps at 0; it omits the rework "
                  "term, which " + lab + "and " + book + " include; ours: include it)"),
  };

  t.warnings = {
      // mlsysim physics/reliability.py emits a UserWarning here
      {delta >= two * M,
       "Young's form is out of regime (τ < δ): checkpoint_write_time {checkpoint_write_time} is at least twice "
       "system_mtbf {system_mtbf}, so daly_interval takes τ = M, as Daly (2006) prescribes"},
      // the validity_issues of mlsysim's lab 07
      {delta / M > num(0.1) || tau / M > num(0.1),
       "the first-order loss model is inaccurate: checkpoint_write_time {checkpoint_write_time} or interval "
       "{interval} is more than a tenth of system_mtbf {system_mtbf}"},
  };

  t.presets = {
      {"Gpt3On10KYoungDaly",
       "The book's worked example, a 175B model on a 10,000-GPU cluster (appendix_reliability): 14 B/param (2 BF16 "
       "weights + 4 FP32 master + 8 Adam moments), 100 GB/s "
       "and the MTBF of Book10KThreeWeekJob (240/58 h); the book prints \"~14 min\" and a checkpoint overhead of about "
       "2.9 %.",
       json_text(R"({"workload": "GPT3",
                      "checkpoint_bytes_per_param": "14 byte/param",
                      "checkpoint_write_bandwidth": "100 GB/s",
                      "system_mtbf": "4.137931034482759 h",
                      "restart_time": "90 s"})")},
      {"Llama70BFourHourCheckpoints",
       "mlsysim CheckpointModel's default 4-hour interval for Llama 3 70B (a 14 byte/param checkpoint: 2 BF16 weights + "
       "4 FP32 master + 8 Adam moments) on the MTBF of DgxA100Fleet25DayJob "
       "(33.48 h), against the Young optimum; the pairing and the 4 h are illustrative.",
       json_text(R"({"workload": "Llama3_70B",
                      "checkpoint_bytes_per_param": "14 byte/param",
                      "checkpoint_write_bandwidth": "100 GB/s",
                      "system_mtbf": "33.48214285714286 h",
                      "restart_time": "90 s",
                      "checkpoint_interval": "4 h"})")},
  };
  return t;
}

}  // namespace mlsysim
