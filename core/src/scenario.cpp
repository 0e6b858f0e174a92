// Generic scenario machinery: rule text, input validation and normalization.
// Nothing here names a particular scenario's field.
#include "mlsysim/scenario.hpp"

#include <cmath>

#include "mlsysim/registry.hpp"
#include "model.hpp"
#include "scenarios/scenarios.hpp"
#include "value_text.hpp"

namespace mlsysim {

const std::vector<ScenarioType>& scenario_types() {
  static const std::vector<ScenarioType> types = [] {
    std::vector<ScenarioType> list{
        sync_strategy_scenario(),
        data_parallel_attack_surface_scenario(),
    };
    for (ScenarioType& t : list) t.model = std::make_shared<const Model>(build_model(t));
    return list;
  }();
  return types;
}

std::string ScenarioType::equation(const PropertySpec& p) const {
  return expr_text(p.expr) + (p.note.empty() ? "" : " (" + p.note + ")");
}

const ScenarioType& find_scenario_type(const std::string& name) {
  std::vector<std::string> names;
  for (const ScenarioType& t : scenario_types()) {
    if (t.name == name) return t;
    names.push_back(t.name);
  }
  throw InputError("type", "unknown scenario type " + describe(Json(name)) + "; valid types: " +
                               join(names));
}

namespace {

std::string bound_text(double min, bool exclusive) {
  return std::string(exclusive ? "> " : ">= ") + js_number(min);
}

}  // namespace

std::string FieldSpec::rule() const {
  switch (type) {
    case FieldType::Int:
      return "integer " + bound_text(min, min_exclusive);
    case FieldType::Float:
      return "finite number " + bound_text(min, min_exclusive);
    case FieldType::Quantity:
      return dim.name() + " " + bound_text(min, min_exclusive) + " " +
             (display_unit.empty() ? dim.canonical_unit() : display_unit) + (required ? "" : " when given");
    case FieldType::Workload:
      return "registry name, or {name, parameters} with parameters > 0 param";
    case FieldType::Fleet:
      return "registry name, or {name, count, node: {name, accelerators_per_node}} with "
             "count >= 1, accelerators_per_node >= 1";
  }
  return "";
}

const Inputs::Value& Inputs::at(const char* field) const {
  for (std::size_t k = 0; k < fields_->size(); ++k)
    if ((*fields_)[k].name == field) return values_[k];
  throw std::logic_error(std::string("scenario declaration reads undeclared field ") + field);
}

std::int64_t exact_product(std::int64_t a, std::int64_t b, const char* blame, const char* what) {
  std::int64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r) || r > kMaxExactInteger) {
    // the exact product in decimal (a double would round 2^53 + 1 to 2^53 and contradict
    // the message); both factors are integers in [0, 2^53], so 128 bits hold it
    unsigned __int128 p = static_cast<unsigned __int128>(a) * static_cast<unsigned __int128>(b);
    std::string digits;
    do {
      digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(p % 10)));
      p /= 10;
    } while (p != 0);
    throw InputError(blame, std::string(what) + " = " + digits +
                                " is above 2^53 = 9007199254740992, which JavaScript cannot "
                                "represent exactly");
  }
  return r;
}

namespace {

// JavaScript callers send NaN and +-Infinity as {"$number": "NaN"|"Infinity"|"-Infinity"},
// since JSON has no such numbers (wasm/post.js). Returns true when `v` is a number.
bool as_number(const Json& v, double& out) {
  if (v.is_number()) {
    out = v.get<double>();
    return true;
  }
  if (v.is_object() && v.size() == 1 && v.contains("$number") && v["$number"].is_string()) {
    const std::string& s = v["$number"].get_ref<const std::string&>();
    if (s == "NaN") out = NAN;
    else if (s == "Infinity") out = INFINITY;
    else if (s == "-Infinity") out = -INFINITY;
    else return false;
    return true;
  }
  return false;
}

// True when `s` is the integer literal 2^53 (optional sign and leading zeros).
bool exactly_2_53(const std::string& s) {
  std::size_t i = (!s.empty() && (s[0] == '+' || s[0] == '-')) ? 1 : 0;
  while (i + 1 < s.size() && s[i] == '0') ++i;
  return s.compare(i, std::string::npos, "9007199254740992") == 0;
}

bool meets(double x, double min, bool exclusive) { return exclusive ? x > min : x >= min; }

// `prefix` names a part inside a composite field ("parameters ", "count "), or is empty.
std::int64_t read_int(const Json& v, const std::string& field, const std::string& prefix,
                      double min, bool exclusive) {
  const std::string must = prefix + "must be an integer " + bound_text(min, exclusive);
  double x = 0;
  bool number = as_number(v, x);
  if (!number && v.is_string()) {
    std::string s = v.get<std::string>();
    while (!s.empty() && s.back() == ' ') s.pop_back();
    while (!s.empty() && s.front() == ' ') s.erase(0, 1);
    number = parse_number(s, x);
    // a literal just above 2^53 rounds to a double that passes the bound: at that
    // magnitude only the exact integer literal 9007199254740992 is taken
    if (number && std::fabs(x) >= static_cast<double>(kMaxExactInteger) && !exactly_2_53(s))
      x = std::copysign(1e300, x);
  }
  if (!number || !std::isfinite(x) || std::floor(x) != x || !meets(x, min, exclusive))
    throw InputError(field, must + ", got " + describe(v));
  // a JSON float at 2^53 may stand for 9007199254740991.5 or ...993: not exact
  if (x > static_cast<double>(kMaxExactInteger) || (v.is_number_float() && std::fabs(x) >= static_cast<double>(kMaxExactInteger)))
    throw InputError(field, must + " and at most 2^53 = 9007199254740992 (exact in JavaScript), got " +
                                describe(v));
  if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(kMaxExactInteger))
    throw InputError(field, must + " and at most 2^53 = 9007199254740992 (exact in JavaScript), got " +
                                describe(v));
  return static_cast<std::int64_t>(x) + 0;  // + 0 turns -0 into 0
}

double read_float(const Json& v, const std::string& field, double min, bool exclusive) {
  double x = 0;
  bool number = as_number(v, x);
  if (!number && v.is_string()) number = parse_number(v.get<std::string>(), x);
  if (!number || !std::isfinite(x) || !meets(x, min, exclusive))
    throw InputError(field, "must be a finite number " + bound_text(min, exclusive) + ", got " +
                                describe(v));
  return x + 0.0;
}

double read_quantity(const Json& v, const std::string& field, const std::string& prefix,
                     const Dim& dim, double min, bool exclusive, const std::string& display_unit = "") {
  const std::string name = dim.name();
  const bool vowel = !name.empty() && std::string("aeiou").find(name[0]) != std::string::npos;
  const std::string expected = name.empty() ? std::string("a number") : (vowel ? "an " : "a ") + name;
  const std::string example = dim.canonical_unit().empty() ? "" : " such as \"1 " + (display_unit.empty() ? dim.canonical_unit() : display_unit) + "\"";
  Quantity q;
  try {
    double num = 0;
    if (v.is_string()) {
      q = parse_quantity(v.get<std::string>());
    } else if (v.is_object() && !v.contains("$number")) {
      for (const auto& [key, _] : v.items())
        if (key != "value" && key != "unit")
          throw InputError(field, prefix + "unknown key " + describe(Json(key)) +
                                      " in {value, unit}; valid keys: value, unit");
      if (!v.contains("value") || !as_number(v["value"], num))
        throw InputError(field, prefix + "{value, unit} needs a number \"value\", got " + describe(v));
      if (!std::isfinite(num))
        throw InputError(field, prefix + "must be a finite number, got " + describe(v));
      const Json unit = v.contains("unit") ? v["unit"] : Json("");
      if (!unit.is_string())
        throw InputError(field, prefix + "{value, unit} needs a string \"unit\", got " + describe(v));
      q = parse_unit(unit.get<std::string>());
      q.value *= num;
      if (!std::isfinite(q.value))
        throw InputError(field, prefix + describe(v) + " is out of range");
    } else if (as_number(v, num) && dim.dimensionless()) {
      q = {num, dims::none};
    } else if (as_number(v, num)) {
      throw InputError(field, prefix + "expected " + expected + example + ", got " + describe(v) +
                                  " (no unit)");
    } else {
      throw InputError(field, prefix + "expected " + expected + example + ", got " + describe(v));
    }
  } catch (const UnitError& e) {
    throw InputError(field, prefix + e.what() + (dim.dimensionless() ? "" : "; expected " + expected + example));
  }
  if (!std::isfinite(q.value))
    throw InputError(field, prefix + "must be a finite " + dim.name() + ", got " + describe(v));
  if (q.dim != dim) {
    const std::string got_dim = q.dim.dimensionless() ? "no unit" : q.dim.name();
    throw InputError(field, prefix + "expected " + expected + ", got " + describe(v) + " (" + got_dim + ")");
  }
  if (!meets(q.value, min, exclusive))
    throw InputError(field, prefix + "must be " + (dim.dimensionless() ? "" : dim.name() + " ") +
                                bound_text(min, exclusive) + " " + dim.canonical_unit() +
                                ", got " + describe(v));
  return q.value + 0.0;
}

void only_keys(const Json& obj, const std::string& field, const std::string& prefix,
               const std::vector<std::string>& allowed) {
  for (const auto& [key, _] : obj.items()) {
    bool ok = false;
    for (const std::string& a : allowed) ok = ok || key == a;
    if (!ok)
      throw InputError(field, prefix + "unknown key " + describe(Json(key)) + "; valid keys: " + join(allowed));
  }
}

std::string read_name(const Json& obj, const std::string& field, const std::string& prefix,
                      const char* fallback) {
  if (!obj.contains("name") || obj["name"].is_null()) return fallback;
  if (!obj["name"].is_string() || obj["name"].get<std::string>().empty())
    throw InputError(field, prefix + "name must be a non-empty string, got " + describe(obj["name"]));
  return obj["name"].get<std::string>();
}

std::string read_source(const Json& v, const std::string& field) {
  if (!v.is_string()) throw InputError(field, "source must be a string, got " + describe(v));
  return v.get<std::string>().substr(0, 500);
}

Workload read_workload(const Json& v, const std::string& field) {
  if (v.is_string()) return find_workload(v.get<std::string>(), field);
  if (!v.is_object())
    throw InputError(field, "expected a workload name or {name, parameters}, got " + describe(v));
  only_keys(v, field, "", {"name", "parameters", "source"});
  Workload w;
  w.name = read_name(v, field, "", "custom workload");
  if (!v.contains("parameters"))
    throw InputError(field, "inline workload needs \"parameters\" (param > 0, e.g. \"7e9 param\")");
  w.parameters = read_quantity(v["parameters"], field, "parameters: ", dims::param, 0, true);
  if (v.contains("source") && !v["source"].is_null()) w.source = read_source(v["source"], field);
  return w;
}

Fleet read_fleet(const Json& v, const std::string& field) {
  if (v.is_string()) return find_fleet(v.get<std::string>(), field);
  if (!v.is_object())
    throw InputError(field, "expected a fleet name or {name, count, node}, got " + describe(v));
  only_keys(v, field, "", {"name", "count", "node", "source"});
  Fleet f;
  f.name = read_name(v, field, "", "custom fleet");
  if (!v.contains("count")) throw InputError(field, "inline fleet needs \"count\" (nodes, integer >= 1)");
  f.count = read_int(v["count"], field, "count ", 1, false);
  if (!v.contains("node"))
    throw InputError(field, "inline fleet needs \"node\": a node name or {name, accelerators_per_node}");
  const Json& n = v["node"];
  if (n.is_string()) {
    f.node = find_node(n.get<std::string>(), field);
  } else if (n.is_object()) {
    only_keys(n, field, "node: ", {"name", "accelerators_per_node"});
    f.node.name = read_name(n, field, "node ", "custom node");
    if (!n.contains("accelerators_per_node"))
      throw InputError(field, "node needs \"accelerators_per_node\" (integer >= 1)");
    f.node.accelerators_per_node = read_int(n["accelerators_per_node"], field, "node.accelerators_per_node ", 1, false);
  } else {
    throw InputError(field, "node must be a node name or {name, accelerators_per_node}, got " + describe(n));
  }
  if (v.contains("source") && !v["source"].is_null()) f.source = read_source(v["source"], field);
  exact_product(f.count, f.node.accelerators_per_node, field.c_str(), "count x accelerators_per_node");
  return f;
}

Inputs::Value read_field(const FieldSpec& spec, const Json& v) {
  Inputs::Value out;
  out.present = true;
  switch (spec.type) {
    case FieldType::Int:
      out.i = read_int(v, spec.name, "", spec.min, spec.min_exclusive);
      out.x = static_cast<double>(out.i);
      break;
    case FieldType::Float:
      out.x = read_float(v, spec.name, spec.min, spec.min_exclusive);
      break;
    case FieldType::Quantity:
      out.x = read_quantity(v, spec.name, "", spec.dim, spec.min, spec.min_exclusive, spec.display_unit);
      break;
    case FieldType::Workload:
      out.workload = read_workload(v, spec.name);
      break;
    case FieldType::Fleet:
      out.fleet = read_fleet(v, spec.name);
      break;
  }
  return out;
}

}  // namespace

Inputs normalize_inputs(const ScenarioType& type, const Json& inputs, const std::string& swept) {
  if (!inputs.is_object())
    throw InputError("inputs", "must be an object of field values, got " + describe(inputs));
  std::vector<std::string> names;
  for (const FieldSpec& f : type.fields) names.push_back(f.name);
  for (const auto& [key, _] : inputs.items()) {
    bool known = false;
    for (const std::string& n : names) known = known || n == key;
    if (!known)
      throw InputError(key, "unknown field of " + type.name + "; valid fields: " + join(names));
  }
  std::vector<Inputs::Value> values;
  values.reserve(type.fields.size());
  for (const FieldSpec& f : type.fields) {
    const bool given = inputs.contains(f.name) && !inputs[f.name].is_null();
    if (given) {
      values.push_back(read_field(f, inputs[f.name]));
    } else if (f.required) {
      throw InputError(f.name, "is required (" + f.rule() + ") but was not given");
    } else if (!f.default_value.is_null()) {
      values.push_back(read_field(f, f.default_value));
    } else {
      values.emplace_back();  // optional and absent
    }
  }
  Inputs in(type.fields, std::move(values));
  for (const ExactProduct& r : type.exact_products) {
    if (r.a == swept || r.b == swept) continue;
    const std::int64_t a = in.i(r.a.c_str()), b = in.i(r.b.c_str());
    exact_product(a, b, (a >= b ? r.a : r.b).c_str(), (r.a + " x " + r.b).c_str());
  }
  return in;
}

}  // namespace mlsysim
