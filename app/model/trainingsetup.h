#pragma once

/// What a step-7 run is: the corpus, the model's shape and the training settings; whether a
/// corpus can train it; and how the page keeps it in its saved state.

#include "corpusfile.h"
#include "tiny/corpus.h"
#include "tiny/trainer.h"
#include "trainingerror.h"

#include <QJsonObject>
#include <QString>
#include <optional>

namespace attention {

struct TrainingSetup
{
    QString corpus = QString::fromLatin1(corpora::tang300); ///< a corpora:: name or a file path
    tiny::ModelConfig config;                               ///< vocabSize comes from the corpus
    tiny::TrainingSettings settings; ///< steps, learning rate, seed, threads, …
    int evalEvery = 25;              ///< steps between validations

    bool operator==(const TrainingSetup &other) const;
};

/// Why `setup` cannot train on `corpus` (its config.vocabSize set from it); nothing when it can.
std::optional<TrainingError> setupError(const TrainingSetup &setup,
                                        const tiny::PreparedCorpus &corpus);

/// The setup's corpus, shape and settings as JSON (the keys the page's saved state uses).
QJsonObject setupToJson(const TrainingSetup &setup);
/// A setup from setupToJson()'s keys; each one missing or of the wrong type keeps `fallback`'s.
TrainingSetup setupFromJson(const QJsonObject &json, const TrainingSetup &fallback);

} // namespace attention
