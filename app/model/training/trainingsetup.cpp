#include "trainingsetup.h"

#include <QCoreApplication>
#include <QThread>
#include <algorithm>

namespace attention {

namespace {

/// What Trainer::check refuses, as a TrainingError about `setup`'s corpus.
TrainingError trainerError(tiny::TrainerError error, const TrainingSetup &setup,
                           const tiny::PreparedCorpus &corpus)
{
    using Code = TrainingError::Code;
    TrainingError e;
    e.file = setup.corpus;
    switch (error) {
    case tiny::TrainerError::Config:
        e.code = Code::ModelOutsideLimits;
        break;
    case tiny::TrainerError::Settings:
        e.code = Code::TrainerSettings;
        break;
    case tiny::TrainerError::TrainingTooShort:
        e.code = Code::TrainingTooShort;
        e.value = qint64(corpus.trainIds.size());
        e.limit = qint64(setup.config.context) + 1;
        break;
    case tiny::TrainerError::IdOutOfRange:
        e.code = Code::IdOutOfRange;
        e.limit = setup.config.vocabSize;
        break;
    }
    return e;
}

} // namespace

TrainingSetup defaultSetup(const QString &corpus)
{
    const tiny::RunDefaults run = tiny::defaultRun(corpus.toStdString());
    TrainingSetup setup;
    setup.corpus = corpus;
    setup.config = run.config;
    setup.config.layers = std::max(2, run.config.layers);
    setup.settings = run.settings;
    setup.settings.threads = std::max(1, QThread::idealThreadCount());
    setup.evalEvery = validationInterval(corpus, setup.settings.steps);
    return setup;
}

QString repeatContextNote(int context)
{
    const tiny::RepeatTaskOptions task;
    if (context >= tiny::repeatTaskSpan(task))
        return {};
    return QCoreApplication::translate(
               "TrainingSetup",
               "A context of %1 characters cannot hold the repeat task's longest strings and "
               "their repeat (%2 characters): the model sees only part of their repeat.")
        .arg(context)
        .arg(tiny::repeatTaskSpan(task));
}

int validationInterval(const QString &corpus, int steps)
{
    const tiny::RunDefaults run = tiny::defaultRun(corpus.toStdString());
    if (run.evalEvery != tiny::RunDefaults{}.evalEvery)
        return std::max(1, std::min(run.evalEvery, steps));
    return std::max(1, std::min(25, steps / 20));
}

std::optional<TrainingError> setupError(const TrainingSetup &setup,
                                        const tiny::PreparedCorpus &corpus)
{
    using tiny::ConfigError;
    using Code = TrainingError::Code;
    if (const std::optional<ConfigError> error = tiny::checkConfig(setup.config)) {
        switch (*error) {
        case ConfigError::VocabSize:
            return TrainingError{Code::VocabSize, setup.corpus, setup.config.vocabSize,
                                 65536,           {},           {}};
        case ConfigError::DModelNotMultipleOfHeads:
            return TrainingError{Code::DModelNotMultipleOfHeads,
                                 {},
                                 setup.config.dModel,
                                 setup.config.heads,
                                 {},
                                 {}};
        case ConfigError::Context:
        case ConfigError::DModel:
        case ConfigError::Heads:
        case ConfigError::Layers:
            return TrainingError{Code::ModelOutsideLimits, {}, 0, 0, {}, {}};
        }
    }
    if (const auto error = tiny::Trainer::check(setup.config, setup.settings, corpus.trainIds))
        return trainerError(*error, setup, corpus);
    return std::nullopt;
}

bool TrainingSetup::operator==(const TrainingSetup &other) const
{
    const tiny::TrainingSettings &a = settings;
    const tiny::TrainingSettings &b = other.settings;
    tiny::ModelConfig shape = config;
    shape.vocabSize = other.config.vocabSize; // the corpus decides it
    return corpus == other.corpus && shape == other.config && evalEvery == other.evalEvery &&
           a.steps == b.steps && a.batch == b.batch && a.learningRate == b.learningRate &&
           a.warmup == b.warmup && a.weightDecay == b.weightDecay &&
           a.maxGradNorm == b.maxGradNorm && a.seed == b.seed && a.threads == b.threads;
}

QJsonObject setupToJson(const TrainingSetup &setup)
{
    return {
        {QStringLiteral("corpus"), setup.corpus},
        {QStringLiteral("context"), setup.config.context},
        {QStringLiteral("dModel"), setup.config.dModel},
        {QStringLiteral("heads"), setup.config.heads},
        {QStringLiteral("layers"), setup.config.layers},
        {QStringLiteral("mlp"), setup.config.mlp},
        {QStringLiteral("steps"), setup.settings.steps},
        {QStringLiteral("learningRate"), setup.settings.learningRate},
        {QStringLiteral("seed"), double(setup.settings.seed)},
        {QStringLiteral("threads"), setup.settings.threads},
    };
}

TrainingSetup setupFromJson(const QJsonObject &json, const TrainingSetup &fallback)
{
    TrainingSetup setup = fallback;
    const auto integer = [&json](const char *key, int otherwise) {
        return json.value(QLatin1String(key)).toInt(otherwise);
    };
    setup.corpus = json.value(QStringLiteral("corpus")).toString(setup.corpus);
    setup.config.context = integer("context", setup.config.context);
    setup.config.dModel = integer("dModel", setup.config.dModel);
    setup.config.heads = integer("heads", setup.config.heads);
    setup.config.layers = integer("layers", setup.config.layers);
    setup.config.mlp = json.value(QStringLiteral("mlp")).toBool(setup.config.mlp);
    setup.settings.steps = integer("steps", setup.settings.steps);
    setup.settings.learningRate =
        json.value(QStringLiteral("learningRate")).toDouble(setup.settings.learningRate);
    setup.settings.seed = quint64(
        std::max(0.0, json.value(QStringLiteral("seed")).toDouble(double(setup.settings.seed))));
    setup.settings.threads = integer("threads", setup.settings.threads);
    return setup;
}

} // namespace attention
