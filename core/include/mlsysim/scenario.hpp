// Scenario types declared as data (docs/scenarios.md, docs/api.md;
// docs/architecture.md, "How to add a scenario type").
//
// A ScenarioType is the one place where a scenario's fields (field.hpp), symbols,
// calculated properties (equation, unit, doc, source), warnings and presets are
// declared. The CLI, the WASM bindings, the page, the docs and the tests all read these
// declarations through api.hpp; none of them names a field of its own.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "mlsysim/errors.hpp"
#include "mlsysim/expr.hpp"
#include "mlsysim/field.hpp"
#include "mlsysim/json.hpp"
#include "mlsysim/registry.hpp"
#include "mlsysim/text.hpp"
#include "mlsysim/units.hpp"

namespace mlsysim {

/// A name equations use besides the numeric fields (which are symbols under their own
/// names): a path into the inputs, resolved generically. "workload.parameters" reads a
/// registry field's sub-field, "fleet.node.accelerator.peak_flops" goes through nested
/// entries, and a numeric field's own name ("dp_degree" for N) makes the symbol another
/// name for that field. Its unit follows from the path.
struct SymbolSpec {
  std::string name;
  std::string path;
  std::string doc;  // what it stands for in this type, when it differs from the doc at `path`; or ""
};
/// symbol("P", "workload.parameters"); symbol("fleet.count") is called by its path. A
/// third argument says what the symbol stands for where this type reads the number
/// differently from the registry's doc (TrainingComputeScenario's P: the active count).
SymbolSpec symbol(const char* name, const char* path, const char* doc = "");
SymbolSpec symbol(const char* path);

/// One calculated property: its value, its equation, its dimension and its substituted
/// work all come from `expr` (expr.hpp).
struct PropertySpec {
  std::string name;
  std::string unit;    // a count label ("count", "samples"), "" (dimensionless) or a canonical unit
  Expr expr;
  std::string note;    // added to the equation text in parentheses, e.g. "= N / 2"; may be ""
  std::string doc;     // one-line meaning
  std::string better;  // which way wins in a comparison: "higher", "lower" or ""
  std::string source;  // where the formula comes from (a paper, a book section, an mlsysim file)
  std::string display_unit;  // the unit its text is written in ("h": accelerator-hours), or "" to scale it

  /// The value as results write it: in display_unit when there is one ("560,897.4 h"), else
  /// scaled by its size (human_text: "23,371 days"); to `digits` significant digits as
  /// human_text's (more than 4 only in substituted work).
  std::string text(double value, BytePrefix bytes, int digits = 4) const;
  /// The value as a result's `text` shows it to a reader with `settings` (a time in the
  /// fixed unit, money in full: settings_text), else as text() writes it.
  std::string shown(double value, BytePrefix bytes, const DisplaySettings& settings) const;
};

/// Named builder of a PropertySpec:
///     Property("iteration_time", "s", expr).doc("...").lower_is_better().source("...")
class Property {
 public:
  // (texts as `const char*`, out of line: see Field in field.hpp)
  Property(const char* name, const char* unit, Expr expr);
  Property& doc(const char* text);
  Property& note(const char* text);
  Property& source(const char* text);
  Property& source(const std::string& text);
  Property& lower_is_better() { spec_.better = "lower"; return *this; }
  Property& higher_is_better() { spec_.better = "higher"; return *this; }
  /// Its text in `unit`, of its own dimension, always (checked at start-up): accelerator
  /// time in accelerator-hours, not the days its size would pick.
  Property& shown_in(const char* unit) { spec_.display_unit = unit; return *this; }
  operator PropertySpec() const { return spec_; }  // NOLINT: builders convert implicitly

 private:
  PropertySpec spec_;
};

/// A warning (not an error) for inputs where `when` holds. In `text`, {name} is replaced
/// by the value of that field, symbol or property (as JavaScript writes numbers), or by
/// the entry name of a registry field: "dp_degree {dp_degree} exceeds the {accelerators}
/// accelerators of fleet {fleet}".
struct WarningSpec {
  Expr when;
  std::string text;
  /// The inputs describe something that cannot run (a batch that does not fit in memory),
  /// not only a model at the edge of its accuracy: a result with such a warning is
  /// `infeasible`, and holds no best value in a comparison.
  bool infeasible = false;
};

/// A rule across two integer fields: their product (an integer property such as
/// global_batch) must be exact in JavaScript, at most 2^53 (docs/api.md, Input values). Declared as
/// data, not code, so that a sweep can apply it per point without a call.
struct ExactProduct {
  std::string a, b;  // integer field names
};

/// A result of this type that another type takes as an input: the card of `property`
/// offers "use in <type>", which opens that type with `field` set to the value
/// (MtbfCascadeScenario.cluster_mtbf -> CheckpointIntervalScenario.system_mtbf). The
/// catalog checks at start-up that both exist and that their dimensions agree.
struct LinkSpec {
  std::string property;
  std::string type;
  std::string field;
};

/// A named set of inputs of one scenario type (docs/scenarios.md).
struct Preset {
  std::string name;
  std::string summary;  // one line; says when the numbers are illustrative
  Json inputs;          // a plain object accepted by evaluate(type, inputs)
  std::string type;     // set by the catalog from the type that declares it
};

struct Model;  // the compiled expressions (core/src/model.hpp)

struct ScenarioType {
  std::string name;
  std::string category;  // one of the catalog's categories ("communication", "reliability", ...)
  std::string question;  // the question a student asks ("Ring or tree? How long does one AllReduce take?")
  std::string summary;
  std::string assumptions;
  std::string excludes;
  /// What the page's Sweep view shows first: the numeric field the question turns on
  /// ("batch_size" for "Which batch size ...") and the properties that answer it
  /// ("response_time"). Empty: the first numeric field, and two properties the page picks.
  /// Checked when the type is compiled; first_sweep_field() resolves the field.
  struct SweepStart {
    std::string field;
    std::vector<std::string> properties;
  } sweep;
  std::vector<FieldSpec> fields;
  std::vector<SymbolSpec> symbols;  // besides the numeric fields, which are symbols already
  std::vector<PropertySpec> properties;
  std::vector<ExactProduct> exact_products;
  std::vector<WarningSpec> warnings;
  std::vector<LinkSpec> links;
  std::vector<Preset> presets;
  /// Built from the declarations above on first use (compiled()); a test may set it.
  mutable std::shared_ptr<const Model> model;

  /// The compiled equations, built from the declarations the first time a type is used
  /// (evaluated, swept or described): a page that shows one type builds one. Throws
  /// std::logic_error for a declaration that breaks a rule (model.hpp, build_model).
  /// Thread-safe.
  const Model& compiled() const;

  /// The equation of property `p` as text, e.g. "workers × per_worker_batch".
  std::string equation(const PropertySpec& p) const;
  /// The field called `name`, or null.
  const FieldSpec* field(const std::string& name) const;
  /// The field a sweep of this type varies first: the declared sweep.field, else the
  /// first numeric field ("" when the type has none).
  std::string first_sweep_field() const;
};

/// Normalized inputs of one evaluation, in declaration order, quantities in canonical
/// units. Absent optional fields have `present == false`.
class Inputs {
 public:
  Inputs(const ScenarioType& type, std::vector<FieldValue> values) : type_(&type), values_(std::move(values)) {}

  double x(const std::string& field) const { return at(field).x; }
  bool has(const std::string& field) const { return at(field).present; }
  const Entry& entry(const std::string& field) const { return *at(field).entry; }
  const std::vector<FieldValue>& values() const { return values_; }

 private:
  const FieldValue& at(const std::string& field) const;
  const ScenarioType* type_;
  std::vector<FieldValue> values_;
};

/// One input error found while normalizing with `errors` collected.
struct FieldError {
  std::string field;
  std::string message;  // InputError's what(): "workers: must be an integer >= 1, got -3"
  bool missing = false;  // a required field that was not given (rather than a value refused)
};

/// Validates and normalizes `inputs` (a JSON object, as docs/api.md's `evaluate` takes it)
/// against `type`: every field by its rule, every registry entry for the sub-fields the
/// type's symbols read, and the cross-field rules (exact_products) except those that
/// involve the field named `swept` (a sweep checks those at each point). InputError at
/// the first error; with `errors`, collects every error instead (one per field, in
/// declaration order, unknown fields first) and leaves each field in error absent, so
/// that the properties that do not read it can still be computed (then only an `inputs`
/// that is not an object is an InputError).
Expected<Inputs> normalize_inputs(const ScenarioType& type, const Json& inputs, const std::string& swept = "",
                                  std::vector<FieldError>* errors = nullptr);

}  // namespace mlsysim
