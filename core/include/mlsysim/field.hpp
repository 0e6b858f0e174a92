// One input field, declared by name (docs/architecture.md, "Declarations"): the inputs of
// a scenario type and the sub-fields of a registry kind are both FieldSpecs, written with
// named builders so that a declaration reads as the spec's tables do:
//
//     Field::integer("staleness").at_least(0).optional(0).doc("Bound on gradient staleness.")
//     Field::quantity("base_iteration_time", dims::time).above(0).doc("...")
//     Field::quantity("device_hour_rate", dims::currency / dims::time).at_least(0).shown_in("USD/h")
//     Field::registry("workload", "workload").doc("The model trained.")
#pragma once

#include <limits>
#include <string>

#include "mlsysim/json.hpp"
#include "mlsysim/units.hpp"

namespace mlsysim {

/// The interval a number must lie in: above or at least `min`, below or at most `max`.
struct Bounds {
  double min = -std::numeric_limits<double>::infinity();
  bool min_exclusive = false;
  double max = std::numeric_limits<double>::infinity();
  bool max_exclusive = false;

  bool contains(double x) const {
    return (min_exclusive ? x > min : x >= min) && (max_exclusive ? x < max : x <= max);
  }
  /// ">= 1", "> 0 and <= 1", "" when unbounded; with `unit` after each number.
  std::string text(const std::string& unit = "") const;
  /// These bounds with every number divided by `factor` (a display unit's size).
  Bounds scaled(double factor) const;
};

enum class FieldType { Int, Float, Quantity, Registry };

/// One input of a scenario type, or one sub-field of a registry kind.
struct FieldSpec {
  std::string name;
  FieldType type = FieldType::Int;
  Dim dim;                   // Quantity
  std::string registry;      // Registry: the kind ("workload", "fleet", "hardware")
  Bounds bounds;             // Int, Float, Quantity
  bool required = true;      // when false, `default_value` applies (null: absent)
  Json default_value;        // null when the field has no default
  std::string defaults_to;   // registry sub-fields: another sub-field whose value an absent one takes
  std::string at_most_field;  // registry sub-fields: another one this may not exceed
  std::string display_unit;  // Quantity: the unit people write it in ("USD/h"); "" = canonical
  std::string doc;
  std::string source;        // where the default value comes from, or ""
  std::string in_use;        // an optional field with no default: the property whose value is the
                             // one in use (this field's when given, what stands in when absent)

  /// The name docs/api.md gives the type: "int", "float", "quantity", or the registry kind.
  std::string type_name() const;
  /// The unit its values and bounds are shown in: display_unit, else the canonical unit.
  std::string shown_unit() const;
  /// The rule as text, e.g. "integer >= 1", "finite number > 0 and <= 1", "time > 0 s",
  /// "currency/time >= 0 USD/h"; a registry field's rule comes from its kind.
  std::string rule() const;
  /// True for the fields a sweep can vary and equations read as symbols.
  bool numeric() const { return type != FieldType::Registry; }
};

/// Named builders of FieldSpecs.
class Field {
 public:
  // (names and texts as `const char*`: a declaration passes literals, and each call site
  // then costs one constant instead of a std::string built and destroyed around the call;
  // texts made by concatenation take the std::string overloads)
  static Field integer(const char* name);
  static Field number(const char* name);  // a float
  static Field quantity(const char* name, Dim dim);
  static Field registry(const char* name, const char* kind);

  Field& at_least(double v);
  Field& above(double v);
  Field& at_most(double v);
  Field& below(double v);
  /// Not required; absent means `default_value` (null: absent, and properties that read
  /// it are unavailable).
  Field& optional(Json default_value = nullptr);
  /// A registry sub-field that takes `other`'s value when absent (kv_heads -> heads).
  Field& defaults_to(const char* other);
  /// A registry sub-field that may not exceed sub-field `other` when both are given
  /// (heads <= hidden_dim: the head width floor(h / a) is at least 1; kv_heads <= heads);
  /// checked on every entry, registry row or inline object, and named in the rule.
  Field& at_most_field(const char* other);
  Field& shown_in(const char* unit);
  /// An optional field with no default whose absence another value stands in for: the
  /// property that holds the value in use, e.g. checkpoint_interval -> "interval" (the
  /// field when given, else young_interval). The page's sweep starts around it. Checked
  /// when the type is compiled (a property of the field's dimension).
  Field& in_use(const char* property);
  Field& doc(const char* text);
  Field& doc(const std::string& text);
  Field& source(const char* text);
  Field& source(const std::string& text);

  operator FieldSpec() const { return spec_; }  // NOLINT: builders convert implicitly

 private:
  FieldSpec spec_;
};

}  // namespace mlsysim
