#pragma once

/// Step 7's exercise 6: show that the induction circuit needs two layers. It takes the latest
/// kept one-layer run of the repeat task and the latest run of two layers or more of the task
/// (kept, or the one on the page), and passes when the deeper run has a head at least
/// tiny::inductionHeadMinRatio on the induction role at its last validation, the one-layer run
/// none at tiny::namedRoleMinRatio, and the deeper run's in-context learning score is at least
/// minScoreGap nats lower. Its verdict quotes the figures it judges by.

#include "keptruns.h"

#include <QCoreApplication>
#include <QString>
#include <optional>
#include <vector>

namespace attention {

class LayersExercise
{
    Q_DECLARE_TR_FUNCTIONS(LayersExercise)

public:
    /// How much lower the deeper run's final score must be, in nats.
    static constexpr double minScoreGap = 0.5;

    struct Verdict
    {
        bool passed = false;
        QString text;
    };

    /// The verdict over the `kept` runs and the page's run `current`.
    static Verdict judge(const std::vector<KeptRun> &kept, const std::optional<KeptRun> &current);
    /// The layers the exercise trains next: 2 once a one-layer run of the task is kept, else 1.
    static int nextLayers(const std::vector<KeptRun> &kept);
};

} // namespace attention
