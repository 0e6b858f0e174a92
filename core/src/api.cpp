// The docs/api.md contract as JSON values, read off the declarations (api.hpp).
#include "mlsysim/api.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <memory>

#include "mlsysim/registry.hpp"
#include "mlsysim/sweep.hpp"
#include "model.hpp"
#include "read.hpp"
#include "value_text.hpp"

#ifndef MLSYSIM_VERSION
#define MLSYSIM_VERSION "0.0.0"
#endif

namespace mlsysim {

const char* version() { return MLSYSIM_VERSION; }

namespace {

Json normalized(const ScenarioType& type, const Inputs& in) {
  Json out = Json::object();
  for (std::size_t k = 0; k < type.fields.size(); ++k) {
    const FieldSpec& f = type.fields[k];
    const FieldValue& v = in.values()[k];
    if (!v.present) out[f.name] = nullptr;
    else if (f.type == FieldType::Int) out[f.name] = static_cast<std::int64_t>(v.x);
    else if (f.type == FieldType::Float) out[f.name] = v.x;
    else if (f.type == FieldType::Quantity) out[f.name] = {{"value", v.x}, {"unit", f.dim.canonical_unit()}};
    else out[f.name] = entry_input_json(*v.entry);
  }
  return out;
}

// The input a slot reads: its field's name.
const std::string& slot_field(const ScenarioType& type, const Slot& s) {
  const int k = s.field >= 0 ? s.field : s.alias_of >= 0 ? s.alias_of : s.registry_field;
  return type.fields[static_cast<std::size_t>(k)].name;
}

// The other properties an expression names (its substituted work shows their values).
void properties_named(const Expr::Node& n, Json& out) {
  if (n.kind == Expr::Kind::Prop && std::find(out.begin(), out.end(), Json(n.name)) == out.end()) out.push_back(n.name);
  for (const auto& a : n.args) properties_named(*a, out);
}

// Whether `n` searches for an integer (least_integer, greatest_integer) anywhere in it.
bool searches(const Expr::Node& n) {
  if (n.kind == Expr::Kind::Least || n.kind == Expr::Kind::Greatest) return true;
  for (const auto& a : n.args)
    if (searches(*a)) return true;
  return false;
}

// Values of every property of `type` for the loaded `slots`; errors[p] is "" or the
// property error's text. `invalid` lists the inputs that were given but refused.
void compute(const ScenarioType& type, const double* slots, const bool* present, std::vector<double>& values,
             std::vector<std::string>& errors, const std::vector<FieldError>& invalid = {}) {
  const Model& m = type.compiled();
  const std::size_t np = type.properties.size();
  values.assign(np, NAN);
  errors.assign(np, "");
  for (std::size_t p = 0; p < np; ++p) {
    const std::string& name = type.properties[p].name;
    for (std::uint32_t s : m.programs[p].slots) {
      if (present[s] || !errors[p].empty()) continue;
      const std::string& field = slot_field(type, m.slots[s]);
      bool refused = false;
      for (const FieldError& e : invalid) refused = refused || (e.field == field && !e.missing);
      errors[p] = name + ": needs " + field + (refused ? ", which is invalid" : ", which was not given");
    }
    if (!errors[p].empty()) continue;
    std::uint32_t guard = 0;
    const double v = m.run(p, slots, &guard);
    if (guard) errors[p] = name + ": " + m.guard_messages[guard - 1];
    else if (v == INFINITY && is_count_label(type.properties[p].unit) && searches(type.properties[p].expr.node()))
      // an integer search's answer past 2^53 (search_integer's infinity): the limit the
      // inputs' integers have too; a count that is a product (20 tokens per parameter) is
      // written at any size, and its overflow is one (a re-checker's trial: 2e301 tokens
      // shown, 2e308 "the count cannot be exact")
      errors[p] = name + ": comes to 2^53 (9007199254740992) or more, where a double no longer holds every integer, so the count cannot be exact";
    else if (!std::isfinite(v)) errors[p] = name + ": not a finite number: a step of the equation overflows or divides by zero";
    else if (std::isnan(as_result(v)))
      errors[p] = name + ": too small for a double: it comes to about " + number_text(v) +
                  ", closer to 0 than 2.2e-308, where a double keeps too few digits to show it (a step of the equation underflows)";
    else values[p] = v + 0.0;
  }
  // a property that is unavailable because one it uses is says which (its value is that
  // one's error carried through: model.cpp's Op::Result), not "a step overflows"
  for (std::size_t p = 0; p < np; ++p) {
    if (errors[p].rfind(type.properties[p].name + ": not a finite number", 0) != 0) continue;
    Json uses = Json::array();
    properties_named(type.properties[p].expr.node(), uses);
    for (std::size_t q = 0; q < np; ++q)
      if (q != p && !errors[q].empty() && std::find(uses.begin(), uses.end(), Json(type.properties[q].name)) != uses.end()) {
        errors[p] = type.properties[p].name + ": needs " + type.properties[q].name + ", which is unavailable";
        break;
      }
  }
}

// The model's slots loaded from `in` and every property computed on them (compute): what
// a result, and a warning's text at a sweep's point, are written from.
struct Computed {
  std::vector<double> slots;
  std::unique_ptr<bool[]> present;
  std::vector<double> values;
  std::vector<std::string> errors;
};
Computed computed(const ScenarioType& type, const Inputs& in, const std::vector<FieldError>& invalid) {
  const Model& m = type.compiled();
  Computed c{std::vector<double>(m.slots.size()), std::unique_ptr<bool[]>(new bool[m.slots.size()]), {}, {}};
  m.load(in, c.slots.data(), c.present.get());
  compute(type, c.slots.data(), c.present.get(), c.values, c.errors, invalid);
  return c;
}

// The byte prefixes of the amounts of data a warning's text names from fields: "GiB" for
// a registry's memory_capacity, which is how the registry states it. Neither, one or both.
struct Families {
  bool decimal = false, binary = false;
  std::vector<std::pair<double, std::string>> shown;  // each such field's value and its text
};
Families field_byte_families(const std::string& text, const Model& m, const double* slots) {
  Families f;
  for (std::size_t open = text.find('{'); open != std::string::npos; open = text.find('{', open + 1)) {
    const std::size_t close = text.find('}', open);
    if (close == std::string::npos) break;
    const int k = m.slot(text.substr(open + 1, close - open - 1));
    if (k < 0) continue;
    const Slot& s = m.slots[static_cast<std::size_t>(k)];
    if (s.unit != "byte") continue;
    const bool bin = s.display_unit.find("iB") != std::string::npos;
    (bin ? f.binary : f.decimal) = true;
    f.shown.emplace_back(slots[k], text_in_unit(slots[k], s.display_unit));
  }
  return f;
}

// A warning's text with its {name} placeholders filled in, each value as the page shows
// it: a property in its unit's human text ("24.5 s", "1,024"), a field in its display
// unit ("33.48 h"), a registry field by its entry's name. A property's amount of data is
// written with the reader's prefixes (`bytes`); when a field the same text names is shown
// with the other prefixes, it is written in those too, so the two compare at a glance:
// "weight_bytes 16.06 GB (14.96 GiB) exceed memory_capacity 8 GiB" (a new user's trial
// read "16.06 GB exceed 8 GiB").
std::string fill(const std::string& text, const ScenarioType& type, const Inputs& in, const Model& m, const double* slots,
                 const std::vector<double>& values, BytePrefix bytes, const DisplaySettings& settings) {
  const Families fields = field_byte_families(text, m, slots);
  const bool other = bytes == BytePrefix::decimal ? fields.binary : fields.decimal;
  const BytePrefix other_prefix = bytes == BytePrefix::decimal ? BytePrefix::binary : BytePrefix::decimal;
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const std::size_t close = text[i] == '{' ? text.find('}', i) : std::string::npos;
    if (close == std::string::npos) {
      out += text[i];
      continue;
    }
    const std::string name = text.substr(i + 1, close - i - 1);
    i = close;
    const FieldSpec* f = type.field(name);
    if (f && !f->numeric()) {
      out += escape_unseen(in.entry(name).name);  // an inline entry's name, as every message shows one
      continue;
    }
    bool found = false;
    // a property that is unavailable at these inputs says so ("at least NaN devices" had been written)
    for (std::size_t p = 0; p < type.properties.size() && !found; ++p)
      if (type.properties[p].name == name) {
        const PropertySpec& spec = type.properties[p];
        found = true;
        if (!std::isfinite(values[p])) {
          out += "(unavailable)";
          continue;
        }
        // with the digits it takes to read otherwise than a field it is compared with and is
        // not equal to (a re-checker's trial: "weight_bytes 80 GiB exceed memory_capacity 80 GiB")
        const double v = values[p];
        const auto clash = [&](const std::string& t) {
          for (const auto& [fv, ft] : fields.shown)
            if (fv != v && ft == t) return true;
          return false;
        };
        const bool bytes_here = spec.unit == "byte" && spec.display_unit.empty();
        int d = 4;
        while (bytes_here && d < 10 && (clash(spec.text(v, bytes, d)) || (other && clash(spec.text(v, other_prefix, d))))) ++d;
        // a time or an amount as its card shows it under the reader's settings (a warning read
        // "checkpoint_write_time 24.5 s" under cards in hours: an instructor's trial)
        const std::string set = settings_text(v, spec.unit, settings);
        out += set.empty() ? spec.text(v, bytes, d) : set;
        if (other && bytes_here) out += " (" + spec.text(v, other_prefix, d) + ")";
      }
    if (!found && m.slot(name) >= 0) {
      const Slot& s = m.slots[static_cast<std::size_t>(m.slot(name))];
      const double v = slots[m.slot(name)];
      out += !s.display_unit.empty() ? text_in_unit(v, s.display_unit) : human_text(v, f && f->type == FieldType::Int ? "count" : "");
      found = true;
    }
    if (!found) declaration_error(type.name + ": a warning names {" + name + "}, which is not declared");
  }
  return out;
}

}  // namespace

std::string warning_text(const ScenarioType& type, std::size_t k, const Json& inputs, BytePrefix bytes,
                         const DisplaySettings& settings) {
  const Expected<Inputs> in = normalize_inputs(type, inputs);
  if (!in || k >= type.warnings.size()) return "";
  const Computed at = computed(type, *in, {});
  return fill(type.warnings[k].text, type, *in, type.compiled(), at.slots.data(), at.values, bytes, settings);
}

namespace {

std::string math(const std::string& inner) {
  return "<math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\">" + inner + "</math>";
}

std::string mtext(const std::string& s) {
  std::string out = "<mtext>";
  for (char c : s) out += c == '<' ? std::string("&lt;") : c == '&' ? std::string("&amp;") : std::string(1, c);
  return out + "</mtext>";
}

// The paths of registry field `field` that the type's symbols read ("node.accelerator.peak_flops").
std::vector<std::string> registry_paths(const Model& m, std::size_t field) {
  std::vector<std::string> out;
  for (const Slot& s : m.slots)
    if (s.registry_field == static_cast<int>(field)) out.push_back(s.path);
  return out;
}

Json result(const ScenarioType& type, const Inputs& in, const Json& preset, const EvalOptions& options,
            const std::vector<FieldError>& invalid = {}) {
  const Model& m = type.compiled();
  const Computed at = computed(type, in, invalid);

  Json props = Json::object();
  for (std::size_t p = 0; p < type.properties.size(); ++p) {
    const PropertySpec& spec = type.properties[p];
    if (!at.errors[p].empty()) {
      props[spec.name] = {{"error", at.errors[p]}};
      continue;
    }
    const std::string text = spec.shown(at.values[p], options.bytes, options.settings);
    Json entry = {{"value", at.values[p]}, {"unit", spec.unit}, {"text", text}};
    if (options.work) {
      const Work w = expr_work(spec, at.values[p], m, at.slots.data(), at.values, type, options.bytes, options.settings);
      entry["work"] = {{"text", w.text},
                       {"mathml", math("<mi>" + spec.name + "</mi><mo>=</mo>" + w.mathml + "<mo>=</mo>" + mtext(text))},
                       {"expression", w.expression}};
    }
    props[spec.name] = entry;
  }
  Json warnings = Json::array();
  bool infeasible = false;
  for (std::size_t k = 0; k < type.warnings.size(); ++k) {
    std::uint32_t guard = 0;
    bool complete = true;
    for (std::uint32_t s : m.warnings[k].slots) complete = complete && at.present[s];
    if (complete && m.run(m.warnings[k], at.slots.data(), &guard) == 1.0) {
      warnings.push_back(fill(type.warnings[k].text, type, in, m, at.slots.data(), at.values, options.bytes, options.settings));
      infeasible = infeasible || type.warnings[k].infeasible;
    }
  }
  // numbers an inline entry gives that no equation reads: a student who edits an
  // accelerator's tdp in a scenario that reads device_tdp is told, not ignored
  for (std::size_t f = 0; f < type.fields.size(); ++f) {
    const FieldValue& v = in.values()[f];
    if (!v.present || !v.entry || !v.entry->given) continue;
    const std::vector<std::string> read = registry_paths(m, f);
    const std::vector<std::string> unread = unread_sub_fields(*v.entry, read);
    if (!unread.empty())
      warnings.push_back(type.fields[f].name + ": no result of " + type.name + " reads " + join(unread) + " of this inline " +
                         type.fields[f].registry + " (it reads " + join(read_sub_fields(*v.entry->kind, read)) + ")");
  }
  Json out = {{"type", type.name}, {"preset", preset}, {"inputs", normalized(type, in)}, {"properties", props}, {"warnings", warnings},
              {"infeasible", infeasible}};
  if (options.partial) {
    Json list = Json::array();
    for (const FieldError& e : invalid) {
      Json item = {{"field", e.field}, {"message", e.message}};
      if (e.missing) item["missing"] = true;
      list.push_back(item);
    }
    out["input_errors"] = list;
  }
  return out;
}

// Normalizes and evaluates: InputError at the first input error, or with options.partial
// collecting them all.
Expected<Json> evaluate_inputs(const ScenarioType& type, const Json& inputs, const Json& preset, const EvalOptions& options) {
  std::vector<FieldError> errors;
  const Expected<Inputs> in = normalize_inputs(type, inputs, "", options.partial ? &errors : nullptr);
  if (!in) return in.error();
  return result(type, *in, preset, options, errors);
}


// The types and fields that take property `name` of `t` as an input ([{type, field}]).
Json links_of(const ScenarioType& t, const std::string& name) {
  Json out = Json::array();
  for (const LinkSpec& l : t.links)
    if (l.property == name) out.push_back({{"type", l.type}, {"field", l.field}});
  return out;
}

Json field_json(const FieldSpec& f) {
  return {{"name", f.name},
          {"type", f.type_name()},
          {"dimension", f.dim.name()},
          {"dimension_phrase", f.type == FieldType::Quantity ? f.dim.phrase() : ""},  // as "dimension": a quantity's
          {"unit", f.dim.canonical_unit()},
          {"display_unit", f.shown_unit()},
          {"display_factor", f.display_unit.empty() ? 1.0 : declared_unit(f.display_unit).value},
          {"required", f.required},
          {"default", f.default_value},
          {"rule", f.rule()},
          {"doc", f.doc}};
}

// One entry of list_scenario_types(); with `details` false its fields, properties,
// symbols and warnings are null (the heads: what a picker shows, cheap to build).
Json scenario_type_json(const ScenarioType& t, bool details) {
  Json head = {{"name", t.name},         {"category", t.category}, {"question", t.question},
               {"summary", t.summary},   {"assumptions", t.assumptions}, {"excludes", t.excludes},
               {"sweep", {{"field", t.first_sweep_field()}, {"properties", t.sweep.properties}}},
               {"fields", nullptr},      {"properties", nullptr},  {"symbols", nullptr}, {"warnings", nullptr}};
  if (!details) return head;
  const Model& model = t.compiled();
  Json fields = Json::array();
  for (const FieldSpec& f : t.fields) {
    Json j = field_json(f);
    j["numeric"] = f.numeric();
    j["source"] = f.source;
    if (!f.in_use.empty()) j["in_use"] = f.in_use;
    // the rule's range as numbers, in the canonical unit (null: unbounded on that side)
    const auto end = [](double x) { return std::isfinite(x) ? Json(x) : Json(); };
    j["bounds"] = f.numeric() ? Json{{"min", end(f.bounds.min)}, {"min_exclusive", f.bounds.min_exclusive},
                                     {"max", end(f.bounds.max)}, {"max_exclusive", f.bounds.max_exclusive}}
                              : Json();
    if (!f.numeric()) {
      const std::vector<std::string> needs = registry_paths(model, static_cast<std::size_t>(&f - t.fields.data()));
      const RegistryKind* kind = find_registry_kind(f.registry);
      j["needs"] = needs;
      j["reads"] = read_sub_fields(*kind, needs);
      // the rule says what this type needs of the entry, beyond what the kind requires
      std::vector<std::string> extra;
      for (const std::string& n : needs)
        if (!path_required(*kind, n)) extra.push_back(n);
      if (!extra.empty()) j["rule"] = f.rule() + "; this scenario needs " + join(extra);
    }
    fields.push_back(j);
  }
  Json props = Json::array();
  for (std::size_t k = 0; k < t.properties.size(); ++k) {
    const PropertySpec& p = t.properties[k];
    // the inputs and symbols its value depends on, properties it uses included
    Json depends = Json::array();
    for (std::size_t s = 0; s < model.slots.size(); ++s)
      for (std::uint32_t used : model.programs[k].reads)
        if (used == s) {
          depends.push_back(model.slots[s].name);
          break;
        }
    Json uses = Json::array();
    properties_named(p.expr.node(), uses);
    props.push_back({{"name", p.name},
                     {"unit", p.unit},
                     {"equation", t.equation(p)},
                     // the note is text beside the equation, not part of it: inside the
                     // <math> it could not wrap, and shrank the line at a phone's width
                     {"mathml", math("<mi>" + p.name + "</mi><mo>=</mo>" + expr_mathml(p.expr))},
                     {"note", p.note.empty() ? Json() : Json(p.note)},
                     {"doc", p.doc},
                     {"better", p.better.empty() ? Json() : Json(p.better)},
                     {"depends_on", depends},
                     {"uses", uses},
                     {"source", p.source},
                     {"links", links_of(t, p.name)},
                     // a result always written in one unit of its dimension (accelerator_hours in h)
                     {"display_unit", p.display_unit.empty() ? Json() : Json(p.display_unit)},
                     {"display_factor", p.display_unit.empty() ? 1.0 : declared_unit(p.display_unit).value}});
  }
  Json symbols = Json::array();
  for (const SymbolSpec& sym : t.symbols) {
    // what it stands for: the doc of the registry sub-field, or of the input itself
    const std::size_t dot = sym.path.find('.');
    const FieldSpec* f = t.field(sym.path.substr(0, dot));
    std::string doc = sym.doc;
    if (doc.empty() && f && dot != std::string::npos) doc = path_doc(*find_registry_kind(f->registry), sym.path.substr(dot + 1));
    else if (doc.empty() && f) doc = f->doc;
    symbols.push_back({{"name", sym.name}, {"meaning", sym.path}, {"doc", doc},
                       {"unit", model.slots[static_cast<std::size_t>(model.slot(sym.name))].unit}});
  }
  // what the type warns of, and when: the condition as its equations are written
  Json warnings = Json::array();
  for (const WarningSpec& w : t.warnings)
    warnings.push_back({{"when", expr_text(w.when)}, {"text", w.text}, {"infeasible", w.infeasible}});
  head["fields"] = fields;
  head["properties"] = props;
  head["symbols"] = symbols;
  head["warnings"] = warnings;
  return head;
}

}  // namespace

Json list_scenario_types(bool details) {
  Json out = Json::array();
  for (const ScenarioType& t : scenario_types()) out.push_back(scenario_type_json(t, details));
  return out;
}

Expected<Json> describe_scenario_type(const std::string& name) {
  const Expected<const ScenarioType*> t = find_scenario_type(name);
  if (!t) return t.error();
  return scenario_type_json(**t, true);
}

Json list_presets() {
  Json out = Json::array();
  for (const Preset& p : presets())
    out.push_back({{"name", p.name}, {"type", p.type}, {"summary", p.summary}, {"inputs", p.inputs}});
  return out;
}

Json list_categories() {
  Json out = Json::array();
  for (const Category& c : categories()) out.push_back({{"name", c.name}, {"title", c.title}});
  return out;
}

Expected<Json> list_registry(const std::string& plural) {
  std::vector<std::string> names;
  for (const RegistryKind& k : registry_kinds()) {
    if (k.plural == plural) {
      Json out = Json::array();
      for (const auto& e : registry_entries(k)) out.push_back(entry_list_json(*e));
      return out;
    }
    names.push_back(k.plural);
  }
  return InputError("list", "unknown registry " + describe(Json(plural)) + "; valid registries: " + join(names));
}

Json list_registries() {
  Json out = Json::array();
  for (const RegistryKind& k : registry_kinds()) {
    Json fields = Json::array();
    for (const FieldSpec& f : k.fields) fields.push_back(field_json(f));
    Json derived = Json::array();
    for (const DerivedSubField& d : k.derived) derived.push_back({{"name", d.name}, {"doc", d.doc}});
    out.push_back({{"name", k.name},
                   {"plural", k.plural},
                   {"title", k.title},
                   {"doc", k.doc},
                   {"headline", k.headline},
                   {"fields", fields},
                   {"derived", derived},
                   {"entries", list_registry(k.plural).value()}});
  }
  return out;
}

Json list_units() {
  Json bases = Json::array(), spellings = Json::array();
  for (const auto& [name, unit] : base_dimensions()) bases.push_back({{"name", name}, {"unit", unit}});
  for (const UnitSpelling& u : unit_spellings())
    spellings.push_back({{"spelling", u.spelling}, {"factor", u.factor}, {"dimension", u.dim.name()},
                         {"unit", u.dim.canonical_unit()}, {"full_name", u.full_name}});
  return {{"bases", bases}, {"spellings", spellings}, {"count_labels", count_labels()}};
}

Json list_limits() { return {{"sweep_points", kMaxSweepPoints}, {"sweep_values", kMaxSweepValues}}; }

std::vector<std::string> list_names() {
  std::vector<std::string> names{"types", "presets", "categories", "registries", "limits", "units"};
  for (const RegistryKind& k : registry_kinds()) names.push_back(k.plural);
  return names;
}

Expected<Json> list(const std::string& what) {
  if (what == "types") return list_scenario_types();
  if (what == "presets") return list_presets();
  if (what == "categories") return list_categories();
  if (what == "registries") return list_registries();
  if (what == "limits") return list_limits();
  if (what == "units") return list_units();
  for (const RegistryKind& k : registry_kinds())
    if (k.plural == what) return list_registry(what);
  const std::vector<std::string> names = list_names();
  return InputError("list", "unknown list " + describe(Json(what)) + "; valid lists: " + join(names));
}

Expected<Json> evaluate(const std::string& type_name_, const Json& inputs, const EvalOptions& options) {
  const Expected<const ScenarioType*> t = find_scenario_type(type_name_);
  if (!t) return t.error();
  return evaluate_inputs(**t, inputs, nullptr, options);
}

namespace {

Expected<Json> evaluate_with(const Preset& preset, const Json& overrides, const EvalOptions& options) {
  Json inputs = preset.inputs;
  if (!overrides.is_null()) {
    if (!overrides.is_object() || is_number_tag(overrides))
      return InputError("overrides", "must be an object of field values, got " + describe(overrides));
    for (const auto& [key, value] : overrides.items()) inputs[key] = value;
  }
  // a preset's type is a known type: built-in ones by the catalog's check, a course's
  // by read_preset_entry
  return evaluate_inputs(*find_scenario_type(preset.type).value(), inputs, preset.name, options);
}

// One entry of a preset file, checked; InputError on the part of its shape it breaks, and
// every input error of its inputs in `input_errors` ([{field, message}], as a partial
// evaluation lists them). `earlier`: the names of the entries before it, kept or not
// (fixing one must not make a clash).
Expected<Preset> read_preset_entry(const Json& e, const std::vector<std::string>& earlier, Json& input_errors) {
  if (!e.is_object()) return InputError("preset", "must be an object {name, type, summary, inputs}, got " + describe(e));
  if (Expected<void> ok = only_keys(e, "preset", "", {"name", "type", "summary", "inputs"}); !ok) return ok.error();
  Preset p;
  if (!e.contains("name") || !e["name"].is_string())
    return InputError("name", "must be a text of 1 to 64 letters, digits, '_', '-' or '.', starting with a letter or digit, got " +
                                 (e.contains("name") ? describe(e["name"]) : std::string("nothing")));
  p.name = e["name"].get<std::string>();
  // starting with a letter or digit: "--json" would read as an option of the CLI
  bool ok = !p.name.empty() && p.name.size() <= 64 && std::isalnum(static_cast<unsigned char>(p.name[0]));
  for (char c : p.name) ok = ok && (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.');
  if (!ok) return InputError("name", "must be 1 to 64 letters, digits, '_', '-' or '.', starting with a letter or digit, got " + describe(e["name"]));
  const auto lower = [](std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
  };
  // names are told apart without case (a link's preset= is read so): one that differs from
  // another only in case says so, and names it (an attacker's trial: "w3" beside "W3" was
  // "already the name of an earlier preset", without a word of which)
  const auto case_only = [&](const std::string& b) -> std::string { return b != p.name ? " (the names differ only in case, which does not tell presets apart)" : ""; };
  for (const Preset& b : presets())
    if (lower(b.name) == lower(p.name))
      return InputError("name", describe(e["name"]) + " is the built-in preset " + describe(Json(b.name)) + case_only(b.name) +
                                   "; a course preset needs a name of its own");
  for (const std::string& b : earlier)
    if (lower(b) == lower(p.name))
      return InputError("name", describe(e["name"]) + " is already the name of an earlier preset of this file, " +
                                   describe(Json(b)) + case_only(b));
  if (!e.contains("type") || !e["type"].is_string())
    return InputError("type", "must be a scenario type name, got " + (e.contains("type") ? describe(e["type"]) : std::string("nothing")));
  const Expected<const ScenarioType*> type = find_scenario_type(e["type"].get<std::string>());
  if (!type) return type.error();
  p.type = (*type)->name;
  if (e.contains("summary") && !e["summary"].is_null()) {  // null: not given, as everywhere
    if (!e["summary"].is_string() || e["summary"].get<std::string>().size() > 500)
      return InputError("summary", "must be a text of at most 500 bytes, got " + describe(e["summary"]));
    p.summary = e["summary"].get<std::string>();
  }
  if (!e.contains("inputs") || !e["inputs"].is_object())
    return InputError("inputs", "must be an object of field values, as evaluate takes them, got " +
                                   (e.contains("inputs") ? describe(e["inputs"]) : std::string("nothing")));
  p.inputs = e["inputs"];
  // every rule of every field, as an evaluation applies them; all problems at once, so
  // that an author fixes the entry in one pass
  EvalOptions partial;
  partial.partial = true;
  // (an `inputs` that is not an object of fields, {"$number": "NaN"}, is an error even so)
  const Expected<Json> checked = evaluate(p.type, p.inputs, partial);
  if (!checked) return checked.error();
  input_errors = (*checked)["input_errors"];
  return p;
}

}  // namespace

Expected<Json> evaluate_preset(const std::string& name, const Json& overrides, const EvalOptions& options,
                               const std::vector<Preset>& course) {
  for (const Preset& p : course)
    if (p.name == name) return evaluate_with(p, overrides, options);
  if (course.empty()) {
    const Expected<const Preset*> p = find_preset(name);
    if (!p) return p.error();
    return evaluate_with(**p, overrides, options);
  }
  for (const Preset& p : presets())
    if (p.name == name) return evaluate_with(p, overrides, options);
  std::vector<std::string> names;
  for (const Preset& p : presets()) names.push_back(p.name);
  for (const Preset& p : course) names.push_back(p.name);
  return InputError("preset", "unknown preset " + describe(Json(name)) + did_you_mean_name(name, names) + "; valid choices: " + join(names));
}

Expected<PresetFile> read_preset_file(const std::string& text) {
  if (text.size() > kMaxPresetFileBytes)
    return InputError("preset_file", "is " + std::to_string(text.size()) + " bytes; a preset file may have at most 1 MiB (" +
                                        std::to_string(kMaxPresetFileBytes) + " bytes)");
  // bounded by its bytes, not by a request's entries: 200 presets whose inputs give their
  // workload and fleet inline, as evaluate returns them, have ~28,000 (an attacker's trial:
  // 70 such presets were refused, as if there were more than 200)
  const Expected<Json> parsed = parse_json(text, "preset_file", false, kMaxPresetFileBytes);
  if (!parsed) return parsed.error();
  const Json& doc = *parsed;
  // a misspelt "presets" is named as that, not as a file of the wrong shape (an attacker's trial)
  if (doc.is_object())
    for (const auto& [key, _] : doc.items())
      if (key != "presets")
        return InputError("preset_file", "unknown key " + describe(Json(key)) + did_you_mean_name(key, {"presets"}) + "; a preset file has only \"presets\"");
  if (!doc.is_object() || !doc.contains("presets") || !doc["presets"].is_array())
    return InputError("preset_file", "must be a JSON object {\"presets\": [{name, type, summary, inputs}, ...]}, got " + describe(doc));
  const Json& list = doc["presets"];
  if (list.size() > kMaxPresetFilePresets)
    return InputError("preset_file", "has " + std::to_string(list.size()) + " presets; a preset file may have at most " +
                                        std::to_string(kMaxPresetFilePresets));
  PresetFile out;
  std::vector<std::string> names;
  for (std::size_t k = 0; k < list.size(); ++k) {
    const Json& e = list[k];
    const bool named = e.is_object() && e.contains("name") && e["name"].is_string() && !e["name"].get<std::string>().empty();
    const std::string who = named ? "preset " + describe(Json(e["name"].get<std::string>().substr(0, 64))) + " (entry " +
                                         std::to_string(k + 1) + ")"
                                   : "entry " + std::to_string(k + 1);
    Json input_errors = Json::array();
    Expected<Preset> p = read_preset_entry(e, names, input_errors);
    if (!p) {
      if (named) names.push_back(e["name"].get<std::string>());
      out.notices.push_back({{"preset", named ? Json(e["name"]) : Json()},
                             {"entry", k + 1},
                             {"field", p.error().field},
                             {"message", who + ": " + p.error().what()}});
      continue;
    }
    names.push_back(p->name);
    for (const Json& ie : input_errors)
      out.notices.push_back({{"preset", p->name}, {"entry", k + 1}, {"field", ie["field"]},
                             {"message", who + ": " + ie["message"].get<std::string>()}});
    if (input_errors.empty()) out.presets.push_back(std::move(*p));
  }
  return out;
}

Json preset_file_json(const PresetFile& file) {
  Json presets = Json::array();
  for (const Preset& p : file.presets)
    presets.push_back({{"name", p.name}, {"type", p.type}, {"summary", p.summary}, {"inputs", p.inputs}});
  return {{"presets", presets}, {"notices", file.notices}};
}

Expected<double> read_value(const Json& value, const std::string& unit, const std::string& name) {
  // a unit that is not one a property reports in is the caller's `unit`, not the value
  const Expected<Dim, UnitError> reported = reported_dim(unit);
  if (!reported) return InputError("unit", reported.error().what());
  const Dim dim = *reported;
  // a count as its result reads, "256 samples": the label is no unit, so it is taken off
  if (is_count_label(unit) && unit != "count" && value.is_string()) {
    std::string text = value.get<std::string>();
    while (!text.empty() && text.back() == ' ') text.pop_back();
    const std::string label = " " + unit;
    if (text.size() > label.size() && text.compare(text.size() - label.size(), label.size(), label) == 0)
      return read_quantity(Json(text.substr(0, text.size() - label.size())), name, "", dim, Bounds{}, "");
  }
  // (a number as people write it, "$40", "15T", "40%", gets the quantity reader's advice,
  // in the unit results write: money rates per hour, "2 USD/h", not "2 USD/s", 3,600
  // times off from the card a student predicts: a re-checker's trial)
  const Expected<double> x = read_quantity(value, name, "", dim, Bounds{}, is_count_label(unit) ? "" : unit == "USD/s" ? "USD/h" : unit);
  // a number too small for a double is refused as one too large is, not read as 0 (a
  // prediction of "1e-400 day" was checked as 0: an attacker's trial)
  if (x && *x == 0 && value.is_string() && !zero_note(value.get_ref<const std::string&>(), 0).empty()) {
    // "once converted to s, it is too small…" where only the conversion underflows
    const std::string to = conversion_underflow(value.get_ref<const std::string&>());
    return InputError(name, "got " + describe(value) + ": " + (to.empty() ? "" : "once converted to " + to + ", it is ") +
                                "too small for a double, which holds nothing nearer 0 than 4.9e-324; write 0 or a larger value");
  }
  return x;
}

Expected<std::string> property_text(const std::string& type, const std::string& property, double value, BytePrefix bytes,
                                    const DisplaySettings& settings) {
  const Expected<const ScenarioType*> t = find_scenario_type(type);
  if (!t) return t.error();
  std::vector<std::string> names;
  for (const PropertySpec& p : (*t)->properties) {
    if (p.name == property) return p.shown(value, bytes, settings);
    names.push_back(p.name);
  }
  return InputError("property", "unknown property " + describe(Json(property)) + " of " + type + did_you_mean_name(property, names) +
                                    "; valid properties: " + join(names));
}

Expected<Json> evaluate_request(const Json& request, const EvalOptions& options, const std::vector<Preset>& course) {
  if (!request.is_object() || is_number_tag(request))
    return InputError("input", "must be a JSON object {\"type\", \"inputs\"} or {\"preset\", \"overrides\"}, got " + describe(request));
  for (const auto& [key, _] : request.items())
    if (key != "type" && key != "inputs" && key != "preset" && key != "overrides")
      return InputError(key, "unknown key of the request; valid keys: type, inputs, preset, overrides");
  const bool has_type = request.contains("type"), has_preset = request.contains("preset");
  if (has_type == has_preset)
    return InputError("input", "give exactly one of \"type\" (with \"inputs\") or \"preset\" (with optional \"overrides\")");
  if (has_preset) {
    if (!request["preset"].is_string()) return InputError("preset", "must be a preset name, got " + describe(request["preset"]));
    if (request.contains("inputs")) return InputError("inputs", "goes with \"type\"; with \"preset\" use \"overrides\"");
    return evaluate_preset(request["preset"].get<std::string>(), request.contains("overrides") ? request["overrides"] : Json(),
                           options, course);
  }
  if (!request["type"].is_string()) return InputError("type", "must be a scenario type name, got " + describe(request["type"]));
  if (request.contains("overrides")) return InputError("overrides", "goes with \"preset\"; with \"type\" use \"inputs\"");
  return evaluate(request["type"].get<std::string>(), request.contains("inputs") ? request["inputs"] : Json::object(), options);
}

}  // namespace mlsysim
