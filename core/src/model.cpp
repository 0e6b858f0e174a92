// Compiling a scenario type's expressions (model.hpp): slots, the dimension check of
// every equation, flat programs, and the one-point interpreter.
#include <algorithm>
#include <cmath>
#include <mutex>
#include <optional>
#include <stdexcept>

#include "model.hpp"

namespace mlsysim {

namespace {

using ENode = Expr::Node;
using Kind = Expr::Kind;

const PropertySpec* find_property(const ScenarioType& t, const std::string& name) {
  for (const PropertySpec& p : t.properties)
    if (p.name == name) return &p;
  return nullptr;
}

std::string dim_text(const Dim& d) { return d.dimensionless() ? "dimensionless" : d.name() + " (" + d.canonical_unit() + ")"; }

// The dimension of an expression; nullopt for a bare 0, which takes any dimension.
using MaybeDim = std::optional<Dim>;

struct Checker {
  const ScenarioType& type;
  const Model& model;
  std::string where;  // "Type.property"
  std::vector<std::string> bound;  // variables of the integer searches around this point

  [[noreturn]] void fail(const std::string& what) const { declaration_error(where + ": " + what); }

  static MaybeDim unify(const MaybeDim& a, const MaybeDim& b, bool* ok) {
    *ok = !a || !b || *a == *b;
    return a ? a : b;
  }

  MaybeDim same(const ENode& n, const char* what) {
    const MaybeDim a = dim(*n.args[0]), b = dim(*n.args[1]);
    bool ok = true;
    const MaybeDim d = unify(a, b, &ok);
    if (!ok) fail(std::string("cannot ") + what + " " + dim_text(*a) + " and " + dim_text(*b));
    return d;
  }

  void dimensionless(const ENode& n, const char* what) {
    const MaybeDim d = dim(n);
    if (d && !d->dimensionless()) fail(std::string(what) + " needs a dimensionless argument, got " + dim_text(*d));
  }

  MaybeDim dim(const ENode& n, int depth = 0) {
    if (depth > 64) fail("property references nest too deeply");
    switch (n.kind) {
      case Kind::Num:
        if (!n.unit.empty()) return declared_unit(n.unit).dim;
        return n.value == 0 ? MaybeDim() : MaybeDim(dims::none);
      case Kind::Sym: {
        if (std::find(bound.begin(), bound.end(), n.name) != bound.end()) return dims::none;  // a searched integer
        const int s = model.slot(n.name);
        if (s < 0) fail("equation uses undeclared symbol " + n.name);
        return model.slots[static_cast<std::size_t>(s)].dim;
      }
      case Kind::Given: return dims::none;
      case Kind::Prop: {
        const PropertySpec* p = find_property(type, n.name);
        if (!p) fail("equation uses undeclared property " + n.name);
        const Expected<Dim, UnitError> d = reported_dim(p->unit);
        if (!d) fail(std::string("declared unit of ") + n.name + ": " + d.error().what());
        return *d;
      }
      case Kind::Add: return same(n, "add");
      case Kind::Sub: return same(n, "subtract");
      case Kind::Min: return same(n, "take the min of");
      case Kind::Max: return same(n, "take the max of");
      case Kind::Mod: return same(n, "take the remainder of");
      case Kind::Mul:
      case Kind::Div: {
        const MaybeDim a = dim(*n.args[0], depth + 1), b = dim(*n.args[1], depth + 1);
        if (!a || !b) return a ? (n.kind == Kind::Div && !b ? a : MaybeDim()) : MaybeDim();
        return n.kind == Kind::Mul ? *a * *b : *a / *b;
      }
      case Kind::Sqrt: {
        const MaybeDim a = dim(*n.args[0], depth + 1);
        if (!a) return a;
        if (!a->even()) fail("sqrt of " + dim_text(*a) + ", whose exponents are not all even");
        return a->root();
      }
      case Kind::Log2: dimensionless(*n.args[0], "log2"); return dims::none;
      case Kind::CeilLog2: dimensionless(*n.args[0], "ceil_log2"); return dims::none;
      case Kind::Exp: dimensionless(*n.args[0], "exp"); return dims::none;
      case Kind::Ceil: dimensionless(*n.args[0], "ceil"); return dims::none;
      case Kind::Floor: dimensionless(*n.args[0], "floor"); return dims::none;
      case Kind::Neg: return dim(*n.args[0], depth + 1);
      case Kind::Lt:
      case Kind::Le:
      case Kind::Gt:
      case Kind::Ge:
      case Kind::Eq:
      case Kind::Ne: same(n, "compare"); return dims::none;
      case Kind::And:
      case Kind::Or:
        dimensionless(*n.args[0], "and/or");
        dimensionless(*n.args[1], "and/or");
        return dims::none;
      case Kind::When: {
        dimensionless(*n.args[0], "a condition");
        bool ok = true;
        const MaybeDim a = dim(*n.args[1], depth + 1), b = dim(*n.args[2], depth + 1);
        const MaybeDim d = unify(a, b, &ok);
        if (!ok) fail("the branches of `when` differ: " + dim_text(*a) + " and " + dim_text(*b));
        return d;
      }
      case Kind::Least:
      case Kind::Greatest: {
        if (model.slot(n.name) >= 0) fail("the searched integer " + n.name + " shadows a symbol");
        dimensionless(*n.args[0], "an integer search's lower bound");
        dimensionless(*n.args[1], "an integer search's estimate");
        bound.push_back(n.name);
        dimensionless(*n.args[2], "an integer search's condition");
        bound.pop_back();
        return dims::none;
      }
      case Kind::Guard:
        dimensionless(*n.args[1], "a guard's condition");
        return dim(*n.args[0], depth + 1);
    }
    return dims::none;
  }
};

struct Compiler {
  const ScenarioType& type;
  Model& model;
  std::string var;  // the variable of the integer search being compiled, or ""

  std::uint32_t slot_of(const std::string& name) const {
    const int s = model.slot(name);
    if (s < 0) declaration_error(type.name + ": equation uses undeclared symbol " + name);
    return static_cast<std::uint32_t>(s);
  }

  // Emits `n` into `prog`; returns the stack depth it needs. `optional` lists the slots
  // whose absence this part of the expression handles itself (the `then` of
  // when(given(x), ...)), which are not required.
  std::size_t emit(const ENode& n, Program& prog, int nesting, const std::vector<std::uint32_t>& optional) {
    if (nesting > 32) declaration_error(type.name + ": property references nest too deeply");
    auto op = [&](Op::Code c, std::uint32_t index = 0, double value = 0) { prog.ops.push_back({c, index, value}); };
    switch (n.kind) {
      case Kind::Num: op(Op::Push, 0, n.value); return 1;
      case Kind::Sym: {
        if (!var.empty() && n.name == var) {
          op(Op::Var);
          return 1;
        }
        const std::uint32_t s = slot_of(n.name);
        op(Op::Load, s);
        if (std::find(optional.begin(), optional.end(), s) == optional.end()) prog.slots.push_back(s);
        prog.reads.push_back(s);
        return 1;
      }
      case Kind::Given: {
        const std::uint32_t s = slot_of(n.name);
        op(Op::Given, s);
        prog.reads.push_back(s);
        return 1;
      }
      case Kind::Prop: {
        const PropertySpec* p = find_property(type, n.name);
        if (!p) declaration_error(type.name + ": equation uses undeclared property " + n.name);
        // inlined, and then as its own result is: a property another uses that is unavailable
        // (too small for a double) makes that one unavailable too, in both interpreters; a
        // value of 2e-298 had been computed beside a roofline_time of "max(NaN, 4.794 ms)"
        const std::size_t depth = emit(p->expr.node(), prog, nesting + 1, optional);
        op(Op::Result);
        return depth;
      }
      case Kind::Least:
      case Kind::Greatest: {
        if (!var.empty()) declaration_error(type.name + ": an integer search inside another's condition");
        const std::size_t df = emit(*n.args[0], prog, nesting, optional);
        const std::size_t de = emit(*n.args[1], prog, nesting, optional);
        // the condition: a program of its own, run for each candidate integer
        Program cond;
        var = n.name;
        model.max_stack = std::max(model.max_stack, emit(*n.args[2], cond, nesting, optional));
        var.clear();
        for (const Op& o : cond.ops)
          if (o.code == Op::Guard) declaration_error(type.name + ": a guard inside an integer search's condition");
        prog.slots.insert(prog.slots.end(), cond.slots.begin(), cond.slots.end());
        prog.reads.insert(prog.reads.end(), cond.reads.begin(), cond.reads.end());
        model.conditions.push_back(std::move(cond));
        op(n.kind == Kind::Least ? Op::Least : Op::Greatest, static_cast<std::uint32_t>(model.conditions.size() - 1));
        return std::max(df, de + 1);
      }
      case Kind::Guard: {
        const std::size_t dc = emit(*n.args[1], prog, nesting, optional);
        model.guard_messages.push_back(n.message);
        op(Op::Guard, static_cast<std::uint32_t>(model.guard_messages.size()));
        return std::max(dc, emit(*n.args[0], prog, nesting, optional));
      }
      case Kind::When: {
        const std::size_t dc = emit(*n.args[0], prog, nesting, optional);
        std::vector<std::uint32_t> then_optional = optional;
        if (n.args[0]->kind == Kind::Given) then_optional.push_back(slot_of(n.args[0]->name));
        const std::size_t da = emit(*n.args[1], prog, nesting, then_optional);
        const std::size_t db = emit(*n.args[2], prog, nesting, optional);
        op(Op::Select);
        return std::max({dc, da + 1, db + 2});
      }
      default: break;
    }
    static const std::pair<Kind, Op::Code> unary[] = {{Kind::Sqrt, Op::Sqrt}, {Kind::Log2, Op::Log2},
                                                      {Kind::CeilLog2, Op::CeilLog2}, {Kind::Exp, Op::Exp},
                                                      {Kind::Ceil, Op::Ceil}, {Kind::Floor, Op::Floor},
                                                      {Kind::Neg, Op::Neg}};
    for (const auto& [k, c] : unary)
      if (n.kind == k) {
        const std::size_t d = emit(*n.args[0], prog, nesting, optional);
        op(c);
        return d;
      }
    static const std::pair<Kind, Op::Code> binary[] = {
        {Kind::Add, Op::Add}, {Kind::Sub, Op::Sub}, {Kind::Mul, Op::Mul}, {Kind::Div, Op::Div}, {Kind::Mod, Op::Mod},
        {Kind::Min, Op::Min}, {Kind::Max, Op::Max}, {Kind::Lt, Op::Lt},   {Kind::Le, Op::Le},   {Kind::Gt, Op::Gt},
        {Kind::Ge, Op::Ge},   {Kind::Eq, Op::Eq},   {Kind::Ne, Op::Ne},   {Kind::And, Op::And}, {Kind::Or, Op::Or}};
    for (const auto& [k, c] : binary)
      if (n.kind == k) {
        const std::size_t da = emit(*n.args[0], prog, nesting, optional);
        const std::size_t db = emit(*n.args[1], prog, nesting, optional);
        op(c);
        return std::max(da, db + 1);
      }
    declaration_error(type.name + ": unknown expression node");
  }

  Program compile(const Expr& e) {
    Program prog;
    model.max_stack = std::max(model.max_stack, emit(e.node(), prog, 0, {}));
    return prog;
  }
};

// The symbols an expression reads, its properties' included.
void symbols_read(const ScenarioType& t, const ENode& n, std::vector<std::string>& out, int depth = 0) {
  if (depth > 64) return;
  if (n.kind == Kind::Sym || n.kind == Kind::Given) out.push_back(n.name);
  if (n.kind == Kind::Prop)
    if (const PropertySpec* p = find_property(t, n.name)) symbols_read(t, p->expr.node(), out, depth + 1);
  for (const auto& a : n.args) symbols_read(t, *a, out, depth);
}

}  // namespace

int Model::slot(const std::string& name) const {
  for (std::size_t k = 0; k < slots.size(); ++k)
    if (slots[k].name == name) return static_cast<int>(k);
  return -1;
}

const Model& ScenarioType::compiled() const {
  static std::mutex building;
  const std::lock_guard<std::mutex> lock(building);
  if (!model) model = std::make_shared<const Model>(build_model(*this));
  return *model;
}

Model build_model(const ScenarioType& type) {
  Model m;
  for (std::size_t k = 0; k < type.fields.size(); ++k) {
    const FieldSpec& f = type.fields[k];
    if (!f.numeric()) continue;
    Slot s;
    s.name = f.name;
    s.dim = f.type == FieldType::Quantity ? f.dim : dims::none;
    s.unit = s.dim.canonical_unit();
    s.display_unit = s.unit;
    if (!f.display_unit.empty()) {
      const Quantity u = declared_unit(f.display_unit);  // a declaration error fails at start-up
      if (u.dim != f.dim) declaration_error(type.name + "." + f.name + ": display unit of the wrong dimension");
      s.display_unit = f.display_unit;
      s.display_factor = u.value;
    }
    s.field = static_cast<int>(k);
    m.slots.push_back(s);
  }
  for (const SymbolSpec& sym : type.symbols) {
    Slot s;
    s.name = sym.name;
    const std::size_t dot = sym.path.find('.');
    const std::string head = sym.path.substr(0, dot);
    const FieldSpec* f = type.field(head);
    if (!f) declaration_error(type.name + ": symbol " + sym.name + " reads undeclared field " + head);
    if (f->numeric()) {
      if (dot != std::string::npos) declaration_error(type.name + ": symbol " + sym.name + ": " + head + " is a number");
      const int field_slot = m.slot(head);
      s = m.slots[static_cast<std::size_t>(field_slot)];
      s.name = sym.name;
      s.alias_of = s.field;
      s.field = -1;
    } else {
      if (dot == std::string::npos) declaration_error(type.name + ": symbol " + sym.name + " names an entry, not a number");
      const RegistryKind* kind = find_registry_kind(f->registry);
      s.registry_field = static_cast<int>(f - type.fields.data());
      s.path = sym.path.substr(dot + 1);
      s.dim = path_dim(*kind, s.path);  // an undeclared path throws
      s.unit = s.dim.canonical_unit();
      s.display_unit = path_display_unit(*kind, s.path);
      if (s.display_unit.empty()) s.display_unit = s.unit;
      else s.display_factor = declared_unit(s.display_unit).value;
    }
    m.slots.push_back(s);
  }

  // every equation's dimension against its declared unit
  for (const PropertySpec& p : type.properties) {
    Checker c{type, m, type.name + "." + p.name};
    const Expected<Dim, UnitError> reported = reported_dim(p.unit);
    if (!reported) c.fail(std::string("declared unit: ") + reported.error().what());
    const Dim declared = *reported;
    if (!p.display_unit.empty()) {
      const Expected<Quantity, UnitError> shown = parse_unit(p.display_unit);
      if (!shown) c.fail(std::string("shown in: ") + shown.error().what());
      if (shown->dim != declared) c.fail("shown in \"" + p.display_unit + "\", not a unit of " + dim_text(declared));
    }
    const MaybeDim got = c.dim(p.expr.node());
    if (got && *got != declared)
      c.fail("the equation gives " + dim_text(*got) + " but the declared unit \"" + p.unit + "\" is " + dim_text(declared));
  }
  for (const WarningSpec& w : type.warnings) Checker{type, m, type.name + " warning \"" + w.text + "\""}.dim(w.when.node());

  Compiler c{type, m};
  for (const PropertySpec& p : type.properties) m.programs.push_back(c.compile(p.expr));
  for (const WarningSpec& w : type.warnings) m.warnings.push_back(c.compile(w.when));
  if (m.max_stack > 32) declaration_error(type.name + ": an equation needs more than 32 stack entries");
  if (m.slots.size() > Model::kMaxSlots) declaration_error(type.name + ": more than 64 symbols");

  // declarations stay honest: every symbol is read, every exact product is of integers
  std::vector<std::string> used;
  for (const PropertySpec& p : type.properties) symbols_read(type, p.expr.node(), used);
  for (const WarningSpec& w : type.warnings) symbols_read(type, w.when.node(), used);
  for (const SymbolSpec& sym : type.symbols)
    if (std::find(used.begin(), used.end(), sym.name) == used.end())
      declaration_error(type.name + ": symbol " + sym.name + " is declared but no equation uses it");
  for (const ExactProduct& r : type.exact_products)
    for (const std::string& name : {r.a, r.b}) {
      const FieldSpec* f = type.field(name);
      if (!f || f->type != FieldType::Int)
        declaration_error(type.name + ": exact product of " + name + ", which is not an integer field");
    }
  if (!type.sweep.field.empty()) {
    const FieldSpec* f = type.field(type.sweep.field);
    if (!f || !f->numeric()) declaration_error(type.name + ": sweep.field " + type.sweep.field + " is not a numeric field");
  }
  for (const std::string& name : type.sweep.properties)
    if (!find_property(type, name)) declaration_error(type.name + ": sweep.properties names undeclared property " + name);
  for (const FieldSpec& f : type.fields) {
    if (f.in_use.empty()) continue;
    const PropertySpec* p = find_property(type, f.in_use);
    if (!p || !reported_dim(p->unit) || *reported_dim(p->unit) != f.dim || f.required || !f.default_value.is_null())
      declaration_error(type.name + "." + f.name + ": in_use " + f.in_use +
                        " is not a property of its dimension, or the field is not optional without a default");
  }
  return m;
}

void Model::load(const Inputs& in, double* out, bool* present) const {
  for (std::size_t k = 0; k < slots.size(); ++k) {
    const Slot& s = slots[k];
    const int field = s.field >= 0 ? s.field : s.alias_of;
    if (field >= 0) {
      const FieldValue& v = in.values()[static_cast<std::size_t>(field)];
      present[k] = v.present;
      out[k] = v.present ? v.x : NAN;
      continue;
    }
    const FieldValue& v = in.values()[static_cast<std::size_t>(s.registry_field)];
    std::string missing;
    double x = NAN;
    present[k] = v.present && v.entry->number(s.path, x, missing);
    out[k] = present[k] ? x : NAN;
  }
}

double Model::run(const Program& prog, const double* slot_values, std::uint32_t* guard, double var) const noexcept {
  double stack[33];
  std::size_t top = 0;
  for (const Op& op : prog.ops) {
    switch (op.code) {
      case Op::Push: stack[top++] = op.value; break;
      case Op::Var: stack[top++] = var; break;
      case Op::Least:
      case Op::Greatest: {
        --top;
        const Program& cond = conditions[op.index];
        std::uint32_t unused = 0;
        stack[top - 1] = search_integer(op.code == Op::Least, stack[top - 1], stack[top],
                                        [&](double n) { return run(cond, slot_values, &unused, n); });
        break;
      }
      case Op::Load: stack[top++] = slot_values[op.index]; break;
      case Op::Given: stack[top++] = std::isnan(slot_values[op.index]) ? 0.0 : 1.0; break;
      case Op::Sqrt:
      case Op::Log2:
      case Op::CeilLog2:
      case Op::Exp:
      case Op::Ceil:
      case Op::Floor:
      case Op::Neg:
      case Op::Result: stack[top - 1] = step1(op.code, stack[top - 1]); break;
      case Op::Select:
        top -= 2;
        stack[top - 1] = choose(stack[top - 1], stack[top], stack[top + 1]);
        break;
      case Op::Guard:
        --top;
        if (stack[top] == 1.0) {
          *guard = op.index;
          return NAN;
        }
        break;
      default:
        --top;
        stack[top - 1] = step2(op.code, stack[top - 1], stack[top]);
        break;
    }
  }
  // an infinity stays one: a count past 2^53 says so (api.cpp compute); every caller
  // takes a value that is not finite as unavailable
  return stack[0];
}

}  // namespace mlsysim
