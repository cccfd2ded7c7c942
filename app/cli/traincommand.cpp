// The train command: trains the tiny model on a corpus, prints its progress and its result, and
// keeps the weights of the best validation loss (docs/tiny-model.md, "Console commands").

#include "commandline.h"
#include "commands.h"
#include "corpusfile.h"
#include "modelfile.h"
#include "numberformat.h"
#include "output.h"
#include "tiny/corpus.h"
#include "tiny/learningcurve.h"
#include "tiny/trainer.h"
#include "tiny/trainerefficiency.h"
#include "tiny/trainingcost.h"
#include "trainingsetup.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QThread>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace attention::cli {

namespace {

// Limits of the training options (help texts and README quote them). A step's logits take
// batch · context · vocabulary floats: the cap keeps them under about 600 MB.
constexpr Index maxSteps = 1'000'000;
constexpr Index maxBatch = 1024;
constexpr Index maxThreads = 256;
constexpr double maxLogitsPerStep = 1.5e8;

QStringList formatChoices()
{
    return {QStringLiteral("table"), QStringLiteral("json")};
}

/// The command line of train, read and checked; nothing has been loaded yet.
struct TrainRequest
{
    tiny::ModelConfig config;
    tiny::TrainingSettings settings;
    QString corpus;
    int evalEvery = 200;
    QString out;
    bool json = false;
};

void addTrainOptions(CommandLine &line, const tiny::TrainingSettings &d)
{
    const tiny::ModelConfig c;
    const tiny::RunDefaults tang = tiny::defaultRun("tang");
    const tiny::RunDefaults repeat = tiny::defaultRun(corpora::repeatTask);
    const auto value = [&line](const char *name, const QString &help, const char *valueName) {
        line.addOption({QLatin1String(name), help, QLatin1String(valueName)});
    };
    const auto own = [](const tiny::RunDefaults &d) {
        return Cli::tr("--context %1 --layers %2%3 --steps %4 --batch %5 --lr %6 --warmup %7 "
                       "--eval-every %8")
            .arg(d.config.context)
            .arg(d.config.layers)
            .arg(d.config.mlp ? QString() : QStringLiteral(" --no-mlp"))
            .arg(d.settings.steps)
            .arg(d.settings.batch)
            .arg(d.settings.learningRate)
            .arg(d.settings.warmup)
            .arg(d.evalEvery);
    };
    value("corpus",
          Cli::tr("tang300 (default), song100, tang (全唐诗; its own defaults: %1), copy (the "
                  "copy task), repeat (random strings written twice, where an induction head "
                  "forms; its own defaults: %2) or a UTF-8 text file.")
              .arg(own(tang), own(repeat)),
          "tang300|song100|tang|copy|repeat|FILE");
    value("steps", Cli::tr("Training steps, 1 to %1 (default %2).").arg(maxSteps).arg(d.steps),
          "N");
    value("batch", Cli::tr("Windows per step, 1 to %1 (default %2).").arg(maxBatch).arg(d.batch),
          "B");
    value("context", Cli::tr("Characters the model sees, 1 to 256 (default %1).").arg(c.context),
          "T");
    value("d-model",
          Cli::tr("Width, 1 to 512 and a multiple of --heads (default %1).").arg(c.dModel), "D");
    value("heads", Cli::tr("Attention heads per block, 1 to 16 (default %1).").arg(c.heads), "H");
    value("layers", Cli::tr("Blocks, 1 to 4 (default %1).").arg(c.layers), "L");
    line.addOption({QStringLiteral("no-mlp"), Cli::tr("Blocks without the MLP.")});
    line.addOption({QStringLiteral("mlp"),
                    Cli::tr("Blocks with the MLP (the default, but for --corpus repeat).")});
    value("lr", Cli::tr("Peak learning rate, above 0 to 1 (default %1).").arg(d.learningRate), "X");
    value("warmup", Cli::tr("Steps of linear warm-up, 0 to --steps (default %1).").arg(d.warmup),
          "N");
    value("weight-decay",
          Cli::tr("AdamW weight decay of the matrices, 0 to 1 (default %1).").arg(d.weightDecay),
          "X");
    value("seed", Cli::tr("Random seed (default %1).").arg(d.seed), "S");
    value("threads", Cli::tr("Threads, 1 to %1 (default: every core).").arg(maxThreads), "N");
    value("eval-every",
          Cli::tr("Steps between validations, 1 to --steps (default 200, at most --steps)."), "N");
    value("out", Cli::tr("Save the weights of the best validation loss to this file."),
          "MODEL.safetensors");
    value("format", Cli::tr("Output format: table (default) or json."), "table|json");
}

TrainRequest readTrainRequest(const CommandLine &line)
{
    TrainRequest r;
    tiny::TrainingSettings &s = r.settings;
    tiny::ModelConfig &c = r.config;
    r.corpus = line.value(QStringLiteral("corpus"), QStringLiteral("tang300"));
    if (r.corpus.isEmpty())
        line.fail(Cli::tr("--corpus is empty"));
    // The corpus chooses the defaults of the other options.
    const tiny::RunDefaults defaults = tiny::defaultRun(r.corpus.toStdString());
    const tiny::ModelConfig &defaultConfig = defaults.config;
    const tiny::TrainingSettings &d = defaults.settings;
    s.steps = int(line.integer(QStringLiteral("steps"), 1, maxSteps, d.steps));
    s.batch = int(line.integer(QStringLiteral("batch"), 1, maxBatch, d.batch));
    c.context = int(line.integer(QStringLiteral("context"), 1, 256, defaultConfig.context));
    c.dModel = int(line.integer(QStringLiteral("d-model"), 1, 512, defaultConfig.dModel));
    c.heads = int(line.integer(QStringLiteral("heads"), 1, 16, defaultConfig.heads));
    c.layers = int(line.integer(QStringLiteral("layers"), 1, 4, defaultConfig.layers));
    if (c.dModel % c.heads != 0)
        line.fail(
            Cli::tr("--d-model %1 is not a multiple of --heads %2").arg(c.dModel).arg(c.heads));
    if (line.isSet(QStringLiteral("mlp")) && line.isSet(QStringLiteral("no-mlp")))
        line.fail(Cli::tr("--mlp and --no-mlp contradict each other"));
    c.mlp = line.isSet(QStringLiteral("mlp")) ||
            (defaultConfig.mlp && !line.isSet(QStringLiteral("no-mlp")));
    s.learningRate = line.number(QStringLiteral("lr"), 0.0, 1.0, d.learningRate);
    if (s.learningRate <= 0.0)
        line.fail(Cli::tr("--lr: \"%1\" is not a number above 0 to 1")
                      .arg(line.value(QStringLiteral("lr"))));
    s.warmup = int(line.integer(QStringLiteral("warmup"), 0, s.steps, std::min(d.warmup, s.steps)));
    s.weightDecay = line.number(QStringLiteral("weight-decay"), 0.0, 1.0, d.weightDecay);
    s.seed = line.unsignedInteger(QStringLiteral("seed"), d.seed);
    const int cores = std::clamp(QThread::idealThreadCount(), 1, int(maxThreads));
    s.threads = int(line.integer(QStringLiteral("threads"), 1, maxThreads, cores));
    r.evalEvery = int(line.integer(QStringLiteral("eval-every"), 1, s.steps,
                                   std::min(defaults.evalEvery, s.steps)));
    r.out = line.value(QStringLiteral("out"));
    if (line.isSet(QStringLiteral("out"))) {
        const QFileInfo out(r.out);
        if (r.out.isEmpty() || out.isDir())
            line.fail(Cli::tr("--out: \"%1\" is not a file name").arg(r.out));
        const QFileInfo folder(out.absolutePath());
        if (!folder.isDir() || !folder.isWritable())
            line.fail(Cli::tr("--out: cannot write in the folder %1").arg(folder.filePath()));
    }
    r.json = line.choice(QStringLiteral("format"), formatChoices(), QStringLiteral("table")) ==
             QLatin1String("json");
    return r;
}

QByteArray configJson(const tiny::ModelConfig &c)
{
    return jsonInline({{QStringLiteral("vocab_size"), QByteArray::number(c.vocabSize)},
                       {QStringLiteral("context"), QByteArray::number(c.context)},
                       {QStringLiteral("d_model"), QByteArray::number(c.dModel)},
                       {QStringLiteral("heads"), QByteArray::number(c.heads)},
                       {QStringLiteral("layers"), QByteArray::number(c.layers)},
                       {QStringLiteral("mlp"), c.mlp ? "true" : "false"}});
}

/// What a run ends with.
struct TrainResult
{
    int steps = 0;
    double seconds = 0.0; ///< training only: validation is not counted
    double trainLoss = 0.0;
    tiny::Evaluation last;
    tiny::Evaluation best;
    int bestStep = 0;
};

/// A progress line: the step's losses and speed; in JSON also the validation's loss at each
/// position and its in-context learning score (docs/tiny-model.md).
void printProgress(const TrainRequest &r, int step, double trainLoss,
                   const tiny::Evaluation &validation, double rate)
{
    const double valLoss = validation.valLoss;
    if (r.json) {
        JsonFields fields{
            {QStringLiteral("step"), QByteArray::number(step)},
            {QStringLiteral("train_loss"), NumberFormat::json(trainLoss)},
            {QStringLiteral("val_loss"), NumberFormat::json(valLoss)},
            {QStringLiteral("steps_per_second"), NumberFormat::json(rate)},
            {QStringLiteral("position_losses"), jsonNumbers(validation.positionLosses)}};
        // None for a context of fewer than 8 positions.
        if (const double score = tiny::inContextLearningScore(validation.positionLosses);
            std::isfinite(score))
            fields.push_back({QStringLiteral("icl_score"), NumberFormat::json(score)});
        printBytes(jsonInline(fields) + '\n');
    } else {
        printText(Cli::tr("step %1: train loss %2, validation loss %3, %4 steps/s\n")
                      .arg(step)
                      .arg(NumberFormat::loss(trainLoss), NumberFormat::loss(valLoss),
                           NumberFormat::rate(rate)));
    }
    std::fflush(stdout);
}

/// Trains, validating every --eval-every steps and after the last; the trainer keeps the
/// parameters of the best validation.
TrainResult runTraining(const TrainRequest &r, const tiny::PreparedCorpus &corpus,
                        tiny::Trainer &trainer)
{
    const std::vector<int> punctuation = tiny::punctuationIds(corpus.vocabulary);
    TrainResult result;
    result.best.valLoss = std::numeric_limits<double>::infinity();
    QElapsedTimer timer;
    double lossSum = 0.0;
    int sinceValidation = 0;
    qint64 trainingNs = 0;
    for (int step = 1; step <= r.settings.steps; ++step) {
        timer.start();
        lossSum += trainer.step();
        const qint64 ns = timer.nsecsElapsed();
        trainingNs += ns;
        result.seconds += double(ns) * 1e-9;
        ++sinceValidation;
        if (step % r.evalEvery != 0 && step != r.settings.steps)
            continue;
        result.trainLoss = lossSum / sinceValidation;
        // The corpus was prepared for this context, so the validation has a window at least.
        result.last = trainer.evaluate(corpus.valIds, punctuation).value_or(tiny::Evaluation{});
        result.steps = step;
        if (result.last.valLoss < result.best.valLoss) {
            result.best = result.last;
            result.bestStep = step;
        }
        printProgress(r, step, result.trainLoss, result.last,
                      sinceValidation / std::max(1e-9, double(trainingNs) * 1e-9));
        lossSum = 0.0;
        sinceValidation = 0;
        trainingNs = 0;
    }
    return result;
}

/// Writes the best parameters with their vocabulary and metadata.
void saveBest(const TrainRequest &r, const tiny::Trainer &trainer, const TrainResult &result,
              const tiny::PreparedCorpus &corpus)
{
    ModelFile model;
    model.config = r.config;
    model.vocabulary = corpus.vocabulary;
    model.tensors = tiny::exportTensors(trainer.bestParameters());
    setCorpus(model.metadata, QString::fromStdString(corpus.source.name),
              corpusText(corpus.source));
    model.metadata.steps = result.bestStep;
    model.metadata.seed = r.settings.seed;
    model.metadata.valLoss = result.best.valLoss;
    QString error;
    if (!saveModel(model, r.out, &error))
        throw Failure{ExitFailure, error};
}

/// How close the run came to the machine's limit: a step's operations counted from its shapes,
/// the rate the run did them at, and the rate of the same products as plain matrix products on
/// the same threads (tiny::gemmStepSeconds, timed here after the run).
struct Efficiency
{
    double stepGflop = 0.0;
    double gflops = 0.0;
    double gemmGflops = 0.0;

    Efficiency(const tiny::ModelConfig &config, int batch, double stepsPerSecond)
        : stepGflop(tiny::stepFlops(config, batch) * 1e-9)
        , gflops(stepGflop * stepsPerSecond)
        , gemmGflops(stepGflop / std::max(1e-12, tiny::gemmStepSeconds(config, batch)))
    {}

    double ratio() const { return gflops / std::max(1e-12, gemmGflops); }
};

void printSummary(const TrainRequest &r, const TrainResult &t, double unigram)
{
    const tiny::TrainingSettings &s = r.settings;
    const tiny::ModelConfig &c = r.config;
    const Index params = tiny::parameterCount(c);
    const double rate = t.steps / std::max(1e-9, t.seconds);
    const Efficiency efficiency(c, s.batch, rate);
    if (r.json) {
        printBytes(
            jsonInline(
                {{QStringLiteral("config"), configJson(c)},
                 {QStringLiteral("batch"), QByteArray::number(s.batch)},
                 {QStringLiteral("lr"), NumberFormat::json(s.learningRate)},
                 {QStringLiteral("threads"), QByteArray::number(s.threads)},
                 {QStringLiteral("steps"), QByteArray::number(t.steps)},
                 {QStringLiteral("seconds"), NumberFormat::json(t.seconds)},
                 {QStringLiteral("steps_per_second"), NumberFormat::json(rate)},
                 {QStringLiteral("step_gflop"), NumberFormat::json(efficiency.stepGflop)},
                 {QStringLiteral("gflops"), NumberFormat::json(efficiency.gflops)},
                 {QStringLiteral("gemm_gflops"), NumberFormat::json(efficiency.gemmGflops)},
                 {QStringLiteral("efficiency"), NumberFormat::json(efficiency.ratio())},
                 {QStringLiteral("params"), QByteArray::number(qint64(params))},
                 {QStringLiteral("train_loss"), NumberFormat::json(t.trainLoss)},
                 {QStringLiteral("val_loss"), NumberFormat::json(t.last.valLoss)},
                 {QStringLiteral("best_val_loss"), NumberFormat::json(t.best.valLoss)},
                 {QStringLiteral("best_step"), QByteArray::number(t.bestStep)},
                 {QStringLiteral("unigram_val_loss"), NumberFormat::json(unigram)},
                 {QStringLiteral("punctuation_f1"), NumberFormat::json(t.best.punctuationF1)}}) +
            '\n');
        return;
    }
    TextTable table(2);
    const auto row = [&table](const QString &label, const QString &value) {
        table.addRow({label, value});
    };
    row(Cli::tr("model"),
        Cli::tr("vocabulary %1, context %2, d_model %3, %4, %5, %6")
            .arg(c.vocabSize)
            .arg(c.context)
            .arg(c.dModel)
            .arg(Cli::tr("%n head(s)", nullptr, c.heads), Cli::tr("%n layer(s)", nullptr, c.layers),
                 c.mlp ? Cli::tr("MLP") : Cli::tr("no MLP")));
    row(Cli::tr("parameters"), QString::number(params));
    row(Cli::tr("batch, lr, threads"),
        QStringLiteral("%1, %2, %3").arg(s.batch).arg(s.learningRate).arg(s.threads));
    row(Cli::tr("steps, seconds"), Cli::tr("%1, %2 (%3 steps/s)")
                                       .arg(t.steps)
                                       .arg(NumberFormat::seconds(t.seconds))
                                       .arg(NumberFormat::rate(rate)));
    row(Cli::tr("operations a step"), NumberFormat::operations(efficiency.stepGflop * 1e9));
    row(Cli::tr("efficiency"),
        Cli::tr("%1 GFLOP/s against %2 GFLOP/s for the same products as plain matrix products "
                "on the same threads: %3")
            .arg(NumberFormat::rate(efficiency.gflops), NumberFormat::rate(efficiency.gemmGflops),
                 NumberFormat::fixed(efficiency.ratio(), 2)));
    row(Cli::tr("train loss"), NumberFormat::loss(t.trainLoss));
    row(Cli::tr("validation loss"), NumberFormat::loss(t.last.valLoss));
    row(Cli::tr("best validation loss"),
        Cli::tr("%1 at step %2").arg(NumberFormat::loss(t.best.valLoss)).arg(t.bestStep));
    row(Cli::tr("unigram baseline"), NumberFormat::loss(unigram));
    row(Cli::tr("punctuation F1"), NumberFormat::proportion(t.best.punctuationF1));
    printText(table.toString(0));
}

} // namespace

int runTrain(const QStringList &arguments, Language &)
{
    const tiny::TrainingSettings defaults;
    CommandLine line(
        QStringLiteral("train"),
        Cli::tr("Trains the tiny character Transformer on a corpus: windows of --context + 1 "
                "characters drawn at random from the training text, AdamW with a warm-up and a "
                "cosine decay. Every --eval-every steps it prints the mean training loss since "
                "the last line, the loss on the validation text and the speed; at the end the "
                "whole run, with the unigram baseline to beat and the punctuation F1. The same "
                "settings, seed and threads give the same losses."));
    addTrainOptions(line, defaults);
    if (!line.parse(arguments))
        return ExitSuccess;
    line.positionalArguments(); // refuses any
    TrainRequest request = readTrainRequest(line);
    tiny::ModelConfig &config = request.config;

    const CorpusLoadResult loaded = loadCorpus(request.corpus, config.context);
    if (!loaded.ok())
        throw Failure{ExitBadInput, corpusErrorText(loaded.error)};
    const tiny::PreparedCorpus &corpus = loaded.corpus;
    config.vocabSize = corpus.vocabulary.size();
    if (tiny::checkConfig(config))
        throw Failure{ExitBadInput,
                      Cli::tr("%1: %2 different characters, more than a model's 65536")
                          .arg(request.corpus)
                          .arg(config.vocabSize)};
    const double logits = double(request.settings.batch) * config.context * config.vocabSize;
    if (logits > maxLogitsPerStep)
        line.fail(
            Cli::tr("--batch × --context × vocabulary size is %1, more than %2; make --batch "
                    "or --context smaller")
                .arg(NumberFormat::operations(logits), NumberFormat::operations(maxLogitsPerStep)));
    if (tiny::Trainer::check(config, request.settings, corpus.trainIds))
        throw Failure{ExitBadInput, Cli::tr("%1: cannot train on this corpus").arg(request.corpus)};

    // The repeat task trains with any context, but a short one cuts its longer strings.
    if (request.corpus == QLatin1String(corpora::repeatTask) &&
        config.context < tiny::repeatTaskSpan({}))
        std::fprintf(stderr, "%s\n", qPrintable(repeatContextNote(config.context)));
    tiny::Trainer trainer(config, request.settings, corpus.trainIds);
    TrainResult result = runTraining(request, corpus, trainer);
    result.bestStep = trainer.bestStep();
    printSummary(request, result,
                 tiny::unigramLoss(corpus.trainIds, corpus.valIds, config.vocabSize));
    if (!request.out.isEmpty())
        saveBest(request, trainer, result, corpus);
    return ExitSuccess;
}

} // namespace attention::cli
