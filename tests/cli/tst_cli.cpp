// Tests of attention-cli: the built program is run with QProcess, as a user or a script would.
//
// Expected figures are worked out here from the lesson's keys and queries, not taken from the
// program's output.

#include "clirun.h"
#include "isa.h"
#include "kernels.h"
#include "presets.h"
#include "scenariofile.h"
#include "unprivileged.h"
#include "verifynear.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <optional>
#include <vector>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace {

/// What one run of the program left behind.
/// The lesson's keys: 床, 前, 明, 月, 光 on the dimensions (sky, position).
const double lessonKeys[5][2] = {{0.1, 0.9}, {0.0, 1.0}, {0.9, 0.1}, {1.0, 0.0}, {0.8, 0.2}};

/// softmax(scale · (k · query)) over the lesson's five keys, with std::exp.
std::vector<double> lessonWeights(double q0, double q1, double scale)
{
    std::vector<double> e(5);
    double sum = 0.0;
    for (int j = 0; j < 5; ++j) {
        e[j] = std::exp(scale * (lessonKeys[j][0] * q0 + lessonKeys[j][1] * q1));
        sum += e[j];
    }
    for (double &x : e)
        x /= sum;
    return e;
}

/// All numbers with a decimal point in `line`, in order.
QList<double> decimals(const QString &line)
{
    QList<double> numbers;
    static const QRegularExpression number(QStringLiteral("-?\\d+\\.\\d+"));
    for (const QRegularExpressionMatch &m : number.globalMatch(line))
        numbers.append(m.captured().toDouble());
    return numbers;
}

bool hasHanCharacter(const QString &text)
{
    for (QChar c : text)
        if (c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF)
            return true;
    return false;
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();

    void helpAndVersion_data();
    void helpAndVersion();
    void badCommandLine_data();
    void badCommandLine();
    void everyCommandRefusesBadArguments_data();
    void everyCommandRefusesBadArguments();

    void lessonSections();
    void lessonSingleSection();
    void lessonInChinese();

    void presetsList();
    void presetRoundTrip_data();
    void presetRoundTrip();

    void weightsRow_data();
    void weightsRow();
    void weightsCausalMasksWithNull();
    void weightsFromFileMatchesPreset();

    void sqrtdJson();
    void sqrtdTable();
    void leadingZerosAreAccepted();
    void benchJson_data();
    void benchJson();

private:
    /// Runs attention-cli with `arguments` in an English environment.
    Run run(const QStringList &arguments, const QString &language = QStringLiteral("C")) const;
    QString writeFile(const QString &name, const QByteArray &contents) const;
    /// Runs `arguments` and checks the refusal: `exitCode`, nothing on stdout, and one line on
    /// stderr that contains `message`.
    void checkRefused(const QStringList &arguments, int exitCode, const QString &message) const;

    QTemporaryDir m_dir;
    QString m_program = QStringLiteral(ATTENTION_CLI); ///< the tool run by run()
    QString m_badNumberFile;
    QString m_nonUtf8File;
    QString m_truncatedFile;
    QString m_goodFile;
};

Run TestCli::run(const QStringList &arguments, const QString &language) const
{
    return runProgram(m_program, arguments, language, 180000);
}

QString TestCli::writeFile(const QString &name, const QByteArray &contents) const
{
    return writeTestFile(m_dir, name, contents);
}

void TestCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFileInfo(QStringLiteral(ATTENTION_CLI)).isExecutable(), ATTENTION_CLI);
    // A valid file, written by hand, and the same with one number out of range.
    const QByteArray good = R"({
        "format": "attention-lab-scenario", "version": 1,
        "tokens": ["床", "前", "明", "月", "光"],
        "queries": [[0, 1], [0, 1], [1, 0], [1, 0], [1, 0]],
        "keys": [[0.1, 0.9], [0, 1], [0.9, 0.1], [1, 0], [0.8, 0.2]]
    })";
    m_goodFile = writeFile(QStringLiteral("good.json"), good);
    QByteArray bad = good;
    bad.replace("[1, 0]]", "[1, 3e9]]");
    QVERIFY(bad != good);
    m_badNumberFile = writeFile(QStringLiteral("bad-number.json"), bad);
    QByteArray latin1 = good;
    latin1.replace("\"床\"", "\"\xE9t\xE9\""); // "été" in Latin-1: not UTF-8
    QVERIFY(latin1 != good);
    m_nonUtf8File = writeFile(QStringLiteral("latin1.json"), latin1);
    m_truncatedFile = writeFile(QStringLiteral("truncated.json"), good.left(good.size() / 2));
}

void TestCli::helpAndVersion_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("expected");

    const QString version = QStringLiteral("attention-cli " ATTENTION_LAB_VERSION);
    QTest::newRow("--help") << QStringList{QStringLiteral("--help")}
                            << QStringLiteral("Usage: attention-cli COMMAND");
    QTest::newRow("-h") << QStringList{QStringLiteral("-h")}
                        << QStringLiteral("Usage: attention-cli COMMAND");
    QTest::newRow("--version") << QStringList{QStringLiteral("--version")} << version;
    for (const char *command : {"lesson", "presets", "preset", "weights", "sqrtd", "bench"}) {
        const QString name = QLatin1String(command);
        QTest::addRow("%s --help", command)
            << QStringList{name, QStringLiteral("--help")}
            << QStringLiteral("Usage: attention-cli %1 [options]").arg(name);
        QTest::addRow("%s --version", command)
            << QStringList{name, QStringLiteral("--version")} << version;
    }
    // --help wins over what follows it.
    QTest::newRow("bench --help --T abc")
        << QStringList{QStringLiteral("bench"), QStringLiteral("--help"), QStringLiteral("--T"),
                       QStringLiteral("abc")}
        << QStringLiteral("Usage: attention-cli bench");
}

void TestCli::helpAndVersion()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, expected);
    const Run r = run(arguments);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.startsWith(expected), qPrintable(r.out));
    QCOMPARE(r.err, QString());
    if (expected.startsWith(QLatin1String("attention-cli "))) {
        QVERIFY(r.out.contains(QLatin1String("Qt ")));
        QVERIFY(r.out.contains(QLatin1String("Eigen ")));
        QVERIFY(r.out.contains(QLatin1String("Licensed under the MIT License.")));
        // The CPU path, the one this process chose too (same CPU, same ATTENTION_LAB_ISA).
        const QString path = QLatin1String(attention::isaName(attention::activeIsa()));
        QVERIFY2(r.out.contains(QLatin1Char('\n') + path + QLatin1String(" kernels\n")),
                 qPrintable(r.out));
    }
}

void TestCli::badCommandLine_data()
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
    QTest::newRow("no command") << QStringList{} << 2 << QStringLiteral("no command");
    QTest::newRow("unknown command")
        << args({"frobnicate"}) << 2 << QStringLiteral("unknown command \"frobnicate\"");
    QTest::newRow("unknown global option") << args({"--frob"}) << 2 << QStringLiteral("--frob");
    QTest::newRow("unknown option")
        << args({"sqrtd", "--frob"}) << 2 << QStringLiteral("unknown option --frob");
    QTest::newRow("missing value") << args({"bench", "--T"}) << 2 << QStringLiteral("--T");
    QTest::newRow("--T abc") << args({"bench", "--T", "abc"}) << 2
                             << QStringLiteral("--T: \"abc\" is not a list of positive integers");
    QTest::newRow("--T -5") << args({"bench", "--T", "-5"}) << 2
                            << QStringLiteral("--T: \"-5\" is not a list");
    QTest::newRow("--T empty item")
        << args({"bench", "--T", "1000,,2000"}) << 2 << QStringLiteral("--T: \"1000,,2000\"");
    QTest::newRow("--T too large") << args({"bench", "--T", "16385"}) << 2
                                   << QStringLiteral("--T: 16385 is outside 1 to 16384");
    QTest::newRow("sqrtd --T list")
        << args({"sqrtd", "--T", "5,6"}) << 2 << QStringLiteral("--T: \"5,6\"");
    QTest::newRow("--d 0") << args({"bench", "--d", "0"}) << 2
                           << QStringLiteral("--d: 0 is outside 1 to 4096");
    QTest::newRow("--d 1000000000") << args({"sqrtd", "--d", "16,1000000000"}) << 2
                                    << QStringLiteral("--d: 1000000000 is outside");
    QTest::newRow("--trials 0") << args({"sqrtd", "--trials", "0"}) << 2
                                << QStringLiteral("--trials: 0 is outside");
    QTest::newRow("--trials 2.5") << args({"sqrtd", "--trials", "2.5"}) << 2
                                  << QStringLiteral("--trials: \"2.5\"");
    QTest::newRow("--seed -1") << args({"sqrtd", "--seed", "-1"}) << 2
                               << QStringLiteral("--seed: \"-1\"");
    QTest::newRow("--threads 0") << args({"bench", "--threads", "0"}) << 2
                                 << QStringLiteral("--threads: 0 is outside");
    QTest::newRow("--repeat 1001")
        << args({"bench", "--repeat", "1001"}) << 2 << QStringLiteral("--repeat: 1001 is outside");
    QTest::newRow("sqrtd too much work")
        << args({"sqrtd", "--T", "4096", "--d", "4096", "--trials", "1000"}) << 2
        << QStringLiteral("make one of them smaller");
    QTest::newRow("bench too much work") << args({"bench", "--T", "16384", "--d", "4096"}) << 2
                                         << QStringLiteral("make --T or --d smaller");
    QTest::newRow("--kernel fast") << args({"bench", "--kernel", "fast"}) << 2
                                   << QStringLiteral("--kernel: \"fast\" is not one of");
    QTest::newRow("repeated option") << args({"sqrtd", "--T", "5", "--T", "6"}) << 2
                                     << QStringLiteral("--T is given more than once");
    QTest::newRow("--scale -1") << args({"weights", "--preset", "lesson", "--scale", "-1"}) << 2
                                << QStringLiteral("--scale: \"-1\"");
    QTest::newRow("--scale nan") << args({"weights", "--preset", "lesson", "--scale", "nan"}) << 2
                                 << QStringLiteral("--scale: \"nan\"");
    QTest::newRow("--scale inf") << args({"weights", "--preset", "lesson", "--scale", "inf"}) << 2
                                 << QStringLiteral("--scale: \"inf\"");
    QTest::newRow("--scale 1001") << args({"weights", "--preset", "lesson", "--scale", "1001"}) << 2
                                  << QStringLiteral("--scale: \"1001\"");
    QTest::newRow("--causal --no-causal")
        << args({"weights", "--preset", "lesson", "--causal", "--no-causal"}) << 2
        << QStringLiteral("--causal and --no-causal");
    QTest::newRow("--format xml") << args({"weights", "--preset", "lesson", "--format", "xml"}) << 2
                                  << QStringLiteral("--format: \"xml\"");
    QTest::newRow("file and --preset")
        << QStringList{QStringLiteral("weights"), m_goodFile, QStringLiteral("--preset"),
                       QStringLiteral("lesson")}
        << 2 << QStringLiteral("not both");
    QTest::newRow("neither file nor --preset")
        << args({"weights"}) << 2 << QStringLiteral("scenario file or --preset");
    QTest::newRow("two files") << QStringList{QStringLiteral("weights"), m_goodFile, m_goodFile}
                               << 2 << QStringLiteral("unexpected argument");
    QTest::newRow("unknown preset")
        << args({"preset", "nope"}) << 2 << QStringLiteral("lesson, exercise1");
    QTest::newRow("weights unknown preset")
        << args({"weights", "--preset", "nope"}) << 2 << QStringLiteral("unknown preset \"nope\"");
    QTest::newRow("preset without name")
        << args({"preset"}) << 2 << QStringLiteral("missing the preset's name");
    QTest::newRow("presets extra")
        << args({"presets", "extra"}) << 2 << QStringLiteral("unexpected argument \"extra\"");
    QTest::newRow("--section 0") << args({"lesson", "--section", "0"}) << 2
                                 << QStringLiteral("--section: 0 is outside 1 to 6");
    QTest::newRow("--lang fr") << args({"lesson", "--lang", "fr"}) << 2
                               << QStringLiteral("--lang: \"fr\"");

    // Invalid input files: exit 3 and the reader's message, which names the file.
    QTest::newRow("directory") << QStringList{QStringLiteral("weights"), m_dir.path()} << 3
                               << m_dir.path();
    const QString missing = m_dir.filePath(QStringLiteral("missing.json"));
    QTest::newRow("missing file") << QStringList{QStringLiteral("weights"), missing} << 3
                                  << missing;
    QTest::newRow("not UTF-8") << QStringList{QStringLiteral("weights"), m_nonUtf8File} << 3
                               << m_nonUtf8File;
    QTest::newRow("truncated") << QStringList{QStringLiteral("weights"), m_truncatedFile} << 3
                               << m_truncatedFile;
    QTest::newRow("one bad number") << QStringList{QStringLiteral("weights"), m_badNumberFile} << 3
                                    << QStringLiteral("queries[4][1]");
}

void TestCli::badCommandLine()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    checkRefused(arguments, exitCode, message);
}

void TestCli::everyCommandRefusesBadArguments_data()
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

    // Every command with an unknown option, a stray argument, and each of its options without
    // a value and given twice. `base` completes the command line otherwise.
    struct Option
    {
        const char *name;
        const char *value;
    };
    struct Command
    {
        const char *name;
        QStringList base;
        std::vector<Option> options;
        bool takesPositional;
    };
    const Command commands[] = {
        {"lesson", {}, {{"section", "1"}, {"lang", "en"}}, false},
        {"presets", {}, {}, false},
        {"preset", args({"lesson"}), {}, true},
        {"weights", args({"--preset", "lesson"}), {{"scale", "1"}, {"format", "json"}}, true},
        {"weights", {}, {{"preset", "lesson"}}, true},
        {"sqrtd",
         {},
         {{"d", "16"}, {"T", "5"}, {"trials", "10"}, {"seed", "1"}, {"format", "json"}},
         false},
        {"bench",
         {},
         {{"T", "8"},
          {"d", "4"},
          {"kernel", "naive"},
          {"threads", "1"},
          {"repeat", "1"},
          {"format", "json"}},
         false},
    };
    QSet<QString> commandRowsDone;
    for (const Command &command : commands) {
        const QString name = QLatin1String(command.name);
        const QStringList start = QStringList{name} + command.base;
        if (!commandRowsDone.contains(name)) {
            commandRowsDone.insert(name);
            QTest::addRow("%s --bogus", command.name)
                << start + args({"--bogus"}) << 2 << QStringLiteral("unknown option --bogus");
            QTest::addRow("%s -Z", command.name)
                << start + args({"-Z"}) << 2 << QStringLiteral("unknown option -Z");
            if (!command.takesPositional)
                QTest::addRow("%s extra", command.name)
                    << start + args({"extra"}) << 2
                    << QStringLiteral("unexpected argument \"extra\"");
        }
        for (const Option &option : command.options) {
            const QString flag = QStringLiteral("--") + QLatin1String(option.name);
            const QString value = QLatin1String(option.value);
            QTest::addRow("%s %s without a value", command.name, qPrintable(flag))
                << start + QStringList{flag} << 2 << flag;
            QTest::addRow("%s %s twice", command.name, qPrintable(flag))
                << start + QStringList{flag, value, flag, value} << 2
                << flag + QStringLiteral(" is given more than once");
        }
    }
    QTest::newRow("preset twice") << args({"preset", "lesson", "lesson"}) << 2
                                  << QStringLiteral("unexpected argument \"lesson\"");

    // Out of range: negative T, d = 0 and 10^9, no trials, no threads, and numbers past 64 bits.
    QTest::newRow("sqrtd --T -3") << args({"sqrtd", "--T", "-3"}) << 2 << QStringLiteral("--T: ");
    QTest::newRow("bench --T -1000")
        << args({"bench", "--T", "-1000"}) << 2 << QStringLiteral("--T: ");
    QTest::newRow("bench --T 0") << args({"bench", "--T", "0"}) << 2 << QStringLiteral("--T: ");
    QTest::newRow("sqrtd --d 0") << args({"sqrtd", "--d", "0"}) << 2 << QStringLiteral("--d: ");
    QTest::newRow("bench --d 1000000000")
        << args({"bench", "--d", "1000000000"}) << 2 << QStringLiteral("--d: ");
    QTest::newRow("bench --d 10^30") << args({"bench", "--d", "1000000000000000000000000000000"})
                                     << 2 << QStringLiteral("--d: ");
    QTest::newRow("sqrtd --trials -5")
        << args({"sqrtd", "--trials", "-5"}) << 2 << QStringLiteral("--trials: ");
    QTest::newRow("sqrtd --trials 10^20") << args({"sqrtd", "--trials", "100000000000000000000"})
                                          << 2 << QStringLiteral("--trials: ");
    QTest::newRow("bench --threads -1")
        << args({"bench", "--threads", "-1"}) << 2 << QStringLiteral("--threads: ");
    QTest::newRow("bench --threads 100000")
        << args({"bench", "--threads", "100000"}) << 2 << QStringLiteral("--threads: ");
    QTest::newRow("bench --repeat 0")
        << args({"bench", "--repeat", "0"}) << 2 << QStringLiteral("--repeat: ");
    QTest::newRow("sqrtd --seed 2^64")
        << args({"sqrtd", "--seed", "18446744073709551616"}) << 2 << QStringLiteral("--seed: ");
    QTest::newRow("lesson --section 7")
        << args({"lesson", "--section", "7"}) << 2 << QStringLiteral("--section: ");
    QTest::newRow("lesson --section -1")
        << args({"lesson", "--section", "-1"}) << 2 << QStringLiteral("--section: ");
    QTest::newRow("weights --scale 1e400")
        << args({"weights", "--preset", "lesson", "--scale", "1e400"}) << 2
        << QStringLiteral("--scale: ");
    QTest::newRow("weights --scale empty") << args({"weights", "--preset", "lesson", "--scale", ""})
                                           << 2 << QStringLiteral("--scale: ");
    QTest::newRow("weights --scale 0x10")
        << args({"weights", "--preset", "lesson", "--scale", "0x10"}) << 2
        << QStringLiteral("--scale: ");
    QTest::newRow("bench --format empty")
        << args({"bench", "--format", ""}) << 2 << QStringLiteral("--format: ");

    // Inputs that are not scenario files: exit 3, and the message names the file.
    const QString empty = writeFile(QStringLiteral("empty.json"), {});
    QTest::newRow("empty file") << QStringList{QStringLiteral("weights"), empty} << 3 << empty;
    const QString binary =
        writeFile(QStringLiteral("binary.json"), QByteArray("\x00\x01\xff\xfe{\x80", 6));
    QTest::newRow("binary bytes") << QStringList{QStringLiteral("weights"), binary} << 3 << binary;
    QByteArray overlong(R"({"format": "attention-lab-scenario", "version": 1, "tokens": ["x"],)"
                        R"( "queries": [[1]], "keys": [[1]], "title": "@"})");
    overlong.replace("@", "\xC0\xAF"); // "/" in two bytes: not valid UTF-8
    const QString overlongFile = writeFile(QStringLiteral("overlong-utf8.json"), overlong);
    QTest::newRow("overlong UTF-8 in the title")
        << QStringList{QStringLiteral("weights"), overlongFile} << 3 << overlongFile;
    QTest::newRow("character device")
        << args({"weights", "/dev/null"}) << 3 << QStringLiteral("/dev/null");
#ifdef Q_OS_UNIX
    // A named pipe without a writer would block a reader that opened it: it must be refused.
    const QString fifo = m_dir.filePath(QStringLiteral("pipe.json"));
    if (mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0)
        QTest::newRow("named pipe") << QStringList{QStringLiteral("weights"), fifo} << 3 << fifo;
    const QString loop = m_dir.filePath(QStringLiteral("loop.json"));
    if (QFile::link(loop, loop))
        QTest::newRow("symbolic link loop")
            << QStringList{QStringLiteral("weights"), loop} << 3 << loop;
    // Permissions do not stop root: as root, this row runs the tool as nobody (see below).
    const QString unreadable = writeFile(QStringLiteral("unreadable.json"), "{}");
    QFile::setPermissions(unreadable, {});
    QTest::newRow("unreadable file")
        << QStringList{QStringLiteral("weights"), unreadable} << 3 << unreadable;
#endif
}

void TestCli::everyCommandRefusesBadArguments()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    // The unreadable file is read by a user whom permissions stop: as root, the tool runs as
    // nobody, a copy of it in the test's folder (the build folder may be private).
    std::optional<Unprivileged> guard;
    const bool unreadable =
        QLatin1String(QTest::currentDataTag()) == QLatin1String("unreadable file");
    if (unreadable && geteuid() == 0) {
        const QString copy = m_dir.filePath(QStringLiteral("attention-cli"));
        QVERIFY(QFile::exists(copy) || QFile::copy(QStringLiteral(ATTENTION_CLI), copy));
        QVERIFY(QFile::setPermissions(copy, QFile::permissions(copy) | QFile::ExeOther |
                                                QFile::ReadOther));
        QVERIFY(Unprivileged::makeReachable(m_dir.path()));
        QVERIFY(Unprivileged::giveToNobody(message)); // the unreadable file, nobody's own
        guard.emplace();
        if (!guard->ok())
            QSKIP(guard->whyNot());
        m_program = copy;
    }
    const auto restoreProgram = qScopeGuard([this] { m_program = QStringLiteral(ATTENTION_CLI); });
    QElapsedTimer timer;
    timer.start();
    checkRefused(arguments, exitCode, message);
    if (QTest::currentTestFailed())
        return;
    // A refusal comes before any work: well under a second, even under the sanitizers.
    QVERIFY2(timer.elapsed() < 10000, qPrintable(QString::number(timer.elapsed())));
}

void TestCli::checkRefused(const QStringList &arguments, int exitCode, const QString &message) const
{
    const Run r = run(arguments);
    QCOMPARE(r.exitCode, exitCode);
    QCOMPARE(r.out, QString());
    // One line: "attention-cli: <what>", and for a bad command line a pointer to --help.
    QVERIFY2(r.err.startsWith(QLatin1String("attention-cli: ")), qPrintable(r.err));
    QVERIFY2(r.err.endsWith(QLatin1Char('\n')) && r.err.count(QLatin1Char('\n')) == 1,
             qPrintable(r.err));
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    if (exitCode == 2)
        QVERIFY2(r.err.contains(QLatin1String("--help")), qPrintable(r.err));
}

void TestCli::lessonSections()
{
    const Run r = run({QStringLiteral("lesson")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.err, QString());
    const QStringList lines = r.out.split(QLatin1Char('\n'));

    // The six headers, in order, each once.
    int previous = -1;
    for (int section = 1; section <= 6; ++section) {
        const QString header = QStringLiteral("== %1. ").arg(section);
        int found = -1;
        for (int i = 0; i < lines.size(); ++i) {
            if (lines[i].startsWith(header)) {
                QVERIFY2(found < 0, qPrintable(header));
                found = i;
            }
        }
        QVERIFY2(found > previous, qPrintable(header));
        previous = found;
    }

    // Step 1's check, and step 2's figures: the weights of 光's scores and of the scores × 5,
    // to the two decimals the lesson prints.
    QVERIFY(r.out.contains(QLatin1String(": True")));
    QList<QList<double>> dictionaries;
    for (const QString &line : lines)
        if (line.contains(QStringLiteral("{'床': ")))
            dictionaries.append(decimals(line.mid(line.indexOf(QLatin1Char('{')))));
    QCOMPARE(dictionaries.size(), 3); // scores, weights, weights × 5
    const QList<double> weights{0.12, 0.11, 0.26, 0.29, 0.23};
    const QList<double> sharp{0.01, 0.00, 0.30, 0.50, 0.18};
    QCOMPARE(dictionaries[1], weights);
    QCOMPARE(dictionaries[2], sharp);
    // The same figures from the formula, rounded the way the program rounds.
    const std::vector<double> exact = lessonWeights(1.0, 0.0, 1.0);
    for (int j = 0; j < 5; ++j)
        VERIFY_NEAR(exact[j], weights[j], 0.005);

    // Section 6 gives T = 1000, 2000, 4000 with a growth factor for the last two.
    int growthRows = 0;
    for (const QString &line : lines)
        if (line.contains(QChar(0xD7)) &&
            QRegularExpression(QStringLiteral("^\\s+[24]000\\s")).match(line).hasMatch())
            ++growthRows;
    QCOMPARE(growthRows, 2);
}

void TestCli::lessonSingleSection()
{
    const Run r = run({QStringLiteral("lesson"), QStringLiteral("--section"), QStringLiteral("2"),
                       QStringLiteral("--lang"), QStringLiteral("en")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.startsWith(QLatin1String("== 2. ")));
    QCOMPARE(r.out.count(QLatin1String("== ")), 1);
}

void TestCli::lessonInChinese()
{
    const QStringList arguments{QStringLiteral("lesson"), QStringLiteral("--section"),
                                QStringLiteral("1")};
    const Run english = run(arguments);
    const Run chinese =
        run(arguments + QStringList{QStringLiteral("--lang"), QStringLiteral("zh_CN")});
    QCOMPARE(chinese.exitCode, 0);
    const QString englishHeader = english.out.section(QLatin1Char('\n'), 0, 0);
    const QString chineseHeader = chinese.out.section(QLatin1Char('\n'), 0, 0);
    QVERIFY(englishHeader.startsWith(QLatin1String("== 1. ")));
    QVERIFY(chineseHeader.startsWith(QLatin1String("== 1. ")));
    QVERIFY2(!hasHanCharacter(englishHeader), qPrintable(englishHeader));
    QVERIFY2(hasHanCharacter(chineseHeader), qPrintable(chineseHeader));
    // A Chinese locale chooses Chinese without --lang.
    const Run fromLocale = run(arguments, QStringLiteral("zh_CN.UTF-8"));
    QCOMPARE(fromLocale.out.section(QLatin1Char('\n'), 0, 0), chineseHeader);
}

void TestCli::presetsList()
{
    const Run r = run({QStringLiteral("presets")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, attention::presetNames().join(QLatin1Char('\n')) + QLatin1Char('\n'));
    for (const char *required : {"lesson", "exercise1", "average", "random-head"})
        QVERIFY(attention::presetNames().contains(QLatin1String(required)));
}

void TestCli::presetRoundTrip_data()
{
    QTest::addColumn<QString>("name");
    for (const QString &name : attention::presetNames())
        QTest::newRow(qPrintable(name)) << name;
}

void TestCli::presetRoundTrip()
{
    QFETCH(QString, name);
    QProcess process;
    process.start(QStringLiteral(ATTENTION_CLI), {QStringLiteral("preset"), name});
    QVERIFY(process.waitForFinished(60000));
    QCOMPARE(process.exitCode(), 0);
    const attention::ScenarioReadResult read =
        attention::parseScenario(process.readAllStandardOutput());
    QVERIFY2(read.ok(), qPrintable(read.error));
    QVERIFY(read.scenario == *attention::preset(name));
}

void TestCli::weightsRow_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<double>("q0"); ///< 光's query
    QTest::addColumn<double>("q1");
    QTest::addColumn<double>("scale");

    const QString weights = QStringLiteral("weights");
    const QString presetOption = QStringLiteral("--preset");
    const QStringList csv{QStringLiteral("--format"), QStringLiteral("csv")};
    QTest::newRow("lesson") << QStringList{weights, presetOption, QStringLiteral("lesson")} << 1.0
                            << 0.0 << 1.0;
    QTest::newRow("exercise1 json")
        << QStringList{weights, presetOption, QStringLiteral("exercise1"),
                       QStringLiteral("--format"), QStringLiteral("json")}
        << 0.0 << 1.0 << 1.0;
    QTest::newRow("exercise1 csv")
        << QStringList{weights, presetOption, QStringLiteral("exercise1")} + csv << 0.0 << 1.0
        << 1.0;
    QTest::newRow("lesson --scale 5")
        << QStringList{weights, presetOption, QStringLiteral("lesson"), QStringLiteral("--scale"),
                       QStringLiteral("5")}
        << 1.0 << 0.0 << 5.0;
    QTest::newRow("file --scale 0.5 csv")
        << QStringList{weights, m_goodFile, QStringLiteral("--scale=0.5")} + csv << 1.0 << 0.0
        << 0.5;
    QTest::newRow("sharp --scale 1 --no-sqrt-d") << QStringList{weights,
                                                                presetOption,
                                                                QStringLiteral("sharp"),
                                                                QStringLiteral("--scale"),
                                                                QStringLiteral("1"),
                                                                QStringLiteral("--no-sqrt-d")}
                                                 << 1.0 << 0.0 << 1.0;
    // The sharp preset as it is: its own scale of 5, nothing on the command line overrides it.
    QTest::newRow("sharp as it is")
        << QStringList{weights, presetOption, QStringLiteral("sharp")} << 1.0 << 0.0 << 5.0;
    // √2 = the width of the lesson's vectors.
    QTest::newRow("lesson --sqrt-d")
        << QStringList{weights, presetOption, QStringLiteral("lesson"), QStringLiteral("--sqrt-d")}
        << 1.0 << 0.0 << 1.0 / std::sqrt(2.0);
}

void TestCli::weightsRow()
{
    QFETCH(QStringList, arguments);
    QFETCH(double, q0);
    QFETCH(double, q1);
    QFETCH(double, scale);
    const Run r = run(arguments);
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.err, QString());

    // 光's rows of scores, weights and output (one-hot values: output = weights).
    QList<QList<double>> rows; // scores, weights, output
    if (arguments.contains(QLatin1String("csv"))) {
        const QStringList sections = r.out.split(QStringLiteral("\n\n"));
        QCOMPARE(sections.size(), 3);
        const QStringList names{QStringLiteral("scores"), QStringLiteral("weights"),
                                QStringLiteral("output")};
        for (int s = 0; s < 3; ++s) {
            const QStringList lines = sections[s].trimmed().split(QLatin1Char('\n'));
            QCOMPARE(lines.size(), 6);
            QCOMPARE(lines[0], names[s] + QStringLiteral(",床,前,明,月,光"));
            QStringList cells = lines[5].split(QLatin1Char(','));
            QCOMPARE(cells.takeFirst(), QStringLiteral("光"));
            QList<double> row;
            for (const QString &cell : cells)
                row.append(cell.toDouble());
            rows.append(row);
        }
    } else {
        QJsonParseError error;
        const QJsonDocument json = QJsonDocument::fromJson(r.out.toUtf8(), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        const QJsonObject object = json.object();
        QCOMPARE(object.keys().size(), 4);
        QCOMPARE(object.value(QLatin1String("tokens")).toArray(),
                 QJsonArray::fromStringList({QStringLiteral("床"), QStringLiteral("前"),
                                             QStringLiteral("明"), QStringLiteral("月"),
                                             QStringLiteral("光")}));
        for (const char *key : {"scores", "weights", "output"}) {
            const QJsonArray matrix = object.value(QLatin1String(key)).toArray();
            QCOMPARE(matrix.size(), 5);
            QList<double> row;
            for (const QJsonValue &v : matrix.at(4).toArray())
                row.append(v.toDouble());
            rows.append(row);
        }
    }

    const std::vector<double> expected = lessonWeights(q0, q1, scale);
    for (int j = 0; j < 5; ++j) {
        const double score = scale * (lessonKeys[j][0] * q0 + lessonKeys[j][1] * q1);
        VERIFY_NEAR(rows[0][j], score, 1e-12);
        QVERIFY2(std::abs(rows[1][j] - expected[j]) <= 1e-12,
                 qPrintable(QStringLiteral("%1 vs %2").arg(rows[1][j]).arg(expected[j])));
        VERIFY_NEAR(rows[2][j], expected[j], 1e-12);
    }
}

void TestCli::weightsCausalMasksWithNull()
{
    const Run r = run({QStringLiteral("weights"), QStringLiteral("--preset"),
                       QStringLiteral("lesson"), QStringLiteral("--causal")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject object = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QJsonArray scores = object.value(QLatin1String("scores")).toArray();
    const QJsonArray weights = object.value(QLatin1String("weights")).toArray();
    QCOMPARE(scores.size(), 5);
    for (int i = 0; i < 5; ++i) {
        double sum = 0.0;
        for (int j = 0; j < 5; ++j) {
            const QJsonValue score = scores.at(i).toArray().at(j);
            const double weight = weights.at(i).toArray().at(j).toDouble(-1.0);
            QCOMPARE(score.isNull(), j > i);
            if (j > i)
                QCOMPARE(weight, 0.0);
            sum += weight;
        }
        VERIFY_NEAR(sum, 1.0, 1e-12);
    }
    // 床 sees only itself.
    QCOMPARE(weights.at(0).toArray().at(0).toDouble(), 1.0);
}

void TestCli::weightsFromFileMatchesPreset()
{
    // The lesson preset written to a file and read back gives the same numbers, bit for bit.
    const Run preset = run({QStringLiteral("preset"), QStringLiteral("lesson")});
    QCOMPARE(preset.exitCode, 0);
    const QString file = writeFile(QStringLiteral("lesson.json"), preset.out.toUtf8());
    const Run fromFile = run({QStringLiteral("weights"), file});
    const Run fromPreset =
        run({QStringLiteral("weights"), QStringLiteral("--preset"), QStringLiteral("lesson")});
    QCOMPARE(fromFile.exitCode, 0);
    QCOMPARE(fromFile.out, fromPreset.out);
}

void TestCli::sqrtdJson()
{
    const Run r = run({QStringLiteral("sqrtd"), QStringLiteral("--trials"), QStringLiteral("2000"),
                       QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(r.exitCode, 0);
    QJsonParseError error;
    const QJsonObject object = QJsonDocument::fromJson(r.out.toUtf8(), &error).object();
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    QCOMPARE(object.value(QLatin1String("T")).toInt(), 5);
    QCOMPARE(object.value(QLatin1String("trials")).toInt(), 2000);
    QCOMPARE(object.value(QLatin1String("seed")).toInt(), 1);
    QCOMPARE(object.value(QLatin1String("causal")), QJsonValue(false));
    const QJsonArray rows = object.value(QLatin1String("rows")).toArray();
    QCOMPARE(rows.size(), 4);
    const int dims[] = {16, 64, 256, 1024};
    for (int i = 0; i < 4; ++i) {
        const QJsonObject row = rows.at(i).toObject();
        QCOMPARE(row.value(QLatin1String("d")).toInt(), dims[i]);
        const double root = std::sqrt(static_cast<double>(dims[i]));
        const double stdDev = row.value(QLatin1String("std")).toDouble();
        QVERIFY2(std::abs(stdDev - root) <= 0.05 * root,
                 qPrintable(QStringLiteral("d %1: std %2").arg(dims[i]).arg(stdDev)));
        const double unscaled = row.value(QLatin1String("max_weight_unscaled")).toDouble();
        const double scaled = row.value(QLatin1String("max_weight_scaled")).toDouble();
        // A row's largest weight lies between 1/T and 1; scaling makes it smaller.
        QVERIFY(scaled >= 0.2 && scaled < unscaled && unscaled <= 1.0);
    }
}

void TestCli::sqrtdTable()
{
    const Run r =
        run({QStringLiteral("sqrtd"), QStringLiteral("--d"), QStringLiteral("4,9"),
             QStringLiteral("--trials"), QStringLiteral("500"), QStringLiteral("--causal")});
    QCOMPARE(r.exitCode, 0);
    const QStringList lines = r.out.trimmed().split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 4); // settings, column names, d = 4, d = 9
    QVERIFY(lines[0].contains(QLatin1String("500")));
    const QList<double> four = decimals(lines[2]); // std, √d, two weights
    const QList<double> nine = decimals(lines[3]);
    QCOMPARE(four.size(), 4);
    QCOMPARE(four[1], 2.0);
    QCOMPARE(nine[1], 3.0);
    VERIFY_NEAR(four[0], 2.0, 0.2);
    VERIFY_NEAR(nine[0], 3.0, 0.3);
}

void TestCli::leadingZerosAreAccepted()
{
    const Run r = run({QStringLiteral("sqrtd"), QStringLiteral("--d"), QStringLiteral("0000000016"),
                       QStringLiteral("--trials"), QStringLiteral("0010"),
                       QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(root.value(QStringLiteral("trials")).toInt(), 10);
    QCOMPARE(root.value(QStringLiteral("rows"))
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(QStringLiteral("d"))
                 .toInt(),
             16);
}

void TestCli::benchJson_data()
{
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<QStringList>("kernels");
    QTest::addColumn<bool>("causal");

    QStringList all;
    for (attention::Kernel kernel : attention::allKernels())
        all.append(QLatin1String(attention::kernelName(kernel)));
    QTest::newRow("every kernel") << QStringList{} << all << false;
    QTest::newRow("naive, causal, 1 thread")
        << QStringList{QStringLiteral("--kernel"), QStringLiteral("naive"),
                       QStringLiteral("--causal"), QStringLiteral("--threads"),
                       QStringLiteral("1"),        QStringLiteral("--d"),
                       QStringLiteral("8")}
        << QStringList{QStringLiteral("naive")} << true;
}

void TestCli::benchJson()
{
    QFETCH(QStringList, extra);
    QFETCH(QStringList, kernels);
    QFETCH(bool, causal);
    const Run r =
        run(QStringList{QStringLiteral("bench"), QStringLiteral("--T"), QStringLiteral("64,128"),
                        QStringLiteral("--repeat"), QStringLiteral("1"), QStringLiteral("--format"),
                        QStringLiteral("json")} +
            extra);
    QCOMPARE(r.exitCode, 0);
    QJsonParseError error;
    const QJsonObject object = QJsonDocument::fromJson(r.out.toUtf8(), &error).object();
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));

    QCOMPARE(object.keys().size(), 5);
    const int d = extra.contains(QLatin1String("--d")) ? 8 : 64;
    QCOMPARE(object.value(QLatin1String("d")).toInt(), d);
    QVERIFY(object.value(QLatin1String("threads")).toInt() >= 1);
    if (extra.contains(QLatin1String("--threads")))
        QCOMPARE(object.value(QLatin1String("threads")).toInt(), 1);
    QCOMPARE(object.value(QLatin1String("causal")), QJsonValue(causal));
    QVERIFY(object.value(QLatin1String("gemm_gflops")).toDouble() > 0.0);

    const QJsonArray results = object.value(QLatin1String("results")).toArray();
    QCOMPARE(results.size(), 2 * kernels.size());
    for (int i = 0; i < results.size(); ++i) {
        const QJsonObject result = results.at(i).toObject();
        QCOMPARE(result.keys().size(), 6);
        QCOMPARE(result.value(QLatin1String("kernel")).toString(), kernels.at(i / 2));
        const int T = i % 2 == 0 ? 64 : 128;
        QCOMPARE(result.value(QLatin1String("T")).toInt(), T);
        const double ms = result.value(QLatin1String("median_ms")).toDouble();
        QVERIFY(ms > 0.0);
        // gflops is 4·T²·d operations over the median time.
        const double gflops = 4.0 * T * T * d / (ms * 1e6);
        VERIFY_NEAR(result.value(QLatin1String("gflops")).toDouble(), gflops, 1e-9 * gflops);
        const QJsonValue growth = result.value(QLatin1String("growth"));
        if (T == 64)
            QVERIFY(growth.isNull());
        else
            QVERIFY(growth.isDouble() && growth.toDouble() > 0.0);
        QVERIFY(result.value(QLatin1String("extra_bytes")).isDouble());
        QVERIFY(result.value(QLatin1String("extra_bytes")).toDouble() >= 0.0);
    }
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
