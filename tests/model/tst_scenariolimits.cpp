// Scenario files with a count past its limit: each refused with the same message as before the
// reader's first pass (jsonscan.h), and a 200 MB file of 50,000,001 tokens refused without
// holding more than a small multiple of its size.

#include "residentmemory.h"
#include "scenariofile.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QTemporaryDir>
#include <QTest>

using namespace attention;

namespace {

/// `count` copies of `element`, separated by commas.
QByteArray repeated(const QByteArray &element, int count)
{
    QByteArray text;
    text.reserve((element.size() + 1) * count);
    for (int i = 0; i < count; ++i) {
        if (i > 0)
            text += ',';
        text += element;
    }
    return text;
}

/// The elements of a generated array: `count` of `element`, with `replacement` at `index`.
QByteArray elements(const QByteArray &element, int count, int index = -1,
                    const QByteArray &replacement = {})
{
    if (index < 0)
        return repeated(element, count);
    return repeated(element, index) + (index > 0 ? "," : "") + replacement +
           (index + 1 < count ? "," + repeated(element, count - index - 1) : QByteArray());
}

/// A scenario of three tokens with two-dimensional queries and keys, each field's text given.
struct Fields
{
    QByteArray dimensionNames = R"(["x", "y"])";
    QByteArray tokens = R"(["a", "b", "c"])";
    QByteArray queries = "[[1, 0], [0, 1], [1, 1]]";
    QByteArray keys = "[[1, 0], [0, 1], [1, 1]]";
    QByteArray values = "[[1, 2], [3, 4], [5, 6]]";
    QByteArray extra; ///< more members, with a leading comma

    QByteArray text() const
    {
        return R"({"format": "attention-lab-scenario", "version": 1,
  "dimension_names": )" +
               dimensionNames + ",\n  \"tokens\": " + tokens + ",\n  \"queries\": " + queries +
               ",\n  \"keys\": " + keys + ",\n  \"values\": " + values + extra + "\n}\n";
    }
};

QByteArray wideRows(int width, int rows, int wideRow)
{
    QByteArray text = "[";
    for (int r = 0; r < rows; ++r)
        text += (r > 0 ? ", [" : "[") + (r == wideRow ? repeated("0", width) : QByteArray("1, 0")) +
                "]";
    return text + "]";
}

bool writeAll(const QString &fileName, const QByteArray &content)
{
    QFile file(fileName);
    return file.open(QIODevice::WriteOnly) && file.write(content) == content.size();
}

} // namespace

class TestScenarioLimits : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void pastTheLimit_data();
    void pastTheLimit();
    void syntaxErrorAfterALongArray_data();
    void syntaxErrorAfterALongArray();
    void lastOfTwoFieldsCounts();
    void largeFileRefusedInBoundedMemory();
};

void TestScenarioLimits::pastTheLimit_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message");

    const auto row = [](const char *name, const Fields &fields, const char *message) {
        QTest::newRow(name) << fields.text() << QString::fromUtf8(message);
    };
    Fields f;
    f.tokens = '[' + elements("\"t\"", 5000) + ']';
    row("5000 tokens", f, "tokens: 5000 tokens; a scenario needs 1 to 4096");
    f.tokens = '[' + elements("\"t\"", 5000, 4500, "3") + ']';
    row("5000 tokens, a number past the limit", f,
        "tokens[4500]: expected a string, found the number 3");
    f.tokens = '[' + elements("\"t\"", 5000, 4999, "[1, 2]") + ']';
    row("5000 tokens, an array last", f, "tokens[4999]: expected a string, found an array");
    f.tokens = '[' + elements("\"t\"", 5000, 4800, R"("\ud800")") + ']';
    row("5000 tokens, an unpaired surrogate past the limit", f,
        "tokens[4800]: not valid Unicode: an unpaired surrogate");
    f.tokens = '[' + elements("\"t\"", 5000, 17, "null") + ']';
    row("5000 tokens, null within the limit", f, "tokens[17]: expected a string, found null");
    f = {};
    f.queries = '[' + elements("[1, 0]", 5000) + ']';
    row("5000 query rows", f, "queries: 5000 rows, expected 3 (one per token)");
    f = {};
    f.keys = '[' + elements("[1, 0]", 6000) + ']';
    row("6000 key rows", f, "keys: 6000 rows, expected 3 (one per token)");
    f = {};
    f.values = '[' + elements("[1]", 4097) + ']';
    row("4097 value rows", f, "values: 4097 rows, expected 3 (one per token)");
    f = {};
    f.queries = wideRows(5000, 3, 0);
    row("first query row 5000 wide", f, "queries[0]: width 5000; rows need 1 to 4096 numbers");
    f.queries = wideRows(5000, 3, 2);
    row("last query row 5000 wide", f,
        "queries[2]: width 5000, expected 2 (the width of queries[0])");
    f = {};
    f.keys = wideRows(4097, 3, 0);
    row("first key row 4097 wide", f, "keys[0]: width 4097, expected 2 (the width of queries)");
    f = {};
    f.values = wideRows(9000, 3, 0);
    row("first value row 9000 wide", f, "values[0]: width 9000; rows need 1 to 4096 numbers");
    f = {};
    f.dimensionNames = '[' + elements("\"n\"", 5000) + ']';
    row("5000 dimension names", f, "dimension_names: 5000 names for dimension 2");
    f.dimensionNames = '[' + elements("\"n\"", 5000, 4999, "true") + ']';
    row("5000 dimension names, the last true", f,
        "dimension_names[4999]: expected a string, found the value true");
    f = {};
    f.extra = ",\n  \"notes\": [" + elements("1", 10000) + ']';
    row("an unknown field of 10000 numbers", f, "(root): unknown field \"notes\"");
    f = {};
    f.queries = "[[1, 0], [0, [" + elements("0", 7000) + "]], [1, 1]]";
    row("an entry that is an array of 7000", f, "queries[1][1]: expected a number, found an array");
    f = {};
    f.tokens = "{\"a\": [" + elements("0", 7000) + "]}";
    row("tokens an object", f, "tokens: expected an array, found an object");
    // A name written with an escape is the same name.
    f = {};
    f.extra = ",\n  \"tok\\u0065ns\": [" + elements("\"t\"", 4097) + ']';
    row("tokens named with an escape, after the first", f,
        "tokens: 4097 tokens; a scenario needs 1 to 4096");
    QTest::newRow("the root an array of 5000")
        << QByteArray('[' + elements("1", 5000) + ']')
        << QStringLiteral("(root): expected an object, found an array");
}

void TestScenarioLimits::pastTheLimit()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    QCOMPARE(parseScenario(json).error, message);
    // From a file too, with its name in front.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fileName = dir.filePath(QStringLiteral("limits.json"));
    QVERIFY(writeAll(fileName, json));
    QCOMPARE(loadScenario(fileName).error,
             QDir::toNativeSeparators(fileName) + QStringLiteral(": ") + message);
}

void TestScenarioLimits::syntaxErrorAfterALongArray_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message"); ///< empty: the offset and line of QJsonDocument's error

    Fields f;
    f.tokens = '[' + elements("\"t\"", 5000) + ']';
    f.extra = ",\n  \"causal\": tru\n";
    QTest::newRow("a misspelt word after 5000 tokens") << f.text() << QString();
    f.extra = ",\n  \"causal\": true,\n}";
    QTest::newRow("a comma before the end after 5000 tokens") << f.text() << QString();
    f = {};
    f.queries = "[[1, 0], [0, 1], [1, 1 1]]";
    f.tokens = '[' + elements("\"t\"", 5000) + ']';
    QTest::newRow("two numbers without a comma after 5000 tokens") << f.text() << QString();
    f = {};
    f.tokens = '[' + elements("\"t\"", 5000, 4990, "\"t") + ']';
    QTest::newRow("a string without its end in 5000 tokens") << f.text() << QString();
    f = {};
    f.keys = "[[1, 0], [0, 1], [1, " + elements("0", 6000, 5999, "1e400") + "]]";
    QTest::newRow("1e400 in a key row of 6000")
        << f.text()
        << QStringLiteral("keys[2][6000]: the number 1e400 is out of the range of a "
                          "double");
    f = {};
    f.values = "[[1, 2], [3, 4], [5, 6]]]";
    f.tokens = '[' + elements("\"t\"", 5000) + ']';
    QTest::newRow("garbage after 5000 tokens") << f.text() << QString();
    // What the first pass doubts and QJsonDocument accepts: a raw tab in a string, after a cut.
    f = {};
    f.tokens = '[' + elements("\"t\"", 5000) + ']';
    f.extra = ",\n  \"title\": \"a\tb\",\n  \"causal\": 1";
    QTest::newRow("a tab in the title after 5000 tokens")
        << f.text() << QStringLiteral("tokens: 5000 tokens; a scenario needs 1 to 4096");
}

void TestScenarioLimits::syntaxErrorAfterALongArray()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    if (message.isEmpty()) {
        // The message QJsonDocument's own error on the whole text makes.
        QJsonParseError error;
        QJsonDocument::fromJson(json, &error);
        QVERIFY(error.error != QJsonParseError::NoError);
        message = QStringLiteral("(root): not valid JSON: %1 at offset %2 (line %3)")
                      .arg(error.errorString())
                      .arg(error.offset)
                      .arg(json.left(error.offset).count('\n') + 1);
    }
    QCOMPARE(parseScenario(json).error, message);
}

void TestScenarioLimits::lastOfTwoFieldsCounts()
{
    // As in QJsonDocument, the last of two members of the same name counts: the 5000 tokens of
    // the first are forgotten.
    Fields f;
    f.extra = ",\n  \"tokens\": [\"x\", \"y\", \"z\"]";
    f.tokens = '[' + elements("\"t\"", 5000) + ']';
    const ScenarioReadResult result = parseScenario(f.text());
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(result.scenario.tokens,
             (QStringList{QStringLiteral("x"), QStringLiteral("y"), QStringLiteral("z")}));
    // And the other way round.
    f.extra = ",\n  \"tokens\": [" + elements("\"t\"", 5000) + ']';
    f.tokens = R"(["x", "y", "z"])";
    QCOMPARE(parseScenario(f.text()).error,
             QStringLiteral("tokens: 5000 tokens; a scenario needs 1 to 4096"));
}

void TestScenarioLimits::largeFileRefusedInBoundedMemory()
{
    // The file of issue 40: 50,000,001 one-letter tokens, 200 MB, within the 256 MiB limit. It
    // took 4.6 GB before the refusal; the bound is twice its size (it is read whole).
    constexpr qint64 tokens = 50'000'001;
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fileName = dir.filePath(QStringLiteral("large.json"));
    {
        QFile file(fileName);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.write(R"({"format": "attention-lab-scenario", "version": 1, "tokens": [)") >
                0);
        const QByteArray chunk = repeated("\"a\"", 1'000'000) + ',';
        for (qint64 written = 0; written + 1'000'000 < tokens; written += 1'000'000)
            QVERIFY(file.write(chunk) == chunk.size());
        QVERIFY(file.write("\"a\"], \"queries\": [[1]], \"keys\": [[1]]}\n") > 0);
    }
    const qint64 size = QFileInfo(fileName).size();
    QVERIFY(size > 200'000'000);
    if (!test::resetPeakResident())
        QSKIP("the peak resident memory cannot be reset here (/proc/self/clear_refs)");
    const qint64 before = test::statusBytes("VmRSS");
    const ScenarioReadResult result = loadScenario(fileName);
    const qint64 growth = test::statusBytes("VmHWM") - before;
    QCOMPARE(result.error, QDir::toNativeSeparators(fileName) +
                               QStringLiteral(": tokens: 50000001 tokens; a scenario needs 1 to "
                                              "4096"));
    qInfo("file %lld MB, peak resident growth %lld MB", size / 1'000'000, growth / 1'000'000);
    QVERIFY2(growth < 2 * size, qPrintable(QStringLiteral("%1 MB").arg(growth / 1'000'000)));
}

QTEST_GUILESS_MAIN(TestScenarioLimits)
#include "tst_scenariolimits.moc"
