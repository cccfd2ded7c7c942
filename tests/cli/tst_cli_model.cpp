// Tests of attention-cli's model commands (train, eval, grad, sample), run as a user would.
//
// References are independent of the program: the unigram baseline is recomputed here from the
// corpus file, the validation loss is rebuilt from eval's per-window losses. grad's values and
// eval's per-position numbers are checked against a reference model in tst_cli_grad.cpp.

#include "clirun.h"
#include "corpusfile.h"
#include "modelfile.h"
#include "modelreference.h"
#include "numberformat.h"
#include "tiny/headroles.h"
#include "tiny/headsreport.h"
#include "tiny/inference.h"
#include "tiny/model.h"
#include "verifynear.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <numeric>
#include <optional>
#include <vector>

using namespace modelreference;

namespace {} // namespace

class TestCliModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();

    void help_data();
    void help();
    void refused_data();
    void refused();

    void tang300BeatsUnigram();
    void trainingIsDeterministic();
    void evalIsRepeatableAndMatchesValidation();
    void evalTableCountsFromOne();
    void attentionRowsAreCausalDistributions();
    void sampleIsSeeded();
    void headsReportsEveryHead();
    void headsMeasureTheRepeatTask();
    void headsReadsTheCopyTaskOfItsModel();
    void headsKnowWhereAParagraphEnds();
    void ablationChangesOutputsNotWeights();

private:
    Run run(const QStringList &arguments) const;
    QString writeFile(const QString &name, const QByteArray &contents) const;
    QStringList smallTraining(const QString &out) const;

    QTemporaryDir m_dir;
    QString m_corpus;              ///< a small text file of repeated lines
    QString m_corpusVal;           ///< its validation text, worked out here
    QString m_model;               ///< trained on m_corpus in initTestCase
    QJsonObject m_trained;         ///< the summary of that run
    QList<QJsonObject> m_progress; ///< that run's progress lines
};

Run TestCliModel::run(const QStringList &arguments) const
{
    return runProgram(QStringLiteral(ATTENTION_CLI), arguments, QStringLiteral("C.UTF-8"), 300000);
}

QString TestCliModel::writeFile(const QString &name, const QByteArray &contents) const
{
    return writeTestFile(m_dir, name, contents);
}

QStringList TestCliModel::smallTraining(const QString &out) const
{
    QStringList arguments = QStringLiteral("train --corpus FILE --steps 150 --batch 8 --context 8 "
                                           "--d-model 16 --heads 2 --lr 0.01 --warmup 10 "
                                           "--eval-every 50 --seed 7 --threads 1 --format json")
                                .split(QLatin1Char(' '));
    arguments[2] = m_corpus; // a path may hold spaces
    if (!out.isEmpty())
        arguments << QStringLiteral("--out") << out;
    return arguments;
}

void TestCliModel::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFileInfo(QStringLiteral(ATTENTION_CLI)).isExecutable(), ATTENTION_CLI);
    // Five paragraphs (fewer than 10: the last tenth of the text, at least context + 1
    // characters, is validation). Each paragraph is one document: its text plus "\n".
    const QString line = QStringLiteral("床前明月光，疑是地上霜。举头望明月，低头思故乡。");
    QStringList paragraphs;
    for (int i = 0; i < 5; ++i)
        paragraphs.append(line + line);
    m_corpus =
        writeFile(QStringLiteral("poem.txt"), paragraphs.join(QStringLiteral("\n\n")).toUtf8());
    const QString whole = paragraphs.join(QLatin1Char('\n')) + QLatin1Char('\n');
    const int valLength = std::max(int(whole.size()) / 10, 8 + 1);
    m_corpusVal = whole.right(valLength);

    m_model = m_dir.filePath(QStringLiteral("model.safetensors"));
    const Run r = run(smallTraining(m_model));
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QStringList lines = r.out.trimmed().split(QLatin1Char('\n'));
    for (const QString &line : lines)
        m_progress.append(parseObject(line));
    m_trained = m_progress.takeLast();
    QVERIFY(QFileInfo::exists(m_model));
}

void TestCliModel::help_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QStringList>("options");
    QTest::newRow("train") << QStringLiteral("train")
                           << QStringList{
                                  QStringLiteral("--corpus"),       QStringLiteral("--steps"),
                                  QStringLiteral("--batch"),        QStringLiteral("--context"),
                                  QStringLiteral("--d-model"),      QStringLiteral("--heads"),
                                  QStringLiteral("--layers"),       QStringLiteral("--no-mlp"),
                                  QStringLiteral("--lr"),           QStringLiteral("--warmup"),
                                  QStringLiteral("--weight-decay"), QStringLiteral("--seed"),
                                  QStringLiteral("--threads"),      QStringLiteral("--eval-every"),
                                  QStringLiteral("--out"),          QStringLiteral("--format")};
    QTest::newRow("eval") << QStringLiteral("eval")
                          << QStringList{QStringLiteral("--model"), QStringLiteral("--text"),
                                         QStringLiteral("--ablate"), QStringLiteral("--format")};
    QTest::newRow("heads") << QStringLiteral("heads")
                           << QStringList{QStringLiteral("--model"), QStringLiteral("--corpus"),
                                          QStringLiteral("--knockout"), QStringLiteral("--format")};
    QTest::newRow("grad") << QStringLiteral("grad")
                          << QStringList{QStringLiteral("--model"), QStringLiteral("--text"),
                                         QStringLiteral("--out")};
    QTest::newRow("sample") << QStringLiteral("sample")
                            << QStringList{QStringLiteral("--model"), QStringLiteral("--prompt"),
                                           QStringLiteral("--length"),
                                           QStringLiteral("--temperature"),
                                           QStringLiteral("--seed")};
}

void TestCliModel::help()
{
    QFETCH(QString, command);
    QFETCH(QStringList, options);
    const Run r = run({command, QStringLiteral("--help")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.startsWith(QStringLiteral("Usage: attention-cli %1 [options]").arg(command)),
             qPrintable(r.out));
    for (const QString &option : options)
        QVERIFY2(r.out.contains(option), qPrintable(option));
    QCOMPARE(r.err, QString());
}

void TestCliModel::refused_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message"); ///< a part of the one line on stderr

    const auto args = [](std::initializer_list<const char *> list) {
        QStringList out;
        for (const char *a : list)
            out.append(QString::fromUtf8(a));
        return out;
    };
    const QStringList model{QStringLiteral("--model"), m_model};

    // train: each limit, before the corpus is read (--corpus points nowhere in most rows).
    const QStringList nowhere{QStringLiteral("--corpus"), m_dir.filePath(QStringLiteral("none"))};
    QTest::newRow("train --bogus") << args({"train", "--bogus"}) << 2 << QStringLiteral("--bogus");
    QTest::newRow("train extra") << args({"train", "extra"}) << 2 << QStringLiteral("\"extra\"");
    QTest::newRow("train --steps 0") << args({"train", "--steps", "0"}) + nowhere << 2
                                     << QStringLiteral("--steps: 0 is outside");
    QTest::newRow("train --steps 2000000") << args({"train", "--steps", "2000000"}) + nowhere << 2
                                           << QStringLiteral("--steps: 2000000 is outside");
    QTest::newRow("train --batch 0")
        << args({"train", "--batch", "0"}) + nowhere << 2 << QStringLiteral("--batch: 0");
    QTest::newRow("train --context 0")
        << args({"train", "--context", "0"}) + nowhere << 2 << QStringLiteral("--context: 0");
    QTest::newRow("train --context 257")
        << args({"train", "--context", "257"}) + nowhere << 2 << QStringLiteral("--context: 257");
    QTest::newRow("train --d-model 513")
        << args({"train", "--d-model", "513"}) + nowhere << 2 << QStringLiteral("--d-model: 513");
    QTest::newRow("train --heads 17")
        << args({"train", "--heads", "17"}) + nowhere << 2 << QStringLiteral("--heads: 17");
    QTest::newRow("train --layers 5")
        << args({"train", "--layers", "5"}) + nowhere << 2 << QStringLiteral("--layers: 5");
    QTest::newRow("train d-model not a multiple")
        << args({"train", "--d-model", "30", "--heads", "4"}) + nowhere << 2
        << QStringLiteral("--d-model 30 is not a multiple of --heads 4");
    QTest::newRow("train --lr 0") << args({"train", "--lr", "0"}) + nowhere << 2
                                  << QStringLiteral("--lr: \"0\"");
    QTest::newRow("train --lr 2") << args({"train", "--lr", "2"}) + nowhere << 2
                                  << QStringLiteral("--lr: \"2\"");
    QTest::newRow("train --lr nan")
        << args({"train", "--lr", "nan"}) + nowhere << 2 << QStringLiteral("--lr: \"nan\"");
    QTest::newRow("train --warmup past --steps")
        << args({"train", "--steps", "10", "--warmup", "11"}) + nowhere << 2
        << QStringLiteral("--warmup: 11 is outside 0 to 10");
    QTest::newRow("train --weight-decay -1") << args({"train", "--weight-decay", "-1"}) + nowhere
                                             << 2 << QStringLiteral("--weight-decay: \"-1\"");
    QTest::newRow("train --seed -1")
        << args({"train", "--seed", "-1"}) + nowhere << 2 << QStringLiteral("--seed: \"-1\"");
    QTest::newRow("train --threads 0")
        << args({"train", "--threads", "0"}) + nowhere << 2 << QStringLiteral("--threads: 0");
    QTest::newRow("train --eval-every 0")
        << args({"train", "--eval-every", "0"}) + nowhere << 2 << QStringLiteral("--eval-every: 0");
    QTest::newRow("train --format xml")
        << args({"train", "--format", "xml"}) + nowhere << 2 << QStringLiteral("--format: \"xml\"");
    QTest::newRow("train --steps twice") << args({"train", "--steps", "5", "--steps", "5"}) << 2
                                         << QStringLiteral("--steps is given more than once");
    QTest::newRow("train --out in no folder")
        << args({"train", "--out", "/nonexistent/folder/m.safetensors"}) + nowhere << 2
        << QStringLiteral("--out");
    QTest::newRow("train too large a step")
        << args({"train", "--batch", "1024", "--context", "256", "--steps", "1"}) << 2
        << QStringLiteral("make --batch or --context smaller");
    // Corpus files that cannot be used: exit 3, naming the file.
    const QString missing = m_dir.filePath(QStringLiteral("none"));
    QTest::newRow("train missing corpus")
        << QStringList{QStringLiteral("train")} + nowhere << 3 << missing;
    const QString latin1 = writeFile(QStringLiteral("latin1.txt"), "caf\xE9 au lait\n\nbis\n");
    QTest::newRow("train corpus not UTF-8")
        << QStringList{QStringLiteral("train"), QStringLiteral("--corpus"), latin1} << 3
        << QStringLiteral("byte offset 3");
    const QString tiny = writeFile(QStringLiteral("short.txt"), "ab\n");
    QTest::newRow("train corpus too short")
        << QStringList{QStringLiteral("train"), QStringLiteral("--corpus"), tiny} << 3 << tiny;

    // eval, grad, sample: missing options, text lengths, bad values.
    QTest::newRow("eval without --model")
        << args({"eval", "--text", "床前"}) << 2 << QStringLiteral("--model is missing");
    QTest::newRow("eval without --text")
        << QStringList{QStringLiteral("eval")} + model << 2 << QStringLiteral("--text is missing");
    QTest::newRow("eval one character")
        << QStringList{QStringLiteral("eval")} + model + args({"--text", "床"}) << 2
        << QStringLiteral("--text has 1 character; this model takes 2 to 8");
    QTest::newRow("eval past the context")
        << QStringList{QStringLiteral("eval")} + model + args({"--text", "床前明月光疑是地上"}) << 2
        << QStringLiteral("--text has 9 characters");
    QTest::newRow("eval --format csv")
        << QStringList{QStringLiteral("eval")} + model + args({"--text", "床前", "--format", "csv"})
        << 2 << QStringLiteral("--format: \"csv\"");
    QTest::newRow("eval --bogus") << args({"eval", "--bogus"}) << 2 << QStringLiteral("--bogus");
    QTest::newRow("grad without --out")
        << QStringList{QStringLiteral("grad")} + model + args({"--text", "床前"}) << 2
        << QStringLiteral("--out is missing");
    QTest::newRow("grad one character")
        << QStringList{QStringLiteral("grad")} + model +
               args({"--text", "床", "--out", "/tmp/never-written.safetensors"})
        << 2 << QStringLiteral("--text has 1 character;");
    QTest::newRow("sample without --model")
        << args({"sample"}) << 2 << QStringLiteral("--model is missing");
    QTest::newRow("sample --length 0")
        << QStringList{QStringLiteral("sample")} + model + args({"--length", "0"}) << 2
        << QStringLiteral("--length: 0");
    QTest::newRow("sample --temperature -1")
        << QStringList{QStringLiteral("sample")} + model + args({"--temperature", "-1"}) << 2
        << QStringLiteral("--temperature: \"-1\"");
    QTest::newRow("eval --ablate a head the model lacks")
        << QStringList{QStringLiteral("eval")} + model + args({"--text", "床前", "--ablate", "2.1"})
        << 2
        << QStringLiteral(
               "--ablate: the model has no head 2.1: its layers are 1 to 1, its heads 1 to 2");
    QTest::newRow("sample --ablate not a head")
        << QStringList{QStringLiteral("sample")} + model + args({"--ablate", "1.1,x"}) << 2
        << QStringLiteral("--ablate: \"x\" is not a head");
    QTest::newRow("heads without --model")
        << args({"heads"}) << 2 << QStringLiteral("--model is missing");
    QTest::newRow("heads missing corpus")
        << QStringList{QStringLiteral("heads")} + model + nowhere << 3 << missing;
    QTest::newRow("sample empty --prompt")
        << QStringList{QStringLiteral("sample")} + model + args({"--prompt", ""}) << 2
        << QStringLiteral("--prompt is empty");

    // Model files that are not models: exit 3, naming the file.
    const QString absent = m_dir.filePath(QStringLiteral("absent.safetensors"));
    const QString garbage = writeFile(QStringLiteral("garbage.safetensors"), "not a model at all");
    QFile good(m_model);
    const QByteArray goodBytes = good.open(QIODevice::ReadOnly) ? good.readAll() : QByteArray();
    const QString truncated =
        writeFile(QStringLiteral("truncated.safetensors"), goodBytes.left(goodBytes.size() - 100));
    for (const QString &file : {absent, garbage, truncated}) {
        const QString name = QFileInfo(file).fileName();
        QTest::addRow("eval %s", qPrintable(name))
            << QStringList{QStringLiteral("eval"), QStringLiteral("--model"), file,
                           QStringLiteral("--text"), QStringLiteral("床前")}
            << 3 << name;
        QTest::addRow("grad %s", qPrintable(name))
            << QStringList{QStringLiteral("grad"),
                           QStringLiteral("--model"),
                           file,
                           QStringLiteral("--text"),
                           QStringLiteral("床前"),
                           QStringLiteral("--out"),
                           m_dir.filePath(QStringLiteral("g.safetensors"))}
            << 3 << name;
        QTest::addRow("sample %s", qPrintable(name))
            << QStringList{QStringLiteral("sample"), QStringLiteral("--model"), file} << 3 << name;
    }
}

void TestCliModel::refused()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const Run r = run(arguments);
    QCOMPARE(r.exitCode, exitCode);
    QCOMPARE(r.out, QString());
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
    if (exitCode == 2)
        QVERIFY2(r.err.contains(QLatin1String("--help")), qPrintable(r.err));
}

void TestCliModel::tang300BeatsUnigram()
{
    if (!QFileInfo::exists(QStringLiteral("/usr/share/games/fortunes/tang300")))
        QSKIP("fortunes-zh is not installed");
    int vocabSize = 0;
    const QStringList documents = tang300Documents();
    QCOMPARE(documents.size(), 313); // the spec's count
    const double unigram = unigramValLoss(documents, &vocabSize);
    QCOMPARE(vocabSize, 1589); // the spec's count

    // One thread: OpenMP's waiting threads make two-thread runs far slower on a busy machine.
    const Run r = run(QStringLiteral("train --steps 200 --batch 16 --context 16 --d-model 32 "
                                     "--heads 2 --lr 0.01 --warmup 30 --eval-every 100 "
                                     "--threads 1 --format json")
                          .split(QLatin1Char(' ')));
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QStringList lines = r.out.trimmed().split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 3); // steps 100 and 200, then the summary
    for (int i = 0; i < 2; ++i) {
        const QJsonObject progress = parseObject(lines[i]);
        QCOMPARE(progress.keys(),
                 (QStringList{QStringLiteral("icl_score"), QStringLiteral("position_losses"),
                              QStringLiteral("step"), QStringLiteral("steps_per_second"),
                              QStringLiteral("train_loss"), QStringLiteral("val_loss")}));
        QCOMPARE(progress.value(QLatin1String("step")).toInt(), 100 * (i + 1));
        QVERIFY(progress.value(QLatin1String("steps_per_second")).toDouble() > 0.0);
    }
    const QJsonObject summary = parseObject(lines.constLast());
    for (const char *key :
         {"config", "batch", "lr", "threads", "steps", "seconds", "steps_per_second", "step_gflop",
          "gflops", "gemm_gflops", "efficiency", "params", "train_loss", "val_loss",
          "best_val_loss", "best_step", "unigram_val_loss", "punctuation_f1"})
        QVERIFY2(summary.contains(QLatin1String(key)), key);
    const QJsonObject config = summary.value(QLatin1String("config")).toObject();
    QCOMPARE(config.value(QLatin1String("vocab_size")).toInt(), 1589);
    QCOMPARE(config.value(QLatin1String("d_model")).toInt(), 32);
    QCOMPARE(config.value(QLatin1String("mlp")).toBool(), true);
    // Parameters of this shape: embeddings, one block with its MLP, ln_f.
    const int d = 32, v = 1589, t = 16;
    QCOMPARE(summary.value(QLatin1String("params")).toInt(),
             v * d + t * d + (2 * d + 4 * d * d + 2 * d + 8 * d * d) + 2 * d);
    // A step's operations, counted by hand for batch 16 and 2 heads: per position the four
    // projections (4 d²), the MLP (8 d²) and the logits (d v); per window and head the scores and
    // weights · v (2 t² d_head); each product's forward and two backward products, two
    // operations a multiply-add.
    const double batch = 16, heads = 2, n = batch * t, dHead = d / heads;
    const double products =
        n * (12.0 * d * d + double(d) * v) + batch * heads * 2.0 * t * t * dHead;
    const double stepGflop = summary.value(QLatin1String("step_gflop")).toDouble();
    QVERIFY2(std::abs(stepGflop - 6.0 * products * 1e-9) < 1e-6 * stepGflop,
             qPrintable(QString::number(stepGflop)));
    // The rate is the step's operations at the run's speed; the efficiency its share of the same
    // products' rate as plain matrix products.
    const double gflops = summary.value(QLatin1String("gflops")).toDouble();
    const double gemm = summary.value(QLatin1String("gemm_gflops")).toDouble();
    const double rate = summary.value(QLatin1String("steps_per_second")).toDouble();
    QVERIFY2(std::abs(gflops - stepGflop * rate) < 1e-6 * gflops,
             qPrintable(QString::number(gflops)));
    QVERIFY2(gemm > 0.0 && std::abs(summary.value(QLatin1String("efficiency")).toDouble() -
                                    gflops / gemm) < 1e-6 * gflops / gemm,
             qPrintable(QString::number(gemm)));
    qInfo("a step: %.4f GFLOP, %.2f GFLOP/s, plain products %.2f GFLOP/s", stepGflop, gflops, gemm);
    QVERIFY(std::abs(summary.value(QLatin1String("unigram_val_loss")).toDouble() - unigram) < 1e-9);
    const double best = summary.value(QLatin1String("best_val_loss")).toDouble();
    qInfo("best validation loss %.4f, unigram baseline %.4f", best, unigram);
    QVERIFY2(best < unigram, qPrintable(QStringLiteral("%1 vs %2").arg(best).arg(unigram)));
    const double f1 = summary.value(QLatin1String("punctuation_f1")).toDouble();
    QVERIFY(f1 >= 0.0 && f1 <= 1.0);
}

void TestCliModel::trainingIsDeterministic()
{
    // Two runs with the same settings: the same losses (speeds and seconds differ).
    QStringList losses[2];
    for (QStringList &run_losses : losses) {
        const Run r = run(smallTraining({}));
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        for (const QString &line : r.out.trimmed().split(QLatin1Char('\n'))) {
            QJsonObject object = parseObject(line);
            QVERIFY(!object.isEmpty());
            for (const char *timed :
                 {"steps_per_second", "seconds", "gflops", "gemm_gflops", "efficiency"})
                object.remove(QLatin1String(timed));
            run_losses.append(
                QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact)));
        }
    }
    QCOMPARE(losses[0].size(), 4); // steps 50, 100, 150 and the summary
    QCOMPARE(losses[0], losses[1]);
    // The run of initTestCase was the same, with --out: its summary agrees too.
    QJsonObject trained = m_trained;
    for (const char *timed : {"steps_per_second", "seconds", "gflops", "gemm_gflops", "efficiency"})
        trained.remove(QLatin1String(timed));
    QCOMPARE(QString::fromUtf8(QJsonDocument(trained).toJson(QJsonDocument::Compact)),
             losses[0].constLast());
}

void TestCliModel::evalIsRepeatableAndMatchesValidation()
{
    // The validation loss of the saved (best) model at each position, rebuilt from eval: window j
    // of the validation text has inputs v[jC … jC+C−1]; eval over them gives the losses of
    // positions 0 … C − 2, and its last position's top five give position C − 1's when they hold
    // v[jC+C]. Their means over the windows are the best step's position_losses.
    const int context = 8;
    const std::u32string val = m_corpusVal.toStdU32String();
    const int windows = int(val.size() - 1) / context;
    QCOMPARE(windows, 2);
    std::vector<double> rebuilt(context, 0.0);
    bool exact = true;
    for (int j = 0; j < windows; ++j) {
        const QString text =
            QString::fromStdU32String(val.substr(std::size_t(j * context), context));
        const QStringList arguments{QStringLiteral("eval"),
                                    QStringLiteral("--model"),
                                    m_model,
                                    QStringLiteral("--text"),
                                    text,
                                    QStringLiteral("--format"),
                                    QStringLiteral("json")};
        const Run first = run(arguments);
        QVERIFY2(first.exitCode == 0, qPrintable(first.err));
        const Run second = run(arguments);
        QCOMPARE(second.out, first.out); // the same file and text: the same bytes
        const QJsonObject eval = parseObject(first.out);
        const QJsonArray losses = eval.value(QLatin1String("losses")).toArray();
        QCOMPARE(losses.size(), context - 1);
        for (int t = 0; t + 1 < context; ++t)
            rebuilt[std::size_t(t)] += losses.at(t).toDouble() / windows;
        const QString target =
            QString::fromStdU32String(val.substr(std::size_t(j * context + context), 1));
        const QJsonArray top = eval.value(QLatin1String("next"))
                                   .toArray()
                                   .at(context - 1)
                                   .toObject()
                                   .value(QLatin1String("top"))
                                   .toArray();
        double p = -1.0;
        for (const QJsonValue &entry : top)
            if (entry.toObject().value(QLatin1String("char")).toString() == target)
                p = entry.toObject().value(QLatin1String("p")).toDouble();
        if (p < 0.0) { // not among the top five: its loss is at least that of the first
            exact = false;
            p = top.at(0).toObject().value(QLatin1String("p")).toDouble();
        }
        rebuilt[context - 1] += -std::log(p) / windows;
    }
    const double rebuiltMean = std::accumulate(rebuilt.begin(), rebuilt.end(), 0.0) / context;
    const double reported = m_trained.value(QLatin1String("best_val_loss")).toDouble();
    qInfo("validation loss rebuilt from eval %.9f (%s), reported by train %.9f", rebuiltMean,
          exact ? "exact" : "a lower bound", reported);
    // The trainer computes in float32, eval in double: they agree to about 1e-7.
    if (exact)
        QVERIFY2(
            std::abs(rebuiltMean - reported) < 1e-5,
            qPrintable(
                QStringLiteral("%1 vs %2").arg(rebuiltMean, 0, 'g', 10).arg(reported, 0, 'g', 10)));
    else
        QVERIFY2(rebuiltMean <= reported + 1e-3,
                 qPrintable(QStringLiteral("%1 vs %2").arg(rebuiltMean).arg(reported)));

    // The best step's progress line: its losses by position are eval's, their mean its val_loss,
    // and its icl_score the definition's (C = 8: positions 6 and 7 less position 1).
    const int bestStep = m_trained.value(QLatin1String("best_step")).toInt();
    QJsonObject best;
    for (const QJsonObject &line : m_progress)
        if (line.value(QLatin1String("step")).toInt() == bestStep)
            best = line;
    const QJsonArray positions = best.value(QLatin1String("position_losses")).toArray();
    QCOMPARE(positions.size(), context);
    double sum = 0.0;
    for (int t = 0; t < context; ++t) {
        const double loss = positions.at(t).toDouble();
        sum += loss;
        if (t + 1 < context || exact)
            QVERIFY2(std::abs(loss - rebuilt[std::size_t(t)]) < 1e-5,
                     qPrintable(QStringLiteral("position %1: %2 vs %3")
                                    .arg(t)
                                    .arg(loss)
                                    .arg(rebuilt[std::size_t(t)])));
    }
    VERIFY_NEAR(sum / context, best.value(QLatin1String("val_loss")).toDouble(), 1e-9);
    VERIFY_NEAR(best.value(QLatin1String("icl_score")).toDouble(),
                (positions.at(6).toDouble() + positions.at(7).toDouble()) / 2.0 -
                    positions.at(1).toDouble(),
                1e-12);
}

void TestCliModel::evalTableCountsFromOne()
{
    // The table numbers layers, heads and positions from 1, as heads, --ablate, the grid and the
    // verdicts do (the model has one layer of two heads); JSON keeps its indices from 0.
    const Run r = run({QStringLiteral("eval"), QStringLiteral("--model"), m_model,
                       QStringLiteral("--text"), QStringLiteral("床前明")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("\nlayer 1, head 1 (row: query, column: key)\n")),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("\nlayer 1, head 2 (row: query, column: key)\n")),
             qPrintable(r.out));
    QVERIFY2(!r.out.contains(QStringLiteral("layer 0")) &&
                 !r.out.contains(QStringLiteral("head 0")),
             qPrintable(r.out));
    const QStringList lines = r.out.split(QLatin1Char('\n'));
    const qsizetype next = lines.indexOf(QStringLiteral("most likely next characters"));
    QVERIFY2(next >= 0, qPrintable(r.out));
    for (int t = 0; t < 3; ++t) {
        const QStringList cells = lines.value(next + 1 + t).simplified().split(QLatin1Char(' '));
        QCOMPARE(cells.value(0), QString::number(t + 1));
        QCOMPARE(cells.value(1), QStringLiteral("床前明").mid(t, 1));
    }
}

void TestCliModel::attentionRowsAreCausalDistributions()
{
    SafeTensors file;
    QVERIFY(file.read(m_model));
    const QJsonObject metadata = file.header.value(QLatin1String("__metadata__")).toObject();
    const QJsonArray vocab =
        QJsonDocument::fromJson(metadata.value(QLatin1String("vocab")).toString().toUtf8()).array();
    QVERIFY(vocab.size() > 10);

    const QString text = QStringLiteral("床前明月光Z疑"); // Z is not in the corpus: id 0
    const Run r =
        run({QStringLiteral("eval"), QStringLiteral("--model"), m_model, QStringLiteral("--text"),
             text, QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject eval = parseObject(r.out);
    const int T = int(text.size());
    const QJsonArray ids = eval.value(QLatin1String("ids")).toArray();
    QCOMPARE(ids.size(), T);
    for (int t = 0; t < T; ++t) {
        const QString c = text.mid(t, 1);
        int expected = 0;
        for (int i = 1; i < vocab.size(); ++i)
            if (vocab.at(i).toString() == c)
                expected = i;
        QCOMPARE(ids.at(t).toInt(), expected);
    }
    QCOMPARE(ids.at(5).toInt(), 0);

    const QJsonArray layers = eval.value(QLatin1String("attention")).toArray();
    QCOMPARE(layers.size(), 1);
    QCOMPARE(layers.at(0).toArray().size(), 2); // heads
    for (const QJsonValue &head : layers.at(0).toArray()) {
        const QJsonArray rows = head.toArray();
        QCOMPARE(rows.size(), T);
        for (int q = 0; q < T; ++q) {
            const QJsonArray row = rows.at(q).toArray();
            QCOMPARE(row.size(), T);
            double sum = 0.0;
            for (int k = 0; k < T; ++k) {
                const double w = row.at(k).toDouble();
                if (k > q)
                    QCOMPARE(w, 0.0); // causal: no weight on later keys
                QVERIFY(w >= 0.0);
                sum += w;
            }
            QVERIFY2(std::abs(sum - 1.0) < 1e-9, qPrintable(QString::number(sum, 'g', 17)));
        }
    }
    const QJsonArray next = eval.value(QLatin1String("next")).toArray();
    QCOMPARE(next.size(), T);
    for (int t = 0; t < T; ++t) {
        QCOMPARE(next.at(t).toObject().value(QLatin1String("position")).toInt(), t);
        const QJsonArray top = next.at(t).toObject().value(QLatin1String("top")).toArray();
        QCOMPARE(top.size(), 5);
        double previous = 1.0, sum = 0.0;
        for (const QJsonValue &entry : top) {
            const double p = entry.toObject().value(QLatin1String("p")).toDouble();
            QVERIFY(p <= previous && p >= 0.0);
            previous = p;
            sum += p;
        }
        QVERIFY(sum <= 1.0 + 1e-12);
    }
    const double loss = eval.value(QLatin1String("loss")).toDouble();
    QVERIFY(std::isfinite(loss) && loss > 0.0);
}

void TestCliModel::sampleIsSeeded()
{
    const auto sample = [this](const char *seed, const char *temperature) {
        return run({QStringLiteral("sample"), QStringLiteral("--model"), m_model,
                    QStringLiteral("--prompt"), QStringLiteral("床前"), QStringLiteral("--length"),
                    QStringLiteral("20"), QStringLiteral("--seed"), QLatin1String(seed),
                    QStringLiteral("--temperature"), QLatin1String(temperature)});
    };
    const Run first = sample("3", "1");
    QVERIFY2(first.exitCode == 0, qPrintable(first.err));
    QCOMPARE(sample("3", "1").out, first.out);
    QVERIFY(first.out.startsWith(QStringLiteral("床前")));
    QVERIFY(first.out.endsWith(QLatin1Char('\n')));
    QCOMPARE(first.out.chopped(1).toStdU32String().size(), std::size_t(2 + 20));
    // The unknown character (id 0, shown as �) is never drawn, even at a flattening temperature.
    const Run hot = sample("4", "10");
    QVERIFY2(hot.exitCode == 0, qPrintable(hot.err));
    QVERIFY2(!hot.out.contains(QChar(0xFFFD)), qPrintable(hot.out));
    // At temperature 0 every character is the most likely one: the seed does not matter.
    const Run greedy = sample("1", "0");
    QVERIFY2(greedy.exitCode == 0, qPrintable(greedy.err));
    QCOMPARE(sample("2", "0").out, greedy.out);
    // The model learned one line of a poem: after 床前 comes 明月.
    QVERIFY2(greedy.out.startsWith(QStringLiteral("床前明月")), qPrintable(greedy.out));
}

namespace {

/// The core's heads report of the model in `file` over `corpus`'s validation text (the report
/// `attention-cli heads` prints, computed here in the test's own process).
std::optional<attention::tiny::HeadsReport> coreReport(const QString &file, const QString &corpus,
                                                       bool knockout = false)
{
    using namespace attention;
    const ModelReadResult read = loadModel(file);
    if (!read.ok())
        return std::nullopt;
    const CorpusLoadResult loaded = loadCorpus(corpus, read.model.config.context);
    if (!loaded.ok())
        return std::nullopt;
    const auto parameters = tiny::importTensors(read.model.config, read.model.tensors);
    const std::vector<int> ids = read.model.vocabulary.encode(loaded.corpus.split.val);
    return tiny::headsReport(*parameters, ids, loaded.corpus.split.valDocumentEnds,
                             read.model.vocabulary, {0, knockout, {}});
}

/// Every figure of heads' JSON `report` against the core's: the loss, each ratio (null where the
/// role has no row), the role named, the fixed offset and the loss with the head off; with
/// --knockout also each head's "knockout".
void verifyHeadsJson(const QJsonObject &report, const attention::tiny::HeadsReport &core)
{
    using namespace attention;
    VERIFY_NEAR(report.value(QLatin1String("val_loss")).toDouble(), core.valLoss, 1e-12);
    // With --knockout, the in-context learning score every knock-out changes.
    const bool knockouts = report.value(QLatin1String("heads"))
                               .toArray()
                               .first()
                               .toObject()
                               .contains(QLatin1String("knockout"));
    QCOMPARE(report.contains(QLatin1String("icl_score")), knockouts);
    if (knockouts)
        VERIFY_NEAR(report.value(QLatin1String("icl_score")).toDouble(), core.iclScore, 1e-12);
    const QJsonArray heads = report.value(QLatin1String("heads")).toArray();
    QCOMPARE(heads.size(), int(core.roles.size() * core.roles[0].size()));
    for (int i = 0; i < heads.size(); ++i) {
        const QJsonObject head = heads[i].toObject();
        const int l = head.value(QLatin1String("layer")).toInt() - 1;
        const int h = head.value(QLatin1String("head")).toInt() - 1;
        QCOMPARE(l * int(core.roles[0].size()) + h, i); // in layer, then head order, 1-based
        const tiny::HeadRoles &roles = core.roles[std::size_t(l)][std::size_t(h)];
        const QJsonObject ratios = head.value(QLatin1String("ratios")).toObject();
        QCOMPARE(ratios.size(), tiny::roleCount);
        for (const tiny::Role role : tiny::allRoles) {
            const QJsonValue ratio = ratios.value(QLatin1String(tiny::roleName(role)));
            if (roles[role].rows == 0)
                QVERIFY2(ratio.isNull(), tiny::roleName(role));
            else
                VERIFY_NEAR(ratio.toDouble(), roles[role].ratio(), 1e-12);
        }
        const auto named = roles.named();
        QCOMPARE(head.value(QLatin1String("role")).toString(),
                 named ? QLatin1String(tiny::roleName(*named)) : QString());
        QCOMPARE(head.value(QLatin1String("role")).isNull(), !named);
        QCOMPARE(head.value(QLatin1String("offset")).toInt(), roles.fixedOffset);
        const tiny::HeadKnockout &knockout = core.knockouts[std::size_t(l)][std::size_t(h)];
        VERIFY_NEAR(head.value(QLatin1String("ablation_val_loss_increase")).toDouble(),
                    knockout.valLossIncrease, 1e-12);
        if (!head.contains(QLatin1String("knockout")))
            continue;
        const QJsonObject off = head.value(QLatin1String("knockout")).toObject();
        VERIFY_NEAR(off.value(QLatin1String("val_loss_increase")).toDouble(),
                    knockout.valLossIncrease, 1e-12);
        VERIFY_NEAR(off.value(QLatin1String("icl_score_change")).toDouble(),
                    knockout.iclScoreChange, 1e-12);
        const QJsonArray after = off.value(QLatin1String("induction_after")).toArray();
        QCOMPARE(after.size(), int(knockout.inductionAfter.size()));
        for (int next = 0; next < after.size(); ++next)
            VERIFY_NEAR(after.at(next).toDouble(), knockout.inductionAfter[std::size_t(next)],
                        1e-12);
    }
}

} // namespace

void TestCliModel::headsReportsEveryHead()
{
    using namespace attention;
    // By default the corpus the model was trained on (its file's metadata names the file).
    const Run r = run({QStringLiteral("heads"), QStringLiteral("--model"), m_model,
                       QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject report = parseObject(r.out);
    QCOMPARE(report.keys(), (QStringList{QStringLiteral("heads"), QStringLiteral("val_loss")}));
    // The same validation as train's, on the saved best weights.
    VERIFY_NEAR(report.value(QLatin1String("val_loss")).toDouble(),
                m_trained.value(QLatin1String("best_val_loss")).toDouble(), 1e-6);
    const auto core = coreReport(m_model, m_corpus);
    QVERIFY(core);
    verifyHeadsJson(report, *core);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(report.value(QLatin1String("heads")).toArray().size(), 2); // one layer of two

    // The table: one row per head, the same figures as the report shows them.
    const Run table = run({QStringLiteral("heads"), QStringLiteral("--model"), m_model,
                           QStringLiteral("--corpus"), m_corpus});
    QVERIFY2(table.exitCode == 0, qPrintable(table.err));
    const QStringList lines = table.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    // The header: head, role, the roles, then "loss change when off" (four words).
    const QStringList header = lines.at(1).simplified().split(QLatin1Char(' '));
    QCOMPARE(header.mid(header.size() - 4 - tiny::roleCount, tiny::roleCount),
             (QStringList{QStringLiteral("previous_char"), QStringLiteral("last_comma"),
                          QStringLiteral("line_start"), QStringLiteral("previous_line"),
                          QStringLiteral("rhyme"), QStringLiteral("induction"),
                          QStringLiteral("current_char"), QStringLiteral("fixed_offset"),
                          QStringLiteral("first_position")}));
    for (int h = 0; h < 2; ++h) {
        const QStringList cells = lines.at(2 + h).simplified().split(QLatin1Char(' '));
        QCOMPARE(cells.at(0), QStringLiteral("1.%1").arg(h + 1));
        const tiny::HeadRoles &roles = core->roles[0][std::size_t(h)];
        // The ratio columns come last but one (after a role that may be two words).
        const QStringList ratios = cells.mid(cells.size() - 1 - tiny::roleCount, tiny::roleCount);
        for (int r = 0; r < tiny::roleCount; ++r) {
            const tiny::RoleMeasure &m = roles[tiny::allRoles[std::size_t(r)]];
            QCOMPARE(ratios.at(r),
                     m.rows > 0 ? NumberFormat::ratio(m.ratio()) : QStringLiteral("–"));
        }
        QCOMPARE(cells.constLast(),
                 NumberFormat::lossChange(core->knockouts[0][std::size_t(h)].valLossIncrease));
    }
}

void TestCliModel::headsMeasureTheRepeatTask()
{
    // A two-layer model of the repeat task's characters: its heads over the task's validation
    // text, induction among the roles, every figure the core's.
    using namespace attention;
    const CorpusLoadResult repeat = loadCorpus(QString::fromLatin1(corpora::repeatTask), 16);
    QVERIFY2(repeat.ok(), qPrintable(corpusErrorText(repeat.error)));
    ModelFile model;
    model.vocabulary = repeat.corpus.vocabulary;
    model.config.vocabSize = model.vocabulary.size();
    model.config.context = 16;
    model.config.dModel = 16;
    model.config.heads = 2;
    model.config.layers = 2;
    model.config.mlp = false;
    model.tensors = tiny::exportTensors(tiny::initParameters(model.config, 3));
    setCorpus(model.metadata, QString::fromLatin1(corpora::repeatTask),
              corpusText(repeat.corpus.source));
    const QString file = m_dir.filePath(QStringLiteral("repeat.safetensors"));
    QString error;
    QVERIFY2(saveModel(model, file, &error), qPrintable(error));
    const Run r = run({QStringLiteral("heads"), QStringLiteral("--model"), file,
                       QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.err.isEmpty(), qPrintable(r.err)); // it knows every character of the task
    const auto core = coreReport(file, QString::fromLatin1(corpora::repeatTask));
    QVERIFY(core);
    verifyHeadsJson(parseObject(r.out), *core);
    QVERIFY(core->roles[1][0][tiny::Role::Induction].rows > 100);
    QVERIFY(!parseObject(r.out)
                 .value(QLatin1String("heads"))
                 .toArray()
                 .at(0)
                 .toObject()
                 .contains(QLatin1String("knockout")));

    // --knockout: each head's knock-out figures, the next layer's induction with it off.
    const Run knocked =
        run({QStringLiteral("heads"), QStringLiteral("--model"), file, QStringLiteral("--knockout"),
             QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(knocked.exitCode == 0, qPrintable(knocked.err));
    const auto coreKnocked = coreReport(file, QString::fromLatin1(corpora::repeatTask), true);
    QVERIFY(coreKnocked);
    QCOMPARE(coreKnocked->knockouts[0][1].inductionAfter.size(), std::size_t(2));
    QVERIFY(coreKnocked->knockouts[1][1].inductionAfter.empty());
    const QJsonArray knockedHeads =
        parseObject(knocked.out).value(QLatin1String("heads")).toArray();
    for (const QJsonValue &head : knockedHeads)
        QVERIFY(head.toObject().contains(QLatin1String("knockout")));
    verifyHeadsJson(parseObject(knocked.out), *coreKnocked);
    const Run knockedTable = run(
        {QStringLiteral("heads"), QStringLiteral("--model"), file, QStringLiteral("--knockout")});
    QVERIFY2(knockedTable.exitCode == 0, qPrintable(knockedTable.err));
    // Head 1.2 off: its row gives the loss's and the score's change and names each head of
    // layer 2 with its induction ratio; a head of the last layer has no next layer.
    const tiny::HeadKnockout &off = coreKnocked->knockouts[0][1];
    // The knock-out table comes after the roles table: a head's last row is its own there.
    const auto lastRowOf = [&knockedTable](const QString &head) {
        QString row;
        for (const QString &line : knockedTable.out.split(QLatin1Char('\n')))
            if (line.simplified().startsWith(head + QLatin1Char(' ')))
                row = line.simplified();
        return row;
    };
    QCOMPARE(lastRowOf(QStringLiteral("1.2")),
             QStringLiteral("1.2 %1 %2 2.1 %3× 2.2 %4×")
                 .arg(NumberFormat::lossChange(off.valLossIncrease),
                      NumberFormat::lossChange(off.iclScoreChange),
                      NumberFormat::ratio(off.inductionAfter[0]),
                      NumberFormat::ratio(off.inductionAfter[1])));
    QVERIFY2(lastRowOf(QStringLiteral("2.2")).endsWith(QStringLiteral(" –")),
             qPrintable(lastRowOf(QStringLiteral("2.2"))));

    // eval on a line of the task: its `losses` and, with 15 predictions, its in-context learning
    // score: the mean loss over positions 11 … 14 minus the mean over 1 … 2.
    const Run eval =
        run({QStringLiteral("eval"), QStringLiteral("--model"), file, QStringLiteral("--text"),
             QStringLiteral("春山花月风云江雪春山花月风云江雪"), QStringLiteral("--format"),
             QStringLiteral("json")});
    QVERIFY2(eval.exitCode == 0, qPrintable(eval.err));
    const QJsonObject evaluated = parseObject(eval.out);
    const QJsonArray losses = evaluated.value(QLatin1String("losses")).toArray();
    QCOMPARE(losses.size(), 15);
    double late = 0.0, early = 0.0, all = 0.0;
    for (int t = 0; t < 15; ++t) {
        all += losses.at(t).toDouble();
        if (t >= 11)
            late += losses.at(t).toDouble() / 4;
        if (t >= 1 && t <= 2)
            early += losses.at(t).toDouble() / 2;
    }
    VERIFY_NEAR(evaluated.value(QLatin1String("icl_score")).toDouble(), late - early, 1e-12);
    VERIFY_NEAR(evaluated.value(QLatin1String("loss")).toDouble(), all / 15, 1e-12);

    // The poems' model over the repeat task: it says how many characters it does not know.
    const Run other = run({QStringLiteral("heads"), QStringLiteral("--model"), m_model,
                           QStringLiteral("--corpus"), QStringLiteral("repeat"),
                           QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(other.exitCode == 0, qPrintable(other.err));
    const ModelReadResult poems = loadModel(m_model);
    QVERIFY(poems.ok());
    QSet<QChar> unknown;
    for (const QChar c : QString::fromStdU32String(repeat.corpus.split.val))
        if (c != QLatin1Char('\n') && poems.model.vocabulary.idOf(c.unicode()) == 0)
            unknown.insert(c);
    QVERIFY(!unknown.isEmpty());
    QVERIFY2(other.err.contains(QStringLiteral("does not know %1 of the characters of repeat's "
                                               "validation text")
                                    .arg(unknown.size())),
             qPrintable(other.err));
}

void TestCliModel::headsReadsTheCopyTaskOfItsModel()
{
    // A model of step 7's copy task names the task ("copy") as its corpus: heads reads the
    // task's validation text, not a file of that name (it once said "copy: no such file").
    using namespace attention;
    const CorpusLoadResult copy = loadCorpus(QString::fromLatin1(corpora::copyTask), 16);
    QVERIFY2(copy.ok(), qPrintable(corpusErrorText(copy.error)));
    ModelFile model;
    model.vocabulary = copy.corpus.vocabulary;
    model.config.vocabSize = model.vocabulary.size();
    model.config.context = 16;
    model.config.dModel = 16;
    model.config.heads = 2;
    model.config.layers = 1;
    model.tensors = tiny::exportTensors(tiny::initParameters(model.config, 1));
    setCorpus(model.metadata, QString::fromLatin1(corpora::copyTask),
              corpusText(copy.corpus.source));
    const QString file = m_dir.filePath(QStringLiteral("copy.safetensors"));
    QString error;
    QVERIFY2(saveModel(model, file, &error), qPrintable(error));
    QVERIFY(!QFileInfo::exists(QStringLiteral("copy"))); // no file to read by mistake

    const Run r = run({QStringLiteral("heads"), QStringLiteral("--model"), file,
                       QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject report = parseObject(r.out);
    QCOMPARE(report.value(QLatin1String("heads")).toArray().size(), 2);
    // Random weights over about as many ids as the task has: a loss near ln(vocabulary).
    const double loss = report.value(QLatin1String("val_loss")).toDouble();
    VERIFY_NEAR(loss, std::log(double(model.config.vocabSize)), 0.5);
}

void TestCliModel::headsKnowWhereAParagraphEnds()
{
    // A text file's paragraph is one document even where it breaks its lines: a quatrain written
    // on two lines is no poem of equal lines (its third line begins with the line break), so no
    // row reads the line above; written on one line it is one. (Its `\n` once ended a poem.)
    const QString top = QStringLiteral("白日依山尽，黄河入海流。");
    const QString bottom = QStringLiteral("欲穷千里目，更上一层楼。");
    for (const bool broken : {true, false}) {
        QStringList paragraphs;
        for (int i = 0; i < 12; ++i) // 10 or more: the 10th is the validation document
            paragraphs.append(top + (broken ? QStringLiteral("\n") : QString()) + bottom);
        const QString file = writeFile(QStringLiteral("paragraphs.txt"),
                                       paragraphs.join(QStringLiteral("\n\n")).toUtf8());
        const Run r = run({QStringLiteral("heads"), QStringLiteral("--model"), m_model,
                           QStringLiteral("--corpus"), file, QStringLiteral("--format"),
                           QStringLiteral("json")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        for (const QJsonValue head : parseObject(r.out).value(QLatin1String("heads")).toArray()) {
            const QJsonObject ratios = head.toObject().value(QLatin1String("ratios")).toObject();
            QCOMPARE(ratios.value(QLatin1String("previous_line")).isNull(), broken);
            QVERIFY(!ratios.value(QLatin1String("previous_char")).isNull());
        }
    }
}

void TestCliModel::ablationChangesOutputsNotWeights()
{
    const QStringList eval{
        QStringLiteral("eval"),   QStringLiteral("--model"),          m_model,
        QStringLiteral("--text"), QStringLiteral("床前明月光，疑是"), QStringLiteral("--format"),
        QStringLiteral("json")};
    const Run intact = run(eval);
    const Run off = run(eval + QStringList{QStringLiteral("--ablate"), QStringLiteral("1.2")});
    QVERIFY2(intact.exitCode == 0 && off.exitCode == 0, qPrintable(intact.err + off.err));
    const QJsonObject a = parseObject(intact.out), b = parseObject(off.out);
    // A head switched off still attends (its weights are computed before its output is dropped);
    // what reaches the logits changes.
    QCOMPARE(b.value(QLatin1String("attention")), a.value(QLatin1String("attention")));
    QVERIFY(std::abs(a.value(QLatin1String("loss")).toDouble() -
                     b.value(QLatin1String("loss")).toDouble()) > 1e-6);
    // Exactly head 1.2 is off: each loss is that of the model whose head 1.2 is silenced another
    // way, here (its values zero: w_v's columns of that head), and not head 1.1's.
    using namespace attention;
    const ModelReadResult read = loadModel(m_model);
    QVERIFY(read.ok());
    const auto parameters = tiny::importTensors(read.model.config, read.model.tensors);
    QVERIFY(parameters);
    const std::vector<int> ids = read.model.vocabulary.encode(U"床前明月光，疑是");
    const int dHead = parameters->config.dModel / parameters->config.heads;
    const auto silenced = [&](int head) {
        tiny::Parameters<float> p = *parameters;
        p.blocks[0].wV.middleCols(Index(head) * dHead, dHead).setZero();
        return tiny::analyseSequence(p, ids);
    };
    const auto second = silenced(1);
    const auto first = silenced(0);
    QVERIFY(second && first);
    VERIFY_NEAR(b.value(QLatin1String("loss")).toDouble(), second->loss, 1e-5);
    const QJsonArray losses = b.value(QLatin1String("losses")).toArray();
    QCOMPARE(losses.size(), int(second->losses.size()));
    for (int t = 0; t < losses.size(); ++t)
        VERIFY_NEAR(losses.at(t).toDouble(), second->losses[std::size_t(t)], 1e-5);
    QVERIFY(std::abs(b.value(QLatin1String("loss")).toDouble() - first->loss) > 1e-4);

    const QStringList sample{
        QStringLiteral("sample"),   QStringLiteral("--model"), m_model,
        QStringLiteral("--length"), QStringLiteral("40"),      QStringLiteral("--temperature"),
        QStringLiteral("0")};
    const Run both =
        run(sample + QStringList{QStringLiteral("--ablate"), QStringLiteral("1.1,1.2")});
    QVERIFY2(both.exitCode == 0, qPrintable(both.err));
    QVERIFY(both.out.startsWith(QStringLiteral("床前")));
    QVERIFY(both.out != run(sample).out); // without attention the model writes another line
}
QTEST_GUILESS_MAIN(TestCliModel)
#include "tst_cli_model.moc"
