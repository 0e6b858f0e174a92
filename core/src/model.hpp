// Internal: a scenario type's property expressions compiled to flat programs over a slot
// array (one slot per symbol), run one point at a time (Model::run, for evaluate) or over
// a block of points (Model::run_batch, for sweeps; batch.cpp). Built once per scenario
// type by build_model, which also checks every equation's dimension against its
// declared unit.
//
// Both interpreters apply the same rules, written once below (step1, step2, choose):
// an operation on a non-finite value gives a non-finite value (NaN where IEEE would hide
// it: x / inf, min(inf, 1), exp(-inf), inf > 1), except that `when` keeps only the branch
// it chooses. A property whose value ends non-finite is unavailable ("not a finite
// number"), and so is one that ends below a double's smallest normal magnitude (about
// 2.2e-308), where it keeps too few digits to be shown: a daly_interval of -1.75e-308 s had
// been shown; a guard whose condition holds makes it unavailable with the guard's message.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "mlsysim/scenario.hpp"
#include "mlsysim/text.hpp"

namespace mlsysim {

struct Op {
  enum Code : std::uint8_t {
    Push, Load, Given,                                  // push a constant, a slot, 1 if a slot was given
    Add, Sub, Mul, Div, Mod, Min, Max,                  // x = x op y
    Lt, Le, Gt, Ge, Eq, Ne, And, Or,                    // x = (x op y) as 1 or 0
    Sqrt, Log2, CeilLog2, Exp, Ceil, Floor, Neg,        // x = f(x)
    Result,                                             // x = as_result(x): the end of a property used by another
    Select,                                             // c a b -> c ? a : b
    Var,                                                // push the bound variable of a search
    Least, Greatest,                                    // from estimate -> the integer searched
    Guard,                                              // c -> (property error when c holds)
  };
  Code code;
  std::uint32_t index = 0;    // Load, Given: slot; Guard: message index + 1; Least, Greatest: condition
  double value = 0;           // Push: constant
};

/// One operation of two operands, as both interpreters apply it.
inline double step2(Op::Code c, double x, double y) noexcept {
  const bool finite = std::isfinite(x) && std::isfinite(y);
  switch (c) {
    case Op::Add: return x + y;
    case Op::Sub: return x - y;
    case Op::Mul: return x * y;
    case Op::Div: return std::isfinite(y) ? x / y : NAN;
    case Op::Mod: return std::isfinite(y) ? std::fmod(x, y) : NAN;
    case Op::Min: return finite ? (y < x ? y : x) : NAN;
    case Op::Max: return finite ? (y > x ? y : x) : NAN;
    case Op::Lt: return finite ? double(x < y) : NAN;
    case Op::Le: return finite ? double(x <= y) : NAN;
    case Op::Gt: return finite ? double(x > y) : NAN;
    case Op::Ge: return finite ? double(x >= y) : NAN;
    case Op::Eq: return finite ? double(x == y) : NAN;
    case Op::Ne: return finite ? double(x != y) : NAN;
    case Op::And: return finite ? double(x != 0 && y != 0) : NAN;
    case Op::Or: return finite ? double(x != 0 || y != 0) : NAN;
    default: return NAN;
  }
}

/// ⌈log2 x⌉ exactly, for finite x > 0 (x = f * 2^e with f in [0.5, 1)).
inline double ceil_log2(double x) noexcept {
  if (!std::isfinite(x) || !(x > 0)) return NAN;
  int e = 0;
  const double f = std::frexp(x, &e);
  return f == 0.5 ? e - 1 : e;
}

/// A property's value as both interpreters give it: NaN when it is not finite or is
/// subnormal (0 < |v| < 2.2e-308: a step underflowed, and too few digits are left).
inline double as_result(double v) noexcept { return v == 0 || std::isnormal(v) ? v : NAN; }

/// One operation of one operand, as both interpreters apply it.
inline double step1(Op::Code c, double x) noexcept {
  switch (c) {
    case Op::Sqrt: return std::sqrt(x);
    case Op::Log2: return std::log2(x);
    case Op::CeilLog2: return ceil_log2(x);
    case Op::Exp: return std::isfinite(x) ? std::exp(x) : NAN;
    case Op::Ceil: return std::ceil(x);
    case Op::Floor: return std::floor(x);
    case Op::Neg: return -x;
    case Op::Result: return as_result(x);
    default: return NAN;
  }
}


/// `when`: a where c holds, b where it does not, NaN when c is not a finite number.
inline double choose(double c, double a, double b) noexcept { return std::isfinite(c) ? (c != 0 ? a : b) : NAN; }

/// The integer an integer search finds (least_integer, greatest_integer in expr.hpp):
/// from the estimate (rounded up for the smallest, down for the largest, and at least
/// `from`), step by one while the condition `holds(n)` (1, 0, or NaN) says so; at most 64
/// steps, since the estimate is within rounding of the answer. +Infinity when the answer
/// is above 2^53, where a double no longer holds every integer (the smallest does not
/// hold at 2^53, or the largest does: 2^53 + 1 cannot be tried), so that the result can
/// say so (api.cpp); an estimate a rounding above 2^53 starts there, so an answer of
/// 2^53 - 1 is found (an attacker's trial: it was refused as an overflow). NaN when a
/// condition is not a number, no integer >= `from` qualifies, or the search does not
/// settle.
template <typename Holds>
double search_integer(bool least, double from, double estimate, const Holds& holds) noexcept {
  constexpr double kTop = 9007199254740992.0;  // 2^53
  if (std::isnan(from) || std::isnan(estimate) || from == -INFINITY || estimate == -INFINITY) return NAN;
  if (from > kTop) return INFINITY;
  double n = std::min(kTop, std::max(from, least ? std::ceil(estimate) : std::floor(estimate)));
  auto at = [&](double x) {
    const double c = holds(x);
    return std::isfinite(c) ? (c != 0 ? 1 : 0) : -1;
  };
  int h = at(n);
  if (h < 0) return NAN;
  if (n == kTop && (least ? !h : h)) return INFINITY;
  for (int step = 0; step < 64; ++step) {
    if (least) {
      if (h && n == from) return n;
      if (!h && n >= kTop) return INFINITY;
      const double next = h ? n - 1 : n + 1;
      const int hn = at(next);
      if (hn < 0) return NAN;
      if (h && !hn) return n;    // n holds, n - 1 does not
      if (!h && hn) return next;  // n does not, n + 1 does
      n = next;
      h = hn;
    } else {
      if (h && n >= kTop) return INFINITY;
      const double next = h ? n + 1 : n - 1;
      if (!h && next < from) return NAN;  // not even `from` holds
      const int hn = at(next);
      if (hn < 0) return NAN;
      if (h && !hn) return n;
      if (!h && hn) return next;
      n = next;
      h = hn;
    }
  }
  return NAN;
}

struct Program {
  std::vector<Op> ops;
  std::vector<std::uint32_t> slots;  // every slot read that must have been given
  // every slot its value depends on: also those read only where given (the `then` of
  // when(given(x), x, ...)) and those whose presence given(x) tests; may repeat
  std::vector<std::uint32_t> reads;
};

struct Slot {
  std::string name;
  Dim dim;
  std::string unit;          // canonical unit of the value
  std::string display_unit;  // unit shown in substituted work
  double display_factor = 1; // canonical value / display_factor = displayed value
  int field = -1;            // index of the numeric field it reads, or -1
  int registry_field = -1;   // index of the registry field whose entry it reads, or -1
  std::string path;          // ... at this path within the entry
  int alias_of = -1;         // a symbol that is another name for this numeric field
};

struct Model {
  std::vector<Slot> slots;
  std::vector<Program> programs;  // one per property, in declaration order
  std::vector<Program> warnings;  // one per warning: its condition
  std::vector<Program> conditions;  // the condition of each integer search (Op::Least, Op::Greatest)
  std::vector<std::string> guard_messages;
  std::size_t max_stack = 0;

  /// Fills `out` (slots.size()) from `in`; absent optional fields give NaN and
  /// `present[k] = false`.
  void load(const Inputs& in, double* out, bool* present) const;

  /// Runs `prog` on `slots` (`var`: the value Op::Var pushes, inside a search's
  /// condition). Returns its value, or NaN with `*guard` set to the failed guard's message
  /// index + 1.
  double run(const Program& prog, const double* slots, std::uint32_t* guard, double var = NAN) const noexcept;
  double run(std::size_t p, const double* slots, std::uint32_t* guard) const noexcept { return run(programs[p], slots, guard); }

  /// Runs `prog` (a property's, or a warning's condition) at `n` points, with `run`'s
  /// result at each: slot k's value at point i is columns[k][i] when varies[k], else
  /// columns[k][0]. Writes out[0..n). `scratch` must hold batch_scratch() doubles.
  /// Allocates nothing.
  void run_batch(const Program& prog, const double* const* columns, const bool* varies, std::size_t n,
                 double* out, double* scratch) const noexcept;
  static constexpr std::size_t kBatch = 1024;  // points per block of the batch interpreter
  static constexpr std::size_t kMaxSlots = 64;  // slots of one type (build_model checks)
  std::size_t batch_scratch() const { return (max_stack + 1) * kBatch; }

  /// Slot index of `name`, or -1.
  int slot(const std::string& name) const;
};

/// Warning `k` of `type` as evaluate writes it at `inputs` with byte texts in `bytes`
/// prefixes and times and money under `settings` (its {name} placeholders filled in: api.cpp
/// fill); "" when the inputs are not valid. For a sweep's first point where the warning holds.
std::string warning_text(const ScenarioType& type, std::size_t k, const Json& inputs,
                         BytePrefix bytes = BytePrefix::decimal, const DisplaySettings& settings = {});

/// The rules a swept value must meet (FieldSpec's, and the exact products it is a
/// factor of, with the other factors' values).
struct SweepRule {
  double factor = 1;  // values are in a unit worth `factor` canonical units
  Bounds bounds;
  bool integer = false;
  const double* other = nullptr;
  std::size_t n_other = 0;
};

/// column[i] = values[i] x factor in canonical units, or NaN when that breaks `rule`.
/// Returns the number of such points; *first_invalid is the first one's index.
std::size_t sweep_column(const double* values, std::size_t n, const SweepRule& rule, double* column,
                         std::size_t* first_invalid) noexcept;

/// Builds the model of `type` (its field symbols, its declared symbols, its programs) and
/// checks every equation's dimension against its property's unit. Throws
/// std::logic_error on a reference to an undeclared symbol or property, a dimension
/// mismatch (naming the type, the property and both dimensions), or an unused symbol.
Model build_model(const ScenarioType& type);

/// How an expression is written out with values.
struct Work {
  std::string text;        // substituted, with units: "14000 × 0.625 s × 8 × 2 USD/h"
  std::string mathml;      // the same, as a MathML fragment (no <math> wrapper)
  std::string expression;  // canonical numbers only, ASCII: "14000 * 0.625 * 8 * 0.000555…"
};

/// The equation with slot values and property values substituted; `when` shows the
/// branch it chooses. Every byte count in it (an input's or a property's) is written with
/// `bytes`' prefixes, as the cards are, so that a line never divides GB by GiB. Its
/// numbers have 4 significant digits, or as many more (to 16) as it takes for the line's
/// arithmetic to give `result` as the line shows it (spec.shown with `settings`: a
/// difference of near values, money in full to the cent).
Work expr_work(const PropertySpec& spec, double result, const Model& m, const double* slots,
               const std::vector<double>& property_values, const ScenarioType& type, BytePrefix bytes = BytePrefix::decimal,
               const DisplaySettings& settings = {});

}  // namespace mlsysim
