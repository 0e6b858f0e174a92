// PipelineBubbleScenario (docs/scenarios.md, docs/sources.md): the fill-and-drain idle time of a
// pipeline of p stages and m microbatches, optionally interleaved over v virtual stages.
#include "mlsysim/scenario.hpp"

namespace mlsysim {

ScenarioType pipeline_bubble() {
  const std::string perf = "mlsysim physics/performance.py @034a583b, calc_pipeline_bubble";
  const std::string book = "MLSysBook vol2 appendix_communication";
  const std::string megatron = "Narayanan et al. 2021 (Megatron-LM, SC21)";
  ScenarioType t;
  t.name = "PipelineBubbleScenario";
  t.category = "parallelism";
  t.question = "How many microbatches hide the pipeline bubble?";
  t.summary =
      "The idle fill-and-drain time of a pipeline with p stages and m microbatches, optionally interleaved over v "
      "virtual stages per device. It gives the step time for a given per-microbatch stage time, and the fewest "
      "microbatches that keep the bubble under a target.";
  t.assumptions =
      "Stages are balanced. Every microbatch takes the same time t (forward and backward) on every non-interleaved "
      "stage. Point-to-point transfers between stages are free. Interleaving splits each stage's work into v equal "
      "chunks.";
  t.excludes =
      "Stage imbalance; inter-stage communication; the gradient AllReduce (see CollectiveCostScenario and "
      "HierarchicalAllReduceScenario); the extra memory of interleaving; zero-bubble and other schedules.";
  t.sweep = {"microbatches", {}};

  t.fields = {
      Field::integer("pipeline_stages").at_least(1).doc("p: pipeline stages (devices in the pipeline)."),
      Field::integer("microbatches").at_least(1).doc("m: microbatches per step."),
      Field::integer("virtual_stages").at_least(1).optional(1)
          .source(perf + " (v_stages = 1: no interleaving)")
          .doc("v: model chunks per device (interleaved 1F1B); 1 is the plain schedule."),
      Field::quantity("microbatch_time", dims::time).above(0).shown_in("ms")
          .doc("t: forward and backward time of one microbatch on one stage."),
      Field::number("target_bubble").above(0).below(1).optional(0.2)
          .source(book + " (the rule m >= 4(p - 1) keeps the bubble at or under 20 %)")
          .doc("b*: the bubble fraction to stay under."),
  };
  t.symbols = {symbol("p", "pipeline_stages"), symbol("m", "microbatches"), symbol("v", "virtual_stages"),
               symbol("t", "microbatch_time"), symbol("b*", "target_bubble")};

  const Expr p = sym("p"), m = sym("m"), v = sym("v"), tm = sym("t"), target = sym("b*"), one = num(1);
  // the bubble fraction of a pipeline with `mb` microbatches: bubble_fraction, and the
  // inequality that defines min_microbatches_for_target, are this one expression
  auto bubble = [&](const Expr& mb) { return (p - one) / (v * mb + p - one); };
  const Expr mm = sym("m\u2032");  // m', the microbatch count searched for
  t.properties = {
      Property("bubble_fraction", "", bubble(m))
          .doc("The idle share of the step: fill and drain, when some stages wait for work.").lower_is_better()
          .source(perf + "; " + book + " eq-pipeline-bubble, eq-interleaved-bubble; Huang et al. 2019 (GPipe)"),
      Property("pipeline_efficiency", "", v * m / (v * m + p - one)).note("= 1 \u2212 bubble_fraction")
          .doc("The busy share of the step.").higher_is_better()
          .source("ours: 1 \u2212 bubble_fraction (" + perf + ")"),
      Property("ideal_step_time", "s", m * tm).doc("The step time with no bubble: m microbatches back to back.")
          .source(megatron),
      Property("bubble_time", "s", (p - one) * tm / v)
          .doc("The idle fill and drain time of one step.").lower_is_better()
          .source(megatron + ", the pipeline bubble t_pb = (p \u2212 1)\u00b7t / v"),
      Property("step_time", "s", m * tm + (p - one) * tm / v)
          .doc("The step time: the ideal time plus the bubble.").lower_is_better().source(megatron),
      Property("bubble_overhead", "", (p - one) / (v * m))
          .doc("The bubble time divided by the ideal step time (Megatron-LM's measure).").lower_is_better()
          .source(megatron + ", bubble overhead (p \u2212 1) / (v\u00b7m)"),
      Property("min_microbatches_for_target", "count",
               least_integer("m\u2032", one, bubble(mm) <= target, (p - one) * (one - target) / (v * target)))
          .doc("The fewest microbatches per step that keep the bubble fraction at or under target_bubble.")
          .lower_is_better()
          .source("ours: the smallest m with bubble_fraction <= target_bubble (" + perf + "); " + book +
                  " (m >= 4(p \u2212 1) at 20 %)"),
      Property("inflight_microbatches_1f1b", "count", min(p, m))
          .doc("Microbatches whose activations non-interleaved 1F1B keeps at once (GPipe keeps all m).")
          .lower_is_better().source(megatron + " (1F1B keeps at most p microbatches in flight)"),
  };

  const std::string illustrative = " The microbatch time of 10 ms is illustrative.";
  t.presets = {
      {"Book8Stages16Microbatches",
       "The book's pipeline example (MLSysBook vol2 appendix_communication): 8 stages, 16 microbatches, no "
       "interleaving." + illustrative,
       json_text(R"({"pipeline_stages": 8,
                      "microbatches": 16,
                      "virtual_stages": 1,
                      "microbatch_time": "10 ms",
                      "target_bubble": 0.2})")},
      {"BookInterleaved8x16x4",
       "The book's interleaved example (MLSysBook vol2 appendix_communication): 8 stages, 16 microbatches, 4 "
       "virtual stages per device, which cuts the bubble fraction about 3.1 times (0.3043 to 0.09859) and the "
       "bubble time 4 times, (p \u2212 1)\u00b7t / v (70 to 17.5 ms)." + illustrative,
       json_text(R"({"pipeline_stages": 8,
                      "microbatches": 16,
                      "virtual_stages": 4,
                      "microbatch_time": "10 ms",
                      "target_bubble": 0.2})")},
  };
  return t;
}

}  // namespace mlsysim
