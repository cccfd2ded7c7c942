// Tests of the scenario errors: every code has words in both languages, and the validator and the
// reader give the right code, JSON path and numbers (the words themselves are compared in
// tst_scenariofile, tst_document and the CLI and widget tests).

#include "language.h"
#include "scenarioerror.h"
#include "scenariofile.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <limits>

using namespace attention;

using Code = ScenarioError::Code;
Q_DECLARE_METATYPE(std::optional<attention::ScenarioError>)

namespace {

/// Two tokens, d = 2, one-hot values: valid.
Scenario twoTokens()
{
    Scenario s;
    s.tokens = {QStringLiteral("a"), QStringLiteral("b")};
    s.queries = Matrix::Zero(2, 2);
    s.keys = Matrix::Zero(2, 2);
    return s;
}

/// The smallest valid file with `extra` written into its root object.
QByteArray fileWith(const QByteArray &extra = {})
{
    return R"({"format": "attention-lab-scenario", "version": 1, "tokens": ["a"],
               "queries": [[1]], "keys": [[1]])" +
           extra + '}';
}

/// Every code with a path and numbers, so that its words have something to show.
QList<ScenarioError> everyCode()
{
    QList<ScenarioError> errors;
    for (int c = 0; c <= int(ScenarioError::lastCode); ++c) {
        ScenarioError error;
        error.code = Code(c);
        error.path = QStringLiteral("queries[4][1]");
        error.value = 7;
        error.limit = 3;
        error.detail = QStringLiteral("keys");
        error.found = QJsonValue(QStringLiteral("x"));
        errors.append(error);
    }
    return errors;
}

} // namespace

class TestScenarioError : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyCodeHasWords();
    void everyCodeHasChineseWords();
    void fileAndPathComeFirst();
    void carriesCodePathAndValue_data();
    void carriesCodePathAndValue();
    void fileErrorsNameTheFile();
};

void TestScenarioError::everyCodeHasWords()
{
    for (const ScenarioError &error : everyCode()) {
        const QString text = scenarioErrorText(error);
        const QString where = QStringLiteral("code %1: \"%2\"").arg(int(error.code)).arg(text);
        QVERIFY2(!text.isEmpty(), qPrintable(where));
        // More than the path: something after it says what is wrong.
        QString what = text.startsWith(error.path) ? text.mid(error.path.size()) : text;
        QVERIFY2(!what.remove(QLatin1Char(':')).trimmed().isEmpty(), qPrintable(where));
        QVERIFY2(!text.contains(QLatin1Char('\n')), qPrintable(where));
    }
    QVERIFY(scenarioErrorText(std::optional<ScenarioError>()).isEmpty());
}

void TestScenarioError::everyCodeHasChineseWords()
{
    QStringList english;
    for (const ScenarioError &error : everyCode())
        english.append(scenarioErrorText(error));
    Language language;
    QVERIFY(language.setLanguage(QStringLiteral("zh_CN")));
    const QList<ScenarioError> errors = everyCode();
    for (qsizetype i = 0; i < errors.size(); ++i) {
        const QString chinese = scenarioErrorText(errors.at(i));
        QVERIFY2(chinese != english.at(i),
                 qPrintable(QStringLiteral("code %1 is not translated: \"%2\"")
                                .arg(int(errors.at(i).code))
                                .arg(chinese)));
    }
    QVERIFY(language.setLanguage(QStringLiteral("en")));
}

void TestScenarioError::fileAndPathComeFirst()
{
    ScenarioError error;
    error.code = Code::MissingField;
    error.path = QStringLiteral("keys");
    QCOMPARE(scenarioErrorText(error), QStringLiteral("keys: this field is missing"));
    error.file = QStringLiteral("a.json");
    QCOMPARE(scenarioErrorText(error), QStringLiteral("a.json: keys: this field is missing"));
    error.path.clear();
    QCOMPARE(scenarioErrorText(error), QStringLiteral("a.json: this field is missing"));
}

void TestScenarioError::carriesCodePathAndValue_data()
{
    QTest::addColumn<std::optional<ScenarioError>>("error");
    QTest::addColumn<Code>("code");
    QTest::addColumn<QString>("path");
    QTest::addColumn<double>("value");
    QTest::addColumn<double>("limit");
    QTest::addColumn<QString>("detail");

    const double maxTokens = ScenarioLimits::maxTokens;
    QTest::newRow("validate: no tokens")
        << Scenario().validate() << Code::TokenCount << QStringLiteral("tokens") << 0.0 << maxTokens
        << QString();
    Scenario blank = twoTokens();
    blank.tokens[1] = QStringLiteral("  ");
    QTest::newRow("validate: a blank token")
        << blank.validate() << Code::EmptyToken << QStringLiteral("tokens[1]") << 1.0 << 0.0
        << QString();
    Scenario narrowKeys = twoTokens();
    narrowKeys.keys = Matrix::Zero(2, 1);
    QTest::newRow("validate: keys narrower than the queries")
        << narrowKeys.validate() << Code::KeyWidth << QStringLiteral("keys") << 1.0 << 2.0
        << QString();
    Scenario large = twoTokens();
    large.queries(1, 0) = -2e6;
    QTest::newRow("validate: an entry too large")
        << large.validate() << Code::EntryTooLarge << QStringLiteral("queries[1][0]") << -2e6
        << ScenarioLimits::maxMagnitude << QString();
    QTest::newRow("checkRow: not finite, at the row asked for")
        << checkRow("keys", 4, RowVector::Constant(3, std::numeric_limits<double>::infinity()))
        << Code::EntryNotFinite << QStringLiteral("keys[4][0]")
        << std::numeric_limits<double>::infinity() << 0.0 << QString();
    QTest::newRow("checkScoreScale: above the limit")
        << checkScoreScale(2000) << Code::ScoreScale << QStringLiteral("score_scale") << 2000.0
        << ScenarioLimits::maxScale << QString();

    QTest::newRow("read: an unknown field")
        << parseScenario(fileWith(R"(, "causl": true)")).problem << Code::UnknownField
        << QStringLiteral("(root)") << 0.0 << 0.0 << QStringLiteral("causl");
    QTest::newRow("read: a string where a number should be")
        << parseScenario(fileWith(R"(, "score_scale": "1")")).problem << Code::ExpectedNumber
        << QStringLiteral("score_scale") << 0.0 << 0.0 << QString();
    QTest::newRow("read: a row too wide")
        << parseScenario(R"({"format": "attention-lab-scenario", "version": 1, "tokens": ["a"],
                             "queries": [[1, 2]], "keys": [[1, 2, 3]]})")
               .problem
        << Code::RowWidthMismatch << QStringLiteral("keys[0]") << 3.0 << 2.0
        << QStringLiteral("queries");
    QTest::newRow("read: a number past a double")
        << parseScenario(fileWith(R"(, "score_scale": 1e400)")).problem << Code::NumberOutOfRange
        << QStringLiteral("score_scale") << 0.0 << 0.0 << QStringLiteral("1e400");
    QTest::newRow("read: the validator's limits")
        << parseScenario(fileWith(R"(, "score_scale": 1001)")).problem << Code::ScoreScale
        << QStringLiteral("score_scale") << 1001.0 << ScenarioLimits::maxScale << QString();
    QTest::newRow("read: a blank token, by the validator's check")
        << parseScenario(R"({"format": "attention-lab-scenario", "version": 1, "tokens": [" "],
                             "queries": [[1]], "keys": [[1]]})")
               .problem
        << Code::EmptyToken << QStringLiteral("tokens[0]") << 0.0 << 0.0 << QString();
}

void TestScenarioError::carriesCodePathAndValue()
{
    QFETCH(std::optional<ScenarioError>, error);
    QFETCH(Code, code);
    QFETCH(QString, path);
    QFETCH(double, value);
    QFETCH(double, limit);
    QFETCH(QString, detail);

    QVERIFY(error);
    QCOMPARE(error->code, code);
    QCOMPARE(error->path, path);
    QCOMPARE(error->value, value);
    QCOMPARE(error->limit, limit);
    QCOMPARE(error->detail, detail);
    QVERIFY(error->file.isEmpty());
}

void TestScenarioError::fileErrorsNameTheFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString missing = dir.filePath(QStringLiteral("missing.json"));
    const ScenarioReadResult read = loadScenario(missing);
    QVERIFY(read.problem);
    QCOMPARE(read.problem->code, Code::NoSuchFile);
    QCOMPARE(read.problem->file, QDir::toNativeSeparators(missing));
    QVERIFY(read.problem->path.isEmpty());
    QCOMPARE(read.error, scenarioErrorText(*read.problem));

    QCOMPARE(loadScenario(dir.path()).problem->code, Code::IsDirectory);
    QCOMPARE(loadScenario(QString()).problem->code, Code::NoFileName);
    QVERIFY(loadScenario(QString()).problem->file.isEmpty());
}

QTEST_GUILESS_MAIN(TestScenarioError)
#include "tst_scenarioerror.moc"
