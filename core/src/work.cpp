// Show-your-work: an equation with the values of one evaluation substituted (model.hpp,
// expr_work), written by the same writer as the equation itself (expr.hpp, write_expr).
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>

#include "mlsysim/text.hpp"
#include "model.hpp"

namespace mlsysim {

namespace {
using ENode = Expr::Node;
using Kind = Expr::Kind;
const ENode& unguarded(const ENode& n) { return n.kind == Kind::Guard ? unguarded(*n.args[0]) : n; }

// The number a line's text for a value starts with, as a reader takes it: "54.525 KB" ->
// 54.525, "$8.923 million" -> 8.923, "1,024" -> 1024, "\u22123,600 s" -> -3600, "1.5e-7" ->
// 1.5e-7. NaN when the text starts with no number.
double number_read(const std::string& text) {
  std::string digits;
  std::size_t i = 0;
  if (text.compare(0, 3, "\u2212") == 0) digits += '-', i = 3;
  else if (i < text.size() && text[i] == '-') digits += '-', ++i;
  if (i < text.size() && text[i] == '$') ++i;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ',') continue;
    const bool exponent_sign = (c == '-' || c == '+') && !digits.empty() && digits.back() == 'e';
    if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == 'e' || exponent_sign)) break;
    digits += c;
  }
  char* end = nullptr;
  const double v = std::strtod(digits.c_str(), &end);
  return end && end != digits.c_str() ? v : NAN;
}
}  // namespace

Work expr_work(const PropertySpec& spec, double result, const Model& model, const double* slots,
               const std::vector<double>& property_values, const ScenarioType& type, BytePrefix bytes,
               const DisplaySettings& settings) {
  const Expr& e = spec.expr;
  // the value of property `name`, and its declaration in `spec` when asked
  auto property = [&](const std::string& name, const PropertySpec** spec) -> double {
    for (std::size_t k = 0; k < type.properties.size(); ++k)
      if (type.properties[k].name == name) {
        if (spec) *spec = &type.properties[k];
        return property_values[k];
      }
    return NAN;
  };
  // the value of a sub-expression, for `when` to show the case that applies and for an
  // integer search's result; by the same steps as the interpreters (model.hpp)
  std::string var;         // the variable of the integer search being evaluated
  double var_value = NAN;  // ... and its candidate value
  int read_at = 0;         // > 0: each input and property as a reader takes it from a line of so many digits
  // An input's or a property's value as the line writes it to `d` significant digits, and
  // the value a reader takes from that text (its number times the scale it is written in)
  struct Written {
    ExprForms forms;
    double read;
  };
  auto written = [&](const ENode& n, int d) -> Written {
    // `text` is `v` in a scale of `factor` canonical units
    const auto scaled = [](const std::string& text, double v, double factor) {
      return Written{text_forms(text, v), number_read(text) * factor};
    };
    if (n.kind == Kind::Sym) {
      const Slot& s = model.slots[static_cast<std::size_t>(model.slot(n.name))];
      const double v = slots[model.slot(n.name)];
      // a byte count as the cards write bytes (80 GiB is 85.9 GB when bytes are decimal)
      if (s.unit == "byte") return scaled(human_text(v, s.unit, bytes, d), v, display_scale(v, s.unit, bytes).factor);
      // a value its display unit cannot hold (1.7e308 s in us overflows) reads in its own
      // unit's scale, as the cards write it, never "Infinity us" (found by an attacker)
      const double shown = v / s.display_factor;
      if (std::isfinite(v) && (!std::isfinite(shown) || (shown == 0 && v != 0)))
        return scaled(human_text(v, s.unit, bytes, d), v, display_scale(v, s.unit, bytes).factor);
      const ExprForms f = value_forms(shown, s.display_unit, v, d);
      return {f, number_read(f.text) * s.display_factor};
    }
    // a property: its value as its card shows it (a count's label left out), under the
    // reader's settings too: a card that reads "0.2373 h" is not "14.24 min" in the next
    // card's line (a new user's trial)
    const PropertySpec* p = nullptr;
    const double v = property(n.name, &p);
    if (!p || is_count_label(p->unit)) {
      const ExprForms f = value_forms(v, "", v, d);
      return {f, number_read(f.text)};
    }
    if (const std::string set = settings_text(v, p->unit, settings, d); !set.empty())
      return scaled(set, v, p->unit == "s" ? time_setting_seconds(settings.time) : 1);
    const double factor = p->display_unit.empty() ? display_scale(v, p->unit, bytes).factor : declared_unit(p->display_unit).value;
    return scaled(p->text(v, bytes, d), v, factor);
  };
  std::function<double(const ENode&)> value = [&](const ENode& node) -> double {
    const ENode& n = unguarded(node);
    static const std::pair<Kind, Op::Code> unary[] = {{Kind::Sqrt, Op::Sqrt}, {Kind::Log2, Op::Log2},
                                                      {Kind::CeilLog2, Op::CeilLog2}, {Kind::Exp, Op::Exp},
                                                      {Kind::Ceil, Op::Ceil}, {Kind::Floor, Op::Floor},
                                                      {Kind::Neg, Op::Neg}};
    static const std::pair<Kind, Op::Code> binary[] = {
        {Kind::Add, Op::Add}, {Kind::Sub, Op::Sub}, {Kind::Mul, Op::Mul}, {Kind::Div, Op::Div}, {Kind::Mod, Op::Mod},
        {Kind::Min, Op::Min}, {Kind::Max, Op::Max}, {Kind::Lt, Op::Lt},   {Kind::Le, Op::Le},   {Kind::Gt, Op::Gt},
        {Kind::Ge, Op::Ge},   {Kind::Eq, Op::Eq},   {Kind::Ne, Op::Ne},   {Kind::And, Op::And}, {Kind::Or, Op::Or}};
    switch (n.kind) {
      case Kind::Num: return n.value;
      case Kind::Sym:
        if (n.name == var) return var_value;
        return read_at ? written(n, read_at).read : slots[model.slot(n.name)];
      case Kind::Least:
      case Kind::Greatest:
        var = n.name;
        return search_integer(n.kind == Kind::Least, value(*n.args[0]), value(*n.args[1]), [&](double x) {
          var_value = x;
          return value(*n.args[2]);
        });
      case Kind::Given: return std::isnan(slots[model.slot(n.name)]) ? 0.0 : 1.0;
      case Kind::Prop: return read_at ? written(n, read_at).read : property(n.name, nullptr);
      case Kind::When: return choose(value(*n.args[0]), value(*n.args[1]), value(*n.args[2]));
      default: break;
    }
    for (const auto& [k, c] : unary)
      if (n.kind == k) return step1(c, value(*n.args[0]));
    for (const auto& [k, c] : binary)
      if (n.kind == k) return step2(c, value(*n.args[0]), value(*n.args[1]));
    return NAN;
  };
  // A line whose numbers, as written, do not give the result as it is shown is no work a
  // student can check: "1 − 54.4 KB / 54.52 KB" gives 0.0022, not selective_saving's 0.002293
  // (an auditor's trial). Its numbers get the fewest digits, from 4 up to 16 (a result of 14
  // digits: accelerator_hours in ms, or money to the cent from $1e11), with which the
  // arithmetic gives the result's text as the reader's settings show it (a time in hours,
  // money to the cent); 16 when none does, the line then as near as a double's arithmetic
  // allows (4 had put a result shown to 16 digits 100 s off: an attacker's trial). (17
  // would write a double's noise: 0.12 USD/kWh as 0.11999999999999998.)
  constexpr int kMostDigits = 16;
  int digits = 4;
  if (std::isfinite(result)) {
    const std::string shown = spec.shown(result, bytes, settings);
    digits = kMostDigits;
    for (int d = 4; d <= kMostDigits; ++d) {
      read_at = d;
      const double r = value(e.node());
      read_at = 0;
      if (spec.shown(r, bytes, settings) == shown) {
        digits = d;
        break;
      }
    }
  }
  auto leaf = [&](const ENode& n) -> ExprForms {
    switch (n.kind) {
      case Kind::Num: return equation_forms(n);
      case Kind::Given: {
        const double v = value(n);
        return value_forms(v, "", v);
      }
      case Kind::Sym:
        if (model.slot(n.name) < 0) return equation_forms(n);  // a searched integer: its name
        return written(n, digits).forms;
      default: return written(n, digits).forms;
    }
  };
  auto pick = [&](const ENode& n) { return value(*n.args[0]) != 0 ? 0 : 1; };
  // A value passed on unchanged (an alias such as nodes = fleet.count, or the case a `when`
  // picks) is written by its name: "interval = young_interval = 14.24 min" says which value
  // it is, where its value would say "14.24 min = 14.24 min". The arithmetic stays a number.
  const ENode* passed = &unguarded(e.node());
  while (passed->kind == Kind::When) passed = &unguarded(*passed->args[1 + static_cast<std::size_t>(pick(*passed))]);
  if (passed->kind == Kind::Sym || passed->kind == Kind::Prop) {
    const ExprForms name = equation_forms(*passed);
    const double v = value(*passed);
    return {name.text, name.mathml, value_forms(v, "", v).expression};
  }
  const ExprForms f = write_expr(e, leaf, pick, value);
  return {f.text, f.mathml, f.expression};
}

}  // namespace mlsysim
