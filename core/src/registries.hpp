// Internal: the registry kinds and their entries as data (registries.cpp), read once by
// registry.cpp through the same rules as inline objects.
#pragma once

#include <string>
#include <vector>

#include "mlsysim/registry.hpp"

namespace mlsysim {

/// One entry as written: its name, its numbers as an inline object would give them
/// ({"parameters": "1.75e11 param", "layers": 96, "node": "DGX_H100"}), the source of its
/// numbers, and the sources of those numbers that have their own ({"layers": "..."}).
struct EntryData {
  std::string name;
  Json values;
  std::string source;
  Json sources = Json::object();
};

struct RegistryData {
  RegistryKind kind;
  std::vector<EntryData> entries;
};

/// Every kind with its entries; a kind's entries may name entries of the kinds before it.
std::vector<RegistryData> registry_data();

}  // namespace mlsysim
