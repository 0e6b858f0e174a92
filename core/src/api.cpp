// The API.md contract as JSON values, read off the scenario declarations.
#include "mlsysim/api.hpp"

#include <cmath>
#include <memory>

#include "mlsysim/registry.hpp"
#include "model.hpp"
#include "value_text.hpp"

#ifndef MLSYSIM_VERSION
#define MLSYSIM_VERSION "0.0.0"
#endif

namespace mlsysim {

const char* version() { return MLSYSIM_VERSION; }

Json parse_json(const std::string& text, const std::string& field) {
  constexpr int kMaxDepth = 64;
  constexpr std::size_t kMaxEntries = 10000;  // our largest request has a few dozen
  int depth = 0;
  std::size_t entries = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxDepth)
        throw InputError(field, "nests deeper than " + std::to_string(kMaxDepth) + " levels");
    } else if (c == ']' || c == '}') {
      --depth;
    } else if (c == ':' || c == ',') {
      // nlohmann's ordered objects insert in linear time, so a huge object is quadratic
      if (++entries > kMaxEntries)
        throw InputError(field, "has more than " + std::to_string(kMaxEntries) + " entries; a request needs a few dozen");
    }
  }
  try {
    return Json::parse(text);
  } catch (const Json::exception& e) {
    std::string why = e.what();
    const std::size_t at = why.find("] ");
    if (at != std::string::npos) why = why.substr(at + 2);  // drop "[json.exception.parse_error.101] "
    throw InputError(field, "not valid JSON: " + why);
  }
}

namespace {

const char* type_name(FieldType t) {
  switch (t) {
    case FieldType::Int: return "int";
    case FieldType::Float: return "float";
    case FieldType::Quantity: return "quantity";
    case FieldType::Workload: return "workload";
    case FieldType::Fleet: return "fleet";
  }
  return "";
}

Json workload_json(const Workload& w) {
  Json j = {{"name", w.name}, {"parameters", w.parameters}};
  if (!w.source.empty()) j["source"] = w.source;
  return j;
}

Json fleet_json(const Fleet& f) {
  Json j = {{"name", f.name},
            {"count", f.count},
            {"node", {{"name", f.node.name}, {"accelerators_per_node", f.node.accelerators_per_node}}}};
  if (!f.source.empty()) j["source"] = f.source;
  return j;
}

Json normalized(const ScenarioType& type, const Inputs& in) {
  Json out = Json::object();
  for (std::size_t k = 0; k < type.fields.size(); ++k) {
    const FieldSpec& f = type.fields[k];
    const Inputs::Value& v = in.values()[k];
    if (!v.present) {
      out[f.name] = nullptr;
      continue;
    }
    switch (f.type) {
      case FieldType::Int: out[f.name] = v.i; break;
      case FieldType::Float: out[f.name] = v.x; break;
      case FieldType::Quantity: out[f.name] = {{"value", v.x}, {"unit", f.dim.canonical_unit()}}; break;
      case FieldType::Workload: {
        Json w = workload_json(v.workload);
        w["parameters"] = {{"value", v.workload.parameters}, {"unit", "param"}};
        out[f.name] = w;
        break;
      }
      case FieldType::Fleet: out[f.name] = fleet_json(v.fleet); break;
    }
  }
  return out;
}

// Values of every property of `type` for the loaded `slots`; errors[p] is "" or the
// property error's text.
void compute(const ScenarioType& type, const double* slots, const bool* present,
             std::vector<double>& values, std::vector<std::string>& errors) {
  const Model& m = *type.model;
  const std::size_t np = type.properties.size();
  values.assign(np, NAN);
  errors.assign(np, "");
  for (std::size_t p = 0; p < np; ++p) {
    const std::string& name = type.properties[p].name;
    for (std::uint32_t s : m.programs[p].slots)
      if (!present[s]) errors[p] = name + ": needs " + m.slots[s].name + ", which was not given";
    if (!errors[p].empty()) continue;
    std::uint32_t guard = 0;
    const double v = m.run(p, slots, &guard);
    if (guard) errors[p] = name + ": " + m.guard_messages[guard - 1];
    else if (!std::isfinite(v))
      errors[p] = name + ": not a finite number: a step of the equation overflows or divides by zero";
    else values[p] = v + 0.0;
  }
}

std::string math(const std::string& inner) {
  return "<math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\">" + inner + "</math>";
}

std::string mtext(const std::string& s) {
  std::string out = "<mtext>";
  for (char c : s) out += c == '<' ? std::string("&lt;") : c == '&' ? std::string("&amp;") : std::string(1, c);
  return out + "</mtext>";
}

Json result(const ScenarioType& type, const Inputs& in, const Json& preset, const EvalOptions& options) {
  const Model& m = *type.model;
  std::vector<double> slots(m.slots.size());
  std::unique_ptr<bool[]> present(new bool[m.slots.size()]);
  m.load(in, slots.data(), present.get());
  std::vector<double> values;
  std::vector<std::string> errors;
  compute(type, slots.data(), present.get(), values, errors);

  Json props = Json::object();
  for (std::size_t p = 0; p < type.properties.size(); ++p) {
    const PropertySpec& spec = type.properties[p];
    if (!errors[p].empty()) {
      props[spec.name] = {{"error", errors[p]}};
      continue;
    }
    const std::string text = human_text(values[p], spec.unit, options.bytes);
    Json entry = {{"value", values[p]}, {"unit", spec.unit}, {"text", text}};
    if (options.work) {
      const Work w = expr_work(spec.expr, m, slots.data(), values, type);
      entry["work"] = {{"text", w.text},
                       {"mathml", math("<mi>" + spec.name + "</mi><mo>=</mo>" + w.mathml + "<mo>=</mo>" + mtext(text))},
                       {"expression", w.expression}};
    }
    props[spec.name] = entry;
  }
  Json warnings = Json::array();
  if (type.warnings)
    for (const std::string& w : type.warnings(in)) warnings.push_back(w);
  return {{"type", type.name},
          {"preset", preset},
          {"inputs", normalized(type, in)},
          {"properties", props},
          {"warnings", warnings}};
}

}  // namespace

Json list_scenario_types() {
  Json out = Json::array();
  for (const ScenarioType& t : scenario_types()) {
    const Model& model = *t.model;
    Json fields = Json::array();
    for (const FieldSpec& f : t.fields)
      fields.push_back({{"name", f.name},
                        {"type", type_name(f.type)},
                        {"dimension", f.dim.name()},
                        {"unit", f.dim.canonical_unit()},
                        {"display_unit", f.display_unit.empty() ? f.dim.canonical_unit() : f.display_unit},
                        {"required", f.required},
                        {"default", f.default_value},
                        {"rule", f.rule()},
                        {"doc", f.doc}});
    Json props = Json::array();
    for (std::size_t k = 0; k < t.properties.size(); ++k) {
      const PropertySpec& p = t.properties[k];
      // the inputs and symbols its value depends on, properties it uses included
      Json depends = Json::array();
      for (std::size_t s = 0; s < model.slots.size(); ++s)
        for (std::uint32_t used : model.programs[k].slots)
          if (used == s) {
            depends.push_back(model.slots[s].name);
            break;
          }
      props.push_back({{"name", p.name},
                       {"unit", p.unit},
                       {"equation", t.equation(p)},
                       {"mathml", math("<mi>" + p.name + "</mi><mo>=</mo>" + expr_mathml(p.expr) +
                                       (p.note.empty() ? "" : "<mspace width=\"1em\"/>" + mtext("(" + p.note + ")")))},
                       {"doc", p.doc},
                       {"better", p.better.empty() ? Json() : Json(p.better)},
                       {"depends_on", depends}});
    }
    Json symbols = Json::array();
    for (const SymbolSpec& sym : t.symbols)
      symbols.push_back({{"name", sym.name}, {"meaning", sym.meaning}, {"unit", sym.unit}});
    out.push_back({{"name", t.name},
                   {"category", t.category},
                   {"summary", t.summary},
                   {"assumptions", t.assumptions},
                   {"excludes", t.excludes},
                   {"fields", fields},
                   {"properties", props},
                   {"symbols", symbols}});
  }
  return out;
}

Json list_presets() {
  Json out = Json::array();
  for (const Preset& p : presets())
    out.push_back({{"name", p.name}, {"type", p.type}, {"summary", p.summary}, {"inputs", p.inputs}});
  return out;
}

Json list_workloads() {
  Json out = Json::array();
  for (const Workload& w : workloads()) out.push_back(workload_json(w));
  return out;
}

Json list_fleets() {
  Json out = Json::array();
  for (const Fleet& f : fleets()) {
    Json j = fleet_json(f);
    j["accelerators"] = f.count * f.node.accelerators_per_node;
    out.push_back(j);
  }
  return out;
}

Json evaluate(const std::string& type_name_, const Json& inputs, const EvalOptions& options) {
  const ScenarioType& type = find_scenario_type(type_name_);
  return result(type, normalize_inputs(type, inputs), nullptr, options);
}

Json evaluate_preset(const std::string& name, const Json& overrides, const EvalOptions& options) {
  const Preset& preset = find_preset(name);
  Json inputs = preset.inputs;
  if (!overrides.is_null()) {
    if (!overrides.is_object())
      throw InputError("overrides", "must be an object of field values, got " + describe(overrides));
    for (const auto& [key, value] : overrides.items()) inputs[key] = value;
  }
  const ScenarioType& type = find_scenario_type(preset.type);
  return result(type, normalize_inputs(type, inputs), preset.name, options);
}

Json evaluate_request(const Json& request, const EvalOptions& options) {
  if (!request.is_object())
    throw InputError("input", "must be a JSON object {\"type\", \"inputs\"} or {\"preset\", \"overrides\"}, got " +
                                  describe(request));
  for (const auto& [key, _] : request.items())
    if (key != "type" && key != "inputs" && key != "preset" && key != "overrides")
      throw InputError(key, "unknown key of the request; valid keys: type, inputs, preset, overrides");
  const bool has_type = request.contains("type"), has_preset = request.contains("preset");
  if (has_type == has_preset)
    throw InputError("input", "give exactly one of \"type\" (with \"inputs\") or \"preset\" (with optional \"overrides\")");
  if (has_preset) {
    if (!request["preset"].is_string())
      throw InputError("preset", "must be a preset name, got " + describe(request["preset"]));
    if (request.contains("inputs"))
      throw InputError("inputs", "goes with \"type\"; with \"preset\" use \"overrides\"");
    return evaluate_preset(request["preset"].get<std::string>(),
                           request.contains("overrides") ? request["overrides"] : Json(), options);
  }
  if (!request["type"].is_string())
    throw InputError("type", "must be a scenario type name, got " + describe(request["type"]));
  if (request.contains("overrides"))
    throw InputError("overrides", "goes with \"preset\"; with \"type\" use \"inputs\"");
  return evaluate(request["type"].get<std::string>(),
                  request.contains("inputs") ? request["inputs"] : Json::object(), options);
}

SweepRequest sweep_request(const Json& req) {
  if (!req.is_object()) throw InputError("inputs", "a sweep request must be an object, got " + describe(req));
  SweepRequest r;
  auto text = [&](const char* key, bool required) {
    if (!req.contains(key) || req[key].is_null()) {
      if (required) throw InputError(key, "is required");
      return std::string();
    }
    if (!req[key].is_string()) throw InputError(key, "must be a string, got " + req[key].dump());
    return req[key].get<std::string>();
  };
  r.type = text("type", true);
  r.field = text("field", true);
  r.unit = text("unit", false);
  r.inputs = req.contains("inputs") ? req["inputs"] : Json::object();
  if (req.contains("properties") && !req["properties"].is_null()) {
    if (!req["properties"].is_array()) throw InputError("properties", "must be an array of property names");
    for (const Json& p : req["properties"]) {
      if (!p.is_string()) throw InputError("properties", "must be an array of property names, got " + p.dump());
      r.properties.push_back(p.get<std::string>());
    }
  }
  return r;
}

Json sweep_summary_json(const SweepSummary& s) {
  return Json{{"properties", s.properties},
              {"units", s.units},
              {"invalid_points", s.invalid_points},
              {"first_invalid", s.first_invalid}};
}

PreparedSweep prepare_sweep(const SweepRequest& request) {
  PreparedSweep ps;
  const ScenarioType& type = find_scenario_type(request.type);
  ps.type = &type;
  const Model& m = *type.model;
  // the swept field
  int field = -1;
  std::vector<std::string> numeric;
  for (std::size_t k = 0; k < type.fields.size(); ++k) {
    const FieldSpec& f = type.fields[k];
    if (f.type != FieldType::Int && f.type != FieldType::Float && f.type != FieldType::Quantity) continue;
    numeric.push_back(f.name);
    if (f.name == request.field) field = static_cast<int>(k);
  }
  if (field < 0)
    throw InputError("field", "cannot sweep " + describe(Json(request.field)) + "; numeric fields of " +
                                  type.name + ": " + join(numeric));
  ps.field = static_cast<std::size_t>(field);
  ps.unit = request.unit;
  const FieldSpec& spec = type.fields[ps.field];
  if (!request.unit.empty() && spec.type != FieldType::Quantity)
    throw InputError("unit", spec.name + " is a plain number (" + (spec.type == FieldType::Int ? "integer" : "float") +
                                 "), so its sweep values take no unit; got " + describe(Json(request.unit)));
  if (spec.type == FieldType::Quantity) {
    Quantity u;
    try {
      u = parse_unit(request.unit.empty() ? spec.dim.canonical_unit() : request.unit);
    } catch (const UnitError& e) {
      throw InputError("unit", e.what());
    }
    if (u.dim != spec.dim)
      throw InputError("unit", "expected a unit of " + (spec.dim.name().empty() ? std::string("a plain number") : spec.dim.name()) +
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
        throw InputError("properties", "unknown property " + describe(Json(name)) + " of " + type.name +
                                           "; valid properties: " + join(names));
      }
      if (std::find(ps.props.begin(), ps.props.end(), p) != ps.props.end())
        throw InputError("properties", "lists " + describe(Json(name)) + " twice");
      ps.props.push_back(p);
    }
  }
  for (std::size_t p : ps.props) {
    ps.header.properties.push_back(type.properties[p].name);
    ps.header.units.push_back(type.properties[p].unit);
  }

  // the other inputs, validated once; the swept field takes a valid stand-in value
  ps.other_inputs = request.inputs.is_null() ? Json::object() : request.inputs;
  if (!ps.other_inputs.is_object())
    throw InputError("inputs", "must be an object of field values, got " + describe(ps.other_inputs));
  ps.other_inputs.erase(spec.name);
  Inputs base = [&] {
    Json probe = ps.other_inputs;
    const double stand_in = spec.min_exclusive ? spec.min + 1 : std::max(spec.min, 1.0);
    probe[spec.name] = spec.type == FieldType::Quantity ? Json({{"value", stand_in}, {"unit", spec.dim.canonical_unit()}})
                                                        : Json(stand_in);
    return normalize_inputs(type, probe, /*swept=*/spec.name);
  }();
  ps.slots.resize(m.slots.size());
  std::unique_ptr<bool[]> present(new bool[m.slots.size()]);
  m.load(base, ps.slots.data(), present.get());
  ps.unavailable.assign(ps.props.size(), 0);
  for (std::size_t j = 0; j < ps.props.size(); ++j)
    for (std::uint32_t k : m.programs[ps.props[j]].slots) ps.unavailable[j] |= !present[k];
  for (const ExactProduct& r : type.exact_products)
    if (r.a == spec.name || r.b == spec.name)
      ps.others.push_back(static_cast<double>(base.i(r.a == spec.name ? r.b.c_str() : r.a.c_str())));
  return ps;
}

SweepSummary run_sweep(const PreparedSweep& ps, const double* values, std::size_t n, std::vector<double>& out) {
  const ScenarioType& type = *ps.type;
  const Model& m = *type.model;
  const FieldSpec& spec = type.fields[ps.field];
  const int field = static_cast<int>(ps.field);
  if (n > kMaxSweepPoints)
    throw InputError("values", "at most " + std::to_string(kMaxSweepPoints) + " points, got " + std::to_string(n));
  if (ps.props.size() * n > kMaxSweepValues)
    throw InputError("values", "at most " + std::to_string(kMaxSweepValues) + " results (points x properties), got " +
                                   std::to_string(ps.props.size() * n));
  SweepSummary summary = ps.header;

  // Pass 1: the swept values in canonical units, checked against the field's rule and
  // the exact-product rules that involve the field. Invalid points become NaN.
  // (no value-initialisation: every element is written below)
  std::unique_ptr<double[]> column(new double[n]);
  SweepRule rule;
  rule.factor = ps.factor;
  rule.min = spec.min;
  rule.min_exclusive = spec.min_exclusive;
  rule.integer = spec.type == FieldType::Int;
  rule.other = ps.others.data();
  rule.n_other = ps.others.size();
  std::size_t first = 0;
  summary.invalid_points = sweep_column(values, n, rule, column.get(), &first);
  if (summary.invalid_points) {
    // the message evaluate gives at that point: the same inputs with the field set to
    // the value as a JavaScript caller would send it (an integral number as a JSON
    // integer, a non-finite one as {"$number": ...})
    const double x = values[first];
    const Json number =
        !std::isfinite(x) ? Json{{"$number", std::isnan(x) ? "NaN" : x > 0 ? "Infinity" : "-Infinity"}}
        : std::floor(x) == x && std::fabs(x) < 9.2e18 ? Json(static_cast<std::int64_t>(x))
                                                     : Json(x);
    Json probe = ps.other_inputs;
    probe[spec.name] = spec.type == FieldType::Quantity
                           ? Json{{"value", number}, {"unit", ps.unit.empty() ? spec.dim.canonical_unit() : ps.unit}}
                           : number;
    summary.first_invalid = spec.name + ": must be " + spec.rule() + ", got " + js_number(x);
    try {
      normalize_inputs(type, probe);
    } catch (const InputError& e) {
      summary.first_invalid = e.what();
    }
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
    m.run_batch(ps.props[j], columns.data(), varies.get(), n, o, scratch.get());
    if (summary.invalid_points)  // a property that does not read the field has values there too
      for (std::size_t i = 0; i < n; ++i) o[i] = std::isnan(column[i]) ? NAN : o[i];
  }
  return summary;
}


SweepSummary sweep(const SweepRequest& request, const double* values, std::size_t n, std::vector<double>& out) {
  return run_sweep(prepare_sweep(request), values, n, out);
}

SweepSummary SweepSession::sweep(const std::string& request_text, const double* values, std::size_t n,
                                 std::vector<double>& out) {
  if (!prepared_ || request_text != text_) {
    prepared_.reset();  // a request that fails to prepare leaves nothing behind
    auto fresh = std::make_unique<PreparedSweep>(prepare_sweep(sweep_request(parse_json(request_text, "inputs"))));
    text_ = request_text;
    prepared_ = std::move(fresh);
  }
  return run_sweep(*prepared_, values, n, out);
}

}  // namespace mlsysim
