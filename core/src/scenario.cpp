// Generic scenario machinery: validation and normalization of inputs against a
// declaration. Nothing here names a particular scenario's field.
#include "mlsysim/scenario.hpp"

#include <cmath>
#include <cstdint>
#include <optional>

#include "mlsysim/text.hpp"
#include "read.hpp"
#include "value_text.hpp"

namespace mlsysim {

SymbolSpec symbol(const char* name, const char* path, const char* doc) {
  return {std::string(name), std::string(path), std::string(doc)};
}
SymbolSpec symbol(const char* path) { return {std::string(path), std::string(path), ""}; }

Property::Property(const char* name, const char* unit, Expr expr) {
  spec_.name = name;
  spec_.unit = unit;
  spec_.expr = std::move(expr);
}
Property& Property::doc(const char* text) { spec_.doc = text; return *this; }
Property& Property::note(const char* text) { spec_.note = text; return *this; }
Property& Property::source(const char* text) { spec_.source = text; return *this; }
Property& Property::source(const std::string& text) { spec_.source = text; return *this; }

std::string PropertySpec::text(double value, BytePrefix bytes, int digits) const {
  return display_unit.empty() || !std::isfinite(value) ? human_text(value, unit, bytes, digits)
                                                        : text_in_unit(value, display_unit, digits);
}

std::string PropertySpec::shown(double value, BytePrefix bytes, const DisplaySettings& settings) const {
  const std::string set = settings_text(value, unit, settings);
  return set.empty() ? text(value, bytes) : set;
}

std::string ScenarioType::equation(const PropertySpec& p) const {
  return expr_text(p.expr) + (p.note.empty() ? "" : " (" + p.note + ")");
}

const FieldSpec* ScenarioType::field(const std::string& n) const {
  for (const FieldSpec& f : fields)
    if (f.name == n) return &f;
  return nullptr;
}

std::string ScenarioType::first_sweep_field() const {
  if (!sweep.field.empty()) return sweep.field;
  for (const FieldSpec& f : fields)
    if (f.numeric()) return f.name;
  return "";
}

const FieldValue& Inputs::at(const std::string& field) const {
  for (std::size_t k = 0; k < type_->fields.size(); ++k)
    if (type_->fields[k].name == field) return values_[k];
  declaration_error("scenario declaration reads undeclared field " + field);
}

namespace {

// The registry field a symbol's path starts at, and the rest of the path ("" when the
// symbol names a numeric field).
std::pair<std::string, std::string> split_symbol(const SymbolSpec& s) {
  const std::size_t dot = s.path.find('.');
  if (dot == std::string::npos) return {s.path, ""};
  return {s.path.substr(0, dot), s.path.substr(dot + 1)};
}

}  // namespace

Expected<Inputs> normalize_inputs(const ScenarioType& type, const Json& inputs, const std::string& swept,
                                  std::vector<FieldError>* errors) {
  if (!inputs.is_object() || is_number_tag(inputs)) return InputError("inputs", "must be an object of field values, got " + describe(inputs));
  // without `errors`, the first error ends the reading (`stop`); collecting, an error is
  // recorded (one per field: the first) and the field it blames left absent
  std::optional<InputError> stop;
  auto failed = [&](const InputError& e) {
    if (!errors) {
      stop = e;
      return;
    }
    for (const FieldError& known : *errors)
      if (known.field == e.field) return;
    errors->push_back({e.field, e.what()});
  };
  std::vector<std::string> names;
  for (const FieldSpec& f : type.fields) names.push_back(f.name);
  // each unknown field is named, up to 16; the rest are counted in one error on "inputs"
  // (a re-checker's trial: 95 presets of 1,000 unknown fields each took seconds to list)
  constexpr std::size_t kMostNamed = 16;
  std::size_t unknown = 0;
  for (const auto& item : inputs.items()) {
    const std::string& key = item.key();
    if (type.field(key)) continue;
    if (++unknown > kMostNamed) continue;
    const std::string guess = nearest_name(key, names);
    failed(InputError(key, "unknown field of " + type.name + (guess.empty() ? "" : " (did you mean " + guess + "?)") +
                               "; valid fields: " + join(names)));
    if (stop) return *stop;
  }
  if (unknown > kMostNamed)
    failed(InputError("inputs", "has " + std::to_string(unknown - kMostNamed) + " more unknown fields of " + type.name +
                                    " than the " + std::to_string(kMostNamed) + " named; valid fields: " + join(names)));
  std::vector<FieldValue> values(type.fields.size());
  for (std::size_t k = 0; k < type.fields.size(); ++k) {
    const FieldSpec& f = type.fields[k];
    const bool given = inputs.contains(f.name) && !inputs[f.name].is_null();
    // null is "not given" (docs/api.md), and says so where it removed a required value, a
    // preset's among them (an attacker's trial: --set workers=null was "not given")
    const std::string absent = inputs.contains(f.name) ? "was given null, which leaves it not given" : "was not given";
    Expected<FieldValue> v = given                          ? read_field(f, inputs[f.name], f.name)
                             : f.required                   ? Expected<FieldValue>(InputError(f.name, "is required (" + f.rule() + ") but " + absent))
                             : !f.default_value.is_null()   ? read_field(f, f.default_value, f.name)
                                                            : Expected<FieldValue>(FieldValue{});
    if (v) {
      values[k] = std::move(*v);
      continue;
    }
    failed(v.error());
    if (stop) return *stop;
    if (!given)
      for (FieldError& e : *errors) e.missing = e.missing || e.field == f.name;
  }
  auto drop = [&](const std::string& field) {
    for (std::size_t k = 0; k < type.fields.size(); ++k)
      if (type.fields[k].name == field) values[k] = FieldValue{};
  };
  Inputs in(type, values);
  // every sub-field the equations read must be in the entry given (ResNet50 has no layers)
  for (const SymbolSpec& s : type.symbols) {
    const std::pair<std::string, std::string> parts = split_symbol(s);
    const std::string& field = parts.first;
    const std::string& rest = parts.second;
    if (rest.empty() || !in.has(field)) continue;
    const Entry& e = in.entry(field);
    double x = 0;
    std::string missing;
    if (e.number(rest, x, missing)) continue;
    failed(InputError(field, e.kind->name + " " + describe(Json(e.name)) + " has no " + missing + ", which " + type.name +
                                 " needs (" + (s.name == s.path ? s.path : s.name + " = " + s.path) + "); choose another " +
                                 e.kind->name + " or give " + missing + " inline"));
    if (stop) return *stop;
    drop(field);
  }
  for (const ExactProduct& r : type.exact_products) {
    if (r.a == swept || r.b == swept || !in.has(r.a) || !in.has(r.b)) continue;
    const auto a = static_cast<std::int64_t>(in.x(r.a)), b = static_cast<std::int64_t>(in.x(r.b));
    // at the first error, the larger factor is blamed; collecting, both are (the one just
    // edited among them), so neither field shows a value the rule refuses
    const std::string blame = a >= b ? r.a : r.b;
    const Expected<std::int64_t> product = exact_product(a, b, blame, r.a + " x " + r.b);
    if (product) continue;
    failed(product.error());
    if (stop) return *stop;
    const std::string other = blame == r.a ? r.b : r.a;
    failed(exact_product(a, b, other, r.a + " x " + r.b).error());
    drop(blame);
    drop(other);
  }
  if (errors) return Inputs(type, values);
  return in;
}

}  // namespace mlsysim
