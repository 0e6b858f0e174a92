// Expression trees: building them, and writing their equations as text and MathML
// (expr.hpp). Compiling them is model.cpp; writing them with values (work) is work.cpp.
#include "mlsysim/expr.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <functional>

#include "mlsysim/text.hpp"
#include "mlsysim/units.hpp"

namespace mlsysim {

// ---- building ----

// Every node lives as long as the program: the declarations that build them do too, so an
// Expr is a pointer, free to copy, and building a tree frees nothing. (A deque keeps each
// node where it was put.) Not thread-safe: the declarations are built once, at start-up.
Expr Expr::from(Node n) {
  static std::deque<Node> store;
  store.push_back(std::move(n));
  Expr e;
  e.node_ = &store.back();
  return e;
}

Expr Expr::make(Kind k, std::initializer_list<Expr> args) {
  Node n;
  n.kind = k;
  for (const Expr& arg : args) n.args.push_back(arg.node_);
  return from(std::move(n));
}

Expr Expr::bound(Kind k, const char* var, Expr from_, Expr estimate, Expr condition) {
  Node n;
  n.kind = k;
  n.name = var;
  n.args = {from_.node_, estimate.node_, condition.node_};
  return from(std::move(n));
}

Expr Expr::num(double v) {
  Node n;
  n.value = v;
  n.shown = v;
  return from(std::move(n));
}

Expr Expr::num(double v, const char* unit) {
  Node n;
  n.shown = v;
  n.value = v * declared_unit(unit).value;  // an unknown unit fails the declaration at start-up
  n.unit = unit;
  return from(std::move(n));
}

namespace {
Expr::Node named(Expr::Kind kind, const char* name) {
  Expr::Node n;
  n.kind = kind;
  n.name = name;
  return n;
}
}  // namespace

Expr Expr::sym(const char* name) { return from(named(Kind::Sym, name)); }
Expr Expr::prop(const char* name) { return from(named(Kind::Prop, name)); }
Expr Expr::given(const char* name) { return from(named(Kind::Given, name)); }

Expr Expr::unless(Expr condition, std::string message) const {
  Node n;
  n.kind = Kind::Guard;
  n.message = std::move(message);
  n.args = {node_, condition.node_};
  return from(std::move(n));
}

// ---- writing out ----

namespace {

using ENode = Expr::Node;
using Kind = Expr::Kind;

const ENode& unguarded(const ENode& n) { return n.kind == Kind::Guard ? unguarded(*n.args[0]) : n; }

int precedence(const ENode& node) {
  const ENode& n = unguarded(node);
  switch (n.kind) {
    case Kind::When: return -2;
    case Kind::And:
    case Kind::Or: return -1;
    case Kind::Lt:
    case Kind::Le:
    case Kind::Gt:
    case Kind::Ge:
    case Kind::Eq:
    case Kind::Ne:
    case Kind::Given: return 0;
    case Kind::Add:
    case Kind::Sub:
    case Kind::Neg: return 1;  // -a binds as a sum: a × (−b), a − (−b)
    case Kind::Mul:
    case Kind::Div:
    case Kind::Mod: return 2;
    default: return 3;
  }
}

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

// A symbol of one letter with a subscript ("N_d", "T_fixed", "b_intra") is typeset as one
// (N with a subscript d), as the book writes it; a field's name ("dp_degree",
// "kv_cache_bytes") stays a name.
std::string name_mathml(const std::string& name) {
  const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
  if (name.size() >= 3 && name[1] == '_' && std::isalpha(static_cast<unsigned char>(name[0])) &&
      std::all_of(name.begin() + 2, name.end(), word))
    return "<msub><mi>" + name.substr(0, 1) + "</mi><mi>" + name.substr(2) + "</mi></msub>";
  return "<mi>" + xml_escape(name) + "</mi>";
}

// The length of the number at the start of a shown value: an optional sign or '$',
// digits with ',' separators and a '.', and an exponent only where 'e' is followed by
// digits ("1.5e-7", not the 'e' of "1.694/year" or "8 exabyte").
std::size_t number_length(const std::string& text) {
  std::size_t i = 0;
  while (i < text.size() && (text[i] == '$' || text[i] == '-' || text[i] == '+')) ++i;
  if (text.compare(i, 3, "\u2212") == 0) i += 3;  // a minus sign
  while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == ',' || text[i] == '.')) ++i;
  if (i < text.size() && text[i] == 'e') {
    std::size_t j = i + 1;
    if (j < text.size() && (text[j] == '-' || text[j] == '+')) ++j;
    if (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) {
      while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
      i = j;
    }
  }
  return i;
}

std::string number_mathml(const std::string& number) {
  // 1.5e-7 -> 1.5 x 10^-7
  const std::size_t n = number_length(number);
  const std::size_t e = number.find('e');
  if (n != number.size() || e == std::string::npos) return "<mn>" + xml_escape(number) + "</mn>";
  std::string exp = number.substr(e + 1);
  if (!exp.empty() && exp[0] == '+') exp.erase(0, 1);
  return "<mn>" + number.substr(0, e) + "</mn><mo>\u00d7</mo><msup><mn>10</mn><mn>" + exp + "</mn></msup>";
}

std::string quantity_mathml(const std::string& number, const std::string& unit) {
  std::string m = number_mathml(number);
  if (!unit.empty())
    m = "<mrow>" + m + (unit[0] == '/' ? "" : "<mspace width=\"0.25em\"/>") + "<mi mathvariant=\"normal\">" + xml_escape(unit) +
        "</mi></mrow>";
  return m;
}

using Forms = ExprForms;

struct Writer {
  // a leaf (Num, Sym, Prop, Given) in its three forms
  std::function<Forms(const ENode&)> leaf;
  // for `when`: 0 to show only the branch taken, 1 the other, -1 to show both (equations)
  std::function<int(const ENode&)> pick;
  // the value of a node (work only): the arithmetic form of an integer search
  std::function<double(const ENode&)> value;

  // `inner` between the fences `open` and `close`. They stretch only around something
  // taller than a line (a fraction, a root, a table): around a line, a browser without a
  // math font stretched them to twice its height, "P × (w + g + o)" with parentheses from
  // the line above to the line below.
  static std::string fenced(const char* open, const std::string& inner, const char* close) {
    bool tall = false;
    for (const char* t : {"<mfrac", "<msqrt", "<mroot", "<mtable", "<munder", "<mover"}) tall = tall || inner.find(t) != std::string::npos;
    const std::string mo = tall ? "<mo>" : "<mo stretchy=\"false\">";
    return "<mrow>" + mo + open + "</mo>" + inner + mo + close + "</mo></mrow>";
  }

  Forms wrap(const Forms& f, bool parens) const {
    if (!parens) return f;
    return {"(" + f.text + ")", fenced("(", f.mathml, ")"), "(" + f.expression + ")"};
  }

  Forms call(const char* name, const std::vector<Forms>& args, const std::string& mathml_head) const {
    Forms f{std::string(name) + "(", "", std::string(name) + "("};
    for (std::size_t k = 0; k < args.size(); ++k) {
      if (k) {
        f.text += ", ";
        f.mathml += "<mo>,</mo>";
        f.expression += ", ";
      }
      f.text += args[k].text;
      f.mathml += args[k].mathml;
      f.expression += args[k].expression;
    }
    f.text += ")";
    f.mathml = mathml_head + fenced("(", f.mathml, ")");
    f.expression += ")";
    return f;
  }

  Forms infix(const ENode& n, const char* text_op, const char* mathml_op, const char* expr_op) const {
    const int p = precedence(n);
    const ENode& a = *n.args[0];
    const ENode& b = *n.args[1];
    // a right operand of equal precedence needs parentheses under - (a - (b + c)); under
    // + and x it does not
    const int pb = precedence(b);
    const Forms fa = wrap(write(a), precedence(a) < p);
    const Forms fb = wrap(write(b), pb < p || (pb == p && n.kind == Kind::Sub));
    const bool logical = p <= 0;
    Forms f{fa.text + text_op + fb.text, fa.mathml + "<mo>" + mathml_op + "</mo>" + fb.mathml,
            fa.expression + expr_op + fb.expression};
    if (logical) f.expression = "(" + f.expression + ")";
    return f;
  }

  Forms write(const ENode& root) const {
    const ENode& n = unguarded(root);
    switch (n.kind) {
      case Kind::Num:
      case Kind::Sym:
      case Kind::Prop:
      case Kind::Given: return leaf(n);
      case Kind::Add: return infix(n, " + ", "+", " + ");
      case Kind::Sub: return infix(n, " \u2212 ", "\u2212", " - ");
      case Kind::Mul: return infix(n, " \u00d7 ", "\u00d7", " * ");
      case Kind::Mod: return infix(n, " mod ", "mod", " % ");
      case Kind::Lt: return infix(n, " < ", "&lt;", " < ");
      case Kind::Le: return infix(n, " \u2264 ", "\u2264", " <= ");
      case Kind::Gt: return infix(n, " > ", "&gt;", " > ");
      case Kind::Ge: return infix(n, " \u2265 ", "\u2265", " >= ");
      case Kind::Eq: return infix(n, " = ", "=", " === ");
      case Kind::Ne: return infix(n, " \u2260 ", "\u2260", " !== ");
      case Kind::And: return infix(n, " and ", "and", " && ");
      case Kind::Or: return infix(n, " or ", "or", " || ");
      case Kind::Div: {
        // text: a / b with parentheses by precedence; MathML: a fraction
        const Forms fa = write(*n.args[0]), fb = write(*n.args[1]);
        // a divisor written with a slash of its own (a rate, "1.694/year"; "2 USD/h") is
        // bracketed in the text: "1 / 1.694/year" read as (1 / 1.694)/year
        const Kind kb = unguarded(*n.args[1]).kind;
        const bool slashed = (kb == Kind::Num || kb == Kind::Sym || kb == Kind::Prop) && fb.text.find('/') != std::string::npos;
        const bool pa = precedence(*n.args[0]) < 2, pb = precedence(*n.args[1]) < 3;
        return {wrap(fa, pa).text + " / " + wrap(fb, pb || slashed).text,
                "<mfrac><mrow>" + fa.mathml + "</mrow><mrow>" + fb.mathml + "</mrow></mfrac>",
                wrap(fa, pa).expression + " / " + wrap(fb, pb).expression};
      }
      case Kind::Sqrt: {
        const Forms a = write(*n.args[0]);
        return {"sqrt(" + a.text + ")", "<msqrt><mrow>" + a.mathml + "</mrow></msqrt>", "sqrt(" + a.expression + ")"};
      }
      case Kind::Log2: return call("log2", {write(*n.args[0])}, "<msub><mi>log</mi><mn>2</mn></msub><mo>\u2061</mo>");
      case Kind::Neg: {
        // −(a + b), −a / b (the same number as (−a) / b); in JavaScript "- -5", not "--5"
        const Forms a = wrap(write(*n.args[0]), precedence(*n.args[0]) < 2);
        const std::string space = a.expression.rfind('-', 0) == 0 ? " " : "";
        return {"\u2212" + a.text, "<mrow><mo>\u2212</mo>" + a.mathml + "</mrow>", "-" + space + a.expression};
      }
      case Kind::Exp: {
        const Forms a = write(*n.args[0]);
        return {"exp(" + a.text + ")", "<msup><mi>e</mi><mrow>" + a.mathml + "</mrow></msup>", "exp(" + a.expression + ")"};
      }
      case Kind::Min: return call("min", {write(*n.args[0]), write(*n.args[1])}, "<mi>min</mi>");
      case Kind::Max: return call("max", {write(*n.args[0]), write(*n.args[1])}, "<mi>max</mi>");
      case Kind::Ceil:
      case Kind::Floor:
      case Kind::CeilLog2: {
        const bool up = n.kind != Kind::Floor;
        Forms a = write(*n.args[0]);
        if (n.kind == Kind::CeilLog2) a = call("log2", {a}, "<msub><mi>log</mi><mn>2</mn></msub><mo>\u2061</mo>");
        const char* l = up ? "\u2308" : "\u230a";
        const char* r = up ? "\u2309" : "\u230b";
        // with values (work), ceil(log2(N)) is written as its exact integer, as the core
        // computes it: JavaScript's Math.log2 rounds, so ceil(log2(2^49 + 1)) would be 49
        const bool exact = n.kind == Kind::CeilLog2 && value;
        return {l + a.text + r, fenced(l, a.mathml, r),
                exact ? js_number(value(n)) : std::string(up ? "ceil(" : "floor(") + a.expression + ")"};
      }
      case Kind::When: {
        const int k = pick(n);
        if (k >= 0) return write(*n.args[1 + static_cast<std::size_t>(k)]);
        const Forms c = write(*n.args[0]), a = write(*n.args[1]), b = write(*n.args[2]);
        return {a.text + " when " + c.text + "; " + b.text + " otherwise",
                "<mrow><mo>{</mo><mtable columnalign=\"left\"><mtr><mtd>" + a.mathml +
                    "</mtd><mtd><mtext>when\u00a0</mtext>" + c.mathml + "</mtd></mtr><mtr><mtd>" + b.mathml +
                    "</mtd><mtd><mtext>otherwise</mtext></mtd></mtr></mtable></mrow>",
                "(" + c.expression + " ? " + a.expression + " : " + b.expression + ")"};
      }
      case Kind::Least:
      case Kind::Greatest: {
        const bool least = n.kind == Kind::Least;
        const Forms from = write(*n.args[0]), cond = write(*n.args[2]);
        const std::string word = least ? "smallest" : "largest";
        // as the MathML writes it, a set in braces: words ("largest integer B' >= 0 with ...")
        // ran into the "= 260" that a work line appends, as if memory_capacity = 260. ℤ is
        // its own character: MathML Core (Chromium) draws mathvariant="double-struck" Z as
        // an italic Z, a variable
        return {std::string(least ? "min" : "max") + "{" + n.name + " \u2208 \u2124, " + n.name + " \u2265 " + from.text +
                    " : " + cond.text + "}",
                "<mrow><mi>" + std::string(least ? "min" : "max") + "</mi>" +
                    fenced("{",
                           "<mi>" + xml_escape(n.name) + "</mi><mo>\u2208</mo><mi mathvariant=\"normal\">\u2124</mi><mo>,</mo><mi>" +
                               xml_escape(n.name) + "</mi><mo>\u2265</mo>" + from.mathml + "<mo>:</mo>" + cond.mathml,
                           "}") +
                    "</mrow>",
                value ? js_number(value(n)) : word + "_integer(" + n.name + ")"};
      }
      case Kind::Guard: break;  // unreachable: unguarded() above
    }
    return {};
  }
};

Forms equation_leaf(const ENode& n) {
  switch (n.kind) {
    case Kind::Num: {
      const std::string s = js_number(n.shown);
      if (n.unit.empty()) return {s, number_mathml(s), js_number(n.value)};
      // a rate as results write one, "20/param": "20 1/param" read as 201/param
      const std::string unit = n.unit.compare(0, 2, "1/") == 0 ? n.unit.substr(1) : n.unit;
      return {s + (unit[0] == '/' ? "" : " ") + unit, quantity_mathml(s, unit), js_number(n.value)};
    }
    case Kind::Given: return {n.name + " is given", name_mathml(n.name) + "<mtext>\u00a0is given</mtext>", "1"};
    default: return {n.name, name_mathml(n.name), n.name};
  }
}

}  // namespace

ExprForms write_expr(const Expr& e, const LeafWriter& leaf, const BranchPicker& pick, const NodeValue& value) {
  return Writer{leaf, pick, value}.write(e.node());
}

ExprForms value_forms(double shown_value, const std::string& unit, double canonical_value, int digits) {
  // as the cards write numbers; a large one (10^7 or more) in scientific notation, with a
  // unit or without, so that one line does not write "300,000,000,000 / 1.75e11 param" (a
  // new user's trial); a rate as the cards write rates, "100/s" (not "100 1/s")
  const std::string number = quantity_number_text(shown_value, digits);
  const std::string shown_unit = unit.compare(0, 2, "1/") == 0 ? unit.substr(1) : unit;
  return {shown_unit.empty() ? number : shown_unit[0] == '/' ? number + shown_unit : number + " " + shown_unit,
          quantity_mathml(number, shown_unit), js_number(canonical_value)};
}

ExprForms text_forms(const std::string& text, double canonical_value) {
  // the number, then its unit: "350 GB", "1.694/year", "$8.923 million", "12,500 iterations"
  const std::size_t n = number_length(text);
  std::string unit = text.substr(n);
  if (!unit.empty() && unit[0] == ' ') unit.erase(0, 1);
  return {text, n == 0 || unit.empty() ? number_mathml(text) : quantity_mathml(text.substr(0, n), unit), js_number(canonical_value)};
}

ExprForms equation_forms(const Expr::Node& n) { return equation_leaf(n); }

std::string expr_text(const Expr& e) {
  return Writer{equation_leaf, [](const ENode&) { return -1; }, nullptr}.write(e.node()).text;
}

std::string expr_mathml(const Expr& e) {
  return Writer{equation_leaf, [](const ENode&) { return -1; }, nullptr}.write(e.node()).mathml;
}

}  // namespace mlsysim
