#pragma once

/// The corpus as the app and the console tool open it: a name or file name in, the prepared
/// corpus or one translated message out (docs/tiny-model.md, "Corpora").

#include "tiny/corpus.h"

#include <QString>
#include <optional>

namespace attention {

/// The corpora step 7 offers besides a text file.
namespace corpora {
/// 全唐诗, built from the npm package chinese-poetry (scripts/make-tang-corpus.py).
inline constexpr const char *tang = "tang";
inline constexpr const char *tang300 = "tang300";
inline constexpr const char *song100 = "song100";
/// The copy task (tiny::copyTaskDocuments with its defaults): every character repeats the one
/// copyLag places back, so one head should learn to look exactly that far.
inline constexpr const char *copyTask = "copy";
inline constexpr int copyLag = tiny::CopyTaskOptions{}.lag;
/// The repeat task (tiny::repeatTaskDocuments with its defaults): random strings written twice,
/// where an induction head forms.
inline constexpr const char *repeatTask = "repeat";
/// Whether `name` is one of the tasks the app makes itself (copy, repeat) rather than a file.
bool isTask(const QString &name);
/// The repeat task's probe line: ten of its characters written twice.
QString repeatProbe();
/// A corpus's short name in the window's language (legends, titles): a built-in corpus's title,
/// a file's name without its folder.
QString shortName(const QString &nameOrPath);
} // namespace corpora

/// Why a corpus cannot be trained on: a plain value, put into words by corpusErrorText().
struct CorpusLoadError
{
    enum class Code
    {
        NoCorpusGiven, ///< an empty name
        Gb18030,       ///< not UTF-8 but Chinese text in GBK (GB18030): `name` says to convert it
        Core,          ///< what the core's reader found, in `core`
    };

    Code code = Code::Core;
    QString name;           ///< the corpus as asked for: a built-in name or a file name
    tiny::CorpusError core; ///< Code::Core: the kind, the file and its figures
};

struct CorpusLoadResult
{
    tiny::PreparedCorpus corpus; ///< valid only when ok()
    std::optional<CorpusLoadError> error;

    bool ok() const { return !error; }
};

/// Opens `nameOrPath` ("tang", "tang300", "song100", a task of corpora::isTask() or a UTF-8
/// text file; a file named like a task is opened as ./copy or ./repeat) and prepares it for
/// windows of `context` + 1 characters. A task's source has its name and no path.
CorpusLoadResult loadCorpus(const QString &nameOrPath, int context);

/// The whole text of a corpus, its documents concatenated (what the model file's SHA-256 is
/// of): a task's text for a task's source; empty when the file cannot be read.
std::u32string corpusText(const tiny::CorpusSource &source);

/// One line for a refused corpus, in the interface language, naming the file and what is wrong
/// ("<file>: <what is wrong>"); for a missing tang300 or song100 it says to install fortunes-zh,
/// for a missing tang how it is built, for a GBK file how to convert it.
QString corpusErrorText(const CorpusLoadError &error);
/// The error in words, or an empty string when there is none.
QString corpusErrorText(const std::optional<CorpusLoadError> &error);

} // namespace attention
