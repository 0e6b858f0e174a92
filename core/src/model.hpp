// Internal: a scenario type's property expressions compiled to flat programs over a
// slot array (one slot per symbol), and the formatting of expressions as text, MathML
// and substituted work. Built once per scenario type (scenario_types()).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mlsysim/scenario.hpp"

namespace mlsysim {

struct Op {
  enum Code : std::uint8_t { Push, Load, Add, Sub, Mul, Div, Sqrt, Guard };
  Code code;
  std::uint32_t index;  // Load: slot; Guard: slot guarded
  double value;         // Push: constant; Guard: bound
  std::uint32_t message = 0;  // Guard: index into Model::guard_messages
};

struct Program {
  std::vector<Op> ops;
  std::vector<std::uint32_t> slots;  // every slot read, for the "not given" check
};

struct Slot {
  std::string name;
  std::string unit;          // canonical unit of the value
  std::string display_unit;  // unit shown in substituted work
  double display_factor = 1; // canonical value / display_factor = displayed value
  int field = -1;            // index of the field it reads, or -1 for a derived symbol
  std::function<double(const Inputs&)> read;  // derived symbols
  int alias_of = -1;         // a derived symbol that is another name for this numeric field
};

struct Model {
  std::vector<Slot> slots;
  std::vector<Program> programs;  // one per property, in declaration order
  std::vector<std::string> guard_messages;
  std::size_t max_stack = 0;

  /// Fills `out` (slots.size()) from `in`; absent optional fields give NaN and
  /// `present[k] = false`.
  void load(const Inputs& in, double* out, bool* present) const;

  /// Runs property `p` on `slots`. Returns its value, or NaN with `*guard` set to the
  /// failed guard's message index + 1.
  double run(std::size_t p, const double* slots, std::uint32_t* guard) const noexcept;

  /// Runs property `p` at `n` points, with `run`'s result at each: slot k's value at
  /// point i is columns[k][i] when varies[k], else columns[k][0]. Writes out[0..n).
  /// `scratch` must hold batch_scratch() doubles. Allocates nothing.
  void run_batch(std::size_t p, const double* const* columns, const bool* varies, std::size_t n,
                 double* out, double* scratch) const noexcept;
  static constexpr std::size_t kBatch = 256;  // points per block of the batch interpreter
  std::size_t batch_scratch() const { return (max_stack + 1) * kBatch; }

  /// Slot index of `name`, or -1.
  int slot(const std::string& name) const;
};

/// The rules a swept value must meet (FieldSpec's, and the exact products it is a
/// factor of, with the other factors' values).
struct SweepRule {
  double factor = 1;  // values are in a unit worth `factor` canonical units
  double min = 0;
  bool min_exclusive = false;
  bool integer = false;
  const double* other = nullptr;
  std::size_t n_other = 0;
};

/// column[i] = values[i] x factor in canonical units, or NaN when that breaks `rule`.
/// Returns the number of such points; *first_invalid is the first one's index.
std::size_t sweep_column(const double* values, std::size_t n, const SweepRule& rule, double* column,
                         std::size_t* first_invalid) noexcept;

/// Builds the model of `type` (its field symbols, its derived symbols, its programs).
/// Throws std::logic_error on a reference to an undeclared symbol or property.
Model build_model(const ScenarioType& type);

/// How an expression is written out.
struct Work {
  std::string text;        // substituted, with units: "14000 × 0.625 s × 8 × 2 USD/h"
  std::string mathml;      // the same, as a MathML fragment (no <math> wrapper)
  std::string expression;  // canonical numbers only, ASCII: "14000 * 0.625 * 8 * 0.000555…"
};

/// The equation as text ("base_iterations / (iterations × (1 + communication_overhead))").
std::string expr_text(const Expr& e);
/// The equation as a MathML fragment.
std::string expr_mathml(const Expr& e);
/// The equation with slot values and property values substituted.
Work expr_work(const Expr& e, const Model& m, const double* slots,
               const std::vector<double>& property_values, const ScenarioType& type);

}  // namespace mlsysim
