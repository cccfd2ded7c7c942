#pragma once

/// The corpus as the app and the console tool open it: a name or file name in, the prepared
/// corpus or one translated message out (shared/design/tiny-model.md, "Corpus").

#include "tiny/corpus.h"

#include <QString>

namespace attention {

struct CorpusLoadResult
{
    tiny::PreparedCorpus corpus; ///< valid only when ok()
    QString error;               ///< "<file>: <what is wrong>"

    bool ok() const { return error.isEmpty(); }
};

/// Opens `nameOrPath` ("tang300", "song100" or a UTF-8 text file) and prepares it for windows of
/// `context` + 1 characters.
CorpusLoadResult loadCorpus(const QString &nameOrPath, int context);

/// The whole text of a corpus file, its documents concatenated (what the model file's SHA-256
/// is of); empty when the file cannot be read.
std::u32string corpusText(const tiny::CorpusSource &source);

/// One line for a refused corpus, naming the file and what is wrong; for a missing tang300 or
/// song100 it says to install fortunes-zh.
QString corpusErrorMessage(const tiny::CorpusError &error);

} // namespace attention
