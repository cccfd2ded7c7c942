// Tests of ScenarioDocument: every setter edits the scenario, recomputes, signals once and pushes
// one undo step; continuous edits merge; invalid edits change nothing.

#include "heapinuse.h"
#include "presets.h"
#include "scenariodocument.h"
#include "tablepool.h"

#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>
#include <cmath>
#include <functional>
#include <limits>

using namespace attention;

using Edit = std::function<bool(ScenarioDocument &)>;
using Expectation = std::function<void(Scenario &)>;
Q_DECLARE_METATYPE(Edit)
Q_DECLARE_METATYPE(Expectation)
Q_DECLARE_METATYPE(attention::Scenario)

namespace {

constexpr double tolerance = 1e-12;
constexpr double notANumber = std::numeric_limits<double>::quiet_NaN();
constexpr double infinity = std::numeric_limits<double>::infinity();

Scenario lesson()
{
    return *preset(QStringLiteral("lesson"));
}

Matrix matrix(Index rows, Index cols, std::initializer_list<double> entries)
{
    Matrix m(rows, cols);
    Index i = 0;
    for (double x : entries) {
        m(i / cols, i % cols) = x;
        ++i;
    }
    return m;
}

RowVector row(std::initializer_list<double> entries)
{
    RowVector v(static_cast<Index>(entries.size()));
    Index i = 0;
    for (double x : entries)
        v(i++) = x;
    return v;
}

/// The weights of `s` with plain loops: scale · q·k (/ √d), −∞ above the diagonal when causal,
/// exp(s − max) / Σ.
Matrix weightsByHand(const Scenario &s)
{
    const Index T = s.tokenCount();
    const Index d = s.queries.cols();
    Matrix weights = Matrix::Zero(T, T);
    for (Index i = 0; i < T; ++i) {
        std::vector<double> scores;
        for (Index j = 0; j < T; ++j) {
            double dot = 0.0;
            for (Index c = 0; c < d; ++c)
                dot += s.queries(i, c) * s.keys(j, c);
            double score = s.scoreScale * dot;
            if (s.divideBySqrtD)
                score /= std::sqrt(double(d));
            scores.push_back(s.causal && j > i ? -infinity : score);
        }
        double max = -infinity;
        for (double x : scores)
            max = std::max(max, x);
        double sum = 0.0;
        for (Index j = 0; j < T; ++j) {
            weights(i, j) = std::exp(scores[std::size_t(j)] - max);
            sum += weights(i, j);
        }
        weights.row(i) /= sum;
    }
    return weights;
}

/// The document's result is the one of its scenario, computed afresh here.
bool resultMatches(const ScenarioDocument &document, const Scenario &expected)
{
    const ScenarioResult &result = document.result();
    ScoreOptions options;
    options.scoreScale = expected.scoreScale;
    options.divideBySqrtD = expected.divideBySqrtD;
    options.causal = expected.causal;
    const Matrix values = expected.valueMatrix();
    const AttentionResult fresh = attend(expected.queries, expected.keys, values, options);
    const Matrix byHand = weightsByHand(expected);
    const Matrix outputByHand = byHand * values;
    return result.weights.rows() == expected.tokenCount() &&
           result.weights.cols() == expected.tokenCount() &&
           result.outputMatrix().cols() == expected.valueDimension() &&
           maxAbsDifference(result.weights, fresh.weights) < tolerance &&
           maxAbsDifference(result.weights, byHand) < tolerance &&
           maxAbsDifference(result.outputMatrix(), fresh.output) < tolerance &&
           maxAbsDifference(result.outputMatrix(), outputByHand) < tolerance;
}

} // namespace

class TestDocument : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void startsWithTheLesson();
    void setters_data();
    void setters();
    void scaleDragMergesIntoOneStep();
    void regenerableScenarioLeavesAnUntouchedDocumentUnmodified();
    void vectorDragsMergePerToken();
    void dragBackToStartLeavesNoStep();
    void invalidEdits_data();
    void invalidEdits();
    void successClearsLastError();
    void unchangedEditPushesNothing();
    void insertAndRemoveWithExplicitValues();
    void setDimensionPadsWithZeros();
    void modifiedState();
    void resetReplacesAndClearsHistory();
    void fileName();
    void historyIsBounded();
    void largeScenariosAreComputedOnTheWorker();
    void workerMergesEditsFasterThanItComputes();
    void undoOfManyEditsStaysSmall();
    void undoAcrossAReplaceRestoresEachState();
};

void TestDocument::startsWithTheLesson()
{
    ScenarioDocument document;
    QVERIFY(document.scenario() == lesson());
    QVERIFY(resultMatches(document, lesson()));
    QVERIFY(!document.isModified());
    QCOMPARE(document.undoStack()->count(), 0);
}

void TestDocument::setters_data()
{
    QTest::addColumn<Edit>("edit");
    QTest::addColumn<Expectation>("expect"); // applied to the lesson, written out here

    QTest::newRow("setTitle") << Edit([](ScenarioDocument &d) {
        return d.setTitle(QStringLiteral("新的标题"));
    }) << Expectation([](Scenario &s) { s.title = QStringLiteral("新的标题"); });
    QTest::newRow("setScoreScale") << Edit([](ScenarioDocument &d) { return d.setScoreScale(5.0); })
                                   << Expectation([](Scenario &s) { s.scoreScale = 5.0; });
    QTest::newRow("setScoreScale 0")
        << Edit([](ScenarioDocument &d) { return d.setScoreScale(0.0); })
        << Expectation([](Scenario &s) { s.scoreScale = 0.0; });
    QTest::newRow("setDivideBySqrtD")
        << Edit([](ScenarioDocument &d) { return d.setDivideBySqrtD(true); })
        << Expectation([](Scenario &s) { s.divideBySqrtD = true; });
    QTest::newRow("setCausal") << Edit([](ScenarioDocument &d) { return d.setCausal(true); })
                               << Expectation([](Scenario &s) { s.causal = true; });
    QTest::newRow("setEntry query")
        << Edit([](ScenarioDocument &d) { return d.setEntry(VectorKind::Query, 4, 1, 0.75); })
        << Expectation([](Scenario &s) { s.queries(4, 1) = 0.75; });
    QTest::newRow("setEntry key") << Edit([](ScenarioDocument &d) {
        return d.setEntry(VectorKind::Key, 0, 0, -2.5);
    }) << Expectation([](Scenario &s) { s.keys(0, 0) = -2.5; });
    QTest::newRow("setEntry value")
        << Edit([](ScenarioDocument &d) { return d.setEntry(VectorKind::Value, 2, 4, 0.5); })
        << Expectation([](Scenario &s) {
               s.values = s.valueMatrix();
               (*s.values)(2, 4) = 0.5;
           });
    QTest::newRow("setVector query") << Edit([](ScenarioDocument &d) {
        return d.setVector(VectorKind::Query, 4, row({0.0, 1.0}));
    }) << Expectation([](Scenario &s) { s.queries.row(4) << 0.0, 1.0; });
    QTest::newRow("setVector value") << Edit([](ScenarioDocument &d) {
        return d.setVector(VectorKind::Value, 1, row({0.2, 0.2, 0.2, 0.2, 0.2}));
    }) << Expectation([](Scenario &s) {
        s.values = s.valueMatrix();
        s.values->row(1).setConstant(0.2);
    });
    QTest::newRow("renameToken") << Edit([](ScenarioDocument &d) {
        return d.renameToken(0, QStringLiteral("  bed "));
    }) << Expectation([](Scenario &s) { s.tokens[0] = QStringLiteral("bed"); });
    QTest::newRow("insertToken") << Edit([](ScenarioDocument &d) {
        return d.insertToken(2, QStringLiteral("新"));
    }) << Expectation([](Scenario &s) {
        s.tokens = QStringList{QStringLiteral("床"), QStringLiteral("前"), QStringLiteral("新"),
                               QStringLiteral("明"), QStringLiteral("月"), QStringLiteral("光")};
        s.queries = matrix(6, 2, {0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 1, 0});
        s.keys = matrix(6, 2, {0.1, 0.9, 0, 1, 0, 0, 0.9, 0.1, 1, 0, 0.8, 0.2});
        s.values.reset(); // still one-hot
    });
    QTest::newRow("removeToken") << Edit([](ScenarioDocument &d) { return d.removeToken(1); })
                                 << Expectation([](Scenario &s) {
                                        s.tokens =
                                            QStringList{QStringLiteral("床"), QStringLiteral("明"),
                                                        QStringLiteral("月"), QStringLiteral("光")};
                                        s.queries = matrix(4, 2, {0, 1, 1, 0, 1, 0, 1, 0});
                                        s.keys = matrix(4, 2, {0.1, 0.9, 0.9, 0.1, 1, 0, 0.8, 0.2});
                                        s.values.reset(); // still one-hot
                                    });
    QTest::newRow("setDimension 3")
        << Edit([](ScenarioDocument &d) { return d.setDimension(3); })
        << Expectation([](Scenario &s) {
               s.queries = matrix(5, 3, {0, 1, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0});
               s.keys = matrix(5, 3, {0.1, 0.9, 0, 0, 1, 0, 0.9, 0.1, 0, 1, 0, 0, 0.8, 0.2, 0});
               s.dimensionNames.append(QStringLiteral("d3"));
           });
    QTest::newRow("setDimension 1") << Edit([](ScenarioDocument &d) { return d.setDimension(1); })
                                    << Expectation([](Scenario &s) {
                                           s.queries = matrix(5, 1, {0, 0, 1, 1, 1});
                                           s.keys = matrix(5, 1, {0.1, 0, 0.9, 1, 0.8});
                                           s.dimensionNames = QStringList{QStringLiteral("sky")};
                                       });
    QTest::newRow("setDimensionName")
        << Edit([](ScenarioDocument &d) { return d.setDimensionName(1, QStringLiteral("where")); })
        << Expectation([](Scenario &s) { s.dimensionNames[1] = QStringLiteral("where"); });
    QTest::newRow("replace") << Edit([](ScenarioDocument &d) {
        return d.replace(*preset(QStringLiteral("average")), QStringLiteral("Average"));
    }) << Expectation([](Scenario &s) { s = *preset(QStringLiteral("average")); });
}

void TestDocument::setters()
{
    QFETCH(Edit, edit);
    QFETCH(Expectation, expect);

    ScenarioDocument document;
    const Scenario before = document.scenario();
    QVERIFY(before == lesson());
    Scenario expected = before;
    expect(expected);
    QVERIFY(expected != before);
    QVERIFY2(!expected.validate(), qPrintable(scenarioErrorText(expected.validate())));

    QSignalSpy changed(&document, &ScenarioDocument::changed);
    QVERIFY2(edit(document), qPrintable(document.lastError()));
    QVERIFY(document.lastError().isEmpty());
    QCOMPARE(changed.count(), 1);
    QVERIFY(document.scenario() == expected);
    QCOMPARE(document.scenario().hasOneHotValues(), expected.hasOneHotValues());
    QVERIFY(resultMatches(document, expected));
    QCOMPARE(document.undoStack()->count(), 1);
    QVERIFY(!document.undoStack()->undoText().isEmpty());

    document.undoStack()->undo();
    QCOMPARE(changed.count(), 2);
    QVERIFY(document.scenario() == before);
    QVERIFY(resultMatches(document, before));

    document.undoStack()->redo();
    QCOMPARE(changed.count(), 3);
    QVERIFY(document.scenario() == expected);
    QVERIFY(resultMatches(document, expected));
}

void TestDocument::regenerableScenarioLeavesAnUntouchedDocumentUnmodified()
{
    Scenario head = *preset(QStringLiteral("random-head"));
    head.title = QStringLiteral("a learned head");
    ScenarioDocument document;
    QVERIFY(!document.isModified());
    QVERIFY(document.replaceWithRegenerable(head, QStringLiteral("Open a learned head")));
    QCOMPARE(document.scenario().title, head.title);
    QVERIFY(!document.isModified()); // untitled and unedited: nothing to lose
    QVERIFY(document.undoStack()->canUndo());
    // Over an edit, or over a document from a file, it is a change to save like any other.
    ScenarioDocument edited;
    QVERIFY(edited.setScoreScale(2.0));
    QVERIFY(edited.replaceWithRegenerable(head, QStringLiteral("Open a learned head")));
    QVERIFY(edited.isModified());
    ScenarioDocument fromFile;
    QVERIFY(fromFile.reset(*preset(QStringLiteral("lesson")), QStringLiteral("/tmp/lesson.json")));
    QVERIFY(fromFile.replaceWithRegenerable(head, QStringLiteral("Open a learned head")));
    QVERIFY(fromFile.isModified());
    // A refused scenario changes nothing.
    Scenario broken = head;
    broken.queries.resize(0, 0);
    QVERIFY(!document.replaceWithRegenerable(broken, QStringLiteral("Open a learned head")));
    QCOMPARE(document.scenario().title, head.title);
}

void TestDocument::scaleDragMergesIntoOneStep()
{
    ScenarioDocument document;
    QSignalSpy changed(&document, &ScenarioDocument::changed);
    QVERIFY(document.setScoreScale(2.0));
    QVERIFY(document.setScoreScale(3.0));
    QVERIFY(document.setScoreScale(4.0));
    QCOMPARE(changed.count(), 3); // every move repaints
    QCOMPARE(document.undoStack()->count(), 1);
    QCOMPARE(document.scenario().scoreScale, 4.0);

    document.finishInteraction();
    QVERIFY(document.setScoreScale(5.0));
    QCOMPARE(document.undoStack()->count(), 2);

    document.undoStack()->undo();
    QCOMPARE(document.scenario().scoreScale, 4.0);
    document.undoStack()->undo();
    QCOMPARE(document.scenario().scoreScale, 1.0);
    QVERIFY(document.scenario() == lesson());
    QVERIFY(resultMatches(document, lesson()));
}

void TestDocument::vectorDragsMergePerToken()
{
    ScenarioDocument document;
    QVERIFY(document.setVector(VectorKind::Query, 4, row({0.5, 0.5})));
    QVERIFY(document.setVector(VectorKind::Query, 4, row({0.0, 1.0})));
    QCOMPARE(document.undoStack()->count(), 1);
    // Another token, or another kind of vector, is another step.
    QVERIFY(document.setVector(VectorKind::Query, 3, row({0.5, 0.5})));
    QVERIFY(document.setEntry(VectorKind::Key, 3, 0, 0.25));
    QCOMPARE(document.undoStack()->count(), 3);

    document.undoStack()->undo();
    document.undoStack()->undo();
    // Left: the first drag, which ended at exercise 1's query for 光.
    QVERIFY(document.scenario().queries == preset(QStringLiteral("exercise1"))->queries);
    QVERIFY(document.scenario().keys == lesson().keys);
    document.undoStack()->undo();
    QVERIFY(document.scenario() == lesson());
}

void TestDocument::dragBackToStartLeavesNoStep()
{
    ScenarioDocument document;
    QVERIFY(document.setScoreScale(2.0));
    QVERIFY(document.setScoreScale(3.0));
    QVERIFY(document.setScoreScale(1.0));
    QCOMPARE(document.undoStack()->count(), 0);
    QVERIFY(!document.isModified());
    QVERIFY(document.scenario() == lesson());

    QVERIFY(document.setEntry(VectorKind::Key, 2, 1, 0.4));
    QVERIFY(document.setEntry(VectorKind::Key, 2, 1, 0.1));
    QCOMPARE(document.undoStack()->count(), 0);
    QVERIFY(document.scenario() == lesson());
}

void TestDocument::invalidEdits_data()
{
    QTest::addColumn<Scenario>("start");
    QTest::addColumn<Edit>("edit");

    const Scenario single = [] {
        Scenario s;
        s.tokens = QStringList{QStringLiteral("一")};
        s.queries = matrix(1, 2, {1, 0});
        s.keys = matrix(1, 2, {0, 1});
        s.values = Matrix::Identity(1, 1);
        return s;
    }();

    QTest::newRow("NaN query entry") << lesson() << Edit([](ScenarioDocument &d) {
        return d.setEntry(VectorKind::Query, 0, 0, notANumber);
    });
    QTest::newRow("infinite key entry")
        << lesson()
        << Edit([](ScenarioDocument &d) { return d.setEntry(VectorKind::Key, 1, 1, infinity); });
    QTest::newRow("huge value entry")
        << lesson()
        << Edit([](ScenarioDocument &d) { return d.setEntry(VectorKind::Value, 0, 0, 2e6); });
    QTest::newRow("NaN in a vector") << lesson() << Edit([](ScenarioDocument &d) {
        return d.setVector(VectorKind::Query, 2, row({notANumber, 0.0}));
    });
    QTest::newRow("scale -1") << lesson()
                              << Edit([](ScenarioDocument &d) { return d.setScoreScale(-1.0); });
    QTest::newRow("scale 1001") << lesson() << Edit([](ScenarioDocument &d) {
        return d.setScoreScale(1001.0);
    });
    QTest::newRow("scale NaN") << lesson() << Edit([](ScenarioDocument &d) {
        return d.setScoreScale(notANumber);
    });
    QTest::newRow("empty token name")
        << lesson() << Edit([](ScenarioDocument &d) { return d.renameToken(0, QString()); });
    QTest::newRow("whitespace token name")
        << lesson()
        << Edit([](ScenarioDocument &d) { return d.renameToken(3, QStringLiteral("  ")); });
    QTest::newRow("insert an unnamed token")
        << lesson() << Edit([](ScenarioDocument &d) { return d.insertToken(0, QString()); });
    QTest::newRow("remove the last token")
        << single << Edit([](ScenarioDocument &d) { return d.removeToken(0); });
    QTest::newRow("dimension 0") << lesson()
                                 << Edit([](ScenarioDocument &d) { return d.setDimension(0); });
    QTest::newRow("dimension 4097")
        << lesson() << Edit([](ScenarioDocument &d) { return d.setDimension(4097); });
    QTest::newRow("entry of a missing token")
        << lesson()
        << Edit([](ScenarioDocument &d) { return d.setEntry(VectorKind::Query, 5, 0, 1.0); });
    QTest::newRow("entry of a missing column")
        << lesson()
        << Edit([](ScenarioDocument &d) { return d.setEntry(VectorKind::Key, 0, 2, 1.0); });
    QTest::newRow("vector of the wrong width") << lesson() << Edit([](ScenarioDocument &d) {
        return d.setVector(VectorKind::Key, 0, row({1.0, 2.0, 3.0}));
    });
    QTest::newRow("rename a missing token")
        << lesson()
        << Edit([](ScenarioDocument &d) { return d.renameToken(7, QStringLiteral("x")); });
    QTest::newRow("remove token -1")
        << lesson() << Edit([](ScenarioDocument &d) { return d.removeToken(-1); });
    QTest::newRow("insert past the end")
        << lesson()
        << Edit([](ScenarioDocument &d) { return d.insertToken(9, QStringLiteral("x")); });
    QTest::newRow("name a missing dimension")
        << lesson()
        << Edit([](ScenarioDocument &d) { return d.setDimensionName(2, QStringLiteral("x")); });
    QTest::newRow("replace with an empty scenario") << lesson() << Edit([](ScenarioDocument &d) {
        return d.replace(Scenario(), QStringLiteral("Nothing"));
    });
}

void TestDocument::invalidEdits()
{
    QFETCH(Scenario, start);
    QFETCH(Edit, edit);

    ScenarioDocument document;
    QVERIFY2(document.reset(start), qPrintable(document.lastError()));
    QSignalSpy changed(&document, &ScenarioDocument::changed);
    QSignalSpy modified(&document, &ScenarioDocument::modifiedChanged);

    QVERIFY(!edit(document));
    QVERIFY(!document.lastError().isEmpty());
    QCOMPARE(changed.count(), 0);
    QCOMPARE(modified.count(), 0);
    QCOMPARE(document.undoStack()->count(), 0);
    QVERIFY(document.scenario() == start);
    QVERIFY(resultMatches(document, start));
}

void TestDocument::successClearsLastError()
{
    ScenarioDocument document;
    QVERIFY(!document.setScoreScale(-1.0));
    QVERIFY(document.lastError().contains(QStringLiteral("score_scale")));
    QVERIFY(document.setScoreScale(2.0));
    QVERIFY(document.lastError().isEmpty());
}

void TestDocument::unchangedEditPushesNothing()
{
    ScenarioDocument document;
    QSignalSpy changed(&document, &ScenarioDocument::changed);
    QVERIFY(document.setCausal(false)); // already off
    QVERIFY(document.setScoreScale(1.0));
    QCOMPARE(changed.count(), 0);
    QCOMPARE(document.undoStack()->count(), 0);
}

void TestDocument::insertAndRemoveWithExplicitValues()
{
    const Scenario average = *preset(QStringLiteral("average"));
    QVERIFY(!average.hasOneHotValues());
    ScenarioDocument document;
    QVERIFY(document.reset(average));

    QVERIFY(document.insertToken(1, QStringLiteral("x")));
    const Scenario &grown = document.scenario();
    QCOMPARE(grown.tokenCount(), 6);
    QCOMPARE(grown.tokens.at(1), QStringLiteral("x"));
    QCOMPARE(grown.values->rows(), 6);
    QCOMPARE(grown.values->cols(), average.values->cols());
    QVERIFY(grown.values->row(1).isZero(0.0));
    QVERIFY(grown.values->row(0) == average.values->row(0));
    QVERIFY(grown.values->bottomRows(4) == average.values->bottomRows(4));
    QVERIFY(grown.queries.row(1).isZero(0.0));
    QVERIFY(grown.keys.row(1).isZero(0.0));
    QVERIFY(resultMatches(document, grown));

    QVERIFY(document.removeToken(0));
    const Scenario &shrunk = document.scenario();
    QCOMPARE(shrunk.tokenCount(), 5);
    QCOMPARE(shrunk.tokens.at(0), QStringLiteral("x"));
    QVERIFY(shrunk.values->row(0).isZero(0.0));
    QVERIFY(shrunk.values->bottomRows(4) == average.values->bottomRows(4));

    document.undoStack()->undo();
    document.undoStack()->undo();
    QVERIFY(document.scenario() == average);

    // One-hot values stay one-hot through inserts and removals anywhere.
    ScenarioDocument oneHot;
    QVERIFY(oneHot.insertToken(0, QStringLiteral("a")));
    QVERIFY(oneHot.insertToken(6, QStringLiteral("z")));
    QVERIFY(oneHot.scenario().hasOneHotValues());
    QCOMPARE(oneHot.scenario().valueDimension(), 7);
    QVERIFY(oneHot.removeToken(3));
    QVERIFY(oneHot.scenario().hasOneHotValues());
    QCOMPARE(oneHot.scenario().valueDimension(), 6);
}

void TestDocument::setDimensionPadsWithZeros()
{
    ScenarioDocument document;
    QVERIFY(document.setDimension(4));
    const Scenario &s = document.scenario();
    QCOMPARE(s.dimension(), 4);
    QCOMPARE(s.keys.cols(), 4);
    QVERIFY(s.queries.leftCols(2) == lesson().queries);
    QVERIFY(s.keys.leftCols(2) == lesson().keys);
    QVERIFY(s.queries.rightCols(2).isZero(0.0));
    QVERIFY(s.keys.rightCols(2).isZero(0.0));
    QVERIFY(s.values == lesson().values); // values keep their own width
    QCOMPARE(s.dimensionNames.size(), 4);
    QCOMPARE(s.dimensionNames.at(1), QStringLiteral("position"));
    // Zero columns add nothing to the dot products: the weights are the lesson's.
    QVERIFY(maxAbsDifference(document.result().weights, lesson().compute().weights) < tolerance);

    QVERIFY(document.setDimension(2));
    QVERIFY(document.scenario() == lesson());
    QCOMPARE(document.undoStack()->count(), 2);

    // Without names, none are invented.
    Scenario unnamed = lesson();
    unnamed.dimensionNames.clear();
    QVERIFY(document.reset(unnamed));
    QVERIFY(document.setDimension(3));
    QVERIFY(document.scenario().dimensionNames.isEmpty());
}

void TestDocument::modifiedState()
{
    ScenarioDocument document;
    QVERIFY(!document.isModified());
    QSignalSpy modified(&document, &ScenarioDocument::modifiedChanged);

    QVERIFY(document.setCausal(true));
    QVERIFY(document.isModified());
    QCOMPARE(modified.count(), 1);
    QCOMPARE(modified.last().at(0).toBool(), true);

    document.markSaved();
    QVERIFY(!document.isModified());
    QCOMPARE(modified.count(), 2);
    QCOMPARE(modified.last().at(0).toBool(), false);

    QVERIFY(document.setDivideBySqrtD(true));
    QVERIFY(document.isModified());
    QCOMPARE(modified.count(), 3);

    document.undoStack()->undo(); // back to the saved state
    QVERIFY(!document.isModified());
    QCOMPARE(modified.count(), 4);
    QCOMPARE(modified.last().at(0).toBool(), false);

    document.undoStack()->undo(); // before the save
    QVERIFY(document.isModified());
    QCOMPARE(modified.count(), 5);
    QCOMPARE(modified.last().at(0).toBool(), true);

    QVERIFY(document.reset(lesson()));
    QVERIFY(!document.isModified());
    QCOMPARE(modified.last().at(0).toBool(), false);
}

void TestDocument::resetReplacesAndClearsHistory()
{
    ScenarioDocument document;
    QVERIFY(document.setScoreScale(3.0));
    QCOMPARE(document.undoStack()->count(), 1);

    QSignalSpy changed(&document, &ScenarioDocument::changed);
    Scenario invalid = lesson();
    invalid.keys(0, 0) = notANumber;
    QVERIFY(!document.reset(invalid));
    QVERIFY(document.lastError().contains(QStringLiteral("keys[0][0]")));
    QCOMPARE(changed.count(), 0);
    QCOMPARE(document.undoStack()->count(), 1);
    QCOMPARE(document.scenario().scoreScale, 3.0);

    const Scenario head = *preset(QStringLiteral("random-head"));
    QVERIFY(document.reset(head));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(document.undoStack()->count(), 0);
    QVERIFY(document.scenario() == head);
    QVERIFY(resultMatches(document, head));
}

void TestDocument::fileName()
{
    ScenarioDocument document;
    QVERIFY(document.fileName().isEmpty());
    QSignalSpy spy(&document, &ScenarioDocument::fileNameChanged);
    document.setFileName(QStringLiteral("a.json"));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.last().at(0).toString(), QStringLiteral("a.json"));
    document.setFileName(QStringLiteral("a.json"));
    QCOMPARE(spy.count(), 1);
    QVERIFY(document.reset(lesson(), QStringLiteral("b.json")));
    QCOMPARE(document.fileName(), QStringLiteral("b.json"));
    QCOMPARE(spy.count(), 2);
}

void TestDocument::historyIsBounded()
{
    // The oldest steps are dropped beyond the limit: memory stays bounded in a long session.
    ScenarioDocument document;
    const int extra = 5;
    const auto scaleOf = [](int edit) { return 1.0 + 0.01 * edit; };
    for (int edit = 1; edit <= ScenarioDocument::undoLimit + extra; ++edit) {
        QVERIFY(document.setScoreScale(scaleOf(edit)));
        document.finishInteraction();
    }
    QUndoStack *stack = document.undoStack();
    QCOMPARE(stack->count(), ScenarioDocument::undoLimit);
    while (stack->canUndo())
        stack->undo();
    // Back as far as the history goes: the state after the first `extra` edits, still modified.
    QCOMPARE(document.scenario().scoreScale, scaleOf(extra));
    QVERIFY(document.isModified());
    QVERIFY(resultMatches(document, document.scenario()));

    // A reset clears the history but keeps the limit.
    QVERIFY(document.reset(lesson()));
    for (int edit = 1; edit <= ScenarioDocument::undoLimit + 1; ++edit) {
        QVERIFY(document.setCausal(edit % 2 == 1));
    }
    QCOMPARE(stack->count(), ScenarioDocument::undoLimit);
}

namespace {

/// T tokens named t1…tT with seeded random q and k of width d, one-hot values.
Scenario largeScenario(int T, Index d, std::uint64_t seed = 7)
{
    QStringList names;
    for (int i = 0; i < T; ++i)
        names.append(QStringLiteral("t%1").arg(i + 1));
    return randomScenario(names, d, seed);
}

} // namespace

void TestDocument::largeScenariosAreComputedOnTheWorker()
{
    ScenarioDocument document;
    const Scenario before = document.scenario();
    const Scenario large = largeScenario(int(ScenarioDocument::synchronousTokens) + 44, 16);
    QSignalSpy changed(&document, &ScenarioDocument::changed);
    QSignalSpy resultChanged(&document, &ScenarioDocument::resultChanged);
    QSignalSpy computing(&document, &ScenarioDocument::computingChanged);

    QVERIFY(document.reset(large));
    // The edit is in at once; its result is not, and result() still belongs to the old scenario.
    QCOMPARE(changed.count(), 1);
    QVERIFY(document.scenario() == large);
    QVERIFY(document.isComputing());
    QCOMPARE(resultChanged.count(), 0);
    QVERIFY(*document.computedScenario() == before);
    QCOMPARE(document.result().weights.rows(), before.tokenCount());

    document.waitForResult();
    QVERIFY(!document.isComputing());
    QCOMPARE(resultChanged.count(), 1);
    QCOMPARE(computing.count(), 2); // on, then off
    QVERIFY(*document.computedScenario() == large);
    QVERIFY(resultMatches(document, large));
    // One-hot values: the output is the weights, and no T × T output is stored.
    QVERIFY(!document.result().output.has_value());

    // Small again: computed before changed() is emitted.
    QVERIFY(document.reset(lesson()));
    QVERIFY(!document.isComputing());
    QVERIFY(resultMatches(document, lesson()));
}

void TestDocument::workerMergesEditsFasterThanItComputes()
{
    ScenarioDocument document;
    QVERIFY(document.reset(largeScenario(1200, 64)));
    document.waitForResult();
    QSignalSpy resultChanged(&document, &ScenarioDocument::resultChanged);

    // Twenty slider ticks without the event loop running in between: each starts a job and
    // cancels the one before it, so only the last one's result is delivered.
    for (int tick = 1; tick <= 20; ++tick)
        QVERIFY(document.setScoreScale(1.0 + 0.1 * tick));
    QCOMPARE(document.undoStack()->count(), 1); // one drag, one step
    document.waitForResult();
    QCoreApplication::processEvents();
    QCOMPARE(resultChanged.count(), 1);
    QCOMPARE(document.scenario().scoreScale, 3.0);
    QVERIFY(*document.computedScenario() == document.scenario());
    QVERIFY(resultMatches(document, document.scenario()));
}

void TestDocument::undoOfManyEditsStaysSmall()
{
    // A thousand entry edits at T = 2048 (d = 64): each undo step keeps one row before and after
    // (about 1 KiB), not two whole scenarios (2 MiB each).
    ScenarioDocument document;
    QVERIFY(document.reset(largeScenario(2048, 64)));
    document.waitForResult();
    // The spare T × T tables the next results reuse (TablePool, at most maxSpareBytes) are not
    // the history: let them go before both figures.
    TablePool::clear();
    const qint64 before = test::heapInUseKiB();
    if (before == 0)
        QSKIP("no heap figure on this platform");
    for (int edit = 0; edit < 1000; ++edit) {
        QVERIFY(document.setEntry(VectorKind::Query, (edit * 37) % 2048, edit % 64, 0.5));
        document.finishInteraction();
    }
    document.waitForResult();
    QCoreApplication::processEvents();
    QCOMPARE(document.undoStack()->count(), 1000);
    TablePool::clear();
    const qint64 grown = test::heapInUseKiB() - before;
    qInfo("heap after 1000 edits at T = 2048: %+lld KiB", grown);
    QVERIFY2(grown <= 10 * 1024, qPrintable(QStringLiteral("grew %1 KiB").arg(grown)));

    // And every step still undoes exactly: back to the opened scenario.
    while (document.undoStack()->canUndo())
        document.undoStack()->undo();
    QVERIFY(document.scenario() == largeScenario(2048, 64));
}

void TestDocument::undoAcrossAReplaceRestoresEachState()
{
    // Replaced scenarios are shared with the document until an edit changes them in place: the
    // states on both sides of each step must come back exactly.
    ScenarioDocument document;
    QList<Scenario> states{document.scenario()};
    const auto record = [&] { states.append(document.scenario()); };
    QVERIFY(document.replace(*preset(QStringLiteral("average")), QStringLiteral("average")));
    record();
    QVERIFY(document.setEntry(VectorKind::Value, 1, 2, 4.0));
    QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Edit 前")); // a typed entry
    record();
    QVERIFY(document.insertToken(2, QStringLiteral("新")));
    record();
    QVERIFY(document.setVector(VectorKind::Key, 2, RowVector::Constant(2, 0.5)));
    QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Move 新")); // a dragged vector
    record();
    QVERIFY(document.replace(lesson(), QStringLiteral("lesson")));
    record();
    QVERIFY(document.setEntry(VectorKind::Value, 0, 0, 2.0)); // one-hot values written out
    record();
    QVERIFY(document.removeToken(4));
    record();
    QVERIFY(document.renameToken(0, QStringLiteral("bed")));
    record();
    QVERIFY(document.setDimensionName(1, QStringLiteral("place")));
    record();
    QCOMPARE(document.undoStack()->count(), states.size() - 1);
    for (int i = int(states.size()) - 2; i >= 0; --i) {
        document.undoStack()->undo();
        QVERIFY2(document.scenario() == states.at(i), qPrintable(QString::number(i)));
        QCOMPARE(document.scenario().hasOneHotValues(), states.at(i).hasOneHotValues());
        QVERIFY(resultMatches(document, states.at(i)));
    }
    for (int i = 1; i < states.size(); ++i) {
        document.undoStack()->redo();
        QVERIFY2(document.scenario() == states.at(i), qPrintable(QString::number(i)));
        QVERIFY(resultMatches(document, states.at(i)));
    }
}

QTEST_GUILESS_MAIN(TestDocument)
#include "tst_scenariodocument.moc"
