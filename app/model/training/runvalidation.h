#pragma once

/// What a step-7 run measures at each validation: the validation loss, the loss at each position
/// of the validation windows, and each head's induction ratio over the first windows, so that
/// the loss chart shows an induction head forming at the step the loss falls.

#include "tiny/corpus.h"
#include "tiny/headroles.h"
#include "tiny/learningcurve.h"
#include "tiny/trainer.h"

#include <optional>
#include <vector>

namespace attention {

/// A validation during the run.
struct ValidationPoint
{
    int step = 0;
    double loss = 0.0;
    /// [t]: the mean loss at position t of the validation windows (their mean is `loss`).
    std::vector<double> positionLosses;
    /// [layer][head]: each head's induction ratio over the first RunValidation::inductionWindows
    /// windows of the validation text (tiny::Role::Induction).
    std::vector<std::vector<double>> induction;

    /// The largest induction ratio of a head of layer 2 and up (the layer-1 heads have no
    /// earlier layer to read); −1 for a model of one layer.
    double strongestLaterInduction() const;
};

/// The text a run validates on, prepared once when the run starts.
class RunValidation
{
public:
    /// A validation measures each head's induction ratio over this many of its windows.
    static constexpr long inductionWindows = 64;

    RunValidation() = default;
    RunValidation(const tiny::PreparedCorpus &corpus, int context);

    /// Validates the trainer's parameters after `step` (the trainer keeps them when they are its
    /// best); nothing when the text has no window.
    std::optional<ValidationPoint> validate(tiny::Trainer &trainer, int step) const;

private:
    std::vector<int> m_valIds;
    std::vector<int> m_punctuation;
    std::vector<int> m_inductionText;
    tiny::RoleKeys m_inductionKeys;
};

/// Where the validation loss of `validations` fell most within a quarter of `steps`.
tiny::LossFall fastestFall(const std::vector<ValidationPoint> &validations, int steps);

} // namespace attention
