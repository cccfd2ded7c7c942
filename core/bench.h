#pragma once

/// Timing the T×T cost: the lesson's third exercise, measured on this machine.

#include "kernels.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace attention {

struct BenchOptions
{
    std::vector<Index> lengths{1000, 2000, 4000}; ///< the values of T, in order
    Index d = 64;                                 ///< width of q, k and v
    std::vector<Kernel> kernels = allKernels();
    bool causal = false;
    int threads = 0; ///< 0: every core
    int repeat = 5;  ///< timed runs after one warm-up (at most; see budgetMs)
    std::uint64_t seed = 1;
    /// Time allowed for the timed runs of one kernel at one T, so that slow kernels at large T
    /// (naive at T = 16000 takes seconds per run) do not hold the whole benchmark up. The warm-up
    /// run's time w sets the number of timed runs: min(repeat, max(1, budgetMs / w)). When w alone
    /// exceeds the budget, the warm-up is the only sample: a run that long gains nothing
    /// measurable from warm caches. 0 or less: no limit, always `repeat` timed runs.
    double budgetMs = 2000.0;
};

struct BenchResult
{
    Kernel kernel = Kernel::Naive;
    Index T = 0;
    double medianMs = 0.0;
    double gflops = 0.0;          ///< attentionFlops(T, d) / median time
    std::optional<double> growth; ///< time ratio to the previous T of the same kernel
    std::size_t extraBytes = 0;   ///< reported by the kernel
    int runs = 0;                 ///< samples behind the median (fewer than repeat when capped)
};

/// The work of one attention pass: 4·T²·d (two products of 2·T²·d). Causal runs are counted
/// the same, so skipping the masked half shows as a higher rate.
double attentionFlops(Index T, Index d);

/// Called after every kernel run, warm-ups included, with (runs done, runs in all); return false to
/// stop. Runs skipped by the time budget are counted as done, so `done` ends at `total`.
using BenchProgress = std::function<bool(int done, int total)>;

/// Times every kernel at every T; results in kernel-major order. Stops early, returning what was
/// finished, when `progress` returns false.
std::vector<BenchResult> runBench(const BenchOptions &options, const BenchProgress &progress = {});

/// The rate of a square float32 GEMM of size n in this binary (Eigen's product, median of
/// `repeat` runs after a warm-up), with `threads` threads: the machine's practical peak, to put
/// the kernels' rates in proportion.
double measureGemmGflops(Index n = 1024, int threads = 0, int repeat = 5);

/// The median of `values` (which it reorders); 0 for none.
double median(std::vector<double> values);

/// Bytes of a float32 T×T table, one score per (query, key) pair: T²·4. What the materialized
/// kernel allocates, and what the tiled kernel avoids.
std::int64_t scoreTableBytes(Index T);

/// One measured point of a curve drawn on log-log axes: x = T, y = a time.
struct CurvePoint
{
    double x = 0.0;
    double y = 0.0;
};

/// The least-squares slope b of ln y = a + b·ln x over `points` (n points; those with x ≤ 0 or
/// y ≤ 0 are left out): b = Σ(x'−x̄)(y'−ȳ) / Σ(x'−x̄)² with x' = ln x, y' = ln y. NaN unless there
/// are two distinct x. A slope of 2 means time ∝ T².
double fittedSlope(const std::vector<CurvePoint> &points);

/// The c of the curve y = c·x^exponent through the geometric mean of `points` (each with x > 0
/// and y > 0): ln c = mean over the points of (ln y − exponent·ln x). NaN for no points.
double powerLawCoefficient(const std::vector<CurvePoint> &points, double exponent);

} // namespace attention
