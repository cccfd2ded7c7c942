#pragma once

/// What a run's validations show beyond each loss (docs/tiny-model.md, "In-context learning
/// score"): the stretch where the validation loss fell fastest, which marks a phase change such
/// as an induction head forming, and the in-context learning score of the losses by position.

#include <optional>
#include <vector>

namespace attention::tiny {

/// A validation: the step after which it ran and its loss.
struct CurvePoint
{
    int step = 0;
    double loss = 0.0;
};

/// Where the validation loss fell most within a span of steps.
struct LossFall
{
    int fromStep = -1; ///< −1 when no loss fell
    int toStep = -1;
    double fromLoss = 0.0;
    double toLoss = 0.0;

    bool found() const { return fromStep >= 0; }
    double drop() const { return fromLoss - toLoss; }
};

/// A fall of at least this many nats within a quarter of a run's steps is a phase change.
constexpr double phaseChangeMinDrop = 0.5;

/// Of the pairs of validations i < j (in `points`' order, steps rising) at most `maxSpan` steps
/// apart, the one whose loss fell most (loss_i − loss_j > 0); on a tie the earlier, then the
/// shorter. Nothing when no loss fell.
LossFall steepestFall(const std::vector<CurvePoint> &points, int maxSpan);

/// On a sequence that is a string of n ≥ 2 characters written twice, the mean loss of the
/// predictions of each copy's 2nd … nth character (positions 0 … n − 2 and n … 2n − 2): an
/// induction head brings the second down, as no model can the first.
struct CopyLosses
{
    double first = 0.0;
    double second = 0.0;
    int length = 0; ///< n
};
/// Nothing unless `ids` is a string written twice and `losses` has a loss for each of its
/// predictions (at least ids.size() − 1).
std::optional<CopyLosses> copyLosses(const std::vector<int> &ids,
                                     const std::vector<double> &losses);

/// The in-context learning score of the losses at positions 0 … C − 1: the mean loss over
/// positions ⌊3C/4⌋ … C − 1 minus the mean over ⌊C/8⌋ … ⌊C/4⌋ − 1. Negative when the later
/// positions, which see more of the text, are predicted better. NaN when C < 8.
double inContextLearningScore(const std::vector<double> &positionLosses);

} // namespace attention::tiny
