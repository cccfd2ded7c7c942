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

/// Step 7's run for `corpus` before the learner changes anything: the corpus's defaults
/// (tiny::defaultRun: 全唐诗 has its own) with two layers (on 唐诗三百首 the second layer's heads
/// learn to look back at the last punctuation mark within a few hundred steps; one layer does
/// not), every core, validations as often as validationInterval() says.
TrainingSetup defaultSetup(const QString &corpus);

/// Steps between step 7's validations of a run of `steps` on `corpus`: a twentieth of the run,
/// at most 25, so that the loss chart fills as it trains; but for a corpus with defaults of its
/// own the CLI's interval (at most the run): 全唐诗's 850 (one validation of its 373,722
/// characters costs about as much as 140 training steps), the repeat task's 100.
int validationInterval(const QString &corpus, int steps);

/// For the repeat task with a context too short for its longest string and that string's
/// repeat: a sentence that says so (it still trains); empty otherwise.
QString repeatContextNote(int context);

/// Why `setup` cannot train on `corpus` (its config.vocabSize set from it); nothing when it can.
std::optional<TrainingError> setupError(const TrainingSetup &setup,
                                        const tiny::PreparedCorpus &corpus);

/// The setup's corpus, shape and settings as JSON (the keys the page's saved state uses).
QJsonObject setupToJson(const TrainingSetup &setup);
/// A setup from setupToJson()'s keys; each one missing or of the wrong type keeps `fallback`'s.
TrainingSetup setupFromJson(const QJsonObject &json, const TrainingSetup &fallback);

} // namespace attention
