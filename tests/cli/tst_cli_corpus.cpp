// Tests of `attention-cli corpus`: the built program is run with QProcess, as a user or a script
// would. Expected figures come from docs/tiny-model.md (tang300) or are counted here,
// character by character, for a small file written by the test.

#include "clirun.h"
#include "corpusfile.h"
#include "tiny/config.h"
#include "verifynear.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

namespace {

/// The keys of the JSON object, in the spec's order.
const QStringList jsonKeys = {
    QStringLiteral("corpus"),           QStringLiteral("documents"),
    QStringLiteral("characters"),       QStringLiteral("train_characters"),
    QStringLiteral("val_characters"),   QStringLiteral("vocab_size"),
    QStringLiteral("unknown_in_train"), QStringLiteral("unknown_in_val"),
    QStringLiteral("unigram_val_loss")};

/// The keys of a JSON object in the order the text has them.
QStringList keysInOrder(const QString &json)
{
    QStringList keys;
    for (const QString &line : json.split(QLatin1Char('\n'))) {
        const QString trimmed = line.trimmed();
        if (trimmed.startsWith(QLatin1Char('"')))
            keys.append(trimmed.section(QLatin1Char('"'), 1, 1));
    }
    return keys;
}

} // namespace

class TestCliCorpus : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void help();
    void refused_data();
    void refused();
    void missingBuiltInSaysInstall();
    void loadErrorsAreValues();
    void smallFileJson();
    void tang300Json();
    void tang300Table();
    void repeatJson();
    void tangJson();
    void missingTangSaysHowToBuildIt();
    void corruptedTangIsRefusedLikeAnyCorpus();

private:
    Run run(const QStringList &arguments) const;
    QString writeFile(const QString &name, const QByteArray &contents) const;

    QTemporaryDir m_dir;
};

Run TestCliCorpus::run(const QStringList &arguments) const
{
    return runProgram(QStringLiteral(ATTENTION_CLI),
                      QStringList{QStringLiteral("corpus")} + arguments, QStringLiteral("C"),
                      120000);
}

QString TestCliCorpus::writeFile(const QString &name, const QByteArray &contents) const
{
    return writeTestFile(m_dir, name, contents);
}

void TestCliCorpus::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFileInfo(QStringLiteral(ATTENTION_CLI)).isExecutable(), ATTENTION_CLI);
}

void TestCliCorpus::help()
{
    const Run r = run({QStringLiteral("--help")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.startsWith(QStringLiteral("Usage: attention-cli corpus [options]")),
             qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("--corpus <tang300|song100|tang|copy|repeat|FILE>")));
    QVERIFY(r.out.contains(QStringLiteral("--format <table|json>")));
    QCOMPARE(r.err, QString());
}

void TestCliCorpus::refused_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message"); ///< a part of the one line on stderr

    const QString missing = m_dir.filePath(QStringLiteral("missing.txt"));
    QTest::newRow("unknown format")
        << QStringList{QStringLiteral("--format"), QStringLiteral("xml")} << 2
        << QStringLiteral("--format");
    QTest::newRow("positional argument")
        << QStringList{QStringLiteral("tang300")} << 2 << QStringLiteral("tang300");
    QTest::newRow("missing value")
        << QStringList{QStringLiteral("--corpus")} << 2 << QStringLiteral("--corpus");
    QTest::newRow("empty corpus") << QStringList{QStringLiteral("--corpus"), QString()} << 2
                                  << QStringLiteral("--corpus");
    QTest::newRow("unknown option") << QStringList{QStringLiteral("--steps"), QStringLiteral("5")}
                                    << 2 << QStringLiteral("--steps");
    QTest::newRow("missing file") << QStringList{QStringLiteral("--corpus"), missing} << 3
                                  << QDir::toNativeSeparators(missing) +
                                         QStringLiteral(": no such file");
    const QString latin1 = writeFile(QStringLiteral("latin1.txt"), "caf\xE9 au lait\n");
    QTest::newRow("not UTF-8") << QStringList{QStringLiteral("--corpus"), latin1} << 3
                               << latin1 + QStringLiteral(": not valid UTF-8 at byte offset 3");
    const QString tiny = writeFile(QStringLiteral("tiny.txt"), "床前明月光\n");
    QTest::newRow("too short for a window")
        << QStringList{QStringLiteral("--corpus"), tiny} << 3
        << tiny + QStringLiteral(": the training text has 0 characters, fewer than one window "
                                 "of 33 (context + 1)");
    QTest::newRow("directory") << QStringList{QStringLiteral("--corpus"), m_dir.path()} << 3
                               << m_dir.path() + QStringLiteral(": cannot be read");
}

void TestCliCorpus::refused()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const Run r = run(arguments);
    QCOMPARE(r.exitCode, exitCode);
    QCOMPARE(r.out, QString());
    QVERIFY2(r.err.startsWith(QStringLiteral("attention-cli: ")), qPrintable(r.err));
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
}

void TestCliCorpus::missingBuiltInSaysInstall()
{
    // fortunes-zh cannot be removed for a test: check the message the command prints for it.
    attention::CorpusLoadError error;
    error.name = QStringLiteral("tang300");
    error.core.kind = attention::tiny::CorpusErrorKind::MissingFile;
    error.core.path = "/usr/share/games/fortunes/tang300";
    error.core.builtIn = true;
    const QString message = attention::corpusErrorText(error);
    QVERIFY2(message.startsWith(QStringLiteral("/usr/share/games/fortunes/tang300: no such file")),
             qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("install fortunes-zh")), qPrintable(message));
    error.core.builtIn = false;
    QVERIFY(!attention::corpusErrorText(error).contains(QStringLiteral("fortunes-zh")));
}

void TestCliCorpus::loadErrorsAreValues()
{
    // What loadCorpus() refuses is a value: its code, the name asked for and the core's figures;
    // corpusErrorText() alone puts it into words.
    using Code = attention::CorpusLoadError::Code;
    using Kind = attention::tiny::CorpusErrorKind;
    const attention::CorpusLoadResult none = attention::loadCorpus(QString(), 8);
    QVERIFY(!none.ok());
    QCOMPARE(none.error->code, Code::NoCorpusGiven);
    QCOMPARE(attention::corpusErrorText(none.error), QStringLiteral("No corpus given."));

    const QString missing = m_dir.filePath(QStringLiteral("nothing-here.txt"));
    const attention::CorpusLoadResult absent = attention::loadCorpus(missing, 8);
    QVERIFY(!absent.ok());
    QCOMPARE(absent.error->code, Code::Core);
    QCOMPARE(absent.error->name, missing);
    QCOMPARE(absent.error->core.kind, Kind::MissingFile);
    QCOMPARE(attention::corpusErrorText(absent.error),
             QDir::toNativeSeparators(missing) + QStringLiteral(": no such file"));

    // Too short for a window of 64 + 1: the counts, not only a sentence.
    const QString shortText =
        writeFile(QStringLiteral("short.txt"), QByteArray("春眠不觉晓\n\n处处闻啼鸟\n"));
    const attention::CorpusLoadResult tooShort = attention::loadCorpus(shortText, 64);
    QVERIFY(!tooShort.ok());
    QCOMPARE(tooShort.error->code, Code::Core);
    QVERIFY(tooShort.error->core.kind == Kind::TooShortTrain ||
            tooShort.error->core.kind == Kind::TooShortVal);
    QCOMPARE(tooShort.error->core.needed, std::uint64_t(65));

    // Chinese text in GBK: named as such, with how to convert it.
    const QString gbk =
        writeFile(QStringLiteral("gbk.txt"), QByteArray("\xb4\xb2\xc7\xb0\xc3\xf7\xd4\xc2\xb9\xe2"
                                                        "\xa3\xac\xd2\xc9\xca\xc7\xb5\xd8\xc9\xcf"
                                                        "\xcb\xaa\xa1\xa3\n"));
    const attention::CorpusLoadResult encoded = attention::loadCorpus(gbk, 4);
    QVERIFY(!encoded.ok());
    QCOMPARE(encoded.error->code, Code::Gb18030);
    QCOMPARE(encoded.error->core.kind, Kind::InvalidUtf8);
    QVERIFY(attention::corpusErrorText(encoded.error).contains(QStringLiteral("GB18030")));
    QVERIFY(attention::corpusErrorText(std::optional<attention::CorpusLoadError>()).isEmpty());
}

void TestCliCorpus::smallFileJson()
{
    // Twelve paragraphs of four lines: 9 is validation (40 characters, more than a window of
    // 33), the other eleven training. CRLF line ends.
    QStringList paragraphs;
    for (int i = 0; i < 12; ++i)
        paragraphs.append(
            QStringLiteral("春眠%1不觉晓\r\n处处闻啼鸟%2\r\n夜来风雨声，花落知多少。\r\n"
                           "白日依山尽，黄河入海流。")
                .arg(i)
                .arg(i % 2 ? QStringLiteral("。") : QStringLiteral("，")));
    const QString fileName = writeFile(QStringLiteral("poems.txt"),
                                       paragraphs.join(QStringLiteral("\r\n \r\n")).toUtf8());
    QString train;
    QString val;
    for (int i = 0; i < 12; ++i) {
        QString text = paragraphs[i];
        text.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
        (i == 9 ? val : train) += text + QLatin1Char('\n');
    }
    QMap<QChar, int> count; // every character here is in the BMP
    for (QChar c : train)
        ++count[c];
    int vocabSize = 1;
    int unknownInTrain = 0;
    for (int n : count) {
        if (n >= 2)
            ++vocabSize;
        else
            unknownInTrain += n;
    }
    int unknownInVal = 0;
    double loss = 0.0;
    for (QChar c : val) {
        const bool known = count.value(c) >= 2;
        unknownInVal += known ? 0 : 1;
        const int n = known ? count.value(c) : unknownInTrain;
        loss -= std::log((n + 1.0) / (train.size() + vocabSize));
    }
    loss /= val.size();

    const Run r = run(
        {QStringLiteral("--corpus"), fileName, QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(r.err, QString());
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(keysInOrder(r.out), jsonKeys);
    const QJsonObject json = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(json.value(QLatin1String("corpus")).toString(), fileName);
    QCOMPARE(json.value(QLatin1String("documents")).toInt(), 12);
    QCOMPARE(json.value(QLatin1String("characters")).toInt(), int(train.size() + val.size()));
    QCOMPARE(json.value(QLatin1String("train_characters")).toInt(), int(train.size()));
    QCOMPARE(json.value(QLatin1String("val_characters")).toInt(), int(val.size()));
    QCOMPARE(json.value(QLatin1String("vocab_size")).toInt(), vocabSize);
    QCOMPARE(json.value(QLatin1String("unknown_in_train")).toInt(), unknownInTrain);
    QCOMPARE(json.value(QLatin1String("unknown_in_val")).toInt(), unknownInVal);
    QVERIFY(unknownInVal > 0); // the digit 9 is only in paragraph 9
    VERIFY_NEAR(json.value(QLatin1String("unigram_val_loss")).toDouble(), loss, 1e-12);
}

void TestCliCorpus::tang300Json()
{
    if (!QFile::exists(QStringLiteral("/usr/share/games/fortunes/tang300")))
        QSKIP("fortunes-zh is not installed");
    const Run r = run({QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(r.err, QString());
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(keysInOrder(r.out), jsonKeys);
    const QJsonObject json = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(json.value(QLatin1String("corpus")).toString(), QStringLiteral("tang300"));
    QCOMPARE(json.value(QLatin1String("documents")).toInt(), 313);
    QCOMPARE(json.value(QLatin1String("characters")).toInt(), 23393);
    QCOMPARE(json.value(QLatin1String("vocab_size")).toInt(), 1589);
    QCOMPARE(json.value(QLatin1String("train_characters")).toInt() +
                 json.value(QLatin1String("val_characters")).toInt(),
             23393);
    const double loss = json.value(QLatin1String("unigram_val_loss")).toDouble();
    QVERIFY(loss > 1.0 && loss < std::log(1589.0));
}

void TestCliCorpus::tang300Table()
{
    if (!QFile::exists(QStringLiteral("/usr/share/games/fortunes/tang300")))
        QSKIP("fortunes-zh is not installed");
    const Run r = run({QStringLiteral("--corpus"), QStringLiteral("tang300")});
    QCOMPARE(r.err, QString());
    QCOMPARE(r.exitCode, 0);
    const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 9);
    QCOMPARE(lines.at(0), QStringLiteral("corpus tang300"));
    QVERIFY2(lines.at(1).contains(QStringLiteral("documents")) &&
                 lines.at(1).endsWith(QStringLiteral(" 313")),
             qPrintable(lines.at(1)));
    QVERIFY2(lines.at(2).endsWith(QStringLiteral(" 23393")), qPrintable(lines.at(2)));
    QVERIFY2(lines.at(5).endsWith(QStringLiteral(" 1589")), qPrintable(lines.at(5)));
}

void TestCliCorpus::repeatJson()
{
    // The repeat task is made, not read: its statistics are the core's of the documents the
    // task's options give, with the task's alphabet, lengths and seed beside them.
    const Run r = run({QStringLiteral("--corpus"), QStringLiteral("repeat"),
                       QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject json = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const attention::tiny::RepeatTaskOptions task;
    const attention::tiny::CorpusStats stats = attention::tiny::corpusStats(
        attention::loadCorpus(QStringLiteral("repeat"), attention::tiny::ModelConfig().context)
            .corpus);
    QCOMPARE(json.value(QLatin1String("documents")).toInt(), task.documents);
    QCOMPARE(json.value(QLatin1String("characters")).toInteger(), qint64(stats.characters));
    QCOMPARE(json.value(QLatin1String("vocab_size")).toInt(), 22); // 20, the line end and �
    QCOMPARE(json.value(QLatin1String("unknown_in_val")).toInt(), 0);
    QCOMPARE(json.value(QLatin1String("alphabet")).toString(),
             QString::fromStdU32String(task.alphabet));
    QCOMPARE(json.value(QLatin1String("min_length")).toInt(), 6);
    QCOMPARE(json.value(QLatin1String("max_length")).toInt(), 20);
    QCOMPARE(json.value(QLatin1String("seed")).toInt(), 1);
    // Every document is 2n + 1 characters with n in 6 … 20: on average 27.
    const double mean = double(stats.characters) / task.documents;
    QVERIFY2(mean > 25.0 && mean < 29.0, qPrintable(QString::number(mean)));
    VERIFY_NEAR(json.value(QLatin1String("unigram_val_loss")).toDouble(), stats.unigramValLoss,
                1e-12);
    const Run table = run({QStringLiteral("--corpus"), QStringLiteral("repeat")});
    QVERIFY2(table.out.contains(QStringLiteral("6 to 20 characters drawn at random from ") +
                                QString::fromStdU32String(task.alphabet)),
             qPrintable(table.out));
}

void TestCliCorpus::tangJson()
{
    // 全唐诗 as the build tree has it beside bin/ (resources/CMakeLists.txt): one poem a line.
    const QString file = QFileInfo(QStringLiteral(ATTENTION_CLI)).absolutePath() +
                         QStringLiteral("/../share/attention-lab/corpora/tang.txt");
    QFile tang(file);
    if (!tang.open(QIODevice::ReadOnly))
        QSKIP("全唐诗 is not built: scripts/deps.sh fetches the package chinese-poetry");
    // The spec's figures, counted here from the file: every tenth poem is validation.
    const QList<QByteArray> lines = tang.readAll().split('\n');
    QCOMPARE(lines.size() - 1, 57603); // the file ends with a line end
    QHash<uint, int> count;
    qsizetype characters = 0, trainCharacters = 0;
    for (qsizetype i = 0; i + 1 < lines.size(); ++i) {
        const QList<uint> poem = QString::fromUtf8(lines[i]).toUcs4();
        characters += poem.size() + 1;
        if (i % 10 == 9)
            continue;
        trainCharacters += poem.size() + 1;
        for (const uint c : poem)
            ++count[c];
        ++count[uint('\n')];
    }
    int vocabSize = 1;
    for (const int n : std::as_const(count))
        vocabSize += n >= 2 ? 1 : 0;

    const Run r = run({QStringLiteral("--corpus"), QStringLiteral("tang"),
                       QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(r.err, QString());
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(keysInOrder(r.out), jsonKeys);
    const QJsonObject json = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(json.value(QLatin1String("corpus")).toString(), QStringLiteral("tang"));
    QCOMPARE(json.value(QLatin1String("documents")).toInt(), 57603);
    QCOMPARE(json.value(QLatin1String("characters")).toInt(), int(characters));
    QCOMPARE(json.value(QLatin1String("train_characters")).toInt(), int(trainCharacters));
    QCOMPARE(json.value(QLatin1String("vocab_size")).toInt(), vocabSize);
    // The spec's approximate figures: about 3.73 M characters, 7,360 ids, a unigram loss of 6.67.
    QVERIFY(std::abs(characters - 3'730'000) < 10'000);
    QVERIFY(std::abs(vocabSize - 7360) < 20);
    VERIFY_NEAR(json.value(QLatin1String("unigram_val_loss")).toDouble(), 6.67, 0.01);
}

void TestCliCorpus::missingTangSaysHowToBuildIt()
{
    qputenv("ATTENTION_LAB_DATA", m_dir.filePath(QStringLiteral("nowhere")).toUtf8());
    const Run r = run({QStringLiteral("--corpus"), QStringLiteral("tang")});
    qunsetenv("ATTENTION_LAB_DATA");
    QCOMPARE(r.exitCode, 3);
    QCOMPARE(r.out, QString());
    QVERIFY2(r.err.contains(QStringLiteral("nowhere/corpora/tang.txt: no such file")),
             qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("chinese-poetry")), qPrintable(r.err));
}
void TestCliCorpus::corruptedTangIsRefusedLikeAnyCorpus()
{
    // A converted 全唐诗 whose bytes were damaged (a truncated UTF-8 sequence in its third
    // line): refused with the message any corpus file gets, naming the file and the offset.
    const QString data = m_dir.filePath(QStringLiteral("damaged"));
    QVERIFY(QDir().mkpath(data + QStringLiteral("/corpora")));
    const QByteArray poems = QStringLiteral("床前明月光\n疑是地上霜\n").toUtf8();
    const QString tang = writeFile(QStringLiteral("damaged/corpora/tang.txt"),
                                   poems + QByteArray("\xE4\xB8") + QByteArray("\n"));
    qputenv("ATTENTION_LAB_DATA", data.toUtf8());
    const Run r = run({QStringLiteral("--corpus"), QStringLiteral("tang")});
    qunsetenv("ATTENTION_LAB_DATA");
    QCOMPARE(r.exitCode, 3);
    QCOMPARE(r.out, QString());
    const QString expected =
        tang + QStringLiteral(": not valid UTF-8 at byte offset %1").arg(poems.size());
    QVERIFY2(r.err.contains(expected), qPrintable(r.err));
    QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
}

QTEST_GUILESS_MAIN(TestCliCorpus)
#include "tst_cli_corpus.moc"
