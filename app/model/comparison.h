#pragma once

/// The compare view's second attention pass: the same scenario with one switch flipped (the
/// causal mask, dividing by √d, or the score scale set to 1×), so both versions can be shown side
/// by side.

#include "scenario.h"

namespace attention {

/// What differs from the document's scenario.
enum class Flip
{
    Causal,    ///< the causal mask on ↔ off
    SqrtD,     ///< dividing by √d on ↔ off
    UnitScale, ///< score scale 1×
};

/// `options` with the switch flipped.
ScoreOptions flipped(ScoreOptions options, Flip flip);
/// `scenario` with the switch flipped.
Scenario flipped(const Scenario &scenario, Flip flip);

/// The weights of flipped(scenario, flip), their heatmap's picture (weightsImage) and the raw
/// products: the comparison shows weights, so neither the scores (another T × T table) nor the
/// output (a T × T × d_v product) are kept. With `previous`, the comparison of scenario `before`,
/// its raw products are reused when the queries and keys are the same (a scale step).
ScenarioResult compareResult(const Scenario &scenario, Flip flip, const Scenario *before = nullptr,
                             const ScenarioResult *previous = nullptr);

} // namespace attention
