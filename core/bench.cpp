#include "bench.h"

#include "random.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

namespace attention {

namespace {

using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

} // namespace

double attentionFlops(Index T, Index d)
{
    const double t = static_cast<double>(T);
    return 4.0 * t * t * static_cast<double>(d);
}

double median(std::vector<double> values)
{
    if (values.empty())
        return 0.0;
    const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    if (values.size() % 2 == 1)
        return *middle;
    const double upper = *middle;
    const double lower = *std::max_element(values.begin(), middle);
    return 0.5 * (lower + upper);
}

std::int64_t scoreTableBytes(Index T)
{
    const auto t = static_cast<std::int64_t>(T);
    return t * t * static_cast<std::int64_t>(sizeof(float));
}

double fittedSlope(const std::vector<CurvePoint> &points)
{
    const auto usable = [](const CurvePoint &p) { return p.x > 0.0 && p.y > 0.0; };
    double sumX = 0.0;
    double sumY = 0.0;
    int count = 0;
    for (const CurvePoint &p : points) {
        if (usable(p)) {
            sumX += std::log(p.x);
            sumY += std::log(p.y);
            ++count;
        }
    }
    if (count < 2)
        return std::numeric_limits<double>::quiet_NaN();
    const double meanX = sumX / count;
    const double meanY = sumY / count;
    double sxy = 0.0;
    double sxx = 0.0;
    for (const CurvePoint &p : points) {
        if (usable(p)) {
            const double dx = std::log(p.x) - meanX;
            sxy += dx * (std::log(p.y) - meanY);
            sxx += dx * dx;
        }
    }
    if (sxx <= 0.0)
        return std::numeric_limits<double>::quiet_NaN();
    return sxy / sxx;
}

double powerLawCoefficient(const std::vector<CurvePoint> &points, double exponent)
{
    if (points.empty())
        return std::numeric_limits<double>::quiet_NaN();
    double logC = 0.0;
    for (const CurvePoint &p : points)
        logC += std::log(p.y) - exponent * std::log(p.x);
    return std::exp(logC / static_cast<double>(points.size()));
}

std::vector<BenchResult> runBench(const BenchOptions &options, const BenchProgress &progress)
{
    setThreadCount(options.threads);
    const int repeat = std::max(1, options.repeat);
    const int perCase = repeat + 1; // the warm-up and the timed runs
    const int total = static_cast<int>(options.kernels.size() * options.lengths.size()) * perCase;
    int done = 0;
    const auto advance = [&](int runs) {
        done += runs;
        return !progress || progress(done, total);
    };

    std::vector<BenchResult> results;
    for (Kernel kernel : options.kernels) {
        std::optional<double> previousMs;
        for (Index T : options.lengths) {
            Random rng(options.seed + static_cast<std::uint64_t>(T));
            const MatrixF q = rng.normalMatrixF(T, options.d);
            const MatrixF k = rng.normalMatrixF(T, options.d);
            const MatrixF v = rng.normalMatrixF(T, options.d);
            MatrixF out;

            BenchResult result;
            result.kernel = kernel;
            result.T = T;
            auto start = Clock::now();
            result.extraBytes = runKernel(kernel, q, k, v, out, options.causal).extraBytes;
            const double warmUpMs = millisecondsSince(start);
            if (!advance(1))
                return results;

            int runs = repeat;
            std::vector<double> times;
            if (options.budgetMs > 0.0) {
                if (warmUpMs > options.budgetMs) {
                    runs = 0;
                    times.push_back(warmUpMs);
                } else if (warmUpMs > 0.0) {
                    runs = static_cast<int>(
                        std::clamp(options.budgetMs / warmUpMs, 1.0, static_cast<double>(repeat)));
                }
            }
            for (int r = 0; r < runs; ++r) {
                start = Clock::now();
                runKernel(kernel, q, k, v, out, options.causal);
                times.push_back(millisecondsSince(start));
                if (r + 1 < runs && !advance(1))
                    return results;
            }

            result.runs = static_cast<int>(times.size());
            result.medianMs = median(times);
            result.gflops = attentionFlops(T, options.d) / (result.medianMs * 1e6);
            if (previousMs && *previousMs > 0.0)
                result.growth = result.medianMs / *previousMs;
            previousMs = result.medianMs;
            results.push_back(result);
            if (!advance(repeat - std::max(0, runs - 1))) // the last run and any skipped
                return results;
        }
    }
    return results;
}

double measureGemmGflops(Index n, int threads, int repeat)
{
    setThreadCount(threads);
    Random rng(7);
    const MatrixF a = rng.normalMatrixF(n, n);
    const MatrixF b = rng.normalMatrixF(n, n);
    MatrixF c(n, n);
    c.noalias() = a * b; // warm-up
    std::vector<double> times;
    for (int r = 0; r < std::max(1, repeat); ++r) {
        const auto start = Clock::now();
        c.noalias() = a * b;
        times.push_back(millisecondsSince(start));
    }
    const double nn = static_cast<double>(n);
    return 2.0 * nn * nn * nn / (median(times) * 1e6);
}

} // namespace attention
