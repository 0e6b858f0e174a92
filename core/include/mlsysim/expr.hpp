// Property equations as expression trees (docs/architecture.md, "One expression per
// property").
//
// A property is declared once as an Expr, e.g.
//     sym("base_iterations") / (sym("iterations") * (num(1) + sym("communication_overhead")))
// From that one tree come its value (compiled to a flat program, also used by sweeps), its
// dimension (checked against the declared unit at start-up), its equation as text and as
// MathML, and the same equation with the current input values substituted ("show your
// work"). The value and the shown work can therefore never disagree.
//
// Besides + - x / and negation (-a) the trees have sqrt, log2, ceil_log2 (of a count), exp, ceil, floor,
// mod, min, max; comparisons and `and`/`or` (1 or 0); `when(c, a, b)` (a where c holds,
// else b); `given(field)` (1 when an optional field was given); least_integer and
// greatest_integer (integer results defined by an inequality); constants with a unit
// (`num(1, "day")`); and `a.unless(c, message)`, a property error where c holds.
//
// An Expr is a pointer to its node; nodes are never freed (only declarations build them,
// and those live as long as the program), so building a tree is a call per operator with
// nothing to copy or release after it: 4.5 KB gzip less module than shared nodes
// (docs/performance.md, "The declarations' code").
#pragma once

#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

namespace mlsysim {

class Expr {
 public:
  enum class Kind {
    Num, Sym, Prop, Given,                        // leaves
    Add, Sub, Mul, Div, Mod, Min, Max,            // arithmetic of two
    Sqrt, Log2, CeilLog2, Exp, Ceil, Floor, Neg,  // functions of one (Neg: -a)
    Lt, Le, Gt, Ge, Eq, Ne, And, Or,              // conditions: 1 or 0
    When,                                         // args: condition, then, else
    Least, Greatest,                              // args: from, estimate, condition of sym(name)
    Guard,                                        // args: body, condition; a property error where it holds
  };

  struct Node {
    Kind kind = Kind::Num;
    double value = 0;     // Num: the constant in canonical units
    std::string unit;     // Num: the unit it was written in ("day", "flop/param"), or ""
    double shown = 0;     // Num: the number as written (1 for "1 day")
    std::string name;     // Sym, Prop, Given: the symbol or property; Least, Greatest: the bound variable
    std::string message;  // Guard: the property error where the condition holds
    std::vector<const Node*> args;
  };

  /// A dimensionless constant. Zero is zero in every unit: a bare 0 takes the dimension of
  /// what it is added to, compared with or chosen beside.
  static Expr num(double v);
  /// A constant with a unit, e.g. num(1, "day"), num(6, "flop/param"); the unit is parsed
  /// at start-up (a wrong one fails the declaration).
  static Expr num(double v, const char* unit);
  /// A symbol of the scenario: a numeric field by its name, or a symbol declared by the
  /// scenario type (e.g. "P" for workload.parameters).
  static Expr sym(const char* name);
  /// Another property of the same scenario, by name (its value is substituted).
  static Expr prop(const char* name);
  /// 1 when optional field `name` was given, else 0.
  static Expr given(const char* name);

  /// This expression, but a property error with `message` where `condition` holds.
  Expr unless(Expr condition, std::string message) const;

  friend Expr operator+(Expr a, Expr b) { return make(Kind::Add, {a, b}); }
  friend Expr operator-(Expr a, Expr b) { return make(Kind::Sub, {a, b}); }
  friend Expr operator*(Expr a, Expr b) { return make(Kind::Mul, {a, b}); }
  friend Expr operator/(Expr a, Expr b) { return make(Kind::Div, {a, b}); }
  /// -a, e.g. exp(-x): written "−a", in the dimension of a.
  friend Expr operator-(Expr a) { return make(Kind::Neg, {a}); }
  friend Expr operator<(Expr a, Expr b) { return make(Kind::Lt, {a, b}); }
  friend Expr operator<=(Expr a, Expr b) { return make(Kind::Le, {a, b}); }
  friend Expr operator>(Expr a, Expr b) { return make(Kind::Gt, {a, b}); }
  friend Expr operator>=(Expr a, Expr b) { return make(Kind::Ge, {a, b}); }
  friend Expr operator&&(Expr a, Expr b) { return make(Kind::And, {a, b}); }
  friend Expr operator||(Expr a, Expr b) { return make(Kind::Or, {a, b}); }
  friend Expr eq(Expr a, Expr b) { return make(Kind::Eq, {a, b}); }
  friend Expr ne(Expr a, Expr b) { return make(Kind::Ne, {a, b}); }
  friend Expr mod(Expr a, Expr b) { return make(Kind::Mod, {a, b}); }
  friend Expr min(Expr a, Expr b) { return make(Kind::Min, {a, b}); }
  friend Expr max(Expr a, Expr b) { return make(Kind::Max, {a, b}); }
  friend Expr sqrt(Expr a) { return make(Kind::Sqrt, {a}); }
  friend Expr log2(Expr a) { return make(Kind::Log2, {a}); }
  /// ⌈log2 n⌉ of a positive count, exactly (no rounding of the logarithm can move it).
  friend Expr ceil_log2(Expr a) { return make(Kind::CeilLog2, {a}); }
  friend Expr exp(Expr a) { return make(Kind::Exp, {a}); }
  friend Expr ceil(Expr a) { return make(Kind::Ceil, {a}); }
  friend Expr floor(Expr a) { return make(Kind::Floor, {a}); }
  /// `then` where `condition` holds, else `otherwise`.
  friend Expr when(Expr condition, Expr then, Expr otherwise) { return make(Kind::When, {condition, then, otherwise}); }
  /// The smallest integer `var` >= `from` for which `condition` (an expression of
  /// sym(var) that, once it holds, holds for every larger integer) holds: e.g. the
  /// fewest devices n with replicated_bytes / n <= device_memory. `estimate` is where the
  /// search starts (replicated_bytes / device_memory); the result follows the condition
  /// exactly as the calculator evaluates it, so no rounding of the estimate can move it
  /// across the boundary. Not a finite number when the search does not settle.
  friend Expr least_integer(const char* var, Expr from, Expr condition, Expr estimate) {
    return bound(Kind::Least, var, from, estimate, condition);
  }
  /// The largest integer `var` >= `from` for which `condition` (holding up to some integer)
  /// holds: e.g. the most sequences B whose cache fits. As least_integer otherwise.
  friend Expr greatest_integer(const char* var, Expr from, Expr condition, Expr estimate) {
    return bound(Kind::Greatest, var, from, estimate, condition);
  }

  const Node& node() const { return *node_; }
  bool empty() const { return !node_; }

 private:
  static Expr make(Kind k, std::initializer_list<Expr> args);
  static Expr bound(Kind k, const char* var, Expr from, Expr estimate, Expr condition);
  static Expr from(Node n);
  const Node* node_ = nullptr;  // in the node store (expr.cpp), which lives as long as the program
};

inline Expr num(double v) { return Expr::num(v); }
inline Expr num(double v, const char* unit) { return Expr::num(v, unit); }
inline Expr sym(const char* name) { return Expr::sym(name); }
inline Expr prop(const char* name) { return Expr::prop(name); }
inline Expr given(const char* name) { return Expr::given(name); }

/// The three written forms of an expression: text ("a × (1 + b)"), a MathML fragment, and
/// ASCII arithmetic that JavaScript evaluates ("a * (1 + b)").
struct ExprForms {
  std::string text, mathml, expression;
};
/// How a leaf (a number, a symbol, a property, given(x)) is written.
using LeafWriter = std::function<ExprForms(const Expr::Node&)>;
/// For `when(c, a, b)`: 0 to write only a, 1 only b, -1 both as cases.
using BranchPicker = std::function<int(const Expr::Node&)>;
/// The value of a node (for the arithmetic form of an integer search, which JavaScript
/// cannot write); null for equations.
using NodeValue = std::function<double(const Expr::Node&)>;
/// Writes `e` in its three forms, each leaf as `leaf` says (the equation writes names,
/// the substituted work writes values).
ExprForms write_expr(const Expr& e, const LeafWriter& leaf, const BranchPicker& pick, const NodeValue& value = nullptr);
/// A leaf as the equation writes it: a name, or a constant with its unit.
ExprForms equation_forms(const Expr::Node& n);
/// A substituted value: `shown_value` in `unit` (written as the cards write numbers,
/// text.hpp number_text, to `digits` significant digits as there) for the text and MathML,
/// and `canonical_value` for the arithmetic.
ExprForms value_forms(double shown_value, const std::string& unit, double canonical_value, int digits = 4);
/// A substituted value already written as text ("625 ms", "$38.89"), with
/// `canonical_value` for the arithmetic.
ExprForms text_forms(const std::string& text, double canonical_value);

/// The equation as text ("base_iterations / (iterations × (1 + communication_overhead))").
std::string expr_text(const Expr& e);
/// The equation as a MathML fragment (no <math> wrapper).
std::string expr_mathml(const Expr& e);

}  // namespace mlsysim
