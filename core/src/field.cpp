// Field declarations (field.hpp): bounds as text, the named builders. A field's rule text
// is written with the registries (registry.cpp), since a registry field's rule is its kind's.
#include "mlsysim/field.hpp"

#include <cmath>

#include "mlsysim/text.hpp"

namespace mlsysim {

std::string Bounds::text(const std::string& unit) const {
  const std::string u = unit.empty() ? "" : " " + unit;
  std::string out;
  if (std::isfinite(min)) out = std::string(min_exclusive ? "> " : ">= ") + js_number(min) + u;
  if (std::isfinite(max)) out += (out.empty() ? "" : " and ") + std::string(max_exclusive ? "< " : "<= ") + js_number(max) + u;
  return out;
}

Bounds Bounds::scaled(double factor) const { return {min / factor, min_exclusive, max / factor, max_exclusive}; }

std::string FieldSpec::type_name() const {
  switch (type) {
    case FieldType::Int: return "int";
    case FieldType::Float: return "float";
    case FieldType::Quantity: return "quantity";
    case FieldType::Registry: return registry;
  }
  return "";
}

std::string FieldSpec::shown_unit() const { return display_unit.empty() ? dim.canonical_unit() : display_unit; }

Field Field::integer(const char* name) {
  Field f;
  f.spec_.name = name;
  f.spec_.type = FieldType::Int;
  return f;
}
Field Field::number(const char* name) {
  Field f = integer(name);
  f.spec_.type = FieldType::Float;
  return f;
}
Field Field::quantity(const char* name, Dim dim) {
  Field f = integer(name);
  f.spec_.type = FieldType::Quantity;
  f.spec_.dim = dim;
  return f;
}
Field Field::registry(const char* name, const char* kind) {
  Field f = integer(name);
  f.spec_.type = FieldType::Registry;
  f.spec_.registry = kind;
  return f;
}

Field& Field::at_least(double v) { spec_.bounds.min = v; spec_.bounds.min_exclusive = false; return *this; }
Field& Field::above(double v) { spec_.bounds.min = v; spec_.bounds.min_exclusive = true; return *this; }
Field& Field::at_most(double v) { spec_.bounds.max = v; spec_.bounds.max_exclusive = false; return *this; }
Field& Field::below(double v) { spec_.bounds.max = v; spec_.bounds.max_exclusive = true; return *this; }
Field& Field::optional(Json default_value) {
  spec_.required = false;
  spec_.default_value = std::move(default_value);
  return *this;
}
Field& Field::defaults_to(const char* other) {
  spec_.required = false;
  spec_.defaults_to = other;
  return *this;
}
Field& Field::at_most_field(const char* other) { spec_.at_most_field = other; return *this; }
Field& Field::shown_in(const char* unit) { spec_.display_unit = unit; return *this; }
Field& Field::in_use(const char* property) { spec_.in_use = property; return *this; }
Field& Field::doc(const char* text) { spec_.doc = text; return *this; }
Field& Field::source(const char* text) { spec_.source = text; return *this; }
Field& Field::doc(const std::string& text) { spec_.doc = text; return *this; }
Field& Field::source(const std::string& text) { spec_.source = text; return *this; }

}  // namespace mlsysim
