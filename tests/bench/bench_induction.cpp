// bench_induction: the repeat task at its defaults (`attention-cli train --corpus repeat`), one
// run per seed, and what issue 34 aims at for each: the stretch where the validation loss fell
// fastest within a quarter of the steps (the phase change: at least 0.5 nats), its step and
// second, the run's seconds (at most 30 on two cores), the strongest head of layer 2 on the
// induction key of the repeated probe line (at least 10×) and over the first 64 validation windows
// (step 7's exercise 5 asks 5× there), each copy's mean loss on that line
// (the second at least 1.5 nats below the first), and that head's ratio with the layer-1 head
// that reads the previous character most switched off (below 3×). Issue 39 adds the in-context
// learning score: at the last validation and at the one where the fall began; run it with one
// layer too (the fourth argument) to compare: the two-layer score should end at least 1 nat below
// the one-layer one, and a one-layer run should show no fall of 0.5 nats and no head at 3×.
// Usage: bench_induction [last seed (5)] [threads (2)] [first seed (1)] [layers (2)]. One line per
// seed, key=value.

#include "corpusfile.h"
#include "runvalidation.h"
#include "tiny/headroles.h"
#include "tiny/inference.h"
#include "tiny/learningcurve.h"
#include "tiny/trainer.h"

#include <QCoreApplication>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>

using namespace attention;

namespace {

using Clock = std::chrono::steady_clock;

/// The strongest head of layer 2 and up on the induction key, and its ratio.
tiny::RoleLeader inductionHead(const tiny::Parameters<float> &parameters,
                               const std::vector<int> &probe, const tiny::RoleKeys &keys)
{
    const auto roles = tiny::measureRoles(parameters, probe, keys);
    return roles ? tiny::roleLeader(*roles, tiny::Role::Induction, 1) : tiny::RoleLeader{};
}

int runSeed(const tiny::PreparedCorpus &corpus, std::uint64_t seed, int threads, int layers)
{
    const tiny::RunDefaults defaults = tiny::defaultRun(corpora::repeatTask);
    tiny::ModelConfig config = defaults.config;
    config.layers = layers;
    config.vocabSize = corpus.vocabulary.size();
    tiny::TrainingSettings settings = defaults.settings;
    settings.seed = seed;
    settings.threads = threads;
    const RunValidation validation(corpus, config.context);
    tiny::Trainer trainer(config, settings, corpus.trainIds);
    std::vector<ValidationPoint> points;
    std::vector<double> seconds; // at each validation, since the start
    const Clock::time_point start = Clock::now();
    for (int step = 1; step <= settings.steps; ++step) {
        trainer.step();
        if (step % defaults.evalEvery != 0 && step != settings.steps)
            continue;
        if (auto point = validation.validate(trainer, step)) {
            points.push_back(std::move(*point));
            seconds.push_back(std::chrono::duration<double>(Clock::now() - start).count());
        }
    }
    const double total = std::chrono::duration<double>(Clock::now() - start).count();
    const tiny::LossFall fall = fastestFall(points, settings.steps);
    double fallSecond = 0.0;
    for (std::size_t i = 0; i < points.size(); ++i)
        if (points[i].step == fall.toStep)
            fallSecond = seconds[i];

    // The repeated probe line: the induction head, each copy's loss, the circuit cut.
    const std::u32string line = corpora::repeatProbe().toStdU32String();
    const std::vector<int> probe = corpus.vocabulary.encode(line);
    const tiny::RoleKeys keys = tiny::roleKeys(probe, corpus.vocabulary);
    const tiny::Parameters<float> &p = trainer.parameters();
    const tiny::RoleLeader head = inductionHead(p, probe, keys);
    const auto analysis = tiny::analyseSequence(p, probe);
    const auto copies = tiny::copyLosses(probe, analysis->losses);
    const auto roles = tiny::measureRoles(p, probe, keys);
    const tiny::RoleLeader previous = tiny::roleLeader(
        std::vector<std::vector<tiny::HeadRoles>>{(*roles)[0]}, tiny::Role::PreviousChar);
    const auto ablated = tiny::measureRoles(tiny::withHeadsOff(p, {previous.head}), probe, keys);
    // The in-context learning score at the last validation and where the fall began; the
    // strongest induction ratio of any head there (a one-layer model's are its only heads).
    double score = NAN, scoreBefore = NAN, anyInduction = 0.0;
    for (const ValidationPoint &point : points)
        if (point.step == fall.fromStep)
            scoreBefore = tiny::inContextLearningScore(point.positionLosses);
    if (!points.empty()) {
        score = tiny::inContextLearningScore(points.back().positionLosses);
        for (const auto &layer : points.back().induction)
            for (const double ratio : layer)
                anyInduction = std::max(anyInduction, ratio);
    }
    const double after = head.head.first >= 0
                             ? (*ablated)[std::size_t(head.head.first)]
                                         [std::size_t(head.head.second)][tiny::Role::Induction]
                                             .ratio()
                             : 0.0;
    // What step 7's exercise judges by: the ratio over the first 64 validation windows.
    const double validationRatio = points.empty() ? 0.0 : points.back().strongestLaterInduction();
    std::printf("seed=%llu steps=%d seconds=%.1f fall_from=%d fall_to=%d drop=%.3f "
                "fall_second=%.1f best_val_loss=%.4f induction_head=%d.%d induction=%.1f "
                "val_induction=%.1f first_copy=%.3f second_copy=%.3f previous_head=1.%d "
                "ablated=%.2f layers=%d icl_score=%.3f icl_score_before_fall=%.3f "
                "val_induction_any=%.1f\n",
                static_cast<unsigned long long>(seed), settings.steps, total, fall.fromStep,
                fall.toStep, fall.drop(), fallSecond, trainer.bestValLoss(), head.head.first + 1,
                head.head.second + 1, head.ratio, validationRatio, copies ? copies->first : 0.0,
                copies ? copies->second : 0.0, previous.head.second + 1, after, layers, score,
                scoreBefore, anyInduction);
    std::fflush(stdout);
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int lastSeed = argc > 1 ? std::atoi(argv[1]) : 5;
    const int threads = argc > 2 ? std::atoi(argv[2]) : 2;
    const int firstSeed = argc > 3 ? std::atoi(argv[3]) : 1;
    const int layers = argc > 4 ? std::atoi(argv[4]) : 2;
    const CorpusLoadResult corpus = loadCorpus(QString::fromLatin1(corpora::repeatTask),
                                               tiny::defaultRun("repeat").config.context);
    if (!corpus.ok()) {
        std::fprintf(stderr, "%s\n", qPrintable(corpusErrorText(corpus.error)));
        return 2;
    }
    for (int seed = firstSeed; seed <= lastSeed; ++seed)
        runSeed(corpus.corpus, std::uint64_t(seed), threads, layers);
    return 0;
}
