// The sweep's inner loops: the batch interpreter of property programs and the check of
// the swept values. Kept apart from the rest of the core so that the WebAssembly build
// can compile this file for speed (-O3) while everything else is compiled for size
// (CMakeLists.txt); docs/performance.md has the figures.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "model.hpp"

namespace mlsysim {

std::size_t sweep_column(const double* values, std::size_t n, const SweepRule& rule, double* column,
                         std::size_t* first_invalid) noexcept {
  std::size_t invalid = 0;
  const double max_integer = static_cast<double>(kMaxExactInteger);
  for (std::size_t i = 0; i < n; ++i) {
    const double x = values[i] * rule.factor + 0.0;
    bool ok = std::isfinite(x) && (rule.min_exclusive ? x > rule.min : x >= rule.min) &&
              (!rule.integer || (std::floor(x) == x && x <= max_integer));
    // exactly, as evaluate checks it (a double product of 3 x 3002399751580331 rounds
    // 2^53 + 1 down to 2^53); x and the other factors are integers in [0, 2^53] here
    for (std::size_t k = 0; ok && k < rule.n_other; ++k) {
      std::uint64_t product = 0;
      ok = x >= 0 && rule.other[k] >= 0 &&
           !__builtin_mul_overflow(static_cast<std::uint64_t>(x), static_cast<std::uint64_t>(rule.other[k]), &product) &&
           product <= static_cast<std::uint64_t>(kMaxExactInteger);
    }
    column[i] = ok ? x : NAN;
    if (!ok && invalid++ == 0) *first_invalid = i;
  }
  return invalid;
}

// The same program as run(), one operation at a time over a block of points, so that
// the dispatch on the operation is paid once per block instead of once per point.
// A stack entry that does not depend on the varying slots stays one number (computed
// once per block), so the work per point is only the part of the equation that varies.
//
// run() makes the result NaN when any step is not finite. Over + - x, sqrt and a
// non-finite dividend, a non-finite value always stays non-finite (inf - inf and
// 0 x inf are NaN), so the only step that can hide one is a division by +-inf: the
// divisor is checked there, and the result at the end. `bad` marks points where that
// check or a guard failed.
void Model::run_batch(std::size_t p, const double* const* columns, const bool* varies, std::size_t n,
                      double* out, double* scratch) const noexcept {
  struct Entry {
    bool scalar;
    double v;         // when scalar
    const double* a;  // kBatch values otherwise: the swept column itself (read only, never
                      // written) or a scratch array
  };
  Entry stack[33];
  double* bad = scratch;
  for (std::size_t base = 0; base < n; base += kBatch) {
    const std::size_t m = std::min(kBatch, n - base);
    bool all_bad = false;
    for (std::size_t i = 0; i < m; ++i) bad[i] = 0;
    std::size_t top = 0;
    auto array = [&](std::size_t t) { return scratch + (t + 1) * kBatch; };
    for (const Op& op : programs[p].ops) {
      switch (op.code) {
        case Op::Push: stack[top] = {true, op.value, nullptr}; ++top; break;
        case Op::Load:
          if (varies[op.index]) {
            stack[top] = {false, 0, columns[op.index] + base};  // no copy
          } else {
            stack[top] = {true, columns[op.index][0], nullptr};
          }
          ++top;
          break;
        case Op::Sqrt: {
          Entry& e = stack[top - 1];
          if (e.scalar) {
            e.v = std::sqrt(e.v);
          } else {  // into scratch: e.a may be the swept column
            double* d = array(top - 1);
            for (std::size_t i = 0; i < m; ++i) d[i] = std::sqrt(e.a[i]);
            e.a = d;
          }
          break;
        }
        case Op::Guard:
          if (!varies[op.index]) {
            all_bad |= !(columns[op.index][0] > op.value);
          } else {
            const double* c = columns[op.index] + base;
            for (std::size_t i = 0; i < m; ++i) bad[i] += !(c[i] > op.value);
          }
          break;
        default: {  // a binary operation: x = x op y
          --top;
          Entry& x = stack[top - 1];
          const Entry& y = stack[top];
          if (op.code == Op::Div) {
            if (y.scalar) all_bad |= !std::isfinite(y.v);
            else for (std::size_t i = 0; i < m; ++i) bad[i] += !std::isfinite(y.a[i]);
          }
          if (x.scalar && y.scalar) {
            switch (op.code) {
              case Op::Add: x.v += y.v; break;
              case Op::Sub: x.v -= y.v; break;
              case Op::Mul: x.v *= y.v; break;
              default: x.v /= y.v; break;
            }
            break;
          }
          double* d = array(top - 1);  // the result goes to x's scratch array (never a column)
          const double xs = x.v, ys = y.v;
          const double* xa = x.scalar ? nullptr : x.a;
          const double* ya = y.scalar ? nullptr : y.a;
#define MLSYSIM_BATCH(OP)                                                         \
  if (!xa) for (std::size_t i = 0; i < m; ++i) d[i] = xs OP ya[i];                \
  else if (!ya) for (std::size_t i = 0; i < m; ++i) d[i] = xa[i] OP ys;           \
  else for (std::size_t i = 0; i < m; ++i) d[i] = xa[i] OP ya[i];
          switch (op.code) {
            case Op::Add: MLSYSIM_BATCH(+) break;
            case Op::Sub: MLSYSIM_BATCH(-) break;
            case Op::Mul: MLSYSIM_BATCH(*) break;
            default: MLSYSIM_BATCH(/) break;
          }
#undef MLSYSIM_BATCH
          x = {false, 0, d};
          break;
        }
      }
    }
    const Entry& r = stack[0];
    double* o = out + base;
    if (all_bad) {
      for (std::size_t i = 0; i < m; ++i) o[i] = NAN;
    } else if (r.scalar) {
      const double v = std::isfinite(r.v) ? r.v : NAN;
      for (std::size_t i = 0; i < m; ++i) o[i] = bad[i] != 0 ? NAN : v;
    } else {
      for (std::size_t i = 0; i < m; ++i) o[i] = bad[i] != 0 || !std::isfinite(r.a[i]) ? NAN : r.a[i];
    }
  }
}

}  // namespace mlsysim
