// The registry machinery (registry.hpp): reading entries (built-in and inline) by their
// kind's sub-fields, paths into them, and their JSON forms. The kinds and entries
// themselves are data, in registries.cpp.
#include "mlsysim/registry.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "mlsysim/text.hpp"
#include "read.hpp"
#include "value_text.hpp"

namespace mlsysim {

namespace {

std::vector<std::string> split_path(const std::string& path) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = path.find('.', start);
    parts.push_back(path.substr(start, dot - start));
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return parts;
}

std::size_t field_index(const RegistryKind& kind, const std::string& name) {
  for (std::size_t k = 0; k < kind.fields.size(); ++k)
    if (kind.fields[k].name == name) return k;
  return kind.fields.size();
}

// The registries while they are built (the entries of a kind may name entries of the
// kinds before it: a node its accelerator, a fleet its node and fabric).
struct Tables {
  std::vector<RegistryKind> kinds;
  std::vector<std::vector<std::shared_ptr<const Entry>>> entries;  // per kind

  std::size_t index(const RegistryKind& kind) const { return static_cast<std::size_t>(&kind - kinds.data()); }
  const RegistryKind* find(const std::string& name) const {
    for (const RegistryKind& k : kinds)
      if (k.name == name) return &k;
    return nullptr;
  }
};

Expected<std::shared_ptr<const Entry>> read_at(const Tables& t, const RegistryKind& kind, const Json& v,
                                               const std::string& field, const std::string& prefix, bool top);

Expected<FieldValue> read_value(const Tables& t, const FieldSpec& spec, const Json& v, const std::string& field,
                      const std::string& prefix) {
  FieldValue out;
  out.present = true;
  switch (spec.type) {
    case FieldType::Int: {
      const Expected<std::int64_t> x = read_int(v, field, prefix, spec.bounds);
      if (!x) return x.error();
      out.x = static_cast<double>(*x);
      break;
    }
    case FieldType::Float:
    case FieldType::Quantity: {
      const Expected<double> x = spec.type == FieldType::Float ? read_float(v, field, prefix, spec.bounds)
                                                                : read_quantity(v, field, prefix, spec.dim, spec.bounds, spec.display_unit);
      if (!x) return x.error();
      // a scenario's input a double holds with too few digits (1e-315 flop: closer to 0 than
      // 2.2e-308): its results had read 0 or "divides by zero" (a re-checker's trial), and a
      // result that small is unavailable (model.hpp as_result). readValue reads it as it is.
      if (*x != 0 && !std::isnormal(*x))
        return InputError(field, prefix + "got " + describe(v) + ": too small for a double (closer to 0 than 2.2e-308" +
                                     (spec.dim.canonical_unit().empty() ? std::string() : " " + spec.dim.canonical_unit()) +
                                     "), where it keeps too few digits");
      out.x = *x;
      break;
    }
    case FieldType::Registry: {
      const RegistryKind* kind = t.find(spec.registry);
      if (!kind) declaration_error(spec.name + ": undeclared registry kind " + spec.registry);
      Expected<std::shared_ptr<const Entry>> e = read_at(t, *kind, v, field, prefix, prefix.empty());
      if (!e) return e.error();
      out.entry = std::move(*e);
      break;
    }
  }
  return out;
}

Expected<std::shared_ptr<const Entry>> find_entry(const Tables& t, const RegistryKind& kind, const std::string& name,
                                                  const std::string& field, const std::string& prefix) {
  std::vector<std::string> names;
  for (const auto& e : t.entries[t.index(kind)]) {
    if (e->name == name) return e;
    names.push_back(e->name);
  }
  return InputError(field, prefix + "unknown " + kind.name + " " + describe(Json(name)) + did_you_mean_name(name, names) + "; valid choices: " + join(names));
}

Expected<std::shared_ptr<const Entry>> read_at(const Tables& t, const RegistryKind& kind, const Json& v,
                                               const std::string& field, const std::string& prefix, bool top) {
  if (v.is_string()) return find_entry(t, kind, v.get<std::string>(), field, prefix);
  std::vector<std::string> keys{"name"}, required;
  for (const FieldSpec& f : kind.fields) {
    keys.push_back(f.name);
    if (f.required) required.push_back(f.name);
  }
  keys.push_back("source");
  const std::string shape = "{name" + (required.empty() ? "" : ", " + join(required)) + "}";
  if (!v.is_object())
    return InputError(field, prefix + "expected " + (top ? "a " : "") + kind.name + " name or " + shape + ", got " + describe(v));
  // an entry as the registry's list gives it (headline, sources, a fleet's accelerators;
  // its numbers bare, in canonical units) is a description, not an inline entry: said so,
  // with the two ways to give one (an attacker's trial: listWorkloads()[0] passed back was
  // 'unknown key "headline"', and once that was taken off, parameters "has no unit")
  for (const char* listed : {"headline", "sources", "accelerators"})
    if (v.contains(listed) && std::find(keys.begin(), keys.end(), listed) == keys.end()) {
      // the entry's own name where it is one of the registry's ("GPT3")
      const bool builtin = v.contains("name") && v["name"].is_string() && find_entry(t, kind, v["name"].get<std::string>(), field, prefix);
      return InputError(field, prefix + "has the key " + describe(Json(listed)) + " of an entry as the list of " + kind.plural +
                                   " describes it, which is not an inline " + kind.name + ": give a built-in entry by its name" +
                                   (builtin ? " (" + describe(v["name"]) + ")" : std::string()) + ", or " + shape +
                                   " with a unit on each number; valid keys: " + join(keys));
    }
  if (Expected<void> ok = only_keys(v, field, prefix.empty() ? "" : prefix, keys); !ok) return ok.error();
  auto e = std::make_shared<Entry>();
  e->kind = &kind;
  Expected<std::string> name = read_name(v, field, prefix.empty() ? "" : prefix.substr(0, prefix.size() - 2) + " ", "custom " + kind.name);
  if (!name) return name.error();
  e->name = std::move(*name);
  e->numbers.assign(kind.fields.size(), NAN);
  e->entries.assign(kind.fields.size(), nullptr);
  e->sources.assign(kind.fields.size(), "");
  const std::string owner = top ? "inline " + kind.name : prefix.substr(0, prefix.size() - 2);
  for (std::size_t k = 0; k < kind.fields.size(); ++k) {
    const FieldSpec& f = kind.fields[k];
    if (!v.contains(f.name) || v[f.name].is_null()) {
      if (f.required) return InputError(field, owner + " needs \"" + f.name + "\" (" + f.rule() + ")");
      continue;
    }
    const Expected<FieldValue> x = read_value(t, f, v[f.name], field, prefix + f.name + ": ");
    if (!x) return x.error();
    e->given |= std::uint64_t{1} << k;
    e->numbers[k] = f.numeric() ? x->x : NAN;
    e->entries[k] = x->entry;
  }
  for (std::size_t k = 0; k < kind.fields.size(); ++k) {
    const FieldSpec& f = kind.fields[k];
    if (!f.defaults_to.empty() && std::isnan(e->numbers[k])) e->numbers[k] = e->numbers[field_index(kind, f.defaults_to)];
  }
  for (std::size_t k = 0; k < kind.fields.size(); ++k) {
    const FieldSpec& f = kind.fields[k];
    if (f.at_most_field.empty()) continue;
    const double a = e->numbers[k], b = e->numbers[field_index(kind, f.at_most_field)];
    if (!std::isnan(a) && !std::isnan(b) && a > b)
      return InputError(field, prefix + f.name + ": must be at most " + f.at_most_field + " (" + js_number(b) + "), got " +
                                  js_number(a));
  }
  for (const DerivedSubField& d : kind.derived) {
    double a = NAN, b = NAN;
    std::string missing;
    e->number(d.a, a, missing);
    e->number(d.b, b, missing);
    if (std::isnan(a) || std::isnan(b)) {
      e->derived.push_back(NAN);
      continue;
    }
    const Expected<std::int64_t> product = exact_product(static_cast<std::int64_t>(a), static_cast<std::int64_t>(b), field,
                                                         prefix + d.a + " x " + d.b.substr(d.b.rfind('.') + 1));
    if (!product) return product.error();
    e->derived.push_back(static_cast<double>(*product));
  }
  if (v.contains("source") && !v["source"].is_null()) {
    // placed as the name is: "fleet: node: accelerator source must be a string"
    Expected<std::string> source = read_source(v["source"], field, prefix.empty() ? "" : prefix.substr(0, prefix.size() - 2) + " ");
    if (!source) return source.error();
    e->source = std::move(*source);
  }
  return std::shared_ptr<const Entry>(std::move(e));
}

// The registries, built once: each kind's entries from its data rows, validated by the
// same reader as inline objects, each number's source kept.
const Tables& tables() {
  static const Tables t = [] {
    Tables out;
    std::vector<RegistryData> data = registry_data();
    for (const RegistryData& d : data) out.kinds.push_back(d.kind);
    out.entries.resize(out.kinds.size());
    for (std::size_t k = 0; k < data.size(); ++k) {
      const RegistryKind& kind = out.kinds[k];
      if (kind.fields.size() > 64) declaration_error(kind.name + ": more than 64 sub-fields (Entry::given)");
      for (const EntryData& row : data[k].entries) {
        Json v = row.values;
        v["name"] = row.name;
        v["source"] = row.source;
        // a built-in entry that breaks a rule is a wrong declaration
        Expected<std::shared_ptr<const Entry>> read = read_at(out, kind, v, kind.name + " " + row.name, "", true);
        if (!read) declaration_error(read.error().what());
        auto e = std::const_pointer_cast<Entry>(*read);
        e->given = 0;  // built in: nothing of it was given by a request
        for (const auto& [sub, src] : row.sources.items()) {
          const std::size_t i = field_index(kind, sub);
          if (i == kind.fields.size()) declaration_error(row.name + ": a source for an undeclared sub-field " + sub);
          e->sources[i] = src.get<std::string>();
        }
        if (e->source.empty()) declaration_error(kind.name + " " + row.name + " has no source");
        out.entries[k].push_back(e);
      }
    }
    return out;
  }();
  return t;
}

void put_number(Json& out, const FieldSpec& f, double x, bool as_input) {
  if (f.type == FieldType::Int) out[f.name] = static_cast<std::int64_t>(x);
  else if (f.type == FieldType::Quantity && as_input) out[f.name] = {{"value", x}, {"unit", f.dim.canonical_unit()}};
  else out[f.name] = x;
}

}  // namespace

std::vector<std::string> read_sub_fields(const RegistryKind& kind, const std::vector<std::string>& paths) {
  std::vector<std::string> out;
  const auto add = [&out](const std::string& p) {
    if (std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
  };
  for (const std::string& p : paths) {
    const std::size_t dot = p.find('.');
    const std::string head = p.substr(0, dot);
    const std::size_t i = field_index(kind, head);
    if (i == kind.fields.size()) {  // a derived count: what it multiplies
      for (const DerivedSubField& d : kind.derived)
        if (d.name == head)
          for (const std::string& q : read_sub_fields(kind, {d.a, d.b})) add(q);
      continue;
    }
    const FieldSpec& f = kind.fields[i];
    if (dot == std::string::npos) {
      add(p);
      if (!f.defaults_to.empty()) add(f.defaults_to);
      continue;
    }
    for (const std::string& q : read_sub_fields(*find_registry_kind(f.registry), {p.substr(dot + 1)})) add(head + "." + q);
  }
  return out;
}

namespace {

// The built-in entry of e's kind named as e is, or null: an inline object that repeats a
// built-in entry (a result's normalized inputs sent back) gives nothing new where it agrees.
const Entry* same_named(const Entry& e) {
  for (const auto& b : registry_entries(*e.kind))
    if (b->name == e.name) return b.get();
  return nullptr;
}

// unread_sub_fields of `e` against `builtin` (same_named(e)), prefixing nothing.
std::vector<std::string> unread_at(const Entry& e, const std::vector<std::string>& paths, const Entry* builtin) {
  const std::vector<std::string> read = read_sub_fields(*e.kind, paths);
  std::vector<std::string> out;
  for (std::size_t k = 0; k < e.kind->fields.size(); ++k) {
    if (!(e.given >> k & 1)) continue;
    const FieldSpec& f = e.kind->fields[k];
    bool whole = false;
    std::vector<std::string> below;
    for (const std::string& p : read) {
      if (p == f.name) whole = true;
      else if (p.compare(0, f.name.size() + 1, f.name + ".") == 0) below.push_back(p.substr(f.name.size() + 1));
    }
    if (whole) continue;
    if (f.numeric()) {
      // unread: named when it differs from the built-in entry of this name, or, with none,
      // when the kind does not require it; never when it is what it defaults to anyway
      // (kv_heads equal to heads)
      const bool as_default = !f.defaults_to.empty() && e.numbers[field_index(*e.kind, f.defaults_to)] == e.numbers[k];
      if (!as_default && (builtin ? builtin->numbers[k] != e.numbers[k] : !f.required)) out.push_back(f.name);
      continue;
    }
    const Entry& sub = *e.entries[k];
    const Entry* sub_builtin = builtin && builtin->entries[k] && builtin->entries[k]->name == sub.name ? builtin->entries[k].get() : nullptr;
    if (sub.given == 0 && (sub_builtin || f.required) && below.empty()) continue;  // a name, as the built-in has it
    std::vector<std::string> inner = sub.given ? unread_at(sub, below, sub_builtin ? sub_builtin : same_named(sub)) : std::vector<std::string>{};
    if (below.empty() && !f.required && (!sub_builtin || !inner.empty())) {
      out.push_back(f.name);  // an optional entry no equation reads: named whole
      continue;
    }
    for (const std::string& q : inner) out.push_back(f.name + "." + q);
  }
  return out;
}

}  // namespace

std::vector<std::string> unread_sub_fields(const Entry& e, const std::vector<std::string>& paths) {
  return e.given ? unread_at(e, paths, same_named(e)) : std::vector<std::string>{};
}

std::string headline_text(const Entry& e) {
  double x = 0;
  std::string missing;
  if (e.kind->headline.empty() || !e.number(e.kind->headline, x, missing)) return "";
  const FieldSpec* f = e.kind->field(e.kind->headline);
  if (f && f->type == FieldType::Quantity)
    return f->display_unit.empty() ? human_text(x, f->dim.canonical_unit()) : text_in_unit(x, f->display_unit);
  std::string label = e.kind->headline;
  for (char& c : label)
    if (c == '_') c = ' ';
  return human_text(x, "count") + " " + label;
}

std::string FieldSpec::rule() const {
  switch (type) {
    case FieldType::Int: return "integer " + bounds.text() + (at_most_field.empty() ? "" : " and <= " + at_most_field);
    case FieldType::Float: return "finite number " + bounds.text();
    case FieldType::Quantity: {
      const Bounds shown = bounds.scaled(display_unit.empty() ? 1.0 : declared_unit(display_unit).value);
      // in words ("a bandwidth > 0 GB/s"), not the dimension's formula ("information/time
      // > 0 GB/s", which a new user read as jargon)
      return dim.phrase() + " " + shown.text(shown_unit()) + (required || !default_value.is_null() ? "" : " when given");
    }
    case FieldType::Registry: {
      const RegistryKind* kind = find_registry_kind(registry);
      return kind ? kind->rule() : "a " + registry;
    }
  }
  return "";
}

const FieldSpec* RegistryKind::field(const std::string& n) const {
  for (const FieldSpec& f : fields)
    if (f.name == n) return &f;
  return nullptr;
}

std::string RegistryKind::rule() const {
  std::vector<std::string> required, rules;
  for (const FieldSpec& f : fields) {
    if (!f.required) continue;
    required.push_back(f.name);
    if (f.numeric()) {
      const std::string r = f.rule();
      rules.push_back(f.name + " " + r.substr(r.find_first_of("<>")));
    }
  }
  std::string out = "a " + name + " name, or {name, " + join(required) + ", ...}";
  if (!rules.empty()) out += " with " + join(rules);
  return out;
}

bool Entry::number(const std::string& path, double& out, std::string& missing) const {
  const std::vector<std::string> parts = split_path(path);
  const Entry* e = this;
  std::string walked;
  for (std::size_t p = 0; p < parts.size(); ++p) {
    walked += (walked.empty() ? "" : ".") + parts[p];
    const std::size_t i = field_index(*e->kind, parts[p]);
    if (i == e->kind->fields.size()) {
      for (std::size_t d = 0; d < e->kind->derived.size(); ++d)
        if (p + 1 == parts.size() && e->kind->derived[d].name == parts[p]) {
          out = e->derived[d];
          if (std::isnan(out)) missing = walked;
          return !std::isnan(out);
        }
      declaration_error(kind->name + " has no sub-field " + path);
    }
    if (p + 1 == parts.size()) {
      if (!e->kind->fields[i].numeric()) declaration_error(path + " is an entry, not a number");
      out = e->numbers[i];
      if (std::isnan(out)) missing = walked;
      return !std::isnan(out);
    }
    e = e->entries[i].get();
    if (!e) {
      missing = walked;
      return false;
    }
  }
  return false;
}

const Entry* Entry::entry(const std::string& path) const {
  const Entry* e = this;
  for (const std::string& part : split_path(path)) {
    const std::size_t i = field_index(*e->kind, part);
    if (i == e->kind->fields.size() || !e->entries[i]) return nullptr;
    e = e->entries[i].get();
  }
  return e;
}

const std::vector<RegistryKind>& registry_kinds() { return tables().kinds; }

const RegistryKind* find_registry_kind(const std::string& name) { return tables().find(name); }

const std::vector<std::shared_ptr<const Entry>>& registry_entries(const RegistryKind& kind) {
  return tables().entries[tables().index(kind)];
}

Expected<std::shared_ptr<const Entry>> read_entry(const RegistryKind& kind, const Json& v, const std::string& field) {
  return read_at(tables(), kind, v, field, "", true);
}

Expected<FieldValue> read_field(const FieldSpec& spec, const Json& v, const std::string& field, const std::string& prefix) {
  return read_value(tables(), spec, v, field, prefix);
}

namespace {
const FieldSpec* walk(const RegistryKind& kind, const std::string& path, const RegistryKind** owner) {
  const RegistryKind* k = &kind;
  const std::vector<std::string> parts = split_path(path);
  for (std::size_t p = 0; p < parts.size(); ++p) {
    const FieldSpec* f = k->field(parts[p]);
    if (!f) {
      for (const DerivedSubField& d : k->derived)
        if (p + 1 == parts.size() && d.name == parts[p]) {
          *owner = k;
          return nullptr;  // a derived count
        }
      declaration_error(kind.name + " has no sub-field " + path);
    }
    if (p + 1 == parts.size()) {
      if (!f->numeric()) declaration_error(kind.name + "." + path + " is an entry, not a number");
      *owner = k;
      return f;
    }
    if (f->numeric()) declaration_error(kind.name + "." + path + ": " + parts[p] + " is a number");
    k = find_registry_kind(f->registry);
  }
  declaration_error(kind.name + ": empty path");
}
}  // namespace

Dim path_dim(const RegistryKind& kind, const std::string& path) {
  const RegistryKind* owner = nullptr;
  const FieldSpec* f = walk(kind, path, &owner);
  return f && f->type == FieldType::Quantity ? f->dim : dims::none;
}

bool path_required(const RegistryKind& kind, const std::string& path) {
  const RegistryKind* k = &kind;
  for (const std::string& part : split_path(path)) {
    const FieldSpec* f = k->field(part);
    if (!f) return true;  // a derived count: present whenever its (required) factors are
    if (!f->required) return false;
    if (!f->numeric()) k = find_registry_kind(f->registry);
  }
  return true;
}

std::string path_display_unit(const RegistryKind& kind, const std::string& path) {
  const RegistryKind* owner = nullptr;
  const FieldSpec* f = walk(kind, path, &owner);
  return f && f->type == FieldType::Quantity ? f->display_unit : "";
}

std::string path_doc(const RegistryKind& kind, const std::string& path) {
  const RegistryKind* owner = nullptr;
  const FieldSpec* f = walk(kind, path, &owner);
  std::string doc;
  if (f) doc = f->doc;
  else
    for (const DerivedSubField& d : owner->derived)
      if (d.name == split_path(path).back()) doc = d.doc;
  // "P: every parameter" -> "every parameter": the symbol is the caller's to name
  const std::size_t colon = doc.find(": ");
  if (colon != std::string::npos && colon <= 8 && doc.find(' ') > colon) doc.erase(0, colon + 2);
  return doc;
}

Json entry_input_json(const Entry& e) {
  Json out = {{"name", e.name}};
  for (std::size_t k = 0; k < e.kind->fields.size(); ++k) {
    const FieldSpec& f = e.kind->fields[k];
    if (!f.numeric()) {
      if (e.entries[k]) out[f.name] = entry_input_json(*e.entries[k]);
    } else if (!std::isnan(e.numbers[k])) {
      put_number(out, f, e.numbers[k], true);
    }
  }
  if (!e.source.empty()) out["source"] = e.source;
  return out;
}

Json entry_list_json(const Entry& e) {
  Json out = {{"name", e.name}};
  Json sources = Json::object();
  for (std::size_t k = 0; k < e.kind->fields.size(); ++k) {
    const FieldSpec& f = e.kind->fields[k];
    if (!f.numeric()) {
      if (e.entries[k]) out[f.name] = entry_list_json(*e.entries[k]);
    } else if (!std::isnan(e.numbers[k])) {
      put_number(out, f, e.numbers[k], false);
    }
    if (!e.sources[k].empty()) sources[f.name] = e.sources[k];
  }
  for (std::size_t d = 0; d < e.kind->derived.size(); ++d)
    if (!std::isnan(e.derived[d])) out[e.kind->derived[d].name] = static_cast<std::int64_t>(e.derived[d]);
  out["headline"] = headline_text(e);
  if (!e.source.empty()) out["source"] = e.source;
  if (!sources.empty()) out["sources"] = sources;
  return out;
}

}  // namespace mlsysim
