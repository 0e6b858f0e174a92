// Sweeps (docs/api.md, "sweep"): one numeric field of a scenario over many values, every
// property at every point, by the batch interpreter (no evaluation per point).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "mlsysim/catalog.hpp"
#include "mlsysim/json.hpp"
#include "mlsysim/text.hpp"

namespace mlsysim {

/// The largest sweep accepted: points, and points x properties.
inline constexpr std::size_t kMaxSweepPoints = 1000000;
inline constexpr std::size_t kMaxSweepValues = 10000000;

/// One sweep: `inputs` with numeric field `field` set to each of `values` in turn.
struct SweepRequest {
  std::string type;
  Json inputs;                          // as for evaluate(); `field` may be absent from it
  std::string field;                    // an int, float or quantity field
  std::string unit;                     // unit of `values` for a quantity field ("" = canonical)
  std::vector<std::string> properties;  // empty = every property
  bool warnings = false;                // also say which of the type's warnings hold where (SweepWarning)
  BytePrefix bytes = BytePrefix::decimal;  // the byte amounts in the warnings' texts: GB or GiB
  DisplaySettings settings;                // ... and their times and money (text.hpp settings_text)
};

/// A warning of the scenario type (ScenarioType::warnings) that holds at some valid points
/// of a sweep: a range of them is a part of the plot where the results describe something
/// the warning says cannot be (a batch that does not fit in memory).
struct SweepWarning {
  std::string text;    // as evaluate writes it at the first point where it holds
  bool infeasible = false;  // the warning's (WarningSpec::infeasible): those points cannot run
  std::size_t points = 0;  // how many points it holds at
  std::vector<std::pair<std::size_t, std::size_t>> ranges;  // first and last index of each run of such points
};

struct SweepSummary {
  std::vector<std::string> properties;  // in output order
  std::vector<std::string> units;       // of each property
  std::size_t invalid_points = 0;       // points whose value breaks the field's rule
  std::string first_invalid;            // the error text of the first of them, or ""
  bool warnings_asked = false;          // the request asked for `warnings`
  std::vector<SweepWarning> warnings;   // each warning that holds somewhere, in declaration order
};

/// The request form of a sweep, as JavaScript sends it (wasm/bindings.cpp): {"type",
/// "inputs" (object, optional), "field", "unit" (string or null), "properties" (array of
/// names or null), "warnings" (true, false or absent), "bytes" ("decimal", "binary" or
/// absent: the warnings' byte amounts), "time" and "money" (as evaluate's options, or
/// absent: their times and amounts)}. InputError naming the key that is
/// missing or of the wrong kind.
Expected<SweepRequest> sweep_request(const Json& request);

/// The JSON form of a sweep's summary: {"properties", "units", "invalid_points",
/// "first_invalid"}, and "warnings" ([{"text", "points", "ranges": [[first, last], ...]}])
/// when asked for (the values themselves travel as numbers, not JSON).
Json sweep_summary_json(const SweepSummary& summary);

/// A sweep request validated and resolved once (prepare_sweep): everything a sweep needs
/// besides its values. Sweeping new values over it (run_sweep) parses and validates nothing
/// again. Holds a pointer into the registry of scenario types, which lives as long as the
/// program.
struct PreparedSweep {
  const ScenarioType* type = nullptr;
  std::size_t field = 0;                  // index of the swept field in type->fields
  std::string unit;                       // as requested ("" = canonical)
  double factor = 1;                      // one unit of the values in canonical units
  Json other_inputs;                      // the inputs without the swept field (for messages)
  std::vector<std::size_t> props;         // property indices, in output order
  std::vector<char> unavailable;          // per entry of props: reads an optional field not given
  std::vector<double> slots;              // the model's slots with the other inputs loaded
  std::vector<double> others;             // the other factors of exact-product rules on the field
  std::vector<char> warnable;             // per warning of the type: every input it reads is given
  BytePrefix bytes = BytePrefix::decimal;  // as requested, for the warnings' texts
  DisplaySettings settings;
  SweepSummary header;                    // properties and units (no invalid points yet)
};

/// Validates `request` as sweep() does. InputError on an invalid request.
Expected<PreparedSweep> prepare_sweep(const SweepRequest& request);

/// Evaluates a prepared sweep at `values`, as sweep() does. InputError on more than
/// kMaxSweepPoints points or kMaxSweepValues results.
Expected<SweepSummary> run_sweep(const PreparedSweep& prepared, const double* values, std::size_t n, std::vector<double>& out);

/// The WebAssembly module's sweep call, request text to summary text: parses
/// `request_text` (the JSON form of sweep_request), prepares it, runs it at `values` into
/// `out`, and returns the summary as JSON text (sweep_summary_json's, the same text). The
/// preparation of the last request text is kept, with the summary's properties and units
/// written out once: sweeping new values over the same request (a slider over a range, an
/// animation) repeats only run_sweep's kernel. InputError as sweep().
/// One object per caller; not for concurrent use.
class SweepSession {
 public:
  Expected<std::string> sweep(const std::string& request_text, const double* values, std::size_t n, std::vector<double>& out);

 private:
  std::string text_;                          // the request text of prepared_
  std::unique_ptr<PreparedSweep> prepared_;   // null until a request has been prepared
  std::string head_;                          // the summary text up to its invalid points
};

/// Evaluates the sweep into `out`, resized to properties x n, property-major
/// (out[p * n + i]). A point where a property is unavailable, or whose value breaks the
/// field's rule, holds NaN: a gap, not an error. Nothing is allocated per point, and a
/// reused `out` is not reallocated. InputError on an invalid request (unknown
/// type, field or property; a field that is not numeric; invalid other inputs; more
/// than kMaxSweepPoints points or kMaxSweepValues results).
Expected<SweepSummary> sweep(const SweepRequest& request, const double* values, std::size_t n,
                             std::vector<double>& out);

}  // namespace mlsysim
