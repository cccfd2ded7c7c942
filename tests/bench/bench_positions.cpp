// bench_positions: what keeping the loss at each position costs a training run (issue 39's aim:
// at most 5 % of the training speed at the repeat task's and 全唐诗's defaults). For each corpus
// it trains at tiny::defaultRun's shape and settings, and at every validation of the run times two
// validations of the same weights side by side, in alternating order: tiny::evaluate() as the
// trainer ships it (the mean loss at each position kept) and one that keeps the loss's sum only
// (the validation before issue 34). The cost is the difference over the time of the steps and
// the validations without it. The repeat task is the real one; 全唐诗's ids are random, of its
// vocabulary's size (7,358) and its validation text's length (373,722): a pass costs the same
// whatever the ids are. Usage: bench_positions [threads (2)] [repeat steps (1000)]. One line
// per corpus, key=value.

#include "random.h"
#include "tiny/corpus.h"
#include "tiny/trainer.h"
#include "tiny/windows.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace attention::tiny;

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

struct LossOnly
{
    double valLoss = 0.0;
    long truePositives = 0; ///< predictions of a mark where a mark follows
};

/// The validation loss and the punctuation tally as evaluate() computes them, without the loss
/// at each position: one sum over every prediction.
LossOnly lossOnly(const Parameters<float> &parameters, const std::vector<int> &valIds,
                  const std::vector<int> &punctuationIds, int batch)
{
    const WindowCut cut = cutWindows(long(valIds.size()), parameters.config.context);
    std::vector<bool> isMark(std::size_t(parameters.config.vocabSize), false);
    for (const int id : punctuationIds)
        isMark[std::size_t(id)] = true;
    double sum = 0.0;
    LossOnly result;
    forEachWindowBatch(parameters, valIds, cut, batch, OutputPass::Loss,
                       [&](long, int, Activations<float> &acts) {
                           for (attention::Index n = 0; n < acts.shape.rows(); ++n) {
                               const int best = acts.predictions[std::size_t(n)];
                               result.truePositives += isMark[std::size_t(best)] &&
                                                       isMark[std::size_t(acts.targets[n])];
                           }
                           modelLoss(acts);
                           for (const double loss : acts.rowLosses)
                               sum += loss;
                           return true;
                       });
    result.valLoss = sum / double(cut.windows * parameters.config.context);
    return result;
}

struct Shape
{
    std::string corpus;
    int vocabSize = 0;
    std::vector<int> trainIds;
    std::vector<int> valIds;
    std::vector<int> punctuation;
};

Shape repeatShape()
{
    const RunDefaults run = defaultRun("repeat");
    CorpusSource source;
    source.name = "repeat";
    CorpusResult result =
        prepareDocuments(source, repeatTaskDocuments(RepeatTaskOptions{}), run.config.context);
    Shape shape;
    shape.corpus = "repeat";
    shape.vocabSize = result.corpus.vocabulary.size();
    shape.trainIds = std::move(result.corpus.trainIds);
    shape.valIds = std::move(result.corpus.valIds);
    shape.punctuation = punctuationIds(result.corpus.vocabulary);
    return shape;
}

Shape tangShape()
{
    Shape shape;
    shape.corpus = "tang";
    shape.vocabSize = 7358;
    attention::Random random(7);
    const auto draw = [&](std::size_t count) {
        std::vector<int> ids(count);
        for (int &id : ids)
            id = int(random.nextBits() % std::uint64_t(shape.vocabSize));
        return ids;
    };
    shape.trainIds = draw(400000);
    shape.valIds = draw(373722);
    shape.punctuation = {1, 2, 3, 4, 5, 6, 7};
    return shape;
}

void measure(const Shape &shape, int threads, int steps)
{
    const RunDefaults run = defaultRun(shape.corpus);
    ModelConfig config = run.config;
    config.vocabSize = shape.vocabSize;
    TrainingSettings settings = run.settings;
    settings.threads = threads;
    settings.steps = steps;
    Trainer trainer(config, settings, shape.trainIds);
    double stepSeconds = 0.0, withPositions = 0.0, withoutPositions = 0.0, difference = 0.0;
    int validations = 0;
    long marks = 0;
    for (int step = 1; step <= steps; ++step) {
        const Clock::time_point start = Clock::now();
        trainer.step();
        stepSeconds += secondsSince(start);
        if (step % run.evalEvery != 0 && step != steps)
            continue;
        for (int order = 0; order < 2; ++order) {
            if ((order + validations) % 2 == 0) {
                const Clock::time_point begin = Clock::now();
                const auto evaluation =
                    evaluate(trainer.parameters(), shape.valIds, shape.punctuation, settings.batch);
                withPositions += secondsSince(begin);
                difference -= evaluation ? evaluation->valLoss : 0.0;
            } else {
                const Clock::time_point begin = Clock::now();
                const LossOnly loss =
                    lossOnly(trainer.parameters(), shape.valIds, shape.punctuation, settings.batch);
                difference += loss.valLoss;
                marks += loss.truePositives;
                withoutPositions += secondsSince(begin);
            }
        }
        ++validations;
    }
    const double cost = (withPositions - withoutPositions) / (stepSeconds + withoutPositions);
    std::printf("corpus=%s threads=%d steps=%d validations=%d step_s=%.3f "
                "validation_with_positions_s=%.3f validation_without_s=%.3f cost=%.4f "
                "loss_difference=%.2e marks=%ld\n",
                shape.corpus.c_str(), threadCount(), steps, validations, stepSeconds, withPositions,
                withoutPositions, cost, difference, marks);
}

} // namespace

int main(int argc, char **argv)
{
    const int threads = argc > 1 ? std::atoi(argv[1]) : 2;
    const int repeatSteps = argc > 2 ? std::atoi(argv[2]) : 1000;
    if (threads < 1 || repeatSteps < 1) {
        std::fprintf(stderr, "usage: bench_positions [threads] [repeat steps]\n");
        return 2;
    }
    measure(repeatShape(), threads, repeatSteps);
    measure(tangShape(), threads, defaultRun("tang").settings.steps);
    return 0;
}
