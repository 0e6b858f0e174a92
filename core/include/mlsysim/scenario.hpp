// Scenario types declared as data (SPEC sections 2, 3 and 5).
//
// A ScenarioType is the one place where a scenario's fields (type, dimension,
// default, rule, doc) and calculated properties (equation, unit, doc, computation)
// are declared. The CLI, the WASM bindings, the page and the tests all read these
// declarations through api.hpp; none of them names a field of its own.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "mlsysim/expr.hpp"
#include "mlsysim/units.hpp"

namespace mlsysim {

using Json = nlohmann::ordered_json;

/// An input error (SPEC section 5): `field` names the offending input ("workers",
/// "fleet", "type", "preset", ...); what() is the whole message, which starts with
/// the field, e.g. `workers: must be an integer >= 1, got -3`.
/// Control characters and invalid UTF-8 in the message are escaped (\u0000, U+FFFD),
/// so that what() is whole and safe to print on a terminal; `field` is kept as given,
/// cut at 200 bytes.
struct InputError : std::invalid_argument {
  InputError(std::string field_name, const std::string& detail)
      : std::invalid_argument(printable(printable_field(field_name) + ": " + detail)),
        field(field_name.substr(0, 200)) {}
  std::string field;

  /// `s` with control characters escaped and invalid UTF-8 replaced.
  static std::string printable(const std::string& s);
  /// A field name for a message: printable and at most 60 characters.
  static std::string printable_field(const std::string& s);
};

/// A property error: only that property is unavailable; what() is its message.
struct PropertyError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Workload {
  std::string name;
  double parameters = 0;  // param, > 0
  std::string source;     // where the number comes from ("" for inline workloads)
};

struct Node {
  std::string name;
  std::int64_t accelerators_per_node = 0;  // >= 1
};

struct Fleet {
  std::string name;
  std::int64_t count = 0;  // nodes, >= 1
  Node node;
  std::string source;
};

enum class FieldType { Int, Float, Quantity, Workload, Fleet };

/// One input of a scenario type.
struct FieldSpec {
  std::string name;
  FieldType type = FieldType::Int;
  Dim dim;                  // Quantity fields only
  bool required = true;     // when false, `default_value` applies (null: absent)
  Json default_value;       // null when the field has no default
  double min = 0;           // Int, Float, Quantity: the lower bound of the rule
  bool min_exclusive = false;
  std::string doc;
  std::string display_unit;  // Quantity: the unit its value is shown in within
                             // substituted equations ("USD/h"); "" = canonical unit

  /// The rule as text, e.g. "integer >= 1", "finite number >= 0", "time > 0".
  std::string rule() const;
};

/// Normalized inputs of one evaluation, in declaration order, quantities in
/// canonical units. Absent optional fields have `present == false`.
class Inputs {
 public:
  struct Value {
    bool present = false;
    std::int64_t i = 0;  // Int
    double x = 0;        // Float, Quantity (canonical unit)
    Workload workload;
    Fleet fleet;
  };

  Inputs(const std::vector<FieldSpec>& fields, std::vector<Value> values)
      : fields_(&fields), values_(std::move(values)) {}

  std::int64_t i(const char* field) const { return at(field).i; }
  double x(const char* field) const { return at(field).x; }
  bool has(const char* field) const { return at(field).present; }
  const Workload& workload(const char* field) const { return at(field).workload; }
  const Fleet& fleet(const char* field) const { return at(field).fleet; }

  const std::vector<Value>& values() const { return values_; }
  Value& value(std::size_t k) { return values_[k]; }

 private:
  const Value& at(const char* field) const;
  const std::vector<FieldSpec>* fields_;
  std::vector<Value> values_;
};

/// A symbol that equations may use besides the numeric fields (which are symbols under
/// their own names): e.g. "P" = workload.parameters, or "fleet.count".
struct SymbolSpec {
  std::string name;
  /// The input it reads, as a path: "workload.parameters", or a numeric field's own name
  /// ("dp_degree" for N), which makes the symbol another name for that field.
  std::string meaning;
  std::string unit;     // canonical unit of its value ("param", "" for counts)
  std::function<double(const Inputs&)> read;
};

/// One calculated property: its value, its equation and its substituted work all come
/// from `expr` (expr.hpp).
struct PropertySpec {
  std::string name;
  std::string unit;  // "s", "byte", "USD", "count", "samples", "iterations", "" (dimensionless)
  Expr expr;
  std::string note;  // added to the equation text in parentheses, e.g. "= N / 2"; may be ""
  std::string doc;   // one-line meaning
  /// Which way is better when scenarios are compared: "higher", "lower" or "" (neither).
  std::string better;
};

struct Model;  // the compiled expressions (core/src/model.hpp)

/// A rule across two integer fields: their product (an integer property such as
/// global_batch) must be exact in JavaScript, at most 2^53 (SPEC section 2). Declared as
/// data, not code, so that a sweep can apply it per point without a call.
struct ExactProduct {
  std::string a, b;  // integer field names
};

struct ScenarioType {
  std::string name;
  std::string category;
  std::string summary;
  std::string assumptions;
  std::string excludes;
  std::vector<FieldSpec> fields;
  std::vector<PropertySpec> properties;
  std::vector<SymbolSpec> symbols;  // derived symbols; numeric fields are symbols already
  /// Rules that involve several fields. May be empty.
  std::vector<ExactProduct> exact_products;
  /// Warnings (not errors) for these inputs. May be empty.
  std::function<std::vector<std::string>(const Inputs&)> warnings;
  /// Built from the declarations above by scenario_types(); never set by hand.
  std::shared_ptr<const Model> model;

  /// The equation of property `p` as text, e.g. "workers × per_worker_batch".
  std::string equation(const PropertySpec& p) const;
};

/// Every scenario type, in the order they are listed. Adding a type means adding its
/// declaration file under core/src/scenarios/ and one line in scenario.cpp.
const std::vector<ScenarioType>& scenario_types();

/// The scenario type called `name`; InputError on field "type" listing the valid names.
const ScenarioType& find_scenario_type(const std::string& name);

/// Validates and normalizes `inputs` (a JSON object, as API.md's `evaluate` takes it)
/// against `type`, including its cross-field rules (exact_products), except those that
/// involve the field named `swept` (a sweep checks those at each point).
/// Throws InputError.
Inputs normalize_inputs(const ScenarioType& type, const Json& inputs, const std::string& swept = "");

/// Exact integer product for integer properties; InputError on `blame` when the
/// product exceeds 2^53 (not exact in JavaScript, SPEC section 2).
std::int64_t exact_product(std::int64_t a, std::int64_t b, const char* blame, const char* what);

/// The largest integer accepted anywhere: 2^53.
inline constexpr std::int64_t kMaxExactInteger = std::int64_t{1} << 53;

}  // namespace mlsysim
