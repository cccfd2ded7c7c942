#include "trainingerror.h"

#include <QCoreApplication>

namespace attention {

namespace {

using Code = TrainingError::Code;

/// The error in words without the file name.
QString words(const TrainingError &e)
{
    switch (e.code) {
    case Code::Corpus:
        return corpusErrorText(e.corpus);
    case Code::VocabSize:
        return QCoreApplication::translate("TrainingError",
                                           "%1 different characters, more than a model's %2")
            .arg(e.value)
            .arg(e.limit);
    case Code::DModelNotMultipleOfHeads:
        return QCoreApplication::translate("TrainingError",
                                           "d_model %1 is not a multiple of the %2 heads")
            .arg(e.value)
            .arg(e.limit);
    case Code::ModelOutsideLimits:
        return QCoreApplication::translate(
            "TrainingError", "The model is outside the limits: context 1–256, d_model 1–512, heads "
                             "1–16, layers 1–4.");
    case Code::TrainerSettings:
        return QCoreApplication::translate(
            "TrainingError",
            "the training settings are out of range: steps, batch and threads must be at "
            "least 1, warm-up and learning rate not negative");
    case Code::TrainingTooShort:
        return QCoreApplication::translate(
                   "TrainingError",
                   "the training text has %1 characters, fewer than one window of %2 "
                   "(context + 1)")
            .arg(e.value)
            .arg(e.limit);
    case Code::IdOutOfRange:
        return QCoreApplication::translate(
                   "TrainingError",
                   "the training text holds a character outside the vocabulary of %1")
            .arg(e.limit);
    case Code::BestFileNotWritten:
        return QCoreApplication::translate("TrainingError",
                                           "The best weights could not be saved: %1")
            .arg(e.detail);
    }
    return {};
}

} // namespace

QString trainingErrorText(const TrainingError &error)
{
    const QString what = words(error);
    // A corpus message and the system's reason for a failed write name the file already.
    if (error.file.isEmpty() || error.code == Code::Corpus ||
        error.code == Code::BestFileNotWritten)
        return what;
    return QCoreApplication::translate("TrainingError", "%1: %2", "file: what is wrong")
        .arg(error.file, what);
}

QString trainingErrorText(const std::optional<TrainingError> &error)
{
    return error ? trainingErrorText(*error) : QString();
}

} // namespace attention
