// The input matrix (tests/vectors/input_matrix.json, from make_matrix.py): every field
// crossed with awkward inputs, through the library and through the CLI.
#include <sys/wait.h>

#include <cstdio>

#include "support.hpp"

using test::Json;

namespace {
// {"$repeat": [text, n]} stands for text repeated n times
Json expand(const Json& v) {
  if (v.is_object() && v.size() == 1 && v.contains("$repeat")) {
    std::string s;
    for (int k = 0; k < v["$repeat"][1].get<int>(); ++k) s += v["$repeat"][0].get<std::string>();
    return s;
  }
  if (v.is_object()) {
    Json out = Json::object();
    for (const auto& [k, x] : v.items()) out[k] = expand(x);
    return out;
  }
  return v;
}

// The canonical value a Result reports for input `field`.
double observed(const Json& r, const std::string& field) {
  const Json& v = r["inputs"][field];
  if (v.is_number()) return v.get<double>();
  if (v.contains("value")) return v["value"].get<double>();
  if (v.contains("parameters")) return v["parameters"]["value"].get<double>();  // a workload
  if (v.contains("peak_flops")) return v["peak_flops"]["value"].get<double>();  // hardware
  return v["count"].get<double>() * v["node"]["accelerators_per_node"].get<double>();
}
}  // namespace

TEST_CASE("Every row of the input matrix is accepted or refused as it says", "[matrix][bad-input]") {
  const Json matrix = test::read_vector_file("input_matrix.json");
  REQUIRE(matrix["cases"].size() >= 150);
  for (const Json& c : matrix["cases"]) {
    const Json set = expand(c["set"]);
    const std::string field = set.items().begin().key();
    INFO(c["preset"].get<std::string>() << " " << field << ": " << c["why"].get<std::string>());
    if (c["expect"] == "refuse") {
      try {
        mlsysim::evaluate_preset(c["preset"].get<std::string>(), set).value();
        FAIL_CHECK("accepted");
      } catch (const mlsysim::InputError& e) {
        CHECK(e.field == c["field"].get<std::string>());
        CHECK(std::string(e.what()).size() < 2000);  // a 1 MB value is cut, not echoed
      }
    } else {
      const Json r = mlsysim::evaluate_preset(c["preset"].get<std::string>(), set).value();
      CHECK_THAT(observed(r, field), Catch::Matchers::WithinRel(c["value"].get<double>(), 1e-12) ||
                                         Catch::Matchers::WithinAbs(c["value"].get<double>(), 0));
    }
  }
}

namespace {
// Runs every MLSYSIM_CLI_MATRIX_STRIDE-th row of the matrix whose turn is `half` (0 or 1:
// alternate rows, two test cases that ctest runs side by side, one per core).
void cli_matrix_rows(int half) {
  const Json matrix = test::read_vector_file("input_matrix.json");
  std::size_t row = 0;
  for (const Json& c : matrix["cases"]) {
    const std::size_t k = row++;
    if (k % MLSYSIM_CLI_MATRIX_STRIDE != 0 || (k / MLSYSIM_CLI_MATRIX_STRIDE) % 2 != static_cast<std::size_t>(half)) continue;
    const Json request = {{"preset", c["preset"]}, {"overrides", expand(c["set"])}};
    char path[] = "/tmp/mlsysim-matrix-XXXXXX";
    const int fd = mkstemp(path);
    REQUIRE(fd >= 0);
    const std::string text = request.dump();
    FILE* f = fdopen(fd, "w");
    fwrite(text.data(), 1, text.size(), f);
    fclose(f);
    const std::string cmd = std::string("'") + MLSYSIM_CLI + "' eval --input " + path + " 2>&1 >/dev/null";
    FILE* p = popen(cmd.c_str(), "r");
    std::string err;
    char buf[4096];
    std::size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) err.append(buf, n);
    const int st = pclose(p);
    std::remove(path);
    INFO(c["why"].get<std::string>() << ": " << err.substr(0, 300));
    const int code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    if (c["expect"] == "refuse") {
      CHECK(code == 2);
      CHECK_THAT(err, Catch::StartsWith(mlsysim::InputError::printable(mlsysim::InputError::printable_field(c["field"].get<std::string>())) + ": "));
    } else {
      CHECK(code == 0);
    }
  }
}
}  // namespace

TEST_CASE("The CLI exits 2 naming the field for every refused row, 0 for every accepted one (even rows)", "[matrix][cli]") {
  cli_matrix_rows(0);
}

TEST_CASE("The CLI exits 2 naming the field for every refused row, 0 for every accepted one (odd rows)", "[matrix][cli]") {
  cli_matrix_rows(1);
}
