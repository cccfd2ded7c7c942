#pragma once

/// Why step 7's training cannot set up a run, or what went wrong during one: a plain value.
///
/// TrainingSession says what is wrong as a TrainingError; trainingErrorText() is the one place
/// that turns one into words, in the interface language. Code and tests read the code and the
/// numbers; the learner reads the text.

#include "corpusfile.h"

#include <QString>
#include <optional>

namespace attention {

struct TrainingError
{
    enum class Code
    {
        Corpus,                   ///< the corpus cannot be used: why in `corpus`
        VocabSize,                ///< `value` different characters, more than `limit`
        DModelNotMultipleOfHeads, ///< d_model `value` for `limit` heads
        ModelOutsideLimits,       ///< context, d_model, heads or layers outside the spec's limits
        TrainerSettings,          ///< steps, batch or threads < 1, warmup < 0 or a negative rate
        TrainingTooShort,         ///< `value` training characters, fewer than `limit` (context + 1)
        IdOutOfRange,             ///< a training character outside the vocabulary of `limit`
        BestFileNotWritten,       ///< the best weights did not reach `file`; the reason in `detail`
    };
    /// The last code, for a test that walks them all.
    static constexpr Code lastCode = Code::BestFileNotWritten;

    Code code = Code::Corpus;
    QString file; ///< the corpus or model file the error is about, shown first; may be empty
    qint64 value = 0;
    qint64 limit = 0;
    QString detail; ///< text the message quotes as it is: the system's reason for a failed write
    std::optional<CorpusLoadError> corpus; ///< Corpus: why the corpus was refused
};

/// The error in words, in the interface language: "<file>: <what is wrong>", the file left out
/// when empty or already named (Corpus, BestFileNotWritten).
QString trainingErrorText(const TrainingError &error);
/// The error in words, or an empty string when there is none.
QString trainingErrorText(const std::optional<TrainingError> &error);

} // namespace attention
