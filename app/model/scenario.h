#pragma once

/// The scenario: every number the learner can edit, as one plain value.
///
/// A scenario is T tokens, each with a query and a key of width d and a value of width d_v, plus
/// the three switches that turn dot products into scores. It is what a scenario file holds, what
/// a preset is, and what the document edits.

#include "attention.h"

#include <QString>
#include <QStringList>

namespace attention {

/// The documented limits of a scenario (README, "Scenario files").
struct ScenarioLimits
{
    static constexpr Index maxTokens = 4096;    ///< 1 ≤ T ≤ 4096
    static constexpr Index maxDimension = 4096; ///< 1 ≤ d, d_v ≤ 4096
    static constexpr double maxMagnitude = 1e6; ///< |every query, key and value entry| ≤ 1e6
    static constexpr double minScale = 0.0;     ///< 0 ≤ score_scale …
    static constexpr double maxScale = 1000.0;  ///< … ≤ 1000
};

struct Scenario
{
    QString title;
    QStringList dimensionNames; ///< empty, or d names for the axes of q and k
    QStringList tokens;         ///< T non-empty names
    Matrix queries;             ///< (T, d)
    Matrix keys;                ///< (T, d)
    Matrix values;              ///< (T, d_v); one-hot rows (identity) unless the file gives values
    double scoreScale = 1.0;
    bool divideBySqrtD = false;
    bool causal = false;

    Index tokenCount() const { return static_cast<Index>(tokens.size()); }
    Index dimension() const { return queries.cols(); }
    Index valueDimension() const { return values.cols(); }

    ScoreOptions scoreOptions() const;
    /// Scores, weights and output of this scenario.
    AttentionResult compute() const;
    /// True when `values` is the T×T identity, the default a file may leave out.
    bool hasOneHotValues() const;
    /// The name of dimension i: dimensionNames[i] if given, else "d<i+1>".
    QString dimensionName(Index i) const;

    /// Empty when the scenario is within the limits and consistent; else what is wrong, with the
    /// JSON path of the first offending entry (e.g. "queries[4][1]: …"). Untranslated text,
    /// the same words a scenario file's reader gives.
    QString validate() const;

    bool operator==(const Scenario &other) const;
    bool operator!=(const Scenario &other) const { return !(*this == other); }
};

} // namespace attention
