// The foundation under every scenario type: units as a table, equations whose dimensions
// are checked against their declared units, and registries read as data.
#include <stdexcept>

#include "model.hpp"  // internal: build_model (tests see core/src)
#include "support.hpp"

using namespace mlsysim;
using test::Json;

namespace {
// A one-property type over the given fields and symbols, built as the catalog builds one.
ScenarioType probe(std::vector<FieldSpec> fields, std::vector<SymbolSpec> symbols, PropertySpec p) {
  ScenarioType t;
  t.name = "Probe";
  t.category = "communication";
  t.fields = std::move(fields);
  t.symbols = std::move(symbols);
  t.properties = {std::move(p)};
  return t;
}
std::string build_error(const ScenarioType& t) {
  try {
    build_model(t);
  } catch (const std::logic_error& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("The catalog's new units parse to their canonical values", "[units]") {
  // docs/units.md, by hand: 1 Gbps = 1e9 bit/s = 1.25e8 byte/s; 1 kWh = 3.6e6 J
  struct Row {
    const char* text;
    double value;
    Dim dim;
  };
  const Row rows[] = {
      {"989 TFLOP/s", 9.89e14, dims::flop / dims::time}, {"3.15e23 flop", 3.15e23, dims::flop},
      {"2 EFLOP", 2e18, dims::flop},                     {"1 FLOP", 1, dims::flop},
      {"1 kWh", 3.6e6, dims::energy},                    {"2 MWh", 7.2e9, dims::energy},
      {"5 kJ", 5e3, dims::energy},                       {"700 W", 700, dims::power},
      {"2 MW", 2e6, dims::power},                        {"429 g/kWh", 429e-3 / 3.6e6, dims::mass / dims::energy},
      {"3 t", 3000, dims::mass},                         {"2 tonnes", 2000, dims::mass},
      {"400 Gbps", 5e10, dims::information / dims::time}, {"8 Gbit/s", 1e9, dims::information / dims::time},
      {"100 1/s", 100, dims::none / dims::time},        {"50 Hz", 50, dims::none / dims::time},
      {"3 1/h", 3.0 / 3600, dims::none / dims::time},   {"1 year", 365 * 86400.0, dims::time},
      {"2 kB", 2000, dims::information},                 {"0.12 USD/kWh", 0.12 / 3.6e6, dims::currency / dims::energy},
  };
  for (const Row& r : rows) {
    INFO(r.text);
    const Quantity q = parse_quantity(r.text).value();
    CHECK_THAT(q.value, test::Near(r.value));
    CHECK(q.dim == r.dim);
  }
  CHECK(dims::power.name() == "power");
  CHECK(dims::power.canonical_unit() == "W");
  CHECK((dims::flop / dims::information).canonical_unit() == "flop/byte");
  CHECK((dims::none / dims::time).canonical_unit() == "1/s");
  CHECK((dims::mass / dims::energy).name() == "mass/energy");
  // messages say what a value is in words ("expected an amount of data", not "an information")
  CHECK(dims::information.phrase() == "an amount of data");
  CHECK(dims::param.phrase() == "a parameter count");
  CHECK((dims::currency / dims::time).phrase() == "a price per time");
  CHECK((dims::none / dims::time).phrase() == "a rate");
  CHECK(dims::none.phrase() == "a number");
  CHECK((dims::time * dims::time).phrase() == "a quantity of " + (dims::time * dims::time).name());
  // spellings that would be misread get advice, not a guess
  CHECK_THROWS_WITH(parse_quantity("989 TFLOPS").value(), Catch::Contains("write \"TFLOP/s\" for a rate"));
  CHECK_THROWS_WITH(parse_quantity("200 Gb").value(), Catch::Contains("\"Gbit\" or \"GB\""));
  CHECK(reported_dim("samples").value() == dims::none);
  CHECK(reported_dim("W").value() == dims::power);
  CHECK_THROWS_WITH(reported_dim("ms").value(), Catch::Contains("not canonical"));
}

TEST_CASE("Human text scales the catalog's units", "[units]") {
  CHECK(human_text(266240, "W") == "266.2 kW");
  CHECK(human_text(3.35e12, "flop/s") == "3.35 TFLOP/s");
  CHECK(human_text(3.15e23, "flop") == "315 ZFLOP");
  CHECK(human_text(5.75078400e11, "J") == "159.7 MWh");
  CHECK(human_text(76753.79712, "kg") == "76.75 tonnes");
  // a plural unit word after a number shown as 1 is singular; a scaled one stays plural
  CHECK(human_text(1, "param") == "1 param");
  CHECK(human_text(1000, "kg") == "1 tonne");
  CHECK(human_text(86400, "s") == "1 day");
  CHECK(human_text(86400.0001, "s") == "1 day");  // shown as 1
  CHECK(human_text(1, "tokens") == "1 token");
  CHECK(human_text(1, "samples") == "1 sample");
  CHECK(human_text(1, "iterations") == "1 iteration");
  CHECK(human_text(2, "tokens") == "2 tokens");
  CHECK(human_text(1000, "param") == "1 K params");
  CHECK(human_text(1.5, "param") == "1.5 params");
  CHECK(human_text(10, "tokens") == "10 tokens");
  CHECK(human_text(5e10, "byte/s") == "50 GB/s");
  CHECK(human_text(148.148148, "1/s") == "148.1/s");
  CHECK(human_text(5.37037037e-8, "1/s") == "1.694/year");   // 5.37e-8 x 31536000
  CHECK(human_text(0.000379907052258, "USD/s") == "$1.37/h");  // x 3600
  // a money rate reads per hour from a cent an hour (it read "$21.87/day" for $0.9113/h,
  // beside "$1.37/h" in a comparison's row, and "$1.11/s" for $4,000/h); below, per day or
  // year as any rate: $0.005/h is $0.12/day, under 1, so $43.80/year (x 8760)
  CHECK(human_text(0.9113 / 3600, "USD/s") == "$0.91/h");
  CHECK(human_text(4000.0 / 3600, "USD/s") == "$4,000.00/h");
  CHECK(human_text(0.01 / 3600, "USD/s") == "$0.01/h");
  // an hourly amount past the largest double reads per second (found by an attacker: "$Infinity/h")
  CHECK(human_text(1e305, "USD/s") == "$1e305/s");
  CHECK(human_text(-1.7e308, "USD/s") == "-$1.7e308/s");
  CHECK(human_text(1e300, "USD/s") == "$3.6e303/h");
  // zero reads in display_scale's scale of it (found by an attacker: "$0.00/year" beside "$/h")
  CHECK(human_text(0, "USD/s") == "$0.00/h");
  CHECK(human_text(0, "1/s") == "0/s");
  CHECK(display_scale(0, "USD/s", BytePrefix::decimal).unit == "$/h");
  CHECK(display_scale(0, "1/s", BytePrefix::decimal).unit == "per s");
  CHECK(human_text(0.005 / 3600, "USD/s") == "$43.80/year");
  CHECK(human_text(-0.9113 / 3600, "USD/s") == "-$0.91/h");
  CHECK(human_text(295.2238806, "flop/byte") == "295.2 flop/byte");
  CHECK(text_in_unit(2.5e10, "Gbps") == "200 Gbps");
  // a result shown per counted thing names it (decode_throughput, service_rate), singular at 1
  CHECK(text_in_unit(205.16356, "tokens/s") == "205.2 tokens/s");
  CHECK(text_in_unit(1, "tokens/s") == "1 token/s");
  CHECK(text_in_unit(1, "requests/s") == "1 request/s");
  CHECK(text_in_unit(3.5e12, "tokens") == "3,500,000,000,000 tokens");
  CHECK(text_in_unit(1, "tokens") == "1 token");
  CHECK(human_text(1, "tokens") == "1 token");
  CHECK(parse_quantity("100 requests/s").value().dim == dims::none / dims::time);
}

TEST_CASE("An equation whose dimension differs from its declared unit fails at start-up, naming both", "[declarations]") {
  const FieldSpec bytes = Field::quantity("size", dims::information).at_least(0).doc("d");
  const FieldSpec secs = Field::quantity("wait", dims::time).at_least(0).doc("d");
  const std::string wrong_unit = build_error(probe({bytes}, {}, Property("p", "s", sym("size")).doc("d")));
  CHECK_THAT(wrong_unit, Catch::Contains("Probe.p"));
  CHECK_THAT(wrong_unit, Catch::Contains("information (byte)"));
  CHECK_THAT(wrong_unit, Catch::Contains("time (s)"));
  CHECK_THAT(build_error(probe({bytes, secs}, {}, Property("p", "byte", sym("size") + sym("wait")).doc("d"))),
             Catch::Contains("cannot add information (byte) and time (s)"));
  CHECK_THAT(build_error(probe({bytes}, {}, Property("p", "", sqrt(sym("size"))).doc("d"))), Catch::Contains("sqrt of"));
  CHECK_THAT(build_error(probe({bytes}, {}, Property("p", "", log2(sym("size"))).doc("d"))),
             Catch::Contains("log2 needs a dimensionless argument"));
  CHECK_THAT(build_error(probe({bytes}, {}, Property("p", "byte", max(sym("size"), sym("size") / num(1, "s"))).doc("d"))),
             Catch::Contains("cannot take the max of"));
  CHECK_THAT(build_error(probe({bytes, secs}, {}, Property("p", "byte", when(sym("wait") > num(0), sym("size"), sym("wait"))).doc("d"))),
             Catch::Contains("the branches of `when` differ"));
  CHECK_THAT(build_error(probe({bytes}, {}, Property("p", "ms", sym("size")).doc("d"))), Catch::Contains("not canonical"));
  CHECK_THAT(build_error(probe({bytes}, {}, Property("p", "byte", sym("nope")).doc("d"))), Catch::Contains("undeclared symbol nope"));
  CHECK_THAT(build_error(probe({bytes}, {symbol("Q", "size")}, Property("p", "byte", sym("size")).doc("d"))),
             Catch::Contains("symbol Q is declared but no equation uses it"));
  // right ones pass: byte / (byte/s) is s; 0 takes any dimension; a unit constant counts
  CHECK(build_error(probe({bytes, Field::quantity("bw", dims::information / dims::time).above(0).doc("d")}, {},
                          Property("p", "s", sym("size") / sym("bw")).doc("d"))) == "");
  CHECK(build_error(probe({bytes}, {}, Property("p", "byte", when(sym("size") > num(0), sym("size"), num(0))).doc("d"))) == "");
  CHECK(build_error(probe({secs}, {}, Property("p", "", sym("wait") / num(1, "day")).doc("d"))) == "");
  // a result shown in a unit of another dimension, or in no unit at all, is a declaration error
  CHECK_THAT(build_error(probe({secs}, {}, Property("p", "s", sym("wait")).shown_in("GB").doc("d"))),
             Catch::Contains("shown in \"GB\", not a unit of time (s)"));
  CHECK_THAT(build_error(probe({secs}, {}, Property("p", "s", sym("wait")).shown_in("fortnight").doc("d"))),
             Catch::Contains("shown in: unknown unit"));
  CHECK(build_error(probe({secs}, {}, Property("p", "s", sym("wait")).shown_in("h").doc("d"))) == "");
  // the field a sweep varies first must be a numeric field of the type
  ScenarioType swept = probe({bytes, Field::registry("workload", "workload").doc("d")}, {}, Property("p", "byte", sym("size")).doc("d"));
  swept.sweep.field = "workload";
  CHECK_THAT(build_error(swept), Catch::Contains("Probe: sweep.field workload is not a numeric field"));
  swept.sweep.field = "nope";
  CHECK_THAT(build_error(swept), Catch::Contains("sweep.field nope is not a numeric field"));
  swept.sweep.field = "size";
  CHECK(build_error(swept) == "");
  CHECK(swept.first_sweep_field() == "size");
  swept.sweep.field = "";
  CHECK(swept.first_sweep_field() == "size");  // undeclared: the first numeric field
  swept.sweep.properties = {"q"};
  CHECK_THAT(build_error(swept), Catch::Contains("sweep.properties names undeclared property q"));
  swept.sweep.properties = {"p"};
  CHECK(build_error(swept) == "");
  // a property in use for an absent optional field: of the field's dimension, for an optional field with no default
  const PropertySpec in_bytes = Property("p", "byte", sym("size")).doc("d");
  CHECK_THAT(build_error(probe({Field::quantity("size", dims::information).at_least(0).optional().in_use("p").doc("d")}, {}, in_bytes)), Catch::Equals(""));
  CHECK_THAT(build_error(probe({Field::quantity("size", dims::information).at_least(0).in_use("p").doc("d")}, {}, in_bytes)),
             Catch::Contains("Probe.size: in_use p is not a property of its dimension, or the field is not optional without a default"));
  CHECK_THAT(build_error(probe({Field::quantity("size", dims::information).at_least(0).optional().in_use("p").doc("d")}, {},
                               Property("p", "", sym("size") / num(1, "byte")).doc("d"))),
             Catch::Contains("in_use p is not a property of its dimension"));
  // every declared type of the catalog builds (its dimensions hold)
  CHECK_NOTHROW(scenario_types());
}

TEST_CASE("Accelerator time reads in accelerator-hours, in its card and in the work that uses it", "[declarations][work]") {
  // 23,371 days of accelerator time is right, but GPU-hours are how runs are billed and compared
  mlsysim::EvalOptions work;
  work.work = true;
  const Json r = evaluate_preset("Gpt3OnTraining1KA100", nullptr, work).value()["properties"];
  const double hours = r["accelerator_hours"]["value"].get<double>() / 3600;
  CHECK(hours == Approx(560897.4).margin(0.05));  // 1,024 GPUs x 22.82 days x 24 h
  CHECK(r["accelerator_hours"]["text"] == "560,897.4 h");
  CHECK(r["training_cost"]["work"]["text"] == "560,897.4 h \u00d7 2 USD/h");
}

TEST_CASE("Symbols are paths into the inputs, with the unit their path gives", "[declarations][registry]") {
  const ScenarioType t = probe({Field::registry("fleet", "fleet").doc("d"), Field::registry("workload", "workload").doc("d")},
                               {symbol("peak", "fleet.node.accelerator.peak_flops"), symbol("fleet.accelerators"),
                                symbol("L", "workload.layers")},
                               Property("p", "flop/s", sym("peak") * sym("fleet.accelerators") * sym("L")).doc("d"));
  const Model m = build_model(t);
  CHECK(m.slots[static_cast<std::size_t>(m.slot("peak"))].unit == "flop/s");
  CHECK(m.slots[static_cast<std::size_t>(m.slot("peak"))].display_unit == "TFLOP/s");
  // an entry that lacks a sub-field the equations read is an input error naming both
  try {
    normalize_inputs(t, {{"fleet", "Training_1K"}, {"workload", "ResNet50"}}).value();
    FAIL("accepted ResNet50, which has no layers");
  } catch (const InputError& e) {
    CHECK(e.field == "workload");
    CHECK_THAT(e.what(), Catch::Contains("workload \"ResNet50\" has no layers"));
  }
  try {  // an inline fleet without an accelerator: only a type that reads it refuses it
    normalize_inputs(t, {{"fleet", {{"name", "F"}, {"count", 2}, {"node", {{"name", "N"}, {"accelerators_per_node", 4}}}}},
                         {"workload", "GPT3"}}).value();
    FAIL("accepted a node without an accelerator");
  } catch (const InputError& e) {
    CHECK(e.field == "fleet");
    CHECK_THAT(e.what(), Catch::Contains("has no node.accelerator"));
  }
  const Inputs ok = normalize_inputs(t, {{"fleet", "Training_1K"}, {"workload", "GPT3"}}).value();
  std::vector<double> slots(m.slots.size());
  std::unique_ptr<bool[]> present(new bool[m.slots.size()]);
  m.load(ok, slots.data(), present.get());
  // by hand: H100 989 TFLOP/s x 128 x 8 accelerators x 96 layers
  CHECK_THAT(slots[static_cast<std::size_t>(m.slot("peak"))], test::Near(9.89e14));
  CHECK(slots[static_cast<std::size_t>(m.slot("fleet.accelerators"))] == 1024);
  CHECK(slots[static_cast<std::size_t>(m.slot("L"))] == 96);
  CHECK_THROWS_WITH(build_model(probe({Field::registry("fleet", "fleet").doc("d")}, {symbol("x", "fleet.nope")},
                                      Property("p", "", sym("x")).doc("d"))),
                    Catch::Contains("has no sub-field nope"));
}

TEST_CASE("Registries are data: every kind lists its entries with their numbers and sources", "[registry]") {
  const Json kinds = mlsysim::list_registries();
  for (const char* k : {"workload", "hardware", "node", "fabric", "fleet"}) CHECK_NOTHROW(test::named(kinds, k));
  // docs/scenarios.md (Registries), by hand: H100 989 TFLOP/s, 80 GiB, 3.35 TB/s; DGX_H100 450 GB/s per
  // direction; NDR 400 Gbps = 5e10 byte/s and 5 us; Training_10K = 1250 x 8
  const Json h100 = test::named(mlsysim::list_registry("hardware").value(), "H100");
  CHECK(h100["peak_flops"] == 9.89e14);
  CHECK(h100["memory_capacity"] == 80.0 * 1073741824.0);
  CHECK(h100["memory_bandwidth"] == 3.35e12);
  CHECK(h100["headline"] == "989 TFLOP/s");
  const Json ndr = test::named(mlsysim::list_registry("fabrics").value(), "InfiniBand_NDR");
  CHECK(ndr["bandwidth"] == 5e10);
  CHECK_THAT(ndr["latency"].get<double>(), test::Near(5e-6));  // 5 x 1e-6, within an ulp
  const Json ten_k = test::named(mlsysim::list_registry("fleets").value(), "Training_10K");
  CHECK(ten_k["accelerators"] == 10000);
  CHECK(ten_k["node"]["intra_node_bandwidth"] == 4.5e11);
  CHECK(ten_k["fabric"]["name"] == "InfiniBand_NDR");
  const Json llama = test::named(mlsysim::list_registry("workloads").value(), "Llama3_8B");
  CHECK(llama["kv_heads"] == 8);
  CHECK(test::named(mlsysim::list_registry("workloads").value(), "GPT3")["kv_heads"] == 96);  // defaults to heads
  CHECK_THAT(llama["sources"]["training_tokens"].get<std::string>(), Catch::Contains("15T+"));
  for (const Json& k : kinds)
    for (const Json& e : k["entries"]) {
      INFO(k["name"] << " " << e["name"]);
      CHECK_FALSE(e["source"].get<std::string>().empty());
    }
}

TEST_CASE("Integer results follow their inequality exactly, in evaluate and in sweeps", "[declarations][expr]") {
  // the catalog's 4.9, as docs/scenarios.md prints it by hand: the fewest microbatches m with (p - 1) / (v m + p - 1) <= t; at
  // p = 8, v = 1, t = 0.2 that is exactly 28 (7/35 = 0.2), where the floating estimate
  // (p - 1)(1 - t) / (v t) is 28.000000000000004 and its ceiling 29
  ScenarioType t;
  t.name = "Probe";
  t.category = "parallelism";
  t.fields = {Field::integer("p").at_least(1).doc("d"), Field::integer("v").at_least(1).doc("d"),
              Field::number("t").above(0).below(1).doc("d"), Field::quantity("W", dims::information).at_least(0).doc("d"),
              Field::quantity("k", dims::information).above(0).doc("d"), Field::quantity("C", dims::information).above(0).doc("d")};
  const Expr p = sym("p"), v = sym("v"), tt = sym("t"), one = num(1), m = sym("m");
  t.properties = {
      Property("fewest", "count",
               least_integer("m", one, (p - one) / (v * m + p - one) <= tt, (p - one) * (one - tt) / (v * tt)))
          .doc("d"),
      Property("most", "count", greatest_integer("B", num(0), sym("W") + sym("B") * sym("k") <= sym("C"), (sym("C") - sym("W")) / sym("k")))
          .doc("d"),
  };
  t.model = std::make_shared<const Model>(build_model(t));
  auto eval = [&](Json in) {
    const Inputs inputs = normalize_inputs(t, in).value();
    std::vector<double> slots(t.model->slots.size());
    std::unique_ptr<bool[]> present(new bool[slots.size()]);
    t.model->load(inputs, slots.data(), present.get());
    std::uint32_t guard = 0;
    return std::make_pair(t.model->run(0, slots.data(), &guard), t.model->run(1, slots.data(), &guard));
  };
  const Json base = {{"p", 8}, {"v", 1}, {"t", 0.2}, {"W", "16.06 GB"}, {"k", "268435456 B"}, {"C", "80 GiB"}};
  CHECK(eval(base).first == 28);
  // by hand: (85899345920 - 16060000000) / 268435456 = 260.17..., so 260 sequences fit
  CHECK(eval(base).second == 260);
  Json interleaved = base;
  interleaved["v"] = 4;  // 7 / (4m + 7) <= 0.2 from m = 7 (35 = 35)
  CHECK(eval(interleaved).first == 7);
  Json exact = base;  // C - W an exact multiple of k: the boundary itself fits
  exact["W"] = "0 B";
  exact["C"] = "2684354560 B";
  CHECK(eval(exact).second == 10);
  Json none = base;  // nothing fits: W > C
  none["W"] = "100 GiB";
  CHECK(std::isnan(eval(none).second));
  // the sweep's batch interpreter agrees at every point, to the bit
  for (const std::string field : {"p", "t", "W"}) {
    std::vector<double> values;
    for (int i = 1; i <= 300; ++i) values.push_back(field == "t" ? i / 301.0 : field == "W" ? i * 1e9 : i);
    std::vector<double> column(values), out(values.size());
    const int s = t.model->slot(field);
    std::vector<const double*> cols(t.model->slots.size());
    std::vector<double> fixed(t.model->slots.size());
    std::unique_ptr<bool[]> present(new bool[fixed.size()]);
    t.model->load(normalize_inputs(t, base).value(), fixed.data(), present.get());
    std::unique_ptr<bool[]> varies(new bool[fixed.size()]);
    for (std::size_t k = 0; k < fixed.size(); ++k) {
      varies[k] = static_cast<int>(k) == s;
      cols[k] = varies[k] ? column.data() : &fixed[k];
    }
    std::vector<double> scratch(t.model->batch_scratch());
    for (std::size_t prop = 0; prop < 2; ++prop) {
      t.model->run_batch(t.model->programs[prop], cols.data(), varies.get(), values.size(), out.data(), scratch.data());
      for (std::size_t i = 0; i < values.size(); ++i) {
        std::vector<double> point(fixed);
        point[static_cast<std::size_t>(s)] = values[i];
        std::uint32_t guard = 0;
        const double one_point = t.model->run(prop, point.data(), &guard);
        INFO(field << " = " << values[i] << ", property " << prop);
        CHECK((std::isnan(one_point) ? std::isnan(out[i]) : out[i] == one_point));
      }
    }
  }
}

TEST_CASE("Negation keeps its operand's dimension and is written as a minus sign", "[declarations][expr]") {
  // P(at least one failure) = 1 - exp(-T / M) (the catalog's 4.3, as docs/scenarios.md prints it): by hand at T = 1 h, M = 4 h
  ScenarioType t = probe({Field::quantity("T", dims::time).at_least(0).doc("d"), Field::quantity("M", dims::time).above(0).doc("d")},
                         {}, Property("p", "", num(1) - exp(-(sym("T") / sym("M")))).doc("d"));
  t.properties.push_back(Property("q", "s", -(sym("T") + sym("M"))).doc("d"));
  t.properties.push_back(Property("r", "s", sym("M") * num(2) - -sym("T")).doc("d"));
  t.properties.push_back(Property("s", "", -sym("T") / sym("M") * -num(2)).doc("d"));
  CHECK(expr_text(t.properties[0].expr) == "1 \u2212 exp(\u2212T / M)");
  CHECK(expr_text(t.properties[1].expr) == "\u2212(T + M)");
  CHECK(expr_text(t.properties[2].expr) == "M \u00d7 2 \u2212 (\u2212T)");
  CHECK(expr_text(t.properties[3].expr) == "(\u2212T) / M \u00d7 (\u22122)");
  CHECK_THAT(expr_mathml(t.properties[1].expr), Catch::Contains("<mo>\u2212</mo><mrow><mo stretchy=\"false\">(</mo>"));
  // a one-letter symbol with a subscript is typeset with one; a field's name is a name
  CHECK(expr_mathml(sym("N_d")) == "<msub><mi>N</mi><mi>d</mi></msub>");
  CHECK(expr_mathml(sym("T_fixed")) == "<msub><mi>T</mi><mi>fixed</mi></msub>");
  CHECK(expr_mathml(sym("dp_degree")) == "<mi>dp_degree</mi>");
  CHECK(expr_mathml(sym("x_")) == "<mi>x_</mi>");
  // a wrong dimension is still refused through the minus sign
  CHECK_THAT(build_error(probe({Field::quantity("T", dims::time).at_least(0).doc("d")}, {},
                               Property("p", "", exp(-sym("T"))).doc("d"))),
             Catch::Contains("exp needs a dimensionless argument"));
  t.model = std::make_shared<const Model>(build_model(t));
  REQUIRE((t.model->slot("T") == 0 && t.model->slot("M") == 1));
  const Inputs in = normalize_inputs(t, {{"T", "1 h"}, {"M", "4 h"}}).value();
  std::vector<double> slots(t.model->slots.size());
  std::unique_ptr<bool[]> present(new bool[slots.size()]);
  t.model->load(in, slots.data(), present.get());
  std::vector<double> values;
  for (std::size_t p = 0; p < t.properties.size(); ++p) {
    std::uint32_t guard = 0;
    values.push_back(t.model->run(p, slots.data(), &guard));
  }
  CHECK(values[0] == 1 - std::exp(-0.25));
  CHECK(values[1] == -18000);
  CHECK(values[2] == 32400);
  CHECK(values[3] == 0.5);
  // the work: a minus sign in the text, and arithmetic JavaScript reads ("- -5", never "--5")
  const Work w = expr_work(t.properties[0], values[0], *t.model, slots.data(), values, t);
  CHECK(w.text == "1 \u2212 exp(\u22123,600 s / 14,400 s)");  // numbers as the cards write them
  CHECK(w.expression == "1 - exp(-3600 / 14400)");
  PropertySpec negated = t.properties[1];
  negated.expr = -prop("q");
  const Work neg = expr_work(negated, -values[1], *t.model, slots.data(), values, t);
  CHECK(neg.expression == "- -18000");
  // the sweep's batch interpreter agrees, to the bit
  std::vector<double> column{0, 3600, 7200, 1e9}, out(column.size());
  std::vector<const double*> cols{column.data(), &slots[1]};
  std::unique_ptr<bool[]> varies(new bool[2]{true, false});
  std::vector<double> scratch(t.model->batch_scratch());
  for (std::size_t p = 0; p < t.properties.size(); ++p) {
    t.model->run_batch(t.model->programs[p], cols.data(), varies.get(), column.size(), out.data(), scratch.data());
    for (std::size_t i = 0; i < column.size(); ++i) {
      double point[2] = {column[i], slots[1]};
      std::uint32_t guard = 0;
      CHECK(out[i] == t.model->run(p, point, &guard));
    }
  }
}

TEST_CASE("Conventions are named where a reader meets them: total parameters and the 14 byte/param checkpoint", "[declarations][docs]") {
  // docs/sources.md, "Choices of ours": a workload's parameters are its total count (every
  // expert of a mixture-of-experts model); the checkpoint's 14 byte/param is 2 + 4 + 8
  int workload_docs = 0, width_docs = 0, presets = 0;
  for (const ScenarioType& t : scenario_types()) {
    const bool counts_bytes = std::any_of(t.properties.begin(), t.properties.end(), [](const PropertySpec& p) {
      return p.unit == "byte";
    });
    for (const SymbolSpec& s : t.symbols) {
      if (s.path != "workload.parameters") continue;
      const std::string& doc = t.field("workload")->doc;
      INFO(t.name << ".workload: " << doc);
      // bytes follow the total; TrainingCompute's 6PD takes the active count: either way the doc says which
      CHECK(doc.find("mixture-of-experts") != std::string::npos);
      CHECK((doc.find("total") != std::string::npos || doc.find("active") != std::string::npos));
      if (counts_bytes) CHECK(doc.find("total") != std::string::npos);
      ++workload_docs;
    }
    for (const FieldSpec& f : t.fields)
      if (f.name == "checkpoint_bytes_per_param") {
        INFO(t.name << "." << f.name << ": " << f.doc);
        CHECK(f.doc.find("14 byte/param = 2 (BF16 weights) + 4 (FP32 master weights) + 8 (FP32 Adam m and v)") != std::string::npos);
        for (const char* n : {"16", "18", "20"}) CHECK(f.doc.find(n) != std::string::npos);
        ++width_docs;
      }
    for (const Preset& p : t.presets)
      if (p.inputs.contains("checkpoint_bytes_per_param") && p.inputs["checkpoint_bytes_per_param"] == "14 byte/param") {
        INFO(p.name << ": " << p.summary);
        CHECK(p.summary.find("2 BF16 weights + 4 FP32 master + 8 Adam moments") != std::string::npos);
        ++presets;
      }
  }
  CHECK(workload_docs >= 5);
  CHECK(width_docs == 2);
  CHECK(presets >= 4);
}

// depends_on drives what the page dims while an input is being corrected, what a sweep
// says "does not change", and which properties a sweep plots first. It left out an
// optional input read only where given (checkpoint_interval in when(given(x), x, ...)), so
// the Sweep view said interval "does not change with checkpoint_interval" under a moving
// curve. Checked here by behaviour, for every preset and numeric input: change the input
// (or give it, when optional and absent), and every property whose value moves must list it.
TEST_CASE("Every property lists each input that moves its value in depends_on", "[declarations]") {
  int moved = 0;
  for (const Preset& preset : presets()) {
    const ScenarioType& t = *find_scenario_type(preset.type).value();
    const Json described = describe_scenario_type(t.name).value();
    const auto deps = [&](const Json& p, const std::string& field) {
      for (const Json& d : p["depends_on"]) {
        if (d == field) return true;
        for (const SymbolSpec& s : t.symbols)
          if (d == s.name && s.path.substr(0, s.path.find('.')) == field) return true;
      }
      return false;
    };
    const Json base = evaluate(t.name, preset.inputs).value();
    for (const FieldSpec& f : t.fields) {
      if (!f.numeric()) continue;
      const Json& given = base["inputs"][f.name];
      const double v = given.is_null() ? 0 : given.is_object() ? given["value"].get<double>() : given.get<double>();
      // candidates in canonical units: near the value, or plain values when it is absent
      std::vector<double> tries = given.is_null() ? std::vector<double>{1000, 100, 10, 2, 1, 0.5}
                                                 : std::vector<double>{v * 1.5, v + 1, v * 0.5, v - 1};
      for (double x : tries) {
        if (f.type == FieldType::Int) x = std::round(x);
        if (x == v && !given.is_null()) continue;
        Json in = preset.inputs;
        in[f.name] = f.type == FieldType::Quantity ? Json{{"value", x}, {"unit", f.dim.canonical_unit()}} : Json(x);
        Json r;
        try {
          r = evaluate(t.name, in).value();
        } catch (const InputError&) {
          continue;  // outside the rule: the next candidate
        }
        for (const Json& p : described["properties"]) {
          const Json& a = base["properties"][p["name"].get<std::string>()];
          const Json& b = r["properties"][p["name"].get<std::string>()];
          const bool changed = a.contains("value") != b.contains("value") ||
                               (a.contains("value") && a["value"] != b["value"]);
          if (!changed) continue;
          ++moved;
          INFO(preset.name << ": " << p["name"] << " moves with " << f.name << " (" << v << " -> " << x << ")");
          CHECK(deps(p, f.name));
        }
        break;
      }
    }
  }
  CHECK(moved > 500);  // the check ran on real movements
}
