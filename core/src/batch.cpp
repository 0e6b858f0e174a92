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
    bool ok = std::isfinite(x) && rule.bounds.contains(x) && (!rule.integer || (std::floor(x) == x && x <= max_integer));
    // exactly, as evaluate checks it (a double product of 3 x 3002399751580331 rounds
    // 2^53 + 1 down to 2^53); x and the other factors are integers in [0, 2^53] here.
    // A double product below 2^52 is off by less than one part in 2^53, so the exact one
    // is below 2^53 too; only a product near the limit takes the integer test, whose
    // 128-bit multiplication is a library call in WebAssembly (7% of a sweep's time)
    for (std::size_t k = 0; ok && k < rule.n_other; ++k) {
      const double y = rule.other[k];
      if (x >= 0 && y >= 0 && x * y < 4503599627370496.0) continue;  // 2^52
      std::uint64_t product = 0;
      ok = x >= 0 && y >= 0 &&
           !__builtin_mul_overflow(static_cast<std::uint64_t>(x), static_cast<std::uint64_t>(y), &product) &&
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
// Every step is the same function of the same doubles as in run() (step1, step2, choose
// in model.hpp), so both agree to the bit; a guard that holds at a point marks it `bad`.
void Model::run_batch(const Program& prog, const double* const* columns, const bool* varies, std::size_t n, double* out,
                      double* scratch) const noexcept {
  struct Entry {
    bool scalar;
    double v;         // when scalar
    const double* a;  // kBatch values otherwise: the swept column itself (read only, never
                      // written) or this entry's scratch array
  };
  Entry stack[33];
  double* bad = scratch;
  // most programs have no guard: their points need no mark to clear or read
  const std::vector<Op>& ops = prog.ops;
  const bool guarded = std::any_of(ops.begin(), ops.end(), [](const Op& op) { return op.code == Op::Guard; });
  for (std::size_t base = 0; base < n; base += kBatch) {
    const std::size_t m = std::min(kBatch, n - base);
    bool all_bad = false;
    if (guarded) for (std::size_t i = 0; i < m; ++i) bad[i] = 0;
    std::size_t top = 0;
    auto array = [&](std::size_t t) { return scratch + (t + 1) * kBatch; };
    for (const Op& op : ops) {
      switch (op.code) {
        case Op::Push: stack[top++] = {true, op.value, nullptr}; break;
        case Op::Load:
          stack[top++] = varies[op.index] ? Entry{false, 0, columns[op.index] + base}  // no copy
                                          : Entry{true, columns[op.index][0], nullptr};
          break;
        case Op::Given:
          if (varies[op.index]) {
            double* d = array(top);
            const double* c = columns[op.index] + base;
            for (std::size_t i = 0; i < m; ++i) d[i] = std::isnan(c[i]) ? 0.0 : 1.0;
            stack[top++] = {false, 0, d};
          } else {
            stack[top++] = {true, std::isnan(columns[op.index][0]) ? 0.0 : 1.0, nullptr};
          }
          break;
        case Op::Sqrt:
        case Op::Log2:
        case Op::CeilLog2:
        case Op::Exp:
        case Op::Ceil:
        case Op::Floor:
        case Op::Neg:
        case Op::Result: {
          Entry& e = stack[top - 1];
          if (e.scalar) {
            e.v = step1(op.code, e.v);
          } else {  // into scratch: e.a may be the swept column
            double* d = array(top - 1);
            if (op.code == Op::Sqrt) for (std::size_t i = 0; i < m; ++i) d[i] = std::sqrt(e.a[i]);
            else for (std::size_t i = 0; i < m; ++i) d[i] = step1(op.code, e.a[i]);
            e.a = d;
          }
          break;
        }
        case Op::Select: {
          top -= 2;
          Entry& c = stack[top - 1];
          const Entry& a = stack[top];
          const Entry& b = stack[top + 1];
          if (c.scalar) {
            c = std::isfinite(c.v) ? (c.v != 0 ? a : b) : Entry{true, NAN, nullptr};
            if (!c.scalar && (c.a == array(top) || c.a == array(top + 1))) {
              // the chosen branch lives in a scratch array above: move it down
              double* d = array(top - 1);
              std::copy(c.a, c.a + m, d);
              c.a = d;
            }
            break;
          }
          double* d = array(top - 1);
          for (std::size_t i = 0; i < m; ++i)
            d[i] = choose(c.a[i], a.scalar ? a.v : a.a[i], b.scalar ? b.v : b.a[i]);
          c = {false, 0, d};
          break;
        }
        case Op::Var: stack[top++] = {true, NAN, nullptr}; break;  // only inside a condition, run by run()
        case Op::Least:
        case Op::Greatest: {
          // per point, by run() on that point's slots: the search steps through integers
          --top;
          Entry& from = stack[top - 1];
          const Entry& est = stack[top];
          const Program& cond = conditions[op.index];
          double* d = array(top - 1);
          double point[kMaxSlots];
          for (std::size_t k = 0; k < slots.size(); ++k) point[k] = columns[k][0];
          for (std::size_t i = 0; i < m; ++i) {
            for (std::size_t k = 0; k < slots.size(); ++k)
              if (varies[k]) point[k] = columns[k][base + i];
            std::uint32_t unused = 0;
            d[i] = search_integer(op.code == Op::Least, from.scalar ? from.v : from.a[i], est.scalar ? est.v : est.a[i],
                                  [&](double n) { return run(cond, point, &unused, n); });
          }
          from = {false, 0, d};
          break;
        }
        case Op::Guard: {
          const Entry& c = stack[--top];
          if (c.scalar) all_bad |= c.v == 1.0;
          else for (std::size_t i = 0; i < m; ++i) bad[i] += c.a[i] == 1.0;
          break;
        }
        default: {  // a binary operation: x = x op y
          --top;
          Entry& x = stack[top - 1];
          const Entry& y = stack[top];
          if (x.scalar && y.scalar) {
            x.v = step2(op.code, x.v, y.v);
            break;
          }
          double* d = array(top - 1);  // the result goes to x's scratch array (never a column)
          const double xs = x.v, ys = y.v;
          const double* xa = x.scalar ? nullptr : x.a;
          const double* ya = y.scalar ? nullptr : y.a;
#define MLSYSIM_BATCH(EXPR)                                                       \
  if (!xa) for (std::size_t i = 0; i < m; ++i) { const double X = xs, Y = ya[i]; d[i] = (EXPR); } \
  else if (!ya) for (std::size_t i = 0; i < m; ++i) { const double X = xa[i], Y = ys; d[i] = (EXPR); } \
  else for (std::size_t i = 0; i < m; ++i) { const double X = xa[i], Y = ya[i]; d[i] = (EXPR); }
          switch (op.code) {
            case Op::Add: MLSYSIM_BATCH(X + Y) break;
            case Op::Sub: MLSYSIM_BATCH(X - Y) break;
            case Op::Mul: MLSYSIM_BATCH(X * Y) break;
            case Op::Div: MLSYSIM_BATCH(std::isfinite(Y) ? X / Y : NAN) break;
            default: {
              const Op::Code code = op.code;
              MLSYSIM_BATCH(step2(code, X, Y))
              break;
            }
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
      const double v = as_result(r.v);
      if (guarded) for (std::size_t i = 0; i < m; ++i) o[i] = bad[i] != 0 ? NAN : v;
      else std::fill(o, o + m, v);
    } else if (guarded) {
      for (std::size_t i = 0; i < m; ++i) o[i] = bad[i] != 0 ? NAN : as_result(r.a[i]);
    } else {
      for (std::size_t i = 0; i < m; ++i) o[i] = as_result(r.a[i]);
    }
  }
}

}  // namespace mlsysim
