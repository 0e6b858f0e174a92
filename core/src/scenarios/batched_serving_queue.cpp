// BatchedServingQueueScenario (docs/scenarios.md, docs/sources.md): the book's model of batched
// inference under Poisson arrivals: service time, utilization, queue wait, batch-fill delay,
// response time, and the smallest stable batch.
#include "mlsysim/scenario.hpp"

namespace mlsysim {

ScenarioType batched_serving_queue() {
  const std::string book = "MLSysBook vol2 appendix_inference";
  ScenarioType t;
  t.name = "BatchedServingQueueScenario";
  t.category = "serving";
  t.question = "Which batch size meets 100 QPS with the lowest latency?";
  t.summary =
      "The book's model of batched inference under Poisson arrivals: a batch of B requests takes T_fixed + "
      "t_req\u00b7B; utilization, queue wait, batch-fill delay and response time follow, and so does the smallest "
      "batch that keeps the server stable, or under a target utilization.";
  t.assumptions =
      "Poisson arrivals at rate \u03bb. A deterministic service time, linear in the batch size. Batches always fill "
      "to B (the book's \"batch fills\" case, a delay of B/(2\u03bb)). The queue wait is the book's expression, which "
      "treats a batch as one M/D/1 \"super-request\".";
  t.excludes =
      "A maximum batching wait (the book's T_max timeout case); finite queues and load shedding (M/G/c/K); several "
      "servers; tail percentiles (the book's P99 \u2248 E[T] + 2.33\u03c3 needs \u03c3); continuous batching.";
  t.sweep = {"batch_size", {"response_time", "utilization"}};

  t.fields = {
      Field::quantity("arrival_rate", dims::none / dims::time).above(0).doc("\u03bb: requests arriving per second."),
      Field::integer("batch_size").at_least(1).doc("B: requests served together in one batch."),
      Field::quantity("fixed_batch_time", dims::time).at_least(0).shown_in("ms")
          .doc("T_fixed: the per-batch overhead (weight loading, kernel launch)."),
      Field::quantity("per_request_time", dims::time).at_least(0).shown_in("ms")
          .doc("t_req: the time each further request adds to a batch."),
      Field::number("target_utilization").above(0).below(1).optional(0.75)
          .source(book + " (plan for a utilization of 0.75, leaving headroom)")
          .doc("\u03c1*: the utilization to plan for, below 1 for headroom."),
  };
  t.symbols = {symbol("\u03bb", "arrival_rate"), symbol("B", "batch_size"), symbol("T_fixed", "fixed_batch_time"),
               symbol("t_req", "per_request_time"), symbol("\u03c1*", "target_utilization")};

  const Expr lambda = sym("\u03bb"), b = sym("B"), t_fixed = sym("T_fixed"), t_req = sym("t_req"),
             target = sym("\u03c1*"), one = num(1), two = num(2);
  const Expr service = prop("service_time"), rho = prop("utilization");
  const std::string unstable =
      "needs utilization < 1: requests arrive faster than batches of this size are served, so the queue grows "
      "without bound";
  t.properties = {
      Property("service_time", "s", t_fixed + t_req * b)
          .doc("The time to serve one batch of B requests.").lower_is_better()
          .source(book + " eq-service-time-batch"),
      Property("service_rate", "1/s",
               (b / service).unless(service <= num(0), "needs a service time > 0: a batch that takes no time has no rate"))
          .shown_in("requests/s").doc("\u03bc_eff: requests served per second while the server is busy.").higher_is_better().source(book),
      Property("utilization", "", lambda * service / b)
          .doc("\u03c1: the busy share of the server; at or above 1 the queue is unstable.").source(book),
      Property("queue_wait", "s", (lambda * service * service / (two * b * (one - rho))).unless(rho >= one, unstable))
          .doc("E[W]: the mean wait in the queue before a batch starts.").lower_is_better()
          .source(book + " (Pollaczek-Khinchine, deterministic service of a batch)"),
      Property("batch_fill_delay", "s", b / (two * lambda))
          .doc("The mean wait for a batch to fill.").lower_is_better().source(book),
      Property("response_time", "s", prop("queue_wait") + prop("batch_fill_delay") + service)
          .doc("E[T]: the mean time from a request's arrival to its answer.").lower_is_better().source(book),
      Property("requests_in_system", "count", lambda * prop("response_time"))
          .doc("L: the mean number of requests waiting or in service (Little's law).")
          .source(book + "; Little 1961 (L = \u03bbW)"),
      Property("min_stable_batch", "count",
               (lambda * t_fixed / (one - lambda * t_req))
                   .unless(lambda * t_req >= one,
                           "needs arrival_rate \u00d7 per_request_time < 1: each request adds more work than the time "
                           "between arrivals, so no batch size is stable"))
          .note("any batch above it is stable")
          .doc("The batch size, as a real number, at which utilization reaches 1: below it the queue grows without "
               "bound; the smallest stable whole batch is the next whole number above it.")
          .source(book + ", step 2 (\u03c1 < 1)"),
      Property("min_batch_for_target", "count",
               (lambda * t_fixed / (target - lambda * t_req))
                   .unless(lambda * t_req >= target,
                           "needs arrival_rate \u00d7 per_request_time < target_utilization: the per-request work alone "
                           "uses up the target, whatever the batch size"))
          .note("round up to a whole batch")
          .doc("The batch size, as a real number, at which utilization equals target_utilization: the smallest "
               "whole batch that meets the target is this rounded up.")
          .source(book + " eq-optimal-batch-approx"),
  };

  const std::string book_rows =
      " (MLSysBook vol2 appendix_inference, GPT-3 at 100 QPS: T_fixed 50 ms, t_req 0.5 ms, planning utilization 0.75)";
  t.presets = {
      {"Gpt3Serve100QpsBatch8",
       "The book's table row B = 8, the lowest response time of the table's batch sizes" + book_rows +
           ". Between the rows the optimum is B = 10 (138.6 ms): the full calculator's Sweep view of batch_size shows it.",
       json_text(R"({"arrival_rate": "100 1/s",
                      "batch_size": 8,
                      "fixed_batch_time": "50 ms",
                      "per_request_time": "0.5 ms",
                      "target_utilization": 0.75})")},
      {"Gpt3Serve100QpsBatch16",
       "The book's table row B = 16: lower utilization, but a longer batch-fill delay" + book_rows + ".",
       json_text(R"({"arrival_rate": "100 1/s",
                      "batch_size": 16,
                      "fixed_batch_time": "50 ms",
                      "per_request_time": "0.5 ms",
                      "target_utilization": 0.75})")},
  };
  return t;
}

}  // namespace mlsysim
