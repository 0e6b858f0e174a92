// Reading one input value against its rule, with the message docs/api.md (Errors) describes
// (the field, the value received, the rule). Shared by scenario fields (scenario.cpp) and
// registry sub-fields (registry.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mlsysim/errors.hpp"
#include "mlsysim/field.hpp"
#include "mlsysim/json.hpp"
#include "mlsysim/units.hpp"

namespace mlsysim {

/// JavaScript callers send NaN and +-Infinity as {"$number": "NaN"|"Infinity"|"-Infinity"}
/// (wasm/post.mjs). True when `v` is a number (then `out` holds it).
bool as_number(const Json& v, double& out);

/// An integer within `b` and at most 2^53; `prefix` names a part inside a composite field
/// ("count: "), or is empty. InputError on `field`.
Expected<std::int64_t> read_int(const Json& v, const std::string& field, const std::string& prefix, const Bounds& b);
/// A finite number within `b`. InputError on `field`.
Expected<double> read_float(const Json& v, const std::string& field, const std::string& prefix, const Bounds& b);
/// A quantity of dimension `dim` within `b` (canonical units), from "2 USD/h", {value,
/// unit} or (dimensionless only) a number. `display_unit` is the unit examples and bounds
/// are written in. InputError on `field`.
Expected<double> read_quantity(const Json& v, const std::string& field, const std::string& prefix, const Dim& dim,
                               const Bounds& b, const std::string& display_unit = "");

/// InputError unless every key of `obj` is one of `allowed`.
Expected<void> only_keys(const Json& obj, const std::string& field, const std::string& prefix,
                         const std::vector<std::string>& allowed);
/// obj["name"] (a non-empty string), or `fallback` when absent.
Expected<std::string> read_name(const Json& obj, const std::string& field, const std::string& prefix, const std::string& fallback);
/// A source text (cut at 500 bytes, at a character's start); `prefix` places it inside an
/// inline entry ("node: accelerator "), as read_name's does.
Expected<std::string> read_source(const Json& v, const std::string& field, const std::string& prefix = "");

/// The exact product a x b of two integers in [0, 2^53]; InputError on `blame` when it is
/// above 2^53 (not exact in JavaScript, docs/api.md, Input values), with `what` naming it.
Expected<std::int64_t> exact_product(std::int64_t a, std::int64_t b, const std::string& blame, const std::string& what);

}  // namespace mlsysim
