#include "tiny/learningcurve.h"

#include <algorithm>
#include <limits>

namespace attention::tiny {

LossFall steepestFall(const std::vector<CurvePoint> &points, int maxSpan)
{
    LossFall best;
    for (std::size_t i = 0; i < points.size(); ++i)
        for (std::size_t j = i + 1; j < points.size() && points[j].step - points[i].step <= maxSpan;
             ++j) {
            const double drop = points[i].loss - points[j].loss;
            if (drop > 0.0 && (!best.found() || drop > best.drop()))
                best = {points[i].step, points[j].step, points[i].loss, points[j].loss};
        }
    return best;
}

std::optional<CopyLosses> copyLosses(const std::vector<int> &ids, const std::vector<double> &losses)
{
    const std::size_t n = ids.size() / 2;
    if (n < 2 || ids.size() != 2 * n || losses.size() + 1 < ids.size() ||
        !std::equal(ids.begin(), ids.begin() + std::ptrdiff_t(n), ids.begin() + std::ptrdiff_t(n)))
        return std::nullopt;
    CopyLosses result;
    result.length = int(n);
    for (std::size_t t = 0; t + 1 < n; ++t) {
        result.first += losses[t];
        result.second += losses[n + t];
    }
    result.first /= double(n - 1);
    result.second /= double(n - 1);
    return result;
}

double inContextLearningScore(const std::vector<double> &positionLosses)
{
    const std::size_t count = positionLosses.size();
    if (count < 8)
        return std::numeric_limits<double>::quiet_NaN();
    const auto mean = [&positionLosses](std::size_t from, std::size_t to) {
        double sum = 0.0;
        for (std::size_t t = from; t < to; ++t)
            sum += positionLosses[t];
        return sum / double(to - from);
    };
    return mean(3 * count / 4, count) - mean(count / 8, count / 4);
}

} // namespace attention::tiny
