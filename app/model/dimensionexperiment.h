#pragma once

/// The d slider's experiment on the workbench: the learner drags d and sees seeded random queries
/// and keys of that width, then drags back to the hand-made ones.
///
/// The experiment starts when the slider first leaves the hand-made scenario, which it remembers.
/// Each random draw is remembered too (the recent ones), so that undo and redo back to a draw are
/// still recognised as random. A manual edit of q or k makes the scenario no longer one of the
/// draws: the next slider request then takes the edited scenario as the new hand-made one, which
/// ends the old experiment. Loading a file, a new scenario or a recovery ends it with end().

#include "scenario.h"

#include <QList>
#include <cstdint>
#include <optional>
#include <utility>

namespace attention {

class DimensionExperiment
{
public:
    static constexpr int maxExponent = 10; ///< the slider's steps 0…10: d = 2^step
    /// How many recent draws are recognised: enough for undo and redo back to a recent one.
    static constexpr int maxRandomDraws = 16;

    /// The slider step nearest to d: round(log₂ d), clamped to 0…maxExponent.
    static int stepOf(Index d);

    /// What a request asks the document to show.
    struct Change
    {
        enum class Kind
        {
            RestoreHandMade, ///< the hand-made q and k, with the switches as they are now
            Random,          ///< seeded random q and k of width d
        };
        Kind kind = Kind::Random;
        Scenario scenario;
    };

    /// True when q and k of `scenario` are one of the recent random draws.
    bool isRandom(const Scenario &scenario) const;
    /// The d the hand-made scenario has while the experiment runs; `current`'s d otherwise.
    Index handMadeDimension(const Scenario &current) const;
    /// The slider asks for d while the document shows `current`. Returns the hand-made scenario
    /// when d is on its slider step, a random draw of width d otherwise, and nothing when the
    /// document already shows what was asked for.
    std::optional<Change> request(const Scenario &current, Index d);
    /// A new draw at `current`'s d with the next seed.
    Change reroll(const Scenario &current);
    /// Forgets the hand-made scenario and the draws: the document holds a new scenario.
    void end();

    /// The seed of the next draw (each reroll moves on by one).
    std::uint64_t seed() const { return m_seed; }

private:
    Change drawRandom(const Scenario &current, Index d);

    std::optional<Scenario> m_handMade;
    QList<std::pair<Matrix, Matrix>> m_randomDraws; ///< queries and keys, oldest first
    std::uint64_t m_seed = 1;
};

} // namespace attention
