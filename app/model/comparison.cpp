#include "comparison.h"

#include "tablepool.h"

namespace attention {

ScoreOptions flipped(ScoreOptions options, Flip flip)
{
    switch (flip) {
    case Flip::Causal:
        options.causal = !options.causal;
        break;
    case Flip::SqrtD:
        options.divideBySqrtD = !options.divideBySqrtD;
        break;
    case Flip::UnitScale:
        options.scoreScale = 1.0;
        break;
    }
    return options;
}

Scenario flipped(const Scenario &scenario, Flip flip)
{
    const ScoreOptions options = flipped(scenario.scoreOptions(), flip);
    Scenario other = scenario;
    other.scoreScale = options.scoreScale;
    other.divideBySqrtD = options.divideBySqrtD;
    other.causal = options.causal;
    return other;
}

ScenarioResult compareResult(const Scenario &scenario, Flip flip, const Scenario *before,
                             const ScenarioResult *previous)
{
    // One T × T table of its own, the weights: the products are shared with the document's.
    ScenarioResult result;
    result.products = rawProducts(scenario, before, previous ? previous->products : nullptr);
    const ScoreOptions options = flipped(scenario.scoreOptions(), flip);
    result.scoreFactor = effectiveScale(options, scenario.dimension());
    result.causal = options.causal;
    const Index T = scenario.tokenCount();
    HeatmapImageBuilder image(T, T, HeatmapScale::forWeights(T, options.causal));
    pooledWeights(
        *result.products, options, scenario.dimension(), result.weights,
        [&](Index first, Index count) { image.add(result.weights.middleRows(first, count)); });
    result.weightsImage = std::make_shared<const HeatmapImage>(image.finish());
    return result;
}

} // namespace attention
