// The corpus command: what the tiny model would train on (docs/tiny-model.md, "Corpus").

#include "commandline.h"
#include "commands.h"
#include "corpusfile.h"
#include "numberformat.h"
#include "output.h"
#include "tiny/config.h"

#include <QCoreApplication>

namespace attention::cli {

namespace {

/// The fields of the corpus command's JSON, in the spec's order, with their table labels.
JsonFields corpusFields(const QString &name, const tiny::CorpusStats &stats)
{
    const auto count = [](std::size_t n) { return QByteArray::number(qulonglong(n)); };
    return {
        {QStringLiteral("corpus"), jsonValue(name)},
        {QStringLiteral("documents"), count(stats.documents)},
        {QStringLiteral("characters"), count(stats.characters)},
        {QStringLiteral("train_characters"), count(stats.trainCharacters)},
        {QStringLiteral("val_characters"), count(stats.valCharacters)},
        {QStringLiteral("vocab_size"), QByteArray::number(stats.vocabSize)},
        {QStringLiteral("unknown_in_train"), count(stats.unknownInTrain)},
        {QStringLiteral("unknown_in_val"), count(stats.unknownInVal)},
        {QStringLiteral("unigram_val_loss"), NumberFormat::json(stats.unigramValLoss)},
    };
}

QString corpusTable(const QString &name, const tiny::CorpusStats &stats)
{
    const QString labels[] = {
        Cli::tr("documents"),
        Cli::tr("characters"),
        Cli::tr("training characters"),
        Cli::tr("validation characters"),
        Cli::tr("vocabulary (ids)"),
        Cli::tr("unknown (id 0) in training"),
        Cli::tr("unknown (id 0) in validation"),
        Cli::tr("unigram validation loss"),
    };
    const QString values[] = {
        QString::number(stats.documents),       QString::number(stats.characters),
        QString::number(stats.trainCharacters), QString::number(stats.valCharacters),
        QString::number(stats.vocabSize),       QString::number(stats.unknownInTrain),
        QString::number(stats.unknownInVal),    NumberFormat::loss(stats.unigramValLoss),
    };
    TextTable table;
    for (std::size_t i = 0; i < std::size(labels); ++i)
        table.addRow({labels[i], values[i]});
    return Cli::tr("corpus %1\n").arg(name) + table.toString();
}

} // namespace

int runCorpus(const QStringList &arguments, Language &)
{
    const int context = tiny::ModelConfig().context;
    CommandLine line(
        QStringLiteral("corpus"),
        Cli::tr("Shows the text the tiny model trains on: its documents and characters, the "
                "training and validation split (every tenth document is validation; with fewer "
                "than ten documents, the last tenth of the text, at least %1 characters), the "
                "vocabulary (id 0 for characters seen fewer than two times in training) and the "
                "loss of a model that only knows how often each character occurs.\n"
                "JSON: {\"corpus\", \"documents\", \"characters\", \"train_characters\", "
                "\"val_characters\", \"vocab_size\", \"unknown_in_train\", \"unknown_in_val\", "
                "\"unigram_val_loss\"}.")
            .arg(context + 1));
    line.addOption({QStringLiteral("corpus"),
                    Cli::tr("tang300 (default: 300 Tang poems, from the package fortunes-zh), "
                            "song100 (100 Song lyrics, the same package), tang (全唐诗: 57,603 "
                            "poems from the npm package chinese-poetry, in simplified "
                            "characters), copy (the copy task), repeat (random strings written "
                            "twice, where an induction head forms), or a UTF-8 text file whose "
                            "paragraphs are the documents."),
                    QStringLiteral("tang300|song100|tang|copy|repeat|FILE")});
    line.addOption({QStringLiteral("format"), Cli::tr("Output format: table (default) or json."),
                    QStringLiteral("table|json")});
    if (!line.parse(arguments))
        return ExitSuccess;
    line.positionalArguments(); // refuses any
    const QString name = line.value(QStringLiteral("corpus"), QStringLiteral("tang300"));
    if (name.isEmpty())
        line.fail(Cli::tr("--corpus: give tang300, song100, tang, copy, repeat or a file name"));
    const QString format =
        line.choice(QStringLiteral("format"), {QStringLiteral("table"), QStringLiteral("json")},
                    QStringLiteral("table"));

    const CorpusLoadResult loaded = loadCorpus(name, context);
    if (!loaded.ok())
        throw Failure{ExitBadInput, corpusErrorText(loaded.error)};
    const tiny::CorpusStats stats = tiny::corpusStats(loaded.corpus);
    JsonFields fields = corpusFields(name, stats);
    QString table = corpusTable(name, stats);
    if (name == QLatin1String(corpora::repeatTask)) {
        // The task's own settings: what its strings are made of.
        const tiny::RepeatTaskOptions task;
        const QString alphabet = QString::fromStdU32String(task.alphabet);
        fields.push_back({QStringLiteral("alphabet"), jsonValue(alphabet)});
        fields.push_back({QStringLiteral("min_length"), QByteArray::number(task.minLength)});
        fields.push_back({QStringLiteral("max_length"), QByteArray::number(task.maxLength)});
        fields.push_back({QStringLiteral("seed"), QByteArray::number(qulonglong(task.seed))});
        table += Cli::tr("each document: %1 to %2 characters drawn at random from %3 (%4 "
                         "characters, seed %5), then the same string again\n")
                     .arg(task.minLength)
                     .arg(task.maxLength)
                     .arg(alphabet)
                     .arg(alphabet.size())
                     .arg(task.seed);
    }
    if (format == QLatin1String("json"))
        printBytes(jsonDocument(fields));
    else
        printText(table);
    return ExitSuccess;
}

} // namespace attention::cli
