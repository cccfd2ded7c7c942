// Tests of the scenario file: write → read round trips, a table of malformed files each refused
// with a message naming the JSON path, and the file-system failures of loading and saving.

#include "language.h"
#include "presets.h"
#include "scenariofile.h"
#include "unprivileged.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <limits>

#ifdef Q_OS_UNIX
#include <csignal>
#include <sys/resource.h>
#include <unistd.h>
#endif

using namespace attention;

namespace {

/// The example of the architecture's "Scenario file" section, as a user would write it.
const char architectureExample[] = R"({
  "format": "attention-lab-scenario",
  "version": 1,
  "title": "床前明月光",
  "dimension_names": ["sky", "position"],
  "tokens": ["床", "前", "明", "月", "光"],
  "queries": [[0.0, 1.0], [0.0, 1.0], [1.0, 0.0], [1.0, 0.0], [1.0, 0.0]],
  "keys":    [[0.1, 0.9], [0.0, 1.0], [0.9, 0.1], [1.0, 0.0], [0.8, 0.2]],
  "values":  [[1, 0, 0, 0, 0], [0, 1, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 0, 1, 0], [0, 0, 0, 0, 1]],
  "score_scale": 1.0,
  "divide_by_sqrt_d": false,
  "causal": false
})";

QJsonObject baseObject()
{
    return QJsonDocument::fromJson(QByteArray(architectureExample)).object();
}

QByteArray toJson(const QJsonObject &object)
{
    return QJsonDocument(object).toJson();
}

QByteArray withField(const char *name, const QJsonValue &value)
{
    QJsonObject object = baseObject();
    object.insert(QLatin1String(name), value);
    return toJson(object);
}

QByteArray withoutField(const char *name)
{
    QJsonObject object = baseObject();
    object.remove(QLatin1String(name));
    return toJson(object);
}

/// The base with one row of a matrix field (or one token) replaced.
QByteArray withElement(const char *name, int index, const QJsonValue &value)
{
    QJsonObject object = baseObject();
    QJsonArray array = object.value(QLatin1String(name)).toArray();
    array.replace(index, value);
    object.insert(QLatin1String(name), array);
    return toJson(object);
}

QByteArray withEntry(const char *name, int row, int column, const QJsonValue &value)
{
    QJsonArray rowArray = baseObject().value(QLatin1String(name)).toArray().at(row).toArray();
    rowArray.replace(column, value);
    return withElement(name, row, rowArray);
}

/// The base with raw JSON text (such as 1e400, which QJsonValue cannot hold) at one entry.
QByteArray withRawEntry(const char *name, int row, int column, const QByteArray &raw)
{
    return withEntry(name, row, column, QStringLiteral("@raw@")).replace("\"@raw@\"", raw);
}

QByteArray withRawField(const char *name, const QByteArray &raw)
{
    return withField(name, QStringLiteral("@raw@")).replace("\"@raw@\"", raw);
}

/// A file of `tokens` tokens with queries and keys `width` wide (all zeros).
QByteArray generated(int tokens, int width)
{
    QJsonObject object = baseObject();
    object.remove(QStringLiteral("values"));
    object.remove(QStringLiteral("dimension_names"));
    QJsonArray names;
    QJsonArray rows;
    QJsonArray row;
    for (int c = 0; c < width; ++c)
        row.append(0.0);
    for (int t = 0; t < tokens; ++t) {
        names.append(QStringLiteral("t%1").arg(t));
        rows.append(row);
    }
    object.insert(QStringLiteral("tokens"), names);
    object.insert(QStringLiteral("queries"), rows);
    object.insert(QStringLiteral("keys"), rows);
    return toJson(object);
}

QJsonArray numbers(std::initializer_list<double> list)
{
    QJsonArray array;
    for (double x : list)
        array.append(x);
    return array;
}

/// A scenario with everything explicit and numbers that are hard to print exactly.
Scenario oddScenario()
{
    Scenario s;
    s.title = QStringLiteral("odd \"quotes\", back\\slash, tab\t, newline\n, 中文, 🙂, \x01");
    s.dimensionNames = {QStringLiteral("x"), QStringLiteral("维度 y")};
    s.tokens = {QStringLiteral("a"), QStringLiteral("\"b\""), QStringLiteral("光")};
    s.queries.resize(3, 2);
    s.queries << 1e-300, -123456.789, 0.1, 1.0 / 3.0, 5e-324, -0.0;
    s.keys.resize(3, 2);
    s.keys << 1e6, -1e6, 2.5e-8, 999999.99999999988, std::nextafter(1.0, 2.0), -7.0;
    s.values = Matrix(3, 4);
    *s.values << 0.1, 0.2, 0.30000000000000004, 1e-5, //
        -1e-300, 123456.789e-3, 42.0, -0.5,           //
        3.141592653589793, 2.718281828459045, 1.4142135623730951, 0.0;
    s.scoreScale = 0.7;
    s.divideBySqrtD = true;
    s.causal = true;
    return s;
}

bool identical(const Matrix &a, const Matrix &b)
{
    return a.rows() == b.rows() && a.cols() == b.cols() && a == b;
}

QString nativePath(const QString &path)
{
    return QDir::toNativeSeparators(path);
}

QByteArray readAll(const QString &fileName)
{
    QFile file(fileName);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

bool writeAll(const QString &fileName, const QByteArray &content)
{
    QFile file(fileName);
    return file.open(QIODevice::WriteOnly) && file.write(content) == content.size();
}

} // namespace

class TestScenarioFile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundTripPresets_data();
    void roundTripPresets();
    void roundTripOddNumbers();
    void oneHotValuesAreOmitted();
    void architectureExampleIsTheLessonPreset();
    void optionalFieldsHaveDefaults();
    void writtenFieldsAreInDocumentedOrder();
    void malformed_data();
    void malformed();
    void messageWording();
    void escapedSurrogatePairIsRead();
    void messagesAreTranslated();
    void loadPrefixesFileName();
    void loadMissingFile();
    void loadDirectory();
    void loadUnreadableFile();
    void loadTooLargeFile();
    void loadEmptyFile_data();
    void loadEmptyFile();
    void saveIntoMissingDirectory();
    void saveReplacesContent();
    void saveRefusesInvalidScenario();
    void saveFailureInReadOnlyDirectoryKeepsOldFile();
    void saveFailureWhileWritingKeepsOldFile();
};

void TestScenarioFile::roundTripPresets_data()
{
    QTest::addColumn<QString>("name");
    for (const QString &name : presetNames())
        QTest::newRow(qPrintable(name)) << name;
}

void TestScenarioFile::roundTripPresets()
{
    QFETCH(QString, name);
    const std::optional<Scenario> original = preset(name);
    QVERIFY(original.has_value());

    const QByteArray json = scenarioToJson(*original);
    QJsonParseError error;
    QJsonDocument::fromJson(json, &error);
    QCOMPARE(error.error, QJsonParseError::NoError);

    const ScenarioReadResult parsed = parseScenario(json);
    QVERIFY2(parsed.ok(), qPrintable(parsed.error));
    QVERIFY(parsed.scenario == *original);
    // Bit-exact numbers, not just equal within a tolerance.
    QVERIFY(identical(parsed.scenario.queries, original->queries));
    QVERIFY(identical(parsed.scenario.keys, original->keys));
    QVERIFY(identical(parsed.scenario.valueMatrix(), original->valueMatrix()));

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fileName = dir.filePath(name + QStringLiteral(".json"));
    QString saveError = QStringLiteral("stale");
    QVERIFY2(saveScenario(*original, fileName, &saveError), qPrintable(saveError));
    QVERIFY(saveError.isEmpty());
    const ScenarioReadResult loaded = loadScenario(fileName);
    QVERIFY2(loaded.ok(), qPrintable(loaded.error));
    QVERIFY(loaded.scenario == *original);
}

void TestScenarioFile::roundTripOddNumbers()
{
    const Scenario original = oddScenario();
    QVERIFY2(!original.validate(), qPrintable(scenarioErrorText(original.validate())));
    const QByteArray json = scenarioToJson(original);
    const ScenarioReadResult parsed = parseScenario(json);
    QVERIFY2(parsed.ok(), qPrintable(parsed.error + QLatin1Char('\n') + QString::fromUtf8(json)));
    QVERIFY(parsed.scenario == original);
    QCOMPARE(parsed.scenario.title, original.title);
    QCOMPARE(parsed.scenario.dimensionNames, original.dimensionNames);
    QCOMPARE(parsed.scenario.tokens, original.tokens);
    for (Index r = 0; r < original.queries.rows(); ++r)
        for (Index c = 0; c < original.queries.cols(); ++c) {
            // Compare the bits: 5e-324 (subnormal) and 1e-300 must survive exactly.
            QCOMPARE(parsed.scenario.queries(r, c), original.queries(r, c));
            QCOMPARE(parsed.scenario.keys(r, c), original.keys(r, c));
        }
    QVERIFY(parsed.scenario.values && original.values);
    QVERIFY(identical(*parsed.scenario.values, *original.values));
    QCOMPARE(parsed.scenario.scoreScale, 0.7);
    QVERIFY(parsed.scenario.divideBySqrtD);
    QVERIFY(parsed.scenario.causal);
    // The explicit values are written, since they are not one-hot.
    QVERIFY(QJsonDocument::fromJson(json).object().contains(QStringLiteral("values")));
}

void TestScenarioFile::oneHotValuesAreOmitted()
{
    const Scenario lesson = *preset(QStringLiteral("lesson"));
    QVERIFY(lesson.hasOneHotValues());
    const QJsonObject written = QJsonDocument::fromJson(scenarioToJson(lesson)).object();
    QVERIFY(!written.isEmpty());
    QVERIFY(!written.contains(QStringLiteral("values")));

    // Read back, the absent values are one-hot again: the 5×5 identity, stored as nothing.
    const ScenarioReadResult parsed = parseScenario(scenarioToJson(lesson));
    QVERIFY2(parsed.ok(), qPrintable(parsed.error));
    QVERIFY(!parsed.scenario.values.has_value());
    const Matrix values = parsed.scenario.valueMatrix();
    QCOMPARE(values.rows(), 5);
    QCOMPARE(values.cols(), 5);
    for (Index r = 0; r < 5; ++r)
        for (Index c = 0; c < 5; ++c) {
            QCOMPARE(values(r, c), r == c ? 1.0 : 0.0);
            QCOMPARE(parsed.scenario.valueEntry(r, c), r == c ? 1.0 : 0.0);
        }

    // Values written out as the identity mean the same: read as one-hot, equal to the lesson.
    QJsonObject explicitIdentity = written;
    QJsonArray rows;
    for (int r = 0; r < 5; ++r) {
        QJsonArray row;
        for (int c = 0; c < 5; ++c)
            row.append(r == c ? 1 : 0);
        rows.append(row);
    }
    explicitIdentity.insert(QStringLiteral("values"), rows);
    const ScenarioReadResult identity = parseScenario(QJsonDocument(explicitIdentity).toJson());
    QVERIFY2(identity.ok(), qPrintable(identity.error));
    QVERIFY(identity.scenario.hasOneHotValues());
    QVERIFY(identity.scenario == lesson);
}

void TestScenarioFile::architectureExampleIsTheLessonPreset()
{
    const ScenarioReadResult parsed = parseScenario(QByteArray(architectureExample));
    QVERIFY2(parsed.ok(), qPrintable(parsed.error));
    QVERIFY(parsed.scenario == *preset(QStringLiteral("lesson")));
}

void TestScenarioFile::optionalFieldsHaveDefaults()
{
    const QByteArray minimal = R"({"format": "attention-lab-scenario", "version": 1,
        "tokens": ["a", "b"], "queries": [[1], [2]], "keys": [[3], [-4]]})";
    const ScenarioReadResult parsed = parseScenario(minimal);
    QVERIFY2(parsed.ok(), qPrintable(parsed.error));
    const Scenario &s = parsed.scenario;
    QVERIFY(s.title.isEmpty());
    QVERIFY(s.dimensionNames.isEmpty());
    QCOMPARE(s.tokens, QStringList({QStringLiteral("a"), QStringLiteral("b")}));
    QCOMPARE(s.queries(1, 0), 2.0);
    QCOMPARE(s.keys(1, 0), -4.0);
    QCOMPARE(s.scoreScale, 1.0);
    QCOMPARE(s.divideBySqrtD, false);
    QCOMPARE(s.causal, false);
    QVERIFY(s.hasOneHotValues());
    QCOMPARE(s.valueDimension(), 2);
}

void TestScenarioFile::writtenFieldsAreInDocumentedOrder()
{
    const QByteArray json = scenarioToJson(oddScenario());
    const char *order[] = {
        "\"format\"",      "\"version\"",          "\"title\"", "\"dimension_names\"",
        "\"tokens\"",      "\"queries\"",          "\"keys\"",  "\"values\"",
        "\"score_scale\"", "\"divide_by_sqrt_d\"", "\"causal\""};
    qsizetype previous = -1;
    for (const char *key : order) {
        const qsizetype at = json.indexOf(key);
        QVERIFY2(at > previous, key);
        previous = at;
    }
    // One matrix row per line: the three query rows start three separate lines.
    QVERIFY(json.contains("\"queries\": [\n        [1e-300, -123456.789],\n        ["));
}

void TestScenarioFile::malformed_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("path");   // the message must start with "<path>: "
    QTest::addColumn<QString>("detail"); // and contain this, when not empty

    const QString root = QStringLiteral("(root)");
    const QByteArray valid(architectureExample);

    QTest::newRow("empty text") << QByteArray() << root << QStringLiteral("not valid JSON");
    QTest::newRow("truncated JSON")
        << valid.left(valid.size() / 2) << root << QStringLiteral("not valid JSON");
    QTest::newRow("trailing garbage") << valid + "]" << root << QStringLiteral("not valid JSON");
    QTest::newRow("not an object") << QByteArray("[1, 2, 3]") << root << QStringLiteral("an array");
    QTest::newRow("unknown field at root")
        << withField("causl", true) << root << QStringLiteral("\"causl\"");
    QTest::newRow("format missing")
        << withoutField("format") << QStringLiteral("format") << QString();
    QTest::newRow("wrong format string")
        << withField("format", QStringLiteral("attention-lab")) << QStringLiteral("format")
        << QStringLiteral("attention-lab-scenario");
    QTest::newRow("format not a string")
        << withField("format", 1) << QStringLiteral("format") << QStringLiteral("the number 1");
    QTest::newRow("wrong version") << withField("version", 2) << QStringLiteral("version")
                                   << QStringLiteral("unsupported version 2");
    QTest::newRow("fractional version")
        << withField("version", 1.5) << QStringLiteral("version") << QStringLiteral("1.5");
    QTest::newRow("version a string")
        << withField("version", QStringLiteral("1")) << QStringLiteral("version")
        << QStringLiteral("expected a number");
    QTest::newRow("title not a string")
        << withField("title", 3) << QStringLiteral("title") << QString();
    QTest::newRow("tokens missing")
        << withoutField("tokens") << QStringLiteral("tokens") << QString();
    QTest::newRow("tokens not an array")
        << withField("tokens", QStringLiteral("床前明月光")) << QStringLiteral("tokens")
        << QStringLiteral("expected an array");
    QTest::newRow("token a number") << withElement("tokens", 2, 3) << QStringLiteral("tokens[2]")
                                    << QStringLiteral("expected a string");
    QTest::newRow("empty token") << withElement("tokens", 1, QString())
                                 << QStringLiteral("tokens[1]") << QStringLiteral("empty");
    QTest::newRow("whitespace-only token")
        << withElement("tokens", 3, QStringLiteral(" \t ")) << QStringLiteral("tokens[3]")
        << QStringLiteral("empty");
    QTest::newRow("no tokens (T = 0)")
        << generated(0, 2) << QStringLiteral("tokens") << QStringLiteral("0 tokens");
    QTest::newRow("4097 tokens") << generated(4097, 1) << QStringLiteral("tokens")
                                 << QStringLiteral("4097");
    QTest::newRow("queries missing")
        << withoutField("queries") << QStringLiteral("queries") << QString();
    QTest::newRow("query entry a string")
        << withEntry("queries", 4, 1, QStringLiteral("x")) << QStringLiteral("queries[4][1]")
        << QStringLiteral("the string \"x\"");
    QTest::newRow("query entry null") << withEntry("queries", 0, 0, QJsonValue())
                                      << QStringLiteral("queries[0][0]") << QStringLiteral("null");
    QTest::newRow("query row not an array")
        << withElement("queries", 2, 5) << QStringLiteral("queries[2]")
        << QStringLiteral("expected an array");
    QTest::newRow("ragged queries") << withElement("queries", 3, numbers({1.0}))
                                    << QStringLiteral("queries[3]") << QStringLiteral("width 1");
    QTest::newRow("ragged keys") << withElement("keys", 3, numbers({0.5}))
                                 << QStringLiteral("keys[3]") << QStringLiteral("width 1");
    QTest::newRow("keys wider than queries")
        << withField("keys", QJsonArray({numbers({1, 2, 3}), numbers({1, 2, 3}), numbers({1, 2, 3}),
                                         numbers({1, 2, 3}), numbers({1, 2, 3})}))
        << QStringLiteral("keys[0]") << QStringLiteral("width of queries");
    QTest::newRow("key entry a boolean")
        << withEntry("keys", 1, 0, true) << QStringLiteral("keys[1][0]")
        << QStringLiteral("expected a number");
    QTest::newRow("fewer query rows than tokens")
        << withField("queries", QJsonArray({numbers({0, 1}), numbers({0, 1}), numbers({1, 0}),
                                            numbers({1, 0})}))
        << QStringLiteral("queries") << QStringLiteral("4 rows, expected 5");
    QTest::newRow("more key rows than tokens")
        << withField("keys", QJsonArray({numbers({0, 1}), numbers({0, 1}), numbers({1, 0}),
                                         numbers({1, 0}), numbers({1, 0}), numbers({1, 0})}))
        << QStringLiteral("keys") << QStringLiteral("6 rows");
    QTest::newRow("d = 0") << generated(3, 0) << QStringLiteral("queries[0]")
                           << QStringLiteral("width 0");
    QTest::newRow("d = 4097") << generated(1, 4097) << QStringLiteral("queries[0]")
                              << QStringLiteral("4097");
    QTest::newRow("query 1e400 (overflow)")
        << withRawEntry("queries", 2, 1, "1e400") << QStringLiteral("queries[2][1]")
        << QStringLiteral("1e400");
    QTest::newRow("key -1e400 (overflow)")
        << withRawEntry("keys", 4, 0, "-1e400") << QStringLiteral("keys[4][0]")
        << QStringLiteral("-1e400");
    QTest::newRow("value 1e-400 (underflow)")
        << withRawEntry("values", 0, 3, "1e-400") << QStringLiteral("values[0][3]")
        << QStringLiteral("1e-400");
    QTest::newRow("huge query 2e6") << withEntry("queries", 1, 0, 2e6)
                                    << QStringLiteral("queries[1][0]") << QStringLiteral("2000000");
    QTest::newRow("huge key -1e300")
        << withEntry("keys", 0, 1, -1e300) << QStringLiteral("keys[0][1]") << QString();
    QTest::newRow("huge value -2e6")
        << withEntry("values", 3, 3, -2e6) << QStringLiteral("values[3][3]") << QString();
    QTest::newRow("values not an array") << withField("values", 1) << QStringLiteral("values")
                                         << QStringLiteral("expected an array");
    QTest::newRow("ragged values")
        << withElement("values", 2, numbers({0, 1})) << QStringLiteral("values[2]")
        << QStringLiteral("(the width of values[0])");
    QTest::newRow("too few value rows")
        << withField("values", QJsonArray({numbers({1, 0}), numbers({0, 1})}))
        << QStringLiteral("values") << QStringLiteral("2 rows");
    QTest::newRow("value entry a string")
        << withEntry("values", 1, 1, QStringLiteral("1")) << QStringLiteral("values[1][1]")
        << QStringLiteral("the string \"1\"");
    QTest::newRow("dimension_names wrong count")
        << withField("dimension_names",
                     QJsonArray({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}))
        << QStringLiteral("dimension_names") << QStringLiteral("3");
    QTest::newRow("dimension name a number")
        << withField("dimension_names", QJsonArray({QStringLiteral("sky"), 2}))
        << QStringLiteral("dimension_names[1]") << QStringLiteral("expected a string");
    QTest::newRow("score_scale negative")
        << withField("score_scale", -0.5) << QStringLiteral("score_scale")
        << QStringLiteral("-0.5");
    QTest::newRow("score_scale too large")
        << withField("score_scale", 1000.5) << QStringLiteral("score_scale")
        << QStringLiteral("1000.5");
    QTest::newRow("score_scale a string")
        << withField("score_scale", QStringLiteral("5")) << QStringLiteral("score_scale")
        << QStringLiteral("expected a number");
    QTest::newRow("score_scale 1e400") << withRawField("score_scale", "1e400")
                                       << QStringLiteral("score_scale") << QStringLiteral("1e400");
    QTest::newRow("causal a string")
        << withField("causal", QStringLiteral("yes")) << QStringLiteral("causal")
        << QStringLiteral("expected true or false");
    QTest::newRow("divide_by_sqrt_d a number")
        << withField("divide_by_sqrt_d", 1) << QStringLiteral("divide_by_sqrt_d")
        << QStringLiteral("the number 1");

    // Found by tests/fuzz/fuzz_scenario: an escaped surrogate without its pair was read, but
    // UTF-8 cannot hold it, so writing the scenario back turned it into "?".
    QTest::newRow("fuzz: unpaired high surrogate in the title")
        << withRawField("title", "\"a\\ud800b\"") << QStringLiteral("title")
        << QStringLiteral("unpaired surrogate");
    QTest::newRow("fuzz: unpaired low surrogate in a token")
        << withElement("tokens", 1, QStringLiteral("@raw@")).replace("\"@raw@\"", "\"\\udc00\"")
        << QStringLiteral("tokens[1]") << QStringLiteral("unpaired surrogate");
    QTest::newRow("fuzz: surrogates in the wrong order in a dimension name")
        << withField("dimension_names", QJsonArray({QStringLiteral("@raw@"), QStringLiteral("y")}))
               .replace("\"@raw@\"", "\"\\ude42\\ud83d\"")
        << QStringLiteral("dimension_names[0]") << QStringLiteral("unpaired surrogate");
    // Seeds of the fuzz corpus that the reader must refuse cleanly.
    QTest::newRow("arrays nested 5000 deep")
        << QByteArray("{\"queries\": " + QByteArray(5000, '[') + QByteArray(5000, ']') + '}')
        << root << QStringLiteral("not valid JSON");
    QTest::newRow("bytes that are not UTF-8 in a token")
        << QByteArray(valid).replace("\"光\"", "\"\xff\xfe\xc3\"") << root
        << QStringLiteral("not valid JSON");
}

void TestScenarioFile::malformed()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, path);
    QFETCH(QString, detail);

    const ScenarioReadResult result = parseScenario(json);
    QVERIFY(!result.ok());
    QVERIFY2(result.error.startsWith(path + QStringLiteral(": ")), qPrintable(result.error));
    if (!detail.isEmpty())
        QVERIFY2(result.error.contains(detail), qPrintable(result.error));
    QVERIFY2(!result.error.contains(QLatin1Char('\n')), "one message, one line");
    // Refused as a whole: nothing of the file is handed out.
    QVERIFY(result.scenario == Scenario());
}

void TestScenarioFile::messageWording()
{
    // Without a translator the messages read as documented.
    QCOMPARE(parseScenario(withEntry("queries", 4, 1, QStringLiteral("x"))).error,
             QStringLiteral("queries[4][1]: expected a number, found the string \"x\""));
    QCOMPARE(parseScenario(withField("causl", false)).error,
             QStringLiteral("(root): unknown field \"causl\""));
    QCOMPARE(parseScenario(withElement("tokens", 2, QString())).error,
             QStringLiteral("tokens[2]: a token must not be empty"));
    QVERIFY(parseScenario(withField("format", QStringLiteral("x")))
                .error.startsWith(QStringLiteral("format: expected \"attention-lab-scenario\"")));
    QVERIFY(parseScenario(withField("version", 2))
                .error.startsWith(QStringLiteral("version: unsupported version 2")));
    const QString parseError = parseScenario("{\"format\": }").error;
    QVERIFY2(parseError.startsWith(QStringLiteral("(root): not valid JSON: ")),
             qPrintable(parseError));
    QVERIFY2(parseError.contains(QStringLiteral(" at offset ")), qPrintable(parseError));
}

void TestScenarioFile::escapedSurrogatePairIsRead()
{
    // The refusal of unpaired surrogates must not touch a proper pair: U+1F642 is D83D DE42.
    const ScenarioReadResult result =
        parseScenario(withElement("tokens", 1, QStringLiteral("@raw@"))
                          .replace("\"@raw@\"", "\"\\ud83d\\ude42\""));
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(result.scenario.tokens.at(1), QString::fromUcs4(U"\U0001F642"));
}

void TestScenarioFile::messagesAreTranslated()
{
    Language language;
    QVERIFY(language.setLanguage(QStringLiteral("zh_CN")));
    const QString chinese = parseScenario(withEntry("queries", 4, 1, QStringLiteral("x"))).error;
    QVERIFY(language.setLanguage(QStringLiteral("en")));
    const QString english = parseScenario(withEntry("queries", 4, 1, QStringLiteral("x"))).error;
    // The words change, the JSON path does not.
    QVERIFY2(chinese.startsWith(QStringLiteral("queries[4][1]: ")), qPrintable(chinese));
    QVERIFY2(chinese.contains(QStringLiteral("应为数字")), qPrintable(chinese));
    QVERIFY2(chinese.contains(QStringLiteral("\"x\"")), qPrintable(chinese));
    QCOMPARE(english, QStringLiteral("queries[4][1]: expected a number, found the string \"x\""));
}

void TestScenarioFile::loadPrefixesFileName()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fileName = dir.filePath(QStringLiteral("bad number.json"));
    QVERIFY(writeAll(fileName, withRawEntry("queries", 4, 1, "1e400")));
    const ScenarioReadResult result = loadScenario(fileName);
    QVERIFY(!result.ok());
    QVERIFY2(result.error.startsWith(nativePath(fileName) + QStringLiteral(": queries[4][1]: ")),
             qPrintable(result.error));
}

void TestScenarioFile::loadMissingFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fileName = dir.filePath(QStringLiteral("missing.json"));
    const ScenarioReadResult result = loadScenario(fileName);
    QVERIFY(!result.ok());
    QVERIFY2(result.error.startsWith(nativePath(fileName) + QStringLiteral(": ")),
             qPrintable(result.error));
    QVERIFY2(result.error.contains(QStringLiteral("no such file")), qPrintable(result.error));

    QVERIFY(!loadScenario(QString()).ok());
}

void TestScenarioFile::loadDirectory()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const ScenarioReadResult result = loadScenario(dir.path());
    QVERIFY(!result.ok());
    QVERIFY2(result.error.startsWith(nativePath(dir.path()) + QStringLiteral(": ")),
             qPrintable(result.error));
    QVERIFY2(result.error.contains(QStringLiteral("directory")), qPrintable(result.error));
}

void TestScenarioFile::loadUnreadableFile()
{
    // Root reads files whatever their permissions: as root, the reading is done as nobody.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(Unprivileged::makeReachable(dir.path()));
    const QString fileName = dir.filePath(QStringLiteral("secret.json"));
    QVERIFY(saveScenario(*preset(QStringLiteral("lesson")), fileName));
    QVERIFY(Unprivileged::giveToNobody(fileName));
    QVERIFY(QFile::setPermissions(fileName, QFileDevice::Permissions()));
    ScenarioReadResult result;
    {
        const Unprivileged guard;
        if (!guard.ok())
            QSKIP(guard.whyNot());
        result = loadScenario(fileName);
    }
    QFile::setPermissions(fileName, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    QVERIFY(!result.ok());
    QVERIFY2(result.error.startsWith(nativePath(fileName) + QStringLiteral(": ")),
             qPrintable(result.error));
    QVERIFY2(result.error.contains(QStringLiteral("cannot be read")), qPrintable(result.error));
}

void TestScenarioFile::loadEmptyFile_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::newRow("no bytes") << QByteArray();
    QTest::newRow("white space only") << QByteArray(" \n\t\r\n");
}

void TestScenarioFile::loadEmptyFile()
{
    // Said as such, not as "not valid JSON: illegal value at offset 0".
    QFETCH(QByteArray, content);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fileName = dir.filePath(QStringLiteral("empty.json"));
    QVERIFY(writeAll(fileName, content));
    QCOMPARE(loadScenario(fileName).error,
             nativePath(fileName) + QStringLiteral(": the file is empty"));
    QCOMPARE(loadScenario(fileName).problem->code, ScenarioError::Code::EmptyFile);
}

void TestScenarioFile::loadTooLargeFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fileName = dir.filePath(QStringLiteral("huge.json"));
    {
        // A sparse file: the reader must refuse it from its size, without reading it.
        QFile file(fileName);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.resize(qint64(257) * 1024 * 1024));
    }
    const ScenarioReadResult result = loadScenario(fileName);
    QVERIFY(!result.ok());
    QVERIFY2(result.error.startsWith(nativePath(fileName) + QStringLiteral(": ")),
             qPrintable(result.error));
    QVERIFY2(result.error.contains(QStringLiteral("256 MiB")), qPrintable(result.error));
}

void TestScenarioFile::saveIntoMissingDirectory()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fileName = dir.filePath(QStringLiteral("no/such/dir/out.json"));
    QString error;
    QVERIFY(!saveScenario(*preset(QStringLiteral("lesson")), fileName, &error));
    QVERIFY2(error.startsWith(nativePath(fileName) + QStringLiteral(": ")), qPrintable(error));
    QVERIFY(!QFileInfo::exists(fileName));
}

void TestScenarioFile::saveReplacesContent()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fileName = dir.filePath(QStringLiteral("scenario.json"));
    QVERIFY(writeAll(fileName, "old content\n"));
    const Scenario scenario = oddScenario();
    QString error;
    QVERIFY2(saveScenario(scenario, fileName, &error), qPrintable(error));
    QCOMPARE(readAll(fileName), scenarioToJson(scenario));
    const ScenarioReadResult loaded = loadScenario(fileName);
    QVERIFY2(loaded.ok(), qPrintable(loaded.error));
    QVERIFY(loaded.scenario == scenario);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("scenario.json")});
}

void TestScenarioFile::saveRefusesInvalidScenario()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fileName = dir.filePath(QStringLiteral("invalid.json"));
    Scenario scenario = *preset(QStringLiteral("lesson"));
    scenario.queries(0, 0) = std::numeric_limits<double>::quiet_NaN();
    QString error;
    QVERIFY(!saveScenario(scenario, fileName, &error));
    QVERIFY2(error.startsWith(nativePath(fileName) + QStringLiteral(": ")), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("queries[0][0]")), qPrintable(error));
    QVERIFY(!QFileInfo::exists(fileName));
}

void TestScenarioFile::saveFailureInReadOnlyDirectoryKeepsOldFile()
{
    // Root writes into read-only folders: as root, the saving is done as nobody, who then owns
    // the folder (readable and searchable by everyone, writable by no one) and the old file, as a
    // user owns their own.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fileName = dir.filePath(QStringLiteral("scenario.json"));
    QVERIFY(writeAll(fileName, "old content\n"));
    QVERIFY(Unprivileged::giveToNobody(fileName));
    QVERIFY(Unprivileged::giveToNobody(dir.path()));
    const QFileDevice::Permissions before = QFile::permissions(dir.path());
    QVERIFY(QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::ExeOwner |
                                                  QFileDevice::ReadGroup | QFileDevice::ExeGroup |
                                                  QFileDevice::ReadOther | QFileDevice::ExeOther));
    QString error;
    bool saved = true;
    {
        const Unprivileged guard;
        if (!guard.ok()) {
            QFile::setPermissions(dir.path(), before);
            QSKIP(guard.whyNot());
        }
        saved = saveScenario(*preset(QStringLiteral("lesson")), fileName, &error);
    }
    QFile::setPermissions(dir.path(), before);
    QVERIFY(!saved);
    QVERIFY2(error.startsWith(nativePath(fileName) + QStringLiteral(": ")), qPrintable(error));
    QCOMPARE(readAll(fileName), QByteArray("old content\n"));
}

void TestScenarioFile::saveFailureWhileWritingKeepsOldFile()
{
#ifdef Q_OS_UNIX
    // A file size limit makes the write itself fail, for root too (EFBIG instead of SIGXFSZ).
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fileName = dir.filePath(QStringLiteral("scenario.json"));
    QVERIFY(writeAll(fileName, "old content\n"));
    const Scenario scenario = *preset(QStringLiteral("random-head"));
    QVERIFY(scenarioToJson(scenario).size() > 512);

    rlimit old{};
    QCOMPARE(getrlimit(RLIMIT_FSIZE, &old), 0);
    rlimit limited = old;
    limited.rlim_cur = 512;
    const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &limited), 0);
    QString error;
    const bool saved = saveScenario(scenario, fileName, &error);
    setrlimit(RLIMIT_FSIZE, &old);
    std::signal(SIGXFSZ, oldHandler);

    QVERIFY(!saved);
    QVERIFY2(error.startsWith(nativePath(fileName) + QStringLiteral(": ")), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("cannot be written")), qPrintable(error));
    QCOMPARE(readAll(fileName), QByteArray("old content\n"));
    // The temporary file is gone too.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("scenario.json")});
#else
    QSKIP("needs RLIMIT_FSIZE");
#endif
}

QTEST_GUILESS_MAIN(TestScenarioFile)
#include "tst_scenariofile.moc"
