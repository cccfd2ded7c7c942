#include "lessonnumbers.h"

#include "random.h"

#include <algorithm>
#include <cmath>

namespace attention {

Scenario averagingScenario(const QStringList &tokens, int width, std::uint64_t seed)
{
    const Index T = tokens.size();
    Scenario scenario;
    scenario.tokens = tokens;
    scenario.queries = Matrix::Zero(T, 1);
    scenario.keys = Matrix::Zero(T, 1);
    Random rng(seed);
    scenario.values = rng.normalMatrix(T, width);
    scenario.causal = true;
    return scenario;
}

double averagingDifference(const Scenario &scenario, const ScenarioResult &result, int row)
{
    if (!scenario.values || row < 0 || row >= scenario.values->rows() ||
        row >= result.outputMatrix().rows())
        return 0.0;
    const Index n = row + 1;
    RowVector mean = RowVector::Zero(scenario.values->cols());
    for (Index i = 0; i < n; ++i)
        mean += scenario.values->row(i);
    mean /= double(n);
    return (result.outputMatrix().row(row) - mean).cwiseAbs().maxCoeff();
}

MaskSummary summarizeMask(const ScenarioResult &result)
{
    MaskSummary summary;
    const Index T = result.weights.rows();
    const ScaledTable scores = result.scores();
    for (Index i = 0; i < T; ++i) {
        for (Index j = i + 1; j < T; ++j) {
            summary.masked += std::isinf(scores(i, j)) ? 1 : 0;
            summary.aboveDiagonal = std::max(summary.aboveDiagonal, result.weights(i, j));
        }
        summary.worstRowSum =
            std::max(summary.worstRowSum, std::abs(result.weights.row(i).sum() - 1.0));
    }
    return summary;
}

} // namespace attention
