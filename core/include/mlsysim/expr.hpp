// Property equations as expression trees.
//
// A property is declared once as an Expr, e.g.
//     sym("base_iterations") / (sym("iterations") * (num(1) + sym("communication_overhead")))
// From that one tree come its value (compiled to a flat program, also used by sweeps),
// its equation as text and as MathML, and the same equation with the current input
// values substituted ("show your work"). The value and the shown work can therefore
// never disagree.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace mlsysim {

class Expr {
 public:
  enum class Kind { Num, Sym, Prop, Add, Sub, Mul, Div, Sqrt, Guard };

  struct Node {
    Kind kind = Kind::Num;
    double value = 0;     // Num; Guard: the bound that `name` must exceed
    std::string name;     // Sym, Prop, Guard (the symbol guarded)
    std::string message;  // Guard: the property error when the guard fails
    std::shared_ptr<const Node> a, b;
  };

  /// A constant.
  static Expr num(double v);
  /// A symbol of the scenario: a numeric field by its name, or a derived symbol
  /// declared by the scenario type (e.g. "P" for the workload's parameters).
  static Expr sym(std::string name);
  /// Another property of the same scenario, by name (its value is substituted).
  static Expr prop(std::string name);

  friend Expr operator+(const Expr& a, const Expr& b) { return binary(Kind::Add, a, b); }
  friend Expr operator-(const Expr& a, const Expr& b) { return binary(Kind::Sub, a, b); }
  friend Expr operator*(const Expr& a, const Expr& b) { return binary(Kind::Mul, a, b); }
  friend Expr operator/(const Expr& a, const Expr& b) { return binary(Kind::Div, a, b); }
  friend Expr sqrt(const Expr& a);

  /// This expression, but a property error with `message` unless symbol `name` > bound.
  Expr unless_not_above(const std::string& name, double bound, const std::string& message) const;

  const Node& node() const { return *node_; }
  bool empty() const { return !node_; }

 private:
  static Expr binary(Kind k, const Expr& a, const Expr& b);
  static Expr from(Node n);
  std::shared_ptr<const Node> node_;
};

inline Expr num(double v) { return Expr::num(v); }
inline Expr sym(std::string name) { return Expr::sym(std::move(name)); }
inline Expr prop(std::string name) { return Expr::prop(std::move(name)); }

}  // namespace mlsysim
