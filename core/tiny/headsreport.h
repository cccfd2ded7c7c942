#pragma once

/// What each head of a model is and what it is worth, over a validation text (docs/tiny-model.md,
/// "Ablation" and "The heads report"): every head's roles, and for each head switched off alone
/// (withHeadsOff) how much the validation loss rises and the in-context learning score changes;
/// asked for, the knock-out matrix too: the induction ratio of each head of the next layer with
/// that head off, which tells which earlier head an induction head reads. `attention-cli heads`
/// prints it and lesson step 7's "What each head is worth" shows it.

#include "tiny/headroles.h"

#include <functional>
#include <optional>
#include <vector>

namespace attention::tiny {

/// One head switched off alone.
struct HeadKnockout
{
    double valLossIncrease = 0.0; ///< the validation loss with it off − with every head on
    double iclScoreChange = 0.0;  ///< the same for the in-context learning score (NaN: C < 8)
    /// The induction ratio of each head of the next layer with it off; empty in the last layer
    /// or when the report was not asked for the knock-out matrix.
    std::vector<double> inductionAfter;
};

struct HeadsReport
{
    double valLoss = 0.0;
    double iclScore = 0.0;                            ///< every head on (NaN: C < 8)
    std::vector<std::vector<HeadRoles>> roles;        ///< [layer][head], every head on
    std::vector<std::vector<HeadKnockout>> knockouts; ///< [layer][head]
};

/// Called after each of the report's passes over the text: `done` of `total`; returning false
/// stops the report, which is then nothing.
using ReportProgress = std::function<bool(int done, int total)>;

struct ReportOptions
{
    long maxWindows = 0;         ///< the windows from the first; all when 0
    bool knockoutMatrix = false; ///< measure the next layer's induction with each head off
    ReportProgress progress;
};

/// The passes headsReport makes for a model of `config`: the `total` its progress reports.
int headsReportPasses(const ModelConfig &config, bool knockoutMatrix);

/// The report over the windows of `valIds` cut as for val_loss (options.maxWindows from the
/// first), its documents ending at `documentEnds` (roleKeys), the marks as `vocabulary` has them.
/// Nothing when there is no window, an id is out of range or the progress stopped it.
std::optional<HeadsReport> headsReport(const Parameters<float> &parameters,
                                       const std::vector<int> &valIds,
                                       const std::vector<long> &documentEnds,
                                       const Vocabulary &vocabulary,
                                       const ReportOptions &options = {});

} // namespace attention::tiny
