#pragma once

/// The numbers lesson steps 1 and 3 state about what they show, computed from the scenario and
/// its result: the averaging scenario of step 1 and how far a row's output is from the plain mean
/// of the inputs it sees; what step 3's causal mask did to the scores and the weights.

#include "scenario.h"

#include <QStringList>
#include <cstdint>

namespace attention {

/// Step 1: equal scores everywhere (q and k zero), causal, with seeded random inputs x of `width`
/// columns as the values: the causal softmax then is exactly the running average.
Scenario averagingScenario(const QStringList &tokens, int width, std::uint64_t seed);

/// The largest |output(row) − mean of values rows 0…row|, the mean added up row by row rather than
/// taken from the product. 0 without values or for a row out of range.
double averagingDifference(const Scenario &scenario, const ScenarioResult &result, int row);

/// What a mask did, read off a result.
struct MaskSummary
{
    int masked = 0;             ///< scores above the diagonal that are −∞
    double aboveDiagonal = 0.0; ///< the largest weight above the diagonal
    double worstRowSum = 0.0;   ///< the largest |sum of a row's weights − 1|
};
MaskSummary summarizeMask(const ScenarioResult &result);

} // namespace attention
