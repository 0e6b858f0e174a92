// Sweeps (sweep.hpp): a request prepared once, then swept over values by the batch
// interpreter (batch.cpp) with the field's rules applied per point.
#include "mlsysim/sweep.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <tuple>

#include "mlsysim/text.hpp"
#include "model.hpp"
#include "value_text.hpp"

namespace mlsysim {

namespace {

// A value of `spec` that meets its bounds, for validating the other inputs before the
// swept values are known (1 where allowed, as the exact-product rules need a small one).
double stand_in(const FieldSpec& spec) {
  const Bounds& b = spec.bounds;
  if (b.contains(1)) return 1;
  if (std::isfinite(b.min) && std::isfinite(b.max)) return b.min + (b.max - b.min) / 2;
  if (std::isfinite(b.min)) return b.min_exclusive ? b.min + 1 : b.min;
  return std::isfinite(b.max) ? (b.max_exclusive ? b.max - 1 : b.max) : 1;
}

}  // namespace

Expected<SweepRequest> sweep_request(const Json& req) {
  if (!req.is_object() || is_number_tag(req)) return InputError("inputs", "a sweep request must be an object, got " + describe(req));
  SweepRequest r;
  for (const auto& [key, out, required] : {std::tuple<const char*, std::string*, bool>{"type", &r.type, true},
                                           {"field", &r.field, true},
                                           {"unit", &r.unit, false}}) {
    if (!req.contains(key) || req[key].is_null()) {
      if (required) return InputError(key, "is required");
      continue;
    }
    if (!req[key].is_string()) return InputError(key, "must be a string, got " + describe(req[key]));
    *out = req[key].get<std::string>();
  }
  r.inputs = req.contains("inputs") ? req["inputs"] : Json::object();
  if (req.contains("properties") && !req["properties"].is_null()) {
    if (!req["properties"].is_array()) return InputError("properties", "must be an array of property names, got " + describe(req["properties"]));
    for (const Json& p : req["properties"]) {
      if (!p.is_string()) return InputError("properties", "must be an array of property names, got " + describe(p));
      r.properties.push_back(p.get<std::string>());
    }
  }
  if (req.contains("warnings") && !req["warnings"].is_null()) {
    if (!req["warnings"].is_boolean()) return InputError("warnings", "must be true or false, got " + describe(req["warnings"]));
    r.warnings = req["warnings"].get<bool>();
  }
  if (req.contains("bytes") && !req["bytes"].is_null()) {
    if (req["bytes"] != "decimal" && req["bytes"] != "binary")
      return InputError("bytes", "must be \"decimal\" or \"binary\", got " + describe(req["bytes"]));
    r.bytes = req["bytes"] == "binary" ? BytePrefix::binary : BytePrefix::decimal;
  }
  if (req.contains("time") && !req["time"].is_null()) {
    if (!req["time"].is_string() || (req["time"] != "auto" && time_setting_seconds(req["time"].get<std::string>()) == 0))
      return InputError("time", "must be auto, ns, \u00b5s, ms, s, min, h or day, got " + describe(req["time"]));
    r.settings.time = req["time"].get<std::string>();
  }
  if (req.contains("money") && !req["money"].is_null()) {
    if (req["money"] != "short" && req["money"] != "full")
      return InputError("money", "must be \"short\" or \"full\", got " + describe(req["money"]));
    r.settings.money_full = req["money"] == "full";
  }
  return r;
}

Json sweep_warnings_json(const SweepSummary& s) {
  Json out = Json::array();
  for (const SweepWarning& w : s.warnings) {
    Json ranges = Json::array();
    for (const auto& [first, last] : w.ranges) ranges.push_back({first, last});
    out.push_back({{"text", w.text}, {"infeasible", w.infeasible}, {"points", w.points}, {"ranges", ranges}});
  }
  return out;
}

Json sweep_summary_json(const SweepSummary& s) {
  Json out = {{"properties", s.properties}, {"units", s.units}, {"invalid_points", s.invalid_points}, {"first_invalid", s.first_invalid}};
  if (s.warnings_asked) out["warnings"] = sweep_warnings_json(s);
  return out;
}

Expected<PreparedSweep> prepare_sweep(const SweepRequest& request) {
  PreparedSweep ps;
  const Expected<const ScenarioType*> found = find_scenario_type(request.type);
  if (!found) return found.error();
  const ScenarioType& type = **found;
  ps.type = &type;
  const Model& m = type.compiled();
  // the swept field
  int field = -1;
  std::vector<std::string> numeric;
  for (std::size_t k = 0; k < type.fields.size(); ++k) {
    const FieldSpec& f = type.fields[k];
    if (!f.numeric()) continue;
    numeric.push_back(f.name);
    if (f.name == request.field) field = static_cast<int>(k);
  }
  if (field < 0)
    return InputError("field", "cannot sweep " + describe(Json(request.field)) + "; numeric fields of " +
                                  type.name + ": " + join(numeric));
  ps.field = static_cast<std::size_t>(field);
  ps.unit = request.unit;
  const FieldSpec& spec = type.fields[ps.field];
  if (!request.unit.empty() && spec.type != FieldType::Quantity)
    return InputError("unit", spec.name + " is a plain number (" + (spec.type == FieldType::Int ? "integer" : "float") +
                                 "), so its sweep values take no unit; got " + describe(Json(request.unit)));
  if (spec.type == FieldType::Quantity) {
    const Expected<Quantity, UnitError> parsed = parse_unit_alone(request.unit.empty() ? spec.dim.canonical_unit() : request.unit);
    if (!parsed) return InputError("unit", parsed.error().what());
    const Quantity u = *parsed;
    if (u.dim != spec.dim)
      return InputError("unit", "expected a unit of " + (spec.dim.name().empty() ? std::string("a plain number") : spec.dim.name()) +
                                   " for " + spec.name + ", got " + describe(Json(request.unit)));
    ps.factor = u.value;
  }

  if (request.properties.empty()) {
    for (std::size_t p = 0; p < type.properties.size(); ++p) ps.props.push_back(p);
  } else {
    for (const std::string& name : request.properties) {
      std::size_t p = 0;
      while (p < type.properties.size() && type.properties[p].name != name) ++p;
      if (p == type.properties.size()) {
        std::vector<std::string> names;
        for (const PropertySpec& q : type.properties) names.push_back(q.name);
        return InputError("properties", "unknown property " + describe(Json(name)) + " of " + type.name +
                                           "; valid properties: " + join(names));
      }
      if (std::find(ps.props.begin(), ps.props.end(), p) != ps.props.end())
        return InputError("properties", "lists " + describe(Json(name)) + " twice");
      ps.props.push_back(p);
    }
  }
  for (std::size_t p : ps.props) {
    ps.header.properties.push_back(type.properties[p].name);
    ps.header.units.push_back(type.properties[p].unit);
  }

  // the other inputs, validated once; the swept field takes a valid stand-in value
  ps.other_inputs = request.inputs.is_null() ? Json::object() : request.inputs;
  if (!ps.other_inputs.is_object() || is_number_tag(ps.other_inputs))
    return InputError("inputs", "must be an object of field values, got " + describe(ps.other_inputs));
  ps.other_inputs.erase(spec.name);
  Json probe = ps.other_inputs;
  const double x = stand_in(spec);
  probe[spec.name] = spec.type == FieldType::Quantity ? Json({{"value", x}, {"unit", spec.dim.canonical_unit()}}) : Json(x);
  const Expected<Inputs> normalized = normalize_inputs(type, probe, /*swept=*/spec.name);
  if (!normalized) return normalized.error();
  const Inputs& base = *normalized;
  ps.slots.resize(m.slots.size());
  std::unique_ptr<bool[]> present(new bool[m.slots.size()]);
  m.load(base, ps.slots.data(), present.get());
  ps.unavailable.assign(ps.props.size(), 0);
  for (std::size_t j = 0; j < ps.props.size(); ++j)
    for (std::uint32_t k : m.programs[ps.props[j]].slots) ps.unavailable[j] |= !present[k];
  for (const ExactProduct& r : type.exact_products)
    if (r.a == spec.name || r.b == spec.name)
      ps.others.push_back(base.x(r.a == spec.name ? r.b : r.a));
  ps.header.warnings_asked = request.warnings;
  ps.bytes = request.bytes;
  ps.settings = request.settings;
  for (const Program& w : m.warnings) {  // as evaluate checks a warning: only with all it reads
    bool complete = true;
    for (std::uint32_t k : w.slots) complete = complete && present[k];
    ps.warnable.push_back(complete);
  }
  return ps;
}

namespace {

// The inputs of a sweep at value `x` of its field, as a JavaScript caller would send them
// (an integral number as a JSON integer, a non-finite one as {"$number": ...}; a quantity
// as its text, as a reader types it: "-1 s", "NaN ms"), for the messages and warnings
// evaluate gives at that point.
Json inputs_at(const PreparedSweep& ps, double x) {
  const FieldSpec& spec = ps.type->fields[ps.field];
  const Json number =
      !std::isfinite(x) ? Json{{"$number", std::isnan(x) ? "NaN" : x > 0 ? "Infinity" : "-Infinity"}}
      : std::floor(x) == x && std::fabs(x) < 9.2e18 ? Json(static_cast<std::int64_t>(x))
                                                   : Json(x);
  Json probe = ps.other_inputs;
  probe[spec.name] = spec.type != FieldType::Quantity
                         ? number
                         : Json(js_number(x) + " " + (ps.unit.empty() ? spec.dim.canonical_unit() : ps.unit));
  return probe;
}

// run_sweep without its summary's names: the invalid points' count and first message, and
// the warnings that hold (into `warned`, when asked for).
Expected<void> run_points(const PreparedSweep& ps, const double* values, std::size_t n, std::vector<double>& out,
                std::size_t& invalid_points, std::string& first_invalid, std::vector<SweepWarning>* warned) {
  const ScenarioType& type = *ps.type;
  const Model& m = type.compiled();
  const FieldSpec& spec = type.fields[ps.field];
  const int field = static_cast<int>(ps.field);
  if (n > kMaxSweepPoints)
    return InputError("values", "at most " + std::to_string(kMaxSweepPoints) + " points, got " + std::to_string(n));
  if (ps.props.size() * n > kMaxSweepValues)
    return InputError("values", "at most " + std::to_string(kMaxSweepValues) + " results (points x properties), got " +
                                   std::to_string(ps.props.size() * n));

  // Pass 1: the swept values in canonical units, checked against the field's rule and
  // the exact-product rules that involve the field. Invalid points become NaN.
  // (no value-initialisation: every element is written below)
  std::unique_ptr<double[]> column(new double[n]);
  SweepRule rule;
  rule.factor = ps.factor;
  rule.bounds = spec.bounds;
  rule.integer = spec.type == FieldType::Int;
  rule.other = ps.others.data();
  rule.n_other = ps.others.size();
  std::size_t first = 0;
  invalid_points = sweep_column(values, n, rule, column.get(), &first);
  first_invalid.clear();
  if (invalid_points) {
    // the message evaluate gives at that point (inputs_at: "-1 s" quoted as typed)
    const double x = values[first];
    const Expected<Inputs> at_point = normalize_inputs(type, inputs_at(ps, x));
    first_invalid = at_point ? spec.name + ": must be " + spec.rule() + ", got " + js_number(x) : at_point.error().what();
  }

  // Pass 2: each property over all points by the batch interpreter. The swept field's
  // slot, and a symbol that is another name for it, read the column; every other slot
  // holds its one value. (Other derived symbols read non-numeric inputs, which a sweep
  // does not change: SymbolSpec::meaning.)
  std::vector<const double*> columns(m.slots.size());
  std::unique_ptr<bool[]> varies(new bool[m.slots.size()]);
  for (std::size_t k = 0; k < m.slots.size(); ++k) {
    varies[k] = m.slots[k].field == field || m.slots[k].alias_of == field;
    columns[k] = varies[k] ? column.get() : &ps.slots[k];
  }
  std::unique_ptr<double[]> scratch(new double[m.batch_scratch()]);  // written before read; not zeroed
  out.resize(ps.props.size() * n);  // a reused buffer of the same size is not touched
  for (std::size_t j = 0; j < ps.props.size(); ++j) {
    double* o = out.data() + j * n;
    if (ps.unavailable[j]) {
      std::fill(o, o + n, NAN);
      continue;
    }
    m.run_batch(m.programs[ps.props[j]], columns.data(), varies.get(), n, o, scratch.get());
    if (invalid_points)  // a property that does not read the field has values there too
      for (std::size_t i = 0; i < n; ++i) o[i] = std::isnan(column[i]) ? NAN : o[i];
  }
  // Pass 3, when asked: each warning's condition over the valid points, as runs of points
  if (!warned) return {};
  warned->clear();
  std::vector<double> holds(n);
  for (std::size_t k = 0; k < m.warnings.size(); ++k) {
    if (!ps.warnable[k]) continue;
    m.run_batch(m.warnings[k], columns.data(), varies.get(), n, holds.data(), scratch.get());
    SweepWarning w;
    for (std::size_t i = 0; i < n; ++i) {
      if (holds[i] != 1.0 || std::isnan(column[i])) continue;
      if (w.points++ == 0 || w.ranges.back().second + 1 != i) w.ranges.emplace_back(i, i);
      else w.ranges.back().second = i;
    }
    if (!w.points) continue;
    w.text = warning_text(type, k, inputs_at(ps, values[w.ranges.front().first]), ps.bytes, ps.settings);
    w.infeasible = type.warnings[k].infeasible;
    warned->push_back(std::move(w));
  }
  return {};
}

}  // namespace

Expected<SweepSummary> run_sweep(const PreparedSweep& ps, const double* values, std::size_t n, std::vector<double>& out) {
  SweepSummary summary = ps.header;
  if (Expected<void> ran = run_points(ps, values, n, out, summary.invalid_points, summary.first_invalid,
                                      ps.header.warnings_asked ? &summary.warnings : nullptr); !ran)
    return ran.error();
  return summary;
}

Expected<SweepSummary> sweep(const SweepRequest& request, const double* values, std::size_t n, std::vector<double>& out) {
  const Expected<PreparedSweep> prepared = prepare_sweep(request);
  if (!prepared) return prepared.error();
  return run_sweep(*prepared, values, n, out);
}

Expected<std::string> SweepSession::sweep(const std::string& request_text, const double* values, std::size_t n,
                                std::vector<double>& out) {
  if (!prepared_ || request_text != text_) {
    prepared_.reset();  // a request that fails to prepare leaves nothing behind
    const Expected<Json> json = parse_request(request_text, "inputs");
    if (!json) return json.error();
    const Expected<SweepRequest> request = sweep_request(*json);
    if (!request) return request.error();
    Expected<PreparedSweep> prepared = prepare_sweep(*request);
    if (!prepared) return prepared.error();
    auto fresh = std::make_unique<PreparedSweep>(std::move(*prepared));
    // the summary's text up to its last two members, which change with the values:
    // building and writing the names' JSON again on every call was most of a small
    // sweep's time (docs/performance.md)
    std::string head = dump_text(sweep_summary_json(fresh->header));
    head.resize(head.rfind(",\"invalid_points\":"));
    text_ = request_text;
    head_ = std::move(head);
    prepared_ = std::move(fresh);
  }
  SweepSummary tail;
  tail.warnings_asked = prepared_->header.warnings_asked;
  if (Expected<void> ran = run_points(*prepared_, values, n, out, tail.invalid_points, tail.first_invalid,
                                      tail.warnings_asked ? &tail.warnings : nullptr); !ran)
    return ran.error();
  return head_ + ",\"invalid_points\":" + std::to_string(tail.invalid_points) + ",\"first_invalid\":" +
         dump_text(Json(tail.first_invalid)) + (tail.warnings_asked ? ",\"warnings\":" + dump_text(sweep_warnings_json(tail)) : "") + "}";
}

}  // namespace mlsysim
