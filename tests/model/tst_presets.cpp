// Tests of the built-in presets against figures worked out here by hand: the lesson's step 2 for
// 光, exercise 1, the uniform causal average of step 1 and the seeded random head.

#include "head.h"
#include "presets.h"
#include "verifynear.h"

#include <QTest>
#include <cmath>
#include <vector>

using namespace attention;

namespace {

constexpr double tolerance = 1e-12;

/// softmax(scale · scores), written out with std::exp: the lesson's formula, not the core's code.
std::vector<double> softmaxByHand(const std::vector<double> &scores, double scale)
{
    double sum = 0.0;
    std::vector<double> weights;
    for (double s : scores) {
        weights.push_back(std::exp(scale * s));
        sum += weights.back();
    }
    for (double &w : weights)
        w /= sum;
    return weights;
}

/// Rounds to two decimals, the way the lesson prints its weights.
double twoDecimals(double x)
{
    return std::round(x * 100.0) / 100.0;
}

bool identical(const Matrix &a, const Matrix &b)
{
    return a.rows() == b.rows() && a.cols() == b.cols() && a == b;
}

} // namespace

class TestPresets : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void namesIncludeTheDocumentedOnes();
    void everyPresetIsValid_data();
    void everyPresetIsValid();
    void unknownNameGivesNothing();
    void lessonKeysAreTheLessons();
    void lessonStep2_data();
    void lessonStep2();
    void sharpIsTheLessonTimesFive();
    void exercise1();
    void averageIsTheUniformCausalAverage();
    void randomHeadIsDeterministic();
    void randomHeadMatchesForwardPass();
    void randomScenarioIsSeeded();
};

void TestPresets::namesIncludeTheDocumentedOnes()
{
    const QStringList names = presetNames();
    for (const char *name : {"lesson", "exercise1", "average", "random-head"})
        QVERIFY2(names.contains(QLatin1String(name)), name);
    QCOMPARE(names.first(), QStringLiteral("lesson"));
    QCOMPARE(QSet<QString>(names.begin(), names.end()).size(), names.size()); // no duplicates
}

void TestPresets::everyPresetIsValid_data()
{
    QTest::addColumn<QString>("name");
    for (const QString &name : presetNames())
        QTest::newRow(qPrintable(name)) << name;
}

void TestPresets::everyPresetIsValid()
{
    QFETCH(QString, name);
    const std::optional<Scenario> scenario = preset(name);
    QVERIFY(scenario.has_value());
    QVERIFY2(!scenario->validate(), qPrintable(scenarioErrorText(scenario->validate())));
    QVERIFY(!scenario->title.isEmpty());
    QVERIFY(!presetDescription(name).isEmpty());

    // Every weight row is a probability distribution.
    const ScenarioResult result = scenario->compute();
    QCOMPARE(result.weights.rows(), scenario->tokenCount());
    for (Index i = 0; i < result.weights.rows(); ++i) {
        VERIFY_NEAR(result.weights.row(i).sum(), 1.0, tolerance);
        QVERIFY(result.weights.row(i).allFinite()); // minCoeff() may skip a NaN
        QVERIFY(result.weights.row(i).minCoeff() >= 0.0);
    }
}

void TestPresets::unknownNameGivesNothing()
{
    QVERIFY(!preset(QStringLiteral("no-such-preset")).has_value());
    QVERIFY(!preset(QString()).has_value());
    QVERIFY(presetDescription(QStringLiteral("no-such-preset")).isEmpty());
}

void TestPresets::lessonKeysAreTheLessons()
{
    const Scenario lesson = *preset(QStringLiteral("lesson"));
    QCOMPARE(lesson.tokens,
             QStringList({QStringLiteral("床"), QStringLiteral("前"), QStringLiteral("明"),
                          QStringLiteral("月"), QStringLiteral("光")}));
    const double keys[5][2] = {{0.1, 0.9}, {0.0, 1.0}, {0.9, 0.1}, {1.0, 0.0}, {0.8, 0.2}};
    QCOMPARE(lesson.keys.rows(), 5);
    QCOMPARE(lesson.keys.cols(), 2);
    for (int j = 0; j < 5; ++j)
        for (int c = 0; c < 2; ++c)
            QCOMPARE(lesson.keys(j, c), keys[j][c]);
    QCOMPARE(lesson.queries(4, 0), 1.0); // 光 looks for the sky: [1, 0]
    QCOMPARE(lesson.queries(4, 1), 0.0);
    QCOMPARE(lesson.scoreScale, 1.0);
    QVERIFY(!lesson.causal);
    QVERIFY(!lesson.divideBySqrtD);
    QVERIFY(lesson.hasOneHotValues());
}

void TestPresets::lessonStep2_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<double>("scale");
    QTest::addColumn<QList<double>>("printed"); // the lesson's printed weights for 床 前 明 月 光

    QTest::newRow("lesson, scale 1")
        << QStringLiteral("lesson") << 1.0 << QList<double>{0.12, 0.11, 0.26, 0.29, 0.23};
    QTest::newRow("lesson, scale 5")
        << QStringLiteral("lesson") << 5.0 << QList<double>{0.01, 0.00, 0.30, 0.50, 0.18};
    QTest::newRow("sharp preset") << QStringLiteral("sharp") << 5.0
                                  << QList<double>{0.01, 0.00, 0.30, 0.50, 0.18};
}

void TestPresets::lessonStep2()
{
    QFETCH(QString, name);
    QFETCH(double, scale);
    QFETCH(QList<double>, printed);

    Scenario s = *preset(name);
    s.scoreScale = scale;
    const ScenarioResult result = s.compute();

    // 光's scores, as printed by the lesson: q · k for q = [1, 0].
    const std::vector<double> scores = {0.1, 0.0, 0.9, 1.0, 0.8};
    const std::vector<double> expected = softmaxByHand(scores, scale);
    const Index guang = 4;
    for (Index j = 0; j < 5; ++j) {
        VERIFY_NEAR(result.scores()(guang, j), scale * scores[j], tolerance);
        VERIFY_NEAR(result.weights(guang, j), expected[j], tolerance);
        QCOMPARE(twoDecimals(result.weights(guang, j)), printed.at(j));
        // One-hot values: 光's output row is its weight row.
        VERIFY_NEAR(result.outputMatrix()(guang, j), expected[j], tolerance);
    }
}

void TestPresets::sharpIsTheLessonTimesFive()
{
    // The preset as it is, nothing overwritten: the lesson with a score scale of 5.
    const Scenario sharp = *preset(QStringLiteral("sharp"));
    QCOMPARE(sharp.scoreScale, 5.0);
    QVERIFY(!sharp.causal);
    QVERIFY(!sharp.divideBySqrtD);
    Scenario lesson = *preset(QStringLiteral("lesson"));
    QVERIFY(sharp != lesson);
    lesson.scoreScale = 5.0;
    lesson.title = sharp.title;
    QVERIFY(sharp == lesson);

    // Its weights are the softmax of 5 × the lesson's scores, by hand, for every token, and 光's
    // are the lesson's printed 0.01, 0.00, 0.30, 0.50, 0.18.
    const ScenarioResult result = sharp.compute();
    for (Index i = 0; i < 5; ++i) {
        std::vector<double> scores;
        for (Index j = 0; j < 5; ++j)
            scores.push_back(sharp.queries.row(i).dot(sharp.keys.row(j)));
        const std::vector<double> expected = softmaxByHand(scores, 5.0);
        for (Index j = 0; j < 5; ++j) {
            VERIFY_NEAR(result.scores()(i, j), 5.0 * scores[std::size_t(j)], tolerance);
            VERIFY_NEAR(result.weights(i, j), expected[std::size_t(j)], tolerance);
        }
    }
    const QList<double> printed{0.01, 0.00, 0.30, 0.50, 0.18};
    for (Index j = 0; j < 5; ++j)
        QCOMPARE(twoDecimals(result.weights(4, j)), printed.at(int(j)));
}

void TestPresets::exercise1()
{
    const Scenario s = *preset(QStringLiteral("exercise1"));
    QCOMPARE(s.queries(4, 0), 0.0); // 光 looks for position: [0, 1]
    QCOMPARE(s.queries(4, 1), 1.0);
    // Only 光's query differs from the lesson.
    Scenario lesson = *preset(QStringLiteral("lesson"));
    lesson.queries.row(4) << 0.0, 1.0;
    lesson.title = s.title;
    QVERIFY(s == lesson);

    // With q = [0, 1] the scores are the second column of the keys: 0.9, 1, 0.1, 0, 0.2.
    const std::vector<double> expected = softmaxByHand({0.9, 1.0, 0.1, 0.0, 0.2}, 1.0);
    const ScenarioResult result = s.compute();
    for (Index j = 0; j < 5; ++j)
        VERIFY_NEAR(result.weights(4, j), expected[j], tolerance);
    // Worked out by hand: e^0.9 / (e^0.9 + e + e^0.1 + 1 + e^0.2) ≈ 2.4596 / 8.5045 ≈ 0.2892.
    VERIFY_NEAR(result.weights(4, 0), 0.2891, 1e-3);
    VERIFY_NEAR(result.weights(4, 1), 0.3196, 1e-3);
    // The weight moved from 明/月 to 床/前.
    QVERIFY(result.weights(4, 0) + result.weights(4, 1) >
            result.weights(4, 2) + result.weights(4, 3));
}

void TestPresets::averageIsTheUniformCausalAverage()
{
    const Scenario s = *preset(QStringLiteral("average"));
    QVERIFY(s.causal);
    const ScenarioResult result = s.compute();
    const Index T = s.tokenCount();
    QCOMPARE(T, 5);
    for (Index i = 0; i < T; ++i) {
        for (Index j = 0; j < T; ++j) {
            if (j <= i)
                VERIFY_NEAR(result.weights(i, j), 1.0 / double(i + 1), tolerance);
            else
                QCOMPARE(result.weights(i, j), 0.0); // exactly zero above the diagonal
        }
        // Output row i is the plain mean of value rows 0…i.
        for (Index c = 0; c < s.valueDimension(); ++c) {
            double sum = 0.0;
            for (Index j = 0; j <= i; ++j)
                sum += (*s.values)(j, c);
            VERIFY_NEAR(result.outputMatrix()(i, c), sum / double(i + 1), tolerance);
        }
    }
    // The values are not trivial, so the averages mean something.
    QVERIFY(!s.hasOneHotValues());
    QVERIFY(s.values->allFinite()); // maxCoeff() may skip a NaN
    QVERIFY(s.values->cwiseAbs().maxCoeff() > 0.1);
}

void TestPresets::randomHeadIsDeterministic()
{
    const Scenario a = *preset(QStringLiteral("random-head"));
    const Scenario b = *preset(QStringLiteral("random-head"));
    QVERIFY(a == b);
    QVERIFY(identical(a.queries, b.queries));
}

void TestPresets::randomHeadMatchesForwardPass()
{
    const Scenario s = *preset(QStringLiteral("random-head"));
    QCOMPARE(s.tokenCount(), 5);
    QCOMPARE(s.dimension(), 8);
    QCOMPARE(s.valueDimension(), 8);
    QVERIFY(s.causal);
    QVERIFY(s.divideBySqrtD);
    QCOMPARE(s.scoreScale, 1.0);

    // The lesson's head: x (5, 16) and W_q, W_k, W_v (16, 8), all from one seeded generator.
    Random rng(5);
    const Matrix x = rng.normalMatrix(5, 16);
    const Head head = Head::random(16, 8, rng);
    const HeadResult forwarded = forward(head, x, true);
    QVERIFY(maxAbsDifference(s.queries, forwarded.q) < tolerance);
    QVERIFY(maxAbsDifference(s.keys, forwarded.k) < tolerance);
    QVERIFY(maxAbsDifference(*s.values, forwarded.v) < tolerance);

    // The scenario's switches give the head's attention, and PyTorch's semantics.
    const ScenarioResult result = s.compute();
    QVERIFY(maxAbsDifference(result.weights, forwarded.attention.weights) < tolerance);
    QVERIFY(maxAbsDifference(result.outputMatrix(), forwarded.attention.output) < tolerance);
    const Matrix reference = referenceAttention(s.queries, s.keys, *s.values, true);
    QVERIFY(maxAbsDifference(result.outputMatrix(), reference) < 1e-9);
}

void TestPresets::randomScenarioIsSeeded()
{
    const QStringList tokens = {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
    const Scenario a = randomScenario(tokens, 4, 7);
    const Scenario b = randomScenario(tokens, 4, 7);
    const Scenario c = randomScenario(tokens, 4, 8);
    QVERIFY(a == b);
    QVERIFY(!identical(a.queries, c.queries));
    QCOMPARE(a.tokens, tokens);
    QCOMPARE(a.queries.rows(), 3);
    QCOMPARE(a.queries.cols(), 4);
    QCOMPARE(a.keys.cols(), 4);
    QVERIFY(a.hasOneHotValues());
    QVERIFY2(!a.validate(), qPrintable(scenarioErrorText(a.validate())));
    // Queries then keys, drawn in that order from the seed.
    Random rng(7);
    QVERIFY(identical(a.queries, rng.normalMatrix(3, 4)));
    QVERIFY(identical(a.keys, rng.normalMatrix(3, 4)));
}

QTEST_GUILESS_MAIN(TestPresets)
#include "tst_presets.moc"
