// Native micro-benchmarks of the core (Google Benchmark, Debian's libbenchmark-dev):
// unit parsing, one evaluation of each scenario type through the JSON API (the path
// the WebAssembly module takes), and the batch sweep, alone and from request text to reply text. The inputs come from
// bench/cases.json, which bench/run.mjs also feeds to the WebAssembly module, so the
// native and wasm sweep figures are measured on the same work.
//
// Run: build/native/mlsysim_bench [--benchmark_format=json]
// Counters: "items_per_second" is calls per second for parse/evaluate, and
// property-evaluations per second (points x properties) for the sweeps.
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "mlsysim/api.hpp"
#include "mlsysim/sweep.hpp"
#include "mlsysim/units.hpp"

namespace {

const mlsysim::Json& cases() {
  static const mlsysim::Json j = [] {
    std::ifstream in(MLSYSIM_BENCH_CASES);
    std::stringstream s;
    s << in.rdbuf();
    return mlsysim::parse_json(s.str(), "cases").value();
  }();
  return j;
}

void parse_quantities(benchmark::State& state) {
  std::vector<std::string> texts;
  for (const auto& q : cases()["quantities"]) texts.push_back(q.get<std::string>());
  for (auto _ : state)
    for (const std::string& t : texts) benchmark::DoNotOptimize(mlsysim::parse_quantity(t));
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * texts.size()));
}

void parse_units(benchmark::State& state) {
  const char* units[] = {"s", "USD/h", "byte/param", "TB", "ms", "GiB"};
  for (auto _ : state)
    for (const char* u : units) benchmark::DoNotOptimize(mlsysim::parse_unit(u));
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * std::size(units)));
}

// One evaluation from request text to reply text, as wasm/bindings.cpp does it.
void evaluate_text(benchmark::State& state, const std::string& preset, bool work) {
  const std::string request = mlsysim::Json{{"preset", preset}}.dump();
  mlsysim::EvalOptions options;
  options.work = work;
  for (auto _ : state) {
    const mlsysim::Expected<mlsysim::Json> req = mlsysim::parse_json(request, "inputs");
    const mlsysim::Expected<mlsysim::Json> reply = mlsysim::evaluate_request(*req, options);
    benchmark::DoNotOptimize(reply->dump());
  }
  state.SetItemsProcessed(state.iterations());
}

// One sweep case of bench/cases.json into a reused vector, the same request again and
// again. With `from_text`, the whole of the module's call (wasm/bindings.cpp): the
// request as JSON text in (as JavaScript builds it) through a SweepSession, as the
// module's, the summary as JSON text out, the values in and out as raw doubles; only the
// JavaScript around the call is not here. Without it, the kernel alone: run_sweep on a
// prepared request.
void sweep_case(benchmark::State& state, const mlsysim::Json& c, bool from_text) {
  const mlsysim::Preset& p = *mlsysim::find_preset(c["preset"].get<std::string>()).value();
  const std::string request = mlsysim::Json{{"type", p.type}, {"inputs", p.inputs}, {"field", c["field"]},
                                            {"unit", nullptr}, {"properties", c["properties"]}}.dump();
  const mlsysim::PreparedSweep prepared =
      mlsysim::prepare_sweep(mlsysim::sweep_request(mlsysim::parse_json(request, "inputs").value()).value()).value();
  mlsysim::SweepSession session;
  const std::size_t n = c["points"].get<std::size_t>();
  const double from = c["from"].get<double>(), to = c["to"].get<double>();
  std::vector<double> values(n), out;
  for (std::size_t i = 0; i < n; ++i) values[i] = from + (to - from) * static_cast<double>(i) / static_cast<double>(n - 1);
  std::size_t props = 0;
  for (auto _ : state) {
    if (from_text) {
      const std::string reply = "{\"result\":" + *session.sweep(request, values.data(), n, out) + "}";
      props = prepared.props.size();
      benchmark::DoNotOptimize(reply.data());
    } else {
      props = mlsysim::run_sweep(prepared, values.data(), n, out)->properties.size();
    }
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n * props));
  state.counters["points"] = static_cast<double>(n);
  state.counters["properties"] = static_cast<double>(props);
}

const int registered = [] {
  benchmark::RegisterBenchmark("parse_quantity", parse_quantities);
  benchmark::RegisterBenchmark("parse_unit", parse_units);
  for (const auto& e : cases()["evaluate"]) {
    const std::string preset = e["preset"].get<std::string>();
    const std::string type = mlsysim::find_preset(preset).value()->type;
    benchmark::RegisterBenchmark(("evaluate/" + type).c_str(), evaluate_text, preset, false);
    benchmark::RegisterBenchmark(("evaluate_work/" + type).c_str(), evaluate_text, preset, true);
  }
  for (const auto& c : cases()["sweeps"]) {
    benchmark::RegisterBenchmark(("sweep/" + c["name"].get<std::string>()).c_str(), sweep_case, c, false);
    benchmark::RegisterBenchmark(("sweep_text/" + c["name"].get<std::string>()).c_str(), sweep_case, c, true);
  }
  return 0;
}();

}  // namespace

BENCHMARK_MAIN();
