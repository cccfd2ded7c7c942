#include "layersexercise.h"

#include "corpusfile.h"
#include "numberformat.h"

#include <cmath>

namespace attention {

namespace {

QString ratioText(double ratio)
{
    return NumberFormat::ratio(std::max(0.0, ratio)) + QStringLiteral("×");
}

QString scoreText(double score)
{
    return std::isfinite(score) ? NumberFormat::loss(score) : QStringLiteral("–");
}

} // namespace

int LayersExercise::nextLayers(const std::vector<KeptRun> &kept)
{
    for (const KeptRun &run : kept)
        if (run.setup.corpus == QLatin1String(corpora::repeatTask) && run.setup.config.layers == 1)
            return 2;
    return 1;
}

LayersExercise::Verdict LayersExercise::judge(const std::vector<KeptRun> &kept,
                                              const std::optional<KeptRun> &current)
{
    const auto isTask = [](const KeptRun &run) {
        return run.setup.corpus == QLatin1String(corpora::repeatTask) && !run.validations.empty();
    };
    const KeptRun *one = nullptr;
    const KeptRun *deeper = nullptr;
    for (const KeptRun &run : kept)
        if (isTask(run))
            (run.setup.config.layers == 1 ? one : deeper) = &run;
    if (current && isTask(*current) && current->setup.config.layers > 1)
        deeper = &*current;
    if (!one && current && isTask(*current) && current->setup.config.layers == 1)
        return {false, tr("This one-layer run is kept when it finishes (or now: Keep this run); "
                          "then start exercise 6 again to train two layers beside it.")};
    if (!one)
        return {false, tr("Train one layer on the repeat task and keep the run (Layers 1, Train, "
                          "Keep this run).")};
    if (!deeper)
        return {false, tr("Now train two layers on the repeat task beside the kept one-layer run "
                          "(start exercise 6 again).")};
    const double oneInduction = one->finalInduction();
    const double deepInduction = deeper->finalInduction();
    const double gap = one->finalScore() - deeper->finalScore();
    const QString figures =
        tr("One layer: the strongest head puts %1 a uniform head's weight on the character after "
           "the earlier copy, in-context learning score %2 nats. %3 layers: %4, score %5 nats, "
           "%6 nats lower.")
            .arg(ratioText(oneInduction), scoreText(one->finalScore()))
            .arg(deeper->setup.config.layers)
            .arg(ratioText(deepInduction), scoreText(deeper->finalScore()),
                 std::isfinite(gap) ? NumberFormat::loss(gap) : QStringLiteral("–"));
    if (tiny::shownRatio(deepInduction) < tiny::inductionHeadMinRatio)
        return {false, QStringLiteral("✗ ") + figures + QLatin1Char(' ') +
                           tr("The deeper run has no induction head yet (%1): train it longer.")
                               .arg(ratioText(tiny::inductionHeadMinRatio))};
    if (tiny::shownRatio(oneInduction) >= tiny::namedRoleMinRatio)
        return {false, QStringLiteral("✗ ") + figures + QLatin1Char(' ') +
                           tr("The one-layer run has a head at %1 on the induction role.")
                               .arg(ratioText(tiny::namedRoleMinRatio))};
    if (!std::isfinite(gap) || gap < minScoreGap)
        return {false, QStringLiteral("✗ ") + figures + QLatin1Char(' ') +
                           tr("The scores differ by less than %1 nats.")
                               .arg(NumberFormat::ratio(minScoreGap))};
    return {true, QStringLiteral("✓ ") + figures + QLatin1Char(' ') +
                      tr("The circuit needs two layers: one head writes the previous character, "
                         "a later one reads it.")};
}

} // namespace attention
