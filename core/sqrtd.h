#pragma once

/// The √d experiment of the lesson: why scores are divided by the square root of the dimension.
///
/// For a dimension d, many trials draw T queries and T keys with independent N(0, 1) entries.
/// The dot product of two such vectors is a sum of d unit-variance terms, so its standard
/// deviation is √d; softmax over scores that spread out this much puts nearly all weight on one
/// key. Dividing by √d brings the spread back to about 1.

#include "types.h"

#include <cstdint>
#include <functional>

namespace attention {

struct SqrtDOptions
{
    Index T = 5;            ///< tokens per trial
    int trials = 2000;      ///< independent draws of q and k
    std::uint64_t seed = 1; ///< the same seed gives the same figures everywhere
    bool causal = false;    ///< measure only the visible (lower-triangle) scores
};

struct SqrtDRow
{
    Index d = 0;
    double stdDev = 0.0;            ///< standard deviation of the raw dot products q·k
    double maxWeightUnscaled = 0.0; ///< mean over rows of the largest weight, softmax(q·k)
    double maxWeightScaled = 0.0;   ///< the same for softmax(q·k / √d)
};

/// Measures one dimension. Deterministic for fixed options. `cancelled`, when given, is polled
/// between trials; once it returns true the partial figures of the trials so far are returned.
SqrtDRow measureSqrtD(Index d, const SqrtDOptions &options,
                      const std::function<bool()> &cancelled = {});

/// One trial of the experiment, to look at: its queries, keys, scores and weights.
struct SqrtDTrial
{
    Matrix queries;         ///< (T, d) N(0, 1) entries
    Matrix keys;            ///< (T, d)
    Matrix unscaledScores;  ///< (T, T) q·k; −∞ above the diagonal when causal
    Matrix unscaledWeights; ///< (T, T) softmax of each row of unscaledScores
    Matrix scaledScores;    ///< (T, T) q·k / √d, masked the same way
    Matrix scaledWeights;   ///< (T, T) softmax of each row of scaledScores
};

/// The first trial that measureSqrtD(d, options) draws (options.trials is not used): the same
/// queries and keys, so measureSqrtD with one trial summarises exactly this trial.
SqrtDTrial drawSqrtDTrial(Index d, const SqrtDOptions &options);

} // namespace attention
