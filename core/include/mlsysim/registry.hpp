// Registries as data (docs/scenarios.md, Registries; docs/architecture.md,
// "Registries"): kinds of named things (workload, hardware, node, fabric, fleet), each
// with the sub-fields it validates and exposes to equations as paths
// (`workload.parameters`, `fleet.node.accelerator.peak_flops`), and their entries, each
// number with its source.
//
// A scenario field of a registry kind takes an entry's name or an inline object with the
// same sub-fields (read_entry); the CLI, the bindings and the page list and show every
// kind generically (list_registries), so a new kind or sub-field is a change here only.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "mlsysim/errors.hpp"
#include "mlsysim/field.hpp"
#include "mlsysim/json.hpp"
#include "mlsysim/units.hpp"

namespace mlsysim {

/// A sub-field computed from others: the product of two integer paths, which must stay
/// at most 2^53 (fleet.accelerators = count x node.accelerators_per_node).
struct DerivedSubField {
  std::string name;
  std::string a, b;  // paths within the entry
  std::string doc;
};

/// A kind of registry entry.
struct RegistryKind {
  std::string name;    // the field type of docs/api.md ("workload") and the inline object's kind
  std::string plural;  // `mlsysim list workloads`, listWorkloads()
  std::string title;   // "Workloads"
  std::string doc;
  std::vector<FieldSpec> fields;  // its sub-fields (a registry-valued one names an entry of its kind)
  std::vector<DerivedSubField> derived;
  std::string headline;  // the sub-field (or derived one) shown beside an entry's name

  const FieldSpec* field(const std::string& name) const;
  /// The rule of a field of this kind: "a workload name, or {name, parameters, ...} with ...".
  std::string rule() const;
};

/// One registry entry: a named row of numbers (or an inline one from a request).
struct Entry {
  const RegistryKind* kind = nullptr;
  std::string name;
  std::string source;                           // where its numbers come from ("" inline)
  std::vector<double> numbers;                  // per numeric sub-field; NaN when absent
  std::vector<std::shared_ptr<const Entry>> entries;  // per registry-valued sub-field; null when absent
  std::vector<std::string> sources;             // per sub-field: its own source, or "" for `source`
  std::vector<double> derived;                  // per derived sub-field
  /// The sub-fields an inline object gave (bit k: kind->fields[k]); 0 for a built-in entry.
  /// What unread_sub_fields() checks against the paths a scenario reads.
  std::uint64_t given = 0;

  /// The number at `path` ("parameters", "node.accelerator.peak_flops", "accelerators"):
  /// true and `out` when the entry has it; false when a sub-field on the way is absent
  /// (then `missing` names it, e.g. "node.accelerator"). A path the kind does not declare
  /// is a logic error (a scenario declaration names it).
  bool number(const std::string& path, double& out, std::string& missing) const;
  /// The entry at `path` ("node", "node.accelerator"), or null.
  const Entry* entry(const std::string& path) const;
};

/// One entry as written in the data (core/src/registries.cpp): its name, its numbers as
/// an inline object would give them ({"parameters": "1.75e11 param", "layers": 96,
/// "node": "DGX_H100"}), the source of its numbers, and the sources of those numbers
/// that have their own ({"layers": "..."}).
struct EntryData {
  std::string name;
  Json values;
  std::string source;
  Json sources = Json::object();
};

/// A kind with its entries as written.
struct RegistryData {
  RegistryKind kind;
  std::vector<EntryData> entries;
};

/// Every kind with its entries, as data (core/src/registries.cpp); a kind's entries may
/// name entries of the kinds before it. Read once by registry_kinds() and
/// registry_entries(), which validate every entry.
std::vector<RegistryData> registry_data();

/// Every registry kind, in the order they are listed (workload, hardware, node, fabric,
/// fleet): built once, entries validated by the same rules as inline objects.
const std::vector<RegistryKind>& registry_kinds();
/// The kind called `name` ("workload"); null when there is none.
const RegistryKind* find_registry_kind(const std::string& name);
/// The entries of `kind`, in the order written.
const std::vector<std::shared_ptr<const Entry>>& registry_entries(const RegistryKind& kind);

/// A field's value as read: absent, a number (canonical units; an integer exactly), or an
/// entry.
struct FieldValue {
  bool present = false;
  double x = 0;
  std::shared_ptr<const Entry> entry;
};

/// Reads `v` as a value of `spec` (its type, dimension and bounds), the message naming
/// `field` and, inside an inline object, the sub-field (`prefix`, e.g. "count: ").
/// InputError with the message of docs/api.md, Errors.
Expected<FieldValue> read_field(const FieldSpec& spec, const Json& v, const std::string& field, const std::string& prefix = "");

/// Reads a field value of kind `kind`: an entry's name, or an inline object with the
/// kind's sub-fields (and `name`, `source`). InputError on `field` naming the sub-field
/// and the rule it broke, or listing the valid names.
Expected<std::shared_ptr<const Entry>> read_entry(const RegistryKind& kind, const Json& v, const std::string& field);

/// The dimension and canonical unit of the number at `path` of `kind` ("parameters":
/// param). A path the kind does not declare is a std::logic_error.
Dim path_dim(const RegistryKind& kind, const std::string& path);
/// True when every entry of `kind` has the number at `path` (each sub-field on the way is
/// required, or it is a derived count of required ones).
bool path_required(const RegistryKind& kind, const std::string& path);
/// The display unit of the number at `path` of `kind` ("" = canonical).
std::string path_display_unit(const RegistryKind& kind, const std::string& path);
/// What the number at `path` of `kind` means: its field's (or derived count's) doc, with
/// a leading symbol ("P: ") left off ("every parameter, ...").
std::string path_doc(const RegistryKind& kind, const std::string& path);

/// The sub-fields `paths` (paths within an entry of `kind`, as a scenario's symbols read them:
/// "parameters", "node.accelerator.peak_flops", "accelerators") come from, as an inline object
/// gives them: a derived count as the paths it multiplies ("count", "node.accelerators_per_node"),
/// and with each sub-field a read one defaults to ("kv_heads" reads "heads" when not given).
std::vector<std::string> read_sub_fields(const RegistryKind& kind, const std::vector<std::string>& paths);
/// The sub-fields an inline entry gives that none of `paths` (as for read_sub_fields) reaches,
/// as paths within it ("node.accelerator.tdp"), in declaration order: numbers that change no
/// result of the scenario reading it (docs/api.md, Result). Left out: a number equal to the
/// built-in entry's of the same name (a result's inputs sent back) or, with none, one the kind
/// requires (an inline object must give it); a number equal to the one it defaults to; a
/// required entry given by name. An optional entry nothing reads is named whole.
std::vector<std::string> unread_sub_fields(const Entry& e, const std::vector<std::string>& paths);

/// The entry's headline number as people read it beside its name: "175 B params",
/// "1,024 accelerators", "989 TFLOP/s", "200 Gbps"; "" when it has none.
std::string headline_text(const Entry& e);

/// An entry as a Result shows it among the inputs: {name, sub-fields (quantities as
/// {value, unit} in canonical units, entries nested), source}; accepted back as an inline
/// object.
Json entry_input_json(const Entry& e);
/// An entry as a list shows it: quantities as plain numbers in canonical units, entries
/// nested, derived sub-fields, `headline` (headline_text), `source`, and `sources` for
/// the numbers with their own.
Json entry_list_json(const Entry& e);

}  // namespace mlsysim
