#include "planesubset.h"

#include <algorithm>
#include <numeric>
#include <vector>

namespace attention {

PlaneSubset PlaneSubset::choose(int tokenCount, int selected,
                                const Eigen::Ref<const RowVector> &weightRow)
{
    PlaneSubset subset;
    if (tokenCount <= fullLimit) {
        subset.queries.resize(std::max(0, tokenCount));
        std::iota(subset.queries.begin(), subset.queries.end(), 0);
        subset.keys = subset.queries;
        return subset;
    }
    subset.reduced = true;
    if (selected < 0 || selected >= tokenCount || weightRow.size() != tokenCount)
        return subset;
    subset.queries = {selected};
    subset.keys = strongestKeys(weightRow, strongestCount);
    std::sort(subset.keys.begin(), subset.keys.end());
    return subset;
}

QList<int> strongestKeys(const Eigen::Ref<const RowVector> &weights, int count)
{
    std::vector<int> candidates;
    candidates.reserve(static_cast<std::size_t>(weights.size()));
    for (Index j = 0; j < weights.size(); ++j)
        if (weights(j) > 0.0) // also leaves out NaN
            candidates.push_back(static_cast<int>(j));
    const auto stronger = [&](int a, int b) {
        return weights(a) > weights(b) || (weights(a) == weights(b) && a < b);
    };
    const std::size_t kept =
        std::min(candidates.size(), static_cast<std::size_t>(std::max(0, count)));
    std::nth_element(candidates.begin(), candidates.begin() + static_cast<std::ptrdiff_t>(kept),
                     candidates.end(), stronger);
    candidates.resize(kept);
    std::sort(candidates.begin(), candidates.end(), stronger);
    return QList<int>(candidates.cbegin(), candidates.cend());
}

} // namespace attention
