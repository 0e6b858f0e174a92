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

  /// Slot index of `name`, or -1.
  int slot(const std::string& name) const;
};

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
