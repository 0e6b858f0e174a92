// embind layer: three raw functions that speak JSON text. No C++ exception ever
// reaches JavaScript: every error becomes {"error", "field"} here, so nothing leaks and
// the instance stays usable (toolchain.md section 2). The public API (createMlsysim,
// evaluate, ...) is the thin JavaScript layer in post.mjs.
#include <emscripten/bind.h>
#include <malloc.h>

#include <string>

#include "mlsysim/api.hpp"

namespace {

using mlsysim::Json;

std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

// `request` is the JSON of {"type", "inputs"} or {"preset", "overrides"} (as for
// `mlsysim eval --input`). Returns {"result": Result} or {"error": text, "field": name}.
std::string request(const std::string& request_json, bool binary_bytes, bool work) {
  try {
    Json req;
    try {
      req = Json::parse(request_json);
    } catch (const Json::exception& e) {
      throw mlsysim::InputError("inputs", std::string("not valid JSON: ") + e.what());
    }
    mlsysim::EvalOptions options;
    options.bytes = binary_bytes ? mlsysim::BytePrefix::binary : mlsysim::BytePrefix::decimal;
    options.work = work;
    return dump(Json{{"result", mlsysim::evaluate_request(req, options)}});
  } catch (const mlsysim::InputError& e) {
    return dump(Json{{"error", e.what()}, {"field", e.field}});
  } catch (const std::exception& e) {
    return dump(Json{{"error", std::string("internal error: ") + e.what()}, {"field", nullptr}});
  }
}

// `what` is types, presets, workloads or fleets; returns the JSON array.
std::string list(const std::string& what) {
  if (what == "types") return dump(mlsysim::list_scenario_types());
  if (what == "presets") return dump(mlsysim::list_presets());
  if (what == "workloads") return dump(mlsysim::list_workloads());
  if (what == "fleets") return dump(mlsysim::list_fleets());
  return "[]";
}

std::string version() { return mlsysim::version(); }

// Bytes of the wasm heap in use (malloc'd and not freed): for leak tests.
double heap_used() { return static_cast<double>(mallinfo().uordblks); }

}  // namespace

EMSCRIPTEN_BINDINGS(mlsysim) {
  emscripten::function("_request", &request);
  emscripten::function("_list", &list);
  emscripten::function("_version", &version);
  emscripten::function("_heapUsed", &heap_used);
}
