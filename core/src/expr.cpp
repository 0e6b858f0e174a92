// Expression trees: building, compiling to flat programs, and writing out as text,
// MathML and substituted work.
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "mlsysim/expr.hpp"
#include "model.hpp"

namespace mlsysim {

// ---- building ----

namespace {
Expr::Node leaf(Expr::Kind kind, double value, std::string name) {
  Expr::Node n;
  n.kind = kind;
  n.value = value;
  n.name = std::move(name);
  return n;
}
}  // namespace

Expr Expr::num(double v) { return from(leaf(Kind::Num, v, "")); }
Expr Expr::sym(std::string name) { return from(leaf(Kind::Sym, 0, std::move(name))); }
Expr Expr::prop(std::string name) { return from(leaf(Kind::Prop, 0, std::move(name))); }

Expr Expr::from(Node n) {
  Expr e;
  e.node_ = std::make_shared<const Node>(std::move(n));
  return e;
}

Expr Expr::binary(Kind k, const Expr& a, const Expr& b) {
  Node n;
  n.kind = k;
  n.a = a.node_;
  n.b = b.node_;
  return from(std::move(n));
}

Expr sqrt(const Expr& a) { return Expr::binary(Expr::Kind::Sqrt, a, a); }

Expr Expr::unless_not_above(const std::string& name, double bound, const std::string& message) const {
  Node n = leaf(Kind::Guard, bound, name);
  n.message = message;
  n.a = node_;
  return from(std::move(n));
}

// ---- compiling ----

namespace {

using ENode = Expr::Node;
using Kind = Expr::Kind;

const PropertySpec* find_property(const ScenarioType& t, const std::string& name) {
  for (const PropertySpec& p : t.properties)
    if (p.name == name) return &p;
  return nullptr;
}

struct Compiler {
  const ScenarioType& type;
  Model& model;
  std::size_t depth = 0;

  std::uint32_t slot_of(const std::string& name) {
    const int s = model.slot(name);
    if (s < 0) throw std::logic_error(type.name + ": equation uses undeclared symbol " + name);
    return static_cast<std::uint32_t>(s);
  }

  // Emits `n` into `prog`; returns the stack depth it needs.
  std::size_t emit(const ENode& n, Program& prog, int nesting) {
    if (nesting > 32) throw std::logic_error(type.name + ": property references nest too deeply");
    switch (n.kind) {
      case Kind::Num:
        prog.ops.push_back({Op::Push, 0, n.value});
        return 1;
      case Kind::Sym: {
        const std::uint32_t s = slot_of(n.name);
        prog.ops.push_back({Op::Load, s, 0});
        prog.slots.push_back(s);
        return 1;
      }
      case Kind::Prop: {
        const PropertySpec* p = find_property(type, n.name);
        if (!p) throw std::logic_error(type.name + ": equation uses undeclared property " + n.name);
        return emit(p->expr.node(), prog, nesting + 1);  // inlined
      }
      case Kind::Sqrt: {
        const std::size_t d = emit(*n.a, prog, nesting);
        prog.ops.push_back({Op::Sqrt, 0, 0});
        return d;
      }
      case Kind::Guard: {
        const std::uint32_t s = slot_of(n.name);
        model.guard_messages.push_back(n.message);
        prog.ops.push_back({Op::Guard, s, n.value, static_cast<std::uint32_t>(model.guard_messages.size())});
        prog.slots.push_back(s);
        return emit(*n.a, prog, nesting);
      }
      case Kind::Add:
      case Kind::Sub:
      case Kind::Mul:
      case Kind::Div: {
        const std::size_t da = emit(*n.a, prog, nesting);
        const std::size_t db = emit(*n.b, prog, nesting);
        const Op::Code c = n.kind == Kind::Add ? Op::Add : n.kind == Kind::Sub ? Op::Sub
                         : n.kind == Kind::Mul ? Op::Mul : Op::Div;
        prog.ops.push_back({c, 0, 0});
        return std::max(da, db + 1);
      }
    }
    return 0;
  }
};

}  // namespace

int Model::slot(const std::string& name) const {
  for (std::size_t k = 0; k < slots.size(); ++k)
    if (slots[k].name == name) return static_cast<int>(k);
  return -1;
}

Model build_model(const ScenarioType& type) {
  Model m;
  for (std::size_t k = 0; k < type.fields.size(); ++k) {
    const FieldSpec& f = type.fields[k];
    if (f.type != FieldType::Int && f.type != FieldType::Float && f.type != FieldType::Quantity) continue;
    Slot s;
    s.name = f.name;
    s.unit = f.type == FieldType::Quantity ? f.dim.canonical_unit() : "";
    s.display_unit = s.unit;
    if (!f.display_unit.empty()) {
      const Quantity u = parse_unit(f.display_unit);  // a declaration error throws at start-up
      if (u.dim != f.dim) throw std::logic_error(f.name + ": display unit of the wrong dimension");
      s.display_unit = f.display_unit;
      s.display_factor = u.value;
    }
    s.field = static_cast<int>(k);
    m.slots.push_back(s);
  }
  for (const SymbolSpec& sym : type.symbols) {
    Slot s;
    s.name = sym.name;
    s.unit = sym.unit;
    s.display_unit = sym.unit;
    s.read = sym.read;
    for (const Slot& f : m.slots)
      if (f.field >= 0 && f.name == sym.meaning) s.alias_of = f.field;
    m.slots.push_back(s);
  }
  Compiler c{type, m};
  for (const PropertySpec& p : type.properties) {
    Program prog;
    m.max_stack = std::max(m.max_stack, c.emit(p.expr.node(), prog, 0));
    m.programs.push_back(std::move(prog));
  }
  if (m.max_stack > 32) throw std::logic_error(type.name + ": an equation needs more than 32 stack entries");
  for (const ExactProduct& r : type.exact_products)
    for (const std::string& name : {r.a, r.b}) {
      const int s = m.slot(name);
      if (s < 0 || type.fields[static_cast<std::size_t>(m.slots[static_cast<std::size_t>(s)].field)].type != FieldType::Int)
        throw std::logic_error(type.name + ": exact product of " + name + ", which is not an integer field");
    }
  return m;
}

void Model::load(const Inputs& in, double* out, bool* present) const {
  for (std::size_t k = 0; k < slots.size(); ++k) {
    const Slot& s = slots[k];
    if (s.field >= 0) {
      const Inputs::Value& v = in.values()[static_cast<std::size_t>(s.field)];
      present[k] = v.present;
      out[k] = v.present ? v.x : NAN;
    } else {
      present[k] = true;
      out[k] = s.read(in);
    }
  }
}

double Model::run(std::size_t p, const double* slot_values, std::uint32_t* guard) const noexcept {
  double stack[32];
  std::size_t top = 0;
  for (const Op& op : programs[p].ops) {
    switch (op.code) {
      case Op::Push: stack[top++] = op.value; break;
      case Op::Load: stack[top++] = slot_values[op.index]; break;
      case Op::Add: --top; stack[top - 1] += stack[top]; break;
      case Op::Sub: --top; stack[top - 1] -= stack[top]; break;
      case Op::Mul: --top; stack[top - 1] *= stack[top]; break;
      case Op::Div: --top; stack[top - 1] /= stack[top]; break;
      case Op::Sqrt: stack[top - 1] = std::sqrt(stack[top - 1]); break;
      case Op::Guard:
        if (!(slot_values[op.index] > op.value)) {
          *guard = op.message;
          return NAN;
        }
        break;
    }
    // an overflowed or undefined step poisons the result even when a later step would
    // hide it (1e5 / inf = 0): the caller reports NaN as "not a finite number"
    if (top > 0 && !std::isfinite(stack[top - 1])) return NAN;
  }
  return stack[0];
}

// ---- writing out ----

namespace {

int precedence(const ENode& n) {
  switch (n.kind) {
    case Kind::Add:
    case Kind::Sub: return 1;
    case Kind::Mul:
    case Kind::Div: return 2;
    case Kind::Guard: return precedence(*n.a);
    default: return 3;
  }
}

const ENode& unguarded(const ENode& n) { return n.kind == Kind::Guard ? unguarded(*n.a) : n; }

std::string xml_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else out += c;
  }
  return out;
}

// A value shown in substituted work: at most 10 significant digits.
std::string shown(double v) {
  if (!std::isfinite(v)) return js_number(v);
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  const double r = std::strtod(buf, nullptr);
  const double a = std::fabs(r);
  if (a != 0 && (a >= 1e7 || a < 1e-4)) {  // 1.75e11 rather than 175000000000
    std::string s = js_number(r);
    const std::size_t e = s.find("e+");
    if (e != std::string::npos) s.erase(e + 1, 1);
    if (s.find('e') == std::string::npos) {
      std::snprintf(buf, sizeof buf, "%.9e", r);
      std::string m(buf);
      const std::size_t k = m.find('e');
      std::string mant = m.substr(0, k);
      while (mant.back() == '0') mant.pop_back();
      if (mant.back() == '.') mant.pop_back();
      s = mant + "e" + std::to_string(std::atoi(m.c_str() + k + 1));
    }
    return s;
  }
  return js_number(r);
}

// What a leaf becomes in each form.
struct Leaf {
  std::string text, mathml, expression;
};

// Writes `n` in three forms at once; `leaf` turns Sym/Prop/Num nodes into their forms.
template <typename LeafFn>
void write(const ENode& root, const LeafFn& leaf, std::string& text, std::string& mathml, std::string& expr) {
  const ENode& n = unguarded(root);
  auto child = [&](const ENode& c, bool parens) {
    if (parens) {
      text += "(";
      mathml += "<mo>(</mo>";
      expr += "(";
    }
    write(c, leaf, text, mathml, expr);
    if (parens) {
      text += ")";
      mathml += "<mo>)</mo>";
      expr += ")";
    }
  };
  switch (n.kind) {
    case Kind::Num:
    case Kind::Sym:
    case Kind::Prop: {
      const Leaf l = leaf(n);
      text += l.text;
      mathml += l.mathml;
      expr += l.expression;
      return;
    }
    case Kind::Sqrt:
      text += "sqrt(";
      mathml += "<msqrt><mrow>";
      expr += "sqrt(";
      write(*n.a, leaf, text, mathml, expr);
      text += ")";
      mathml += "</mrow></msqrt>";
      expr += ")";
      return;
    case Kind::Div: {
      // text: a / b with parentheses by precedence; MathML: a fraction
      std::string t, m, e;
      const int pa = precedence(unguarded(*n.a)), pb = precedence(unguarded(*n.b));
      std::string ta, ma, ea, tb, mb, eb;
      write(*n.a, leaf, ta, ma, ea);
      write(*n.b, leaf, tb, mb, eb);
      text += (pa < 2 ? "(" + ta + ")" : ta) + " / " + (pb < 3 ? "(" + tb + ")" : tb);
      expr += (pa < 2 ? "(" + ea + ")" : ea) + " / " + (pb < 3 ? "(" + eb + ")" : eb);
      mathml += "<mfrac><mrow>" + ma + "</mrow><mrow>" + mb + "</mrow></mfrac>";
      return;
    }
    case Kind::Add:
    case Kind::Sub:
    case Kind::Mul: {
      const int p = precedence(n);
      const bool mul = n.kind == Kind::Mul;
      child(*n.a, precedence(unguarded(*n.a)) < p);
      const char* t_op = n.kind == Kind::Add ? " + " : n.kind == Kind::Sub ? " \u2212 " : " \u00d7 ";
      const char* m_op = n.kind == Kind::Add ? "<mo>+</mo>" : n.kind == Kind::Sub ? "<mo>\u2212</mo>" : "<mo>\u00d7</mo>";
      text += t_op;
      mathml += m_op;
      expr += n.kind == Kind::Add ? " + " : n.kind == Kind::Sub ? " - " : " * ";
      // a right operand of equal precedence needs parentheses under - (a - (b + c));
      // under + and x it does not
      const int pb = precedence(unguarded(*n.b));
      child(*n.b, pb < p || (pb == p && !mul && n.kind == Kind::Sub));
      return;
    }
    case Kind::Guard:
      return;  // unreachable: unguarded() above
  }
}

std::string name_mathml(const std::string& name) { return "<mi>" + xml_escape(name) + "</mi>"; }

std::string number_mathml(const std::string& number) {
  // 1.5e-7 -> 1.5 x 10^-7
  const std::size_t e = number.find('e');
  if (e == std::string::npos) return "<mn>" + number + "</mn>";
  std::string exp = number.substr(e + 1);
  if (!exp.empty() && exp[0] == '+') exp.erase(0, 1);
  return "<mn>" + number.substr(0, e) + "</mn><mo>\u00d7</mo><msup><mn>10</mn><mn>" + exp + "</mn></msup>";
}

std::string quantity_mathml(const std::string& number, const std::string& unit) {
  std::string m = number_mathml(number);
  if (!unit.empty()) m = "<mrow>" + m + "<mspace width=\"0.25em\"/><mi mathvariant=\"normal\">" + xml_escape(unit) + "</mi></mrow>";
  return m;
}

}  // namespace

std::string expr_text(const Expr& e) {
  std::string t, m, x;
  write(e.node(), [](const ENode& n) {
    return Leaf{n.kind == Kind::Num ? js_number(n.value) : n.name, "", ""};
  }, t, m, x);
  return t;
}

std::string expr_mathml(const Expr& e) {
  std::string t, m, x;
  write(e.node(), [](const ENode& n) {
    return Leaf{"", n.kind == Kind::Num ? number_mathml(js_number(n.value)) : name_mathml(n.name), ""};
  }, t, m, x);
  return m;
}

Work expr_work(const Expr& e, const Model& model, const double* slots,
               const std::vector<double>& property_values, const ScenarioType& type) {
  Work w;
  write(e.node(), [&](const ENode& n) {
    if (n.kind == Kind::Num) {
      const std::string s = js_number(n.value);
      return Leaf{s, number_mathml(s), s};
    }
    double v = 0;
    std::string unit;
    double factor = 1;
    if (n.kind == Kind::Sym) {
      const Slot& s = model.slots[static_cast<std::size_t>(model.slot(n.name))];
      v = slots[model.slot(n.name)];
      unit = s.display_unit;
      factor = s.display_factor;
    } else {
      for (std::size_t k = 0; k < type.properties.size(); ++k)
        if (type.properties[k].name == n.name) {
          v = property_values[k];
          unit = type.properties[k].unit;
        }
      if (unit == "count" || unit == "samples" || unit == "iterations") unit = "";
    }
    const std::string number = shown(v / factor);
    const std::string text = unit.empty() ? number : number + " " + unit;
    return Leaf{text, quantity_mathml(number, unit), js_number(v)};
  }, w.text, w.mathml, w.expression);
  return w;
}

}  // namespace mlsysim
