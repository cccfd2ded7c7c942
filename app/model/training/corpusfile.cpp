#include "corpusfile.h"

#include "datafiles.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStringDecoder>

namespace attention {

namespace {

/// The core's error in words: "<file>: <what is wrong>".
QString coreErrorText(const tiny::CorpusError &error)
{
    using Kind = tiny::CorpusErrorKind;
    const QString name = QDir::toNativeSeparators(QFile::decodeName(error.path.c_str()));
    QString what;
    switch (error.kind) {
    case Kind::MissingFile:
        what = error.builtIn && error.name == corpora::tang
                   ? QCoreApplication::translate(
                         "CorpusFile",
                         "no such file; 全唐诗 is built from the npm package chinese-poetry: "
                         "scripts/run.sh fetches and converts it (it needs npm and opencc)")
               : error.builtIn
                   ? QCoreApplication::translate(
                         "CorpusFile", "no such file; it comes with the package fortunes-zh: "
                                       "install fortunes-zh (sudo apt install fortunes-zh)")
                   : QCoreApplication::translate("CorpusFile", "no such file");
        break;
    case Kind::NotReadable:
        what = QCoreApplication::translate("CorpusFile",
                                           "cannot be read (a directory, or no permission)");
        break;
    case Kind::TooLarge:
        what = QCoreApplication::translate(
                   "CorpusFile", "%1 bytes is too large; a corpus may have at most %2 MiB")
                   .arg(error.size)
                   .arg(tiny::maxCorpusBytes / (1024 * 1024));
        break;
    case Kind::InvalidUtf8:
        what = QCoreApplication::translate(
                   "CorpusFile", "not valid UTF-8 at byte offset %1; save it as UTF-8 text (a "
                                 "text editor's Save As offers the encoding; GBK or Big5 files "
                                 "must be converted)")
                   .arg(error.byteOffset);
        break;
    case Kind::TooShortTrain:
        what = QCoreApplication::translate(
                   "CorpusFile", "the training text has %1 characters, fewer than one window of "
                                 "%2 (context + 1); choose a longer text or a smaller context")
                   .arg(error.size)
                   .arg(error.needed);
        break;
    case Kind::TooShortVal:
        what = QCoreApplication::translate(
                   "CorpusFile", "the validation text has %1 characters, fewer than one window "
                                 "of %2 (context + 1); choose a longer text or a smaller context")
                   .arg(error.size)
                   .arg(error.needed);
        break;
    }
    return name + QStringLiteral(": ") + what;
}

} // namespace

QString corpusErrorText(const CorpusLoadError &error)
{
    switch (error.code) {
    case CorpusLoadError::Code::NoCorpusGiven:
        return QCoreApplication::translate("CorpusFile", "No corpus given.");
    case CorpusLoadError::Code::Gb18030:
        return QDir::toNativeSeparators(error.name) + QStringLiteral(": ") +
               QCoreApplication::translate(
                   "CorpusFile", "this file is in GBK (GB18030), not UTF-8; save it as UTF-8 (a "
                                 "text editor's Save As offers the encoding; on the command "
                                 "line: iconv -f GB18030 -t UTF-8)");
    case CorpusLoadError::Code::Core:
        break;
    }
    return coreErrorText(error.core);
}

QString corpusErrorText(const std::optional<CorpusLoadError> &error)
{
    return error ? corpusErrorText(*error) : QString();
}

namespace {

/// Whether the file reads as Chinese text in GB18030 (GBK's superset): decoded without an error,
/// with Chinese characters, and nearly all of its other characters Chinese too (CJK ideographs
/// and punctuation). A Latin-1 text fails: an accented letter before a space or a line break is
/// no GB18030 sequence.
bool isChineseGb18030(const QString &fileName)
{
    QFile file(fileName);
    if (fileName.isEmpty() || !file.open(QIODevice::ReadOnly))
        return false;
    QStringDecoder decoder("GB18030");
    if (!decoder.isValid())
        return false;
    const QString text = decoder(file.readAll());
    if (decoder.hasError())
        return false;
    qsizetype chinese = 0, other = 0;
    for (const QChar c : text) {
        if (c.unicode() < 0x80)
            continue;
        const char16_t u = c.unicode();
        const bool cjk = (u >= 0x4E00 && u <= 0x9FFF) || (u >= 0x3000 && u <= 0x303F) ||
                         (u >= 0xFF00 && u <= 0xFFEF) || c.isSurrogate();
        (cjk ? chinese : other) += 1;
    }
    return chinese > 0 && other * 10 <= chinese;
}

} // namespace

namespace {

/// The documents of a task's source (an empty list for any other source).
std::vector<std::u32string> taskDocuments(const tiny::CorpusSource &source)
{
    if (!source.path.empty())
        return {};
    if (source.name == corpora::copyTask)
        return tiny::copyTaskDocuments({});
    if (source.name == corpora::repeatTask)
        return tiny::repeatTaskDocuments({});
    return {};
}

} // namespace

bool corpora::isTask(const QString &name)
{
    return name == QLatin1String(copyTask) || name == QLatin1String(repeatTask);
}

QString corpora::repeatProbe()
{
    return QStringLiteral("春山花月风云江雪日星春山花月风云江雪日星");
}

QString corpora::shortName(const QString &nameOrPath)
{
    if (nameOrPath == QLatin1String(tang))
        return QStringLiteral("全唐诗");
    if (nameOrPath == QLatin1String(tang300))
        return QStringLiteral("唐诗三百首");
    if (nameOrPath == QLatin1String(song100))
        return QStringLiteral("宋词一百首");
    if (nameOrPath == QLatin1String(copyTask))
        return QCoreApplication::translate("CorpusFile", "copy task");
    if (nameOrPath == QLatin1String(repeatTask))
        return QCoreApplication::translate("CorpusFile", "repeat task");
    return QFileInfo(nameOrPath).fileName();
}

CorpusLoadResult loadCorpus(const QString &nameOrPath, int context)
{
    CorpusLoadResult result;
    if (corpora::isTask(nameOrPath)) {
        tiny::CorpusSource source;
        source.name = nameOrPath.toStdString();
        tiny::CorpusResult prepared =
            tiny::prepareDocuments(source, taskDocuments(source), context);
        if (prepared.ok())
            result.corpus = std::move(prepared.corpus);
        else
            result.error =
                CorpusLoadError{CorpusLoadError::Code::Core, nameOrPath, *prepared.error};
        return result;
    }
    if (nameOrPath.isEmpty()) {
        result.error = CorpusLoadError{CorpusLoadError::Code::NoCorpusGiven, nameOrPath, {}};
        return result;
    }
    const tiny::CorpusSource source =
        tiny::resolveCorpus(QFile::encodeName(nameOrPath).toStdString(),
                            QFile::encodeName(corpusDirectory()).toStdString());
    tiny::CorpusResult prepared = tiny::prepareCorpus(source, context);
    if (!prepared.ok()) {
        const bool gbk = prepared.error->kind == tiny::CorpusErrorKind::InvalidUtf8 &&
                         isChineseGb18030(QFile::decodeName(source.path.c_str()));
        result.error =
            CorpusLoadError{gbk ? CorpusLoadError::Code::Gb18030 : CorpusLoadError::Code::Core,
                            nameOrPath, *prepared.error};
        return result;
    }
    result.corpus = std::move(prepared.corpus);
    return result;
}

namespace {

std::u32string concatenated(const std::vector<std::u32string> &documents)
{
    std::u32string text;
    for (const std::u32string &document : documents)
        text += document;
    return text;
}

} // namespace

std::u32string corpusText(const tiny::CorpusSource &source)
{
    if (source.path.empty())
        return concatenated(taskDocuments(source));
    QFile file(QFile::decodeName(source.path.c_str()));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = file.readAll();
    const tiny::Utf8Result decoded =
        tiny::decodeUtf8(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    return concatenated(tiny::documentsOf(source.format, decoded.text));
}

} // namespace attention
