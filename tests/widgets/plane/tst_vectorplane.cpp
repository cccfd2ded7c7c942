// Tests of VectorPlane, driving the real widget offscreen with mouse events: dragging 光's query
// tip (live edits, one undo step), selecting a query by clicking it, dragging a key on two chosen
// dimensions of d = 3, the one-dimensional view, hover tooltips, painting and font scaling; at
// large T only the selected query and its strongest keys are drawn and reachable; the lesson's
// labels stay by their tips without overlapping.

#include "focuschain.h"
#include "language.h"
#include "numberformat.h"
#include "presets.h"
#include "scenariodocument.h"
#include "vectorplane.h"
#include "vectortablemodel.h"
#include "verifynear.h"

#include <QComboBox>
#include <QHelpEvent>
#include <QImage>
#include <QLabel>
#include <QSignalSpy>
#include <QTest>
#include <QToolTip>
#include <QUndoStack>
#include <algorithm>
#include <cmath>
#include <functional>
#include <set>

using namespace attention;

namespace {

Scenario lesson()
{
    return *preset(QStringLiteral("lesson"));
}

/// Row `i` of the weights of `s` with plain loops (scale 1, no mask in these tests):
/// exp(q·k_j − max) / Σ.
std::vector<double> weightRowByHand(const Scenario &s, Index i)
{
    std::vector<double> scores;
    for (Index j = 0; j < s.tokenCount(); ++j) {
        double dot = 0.0;
        for (Index c = 0; c < s.dimension(); ++c)
            dot += s.queries(i, c) * s.keys(j, c);
        scores.push_back(s.scoreScale * dot);
    }
    double max = -HUGE_VAL;
    for (double x : scores)
        max = std::max(max, x);
    double sum = 0.0;
    for (double &x : scores) {
        x = std::exp(x - max);
        sum += x;
    }
    for (double &x : scores)
        x /= sum;
    return scores;
}

/// T tokens "t0" … of seeded random 2-D queries and keys, scaled by 3 so the weights differ.
Scenario randomOf(int tokens)
{
    QStringList names;
    for (int t = 0; t < tokens; ++t)
        names.append(QStringLiteral("t%1").arg(t));
    Scenario s = randomScenario(names, 2, 7);
    s.scoreScale = 3.0;
    return s;
}

/// The `count` keys of row `query` with the largest weights, by a full sort of the row of
/// Scenario::compute().
std::set<int> strongestByHand(const Scenario &s, int query, int count)
{
    const Matrix weights = s.compute().weights;
    std::vector<int> order(static_cast<std::size_t>(s.tokenCount()));
    for (std::size_t j = 0; j < order.size(); ++j)
        order[j] = static_cast<int>(j);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return weights(query, a) > weights(query, b); });
    return {order.begin(), order.begin() + count};
}

/// The tokens whose query (or key) the plane draws, asked token by token through tipPixel().
std::set<int> drawnTokens(const VectorPlane &plane, VectorKind kind, int tokens)
{
    std::set<int> drawn;
    for (int t = 0; t < tokens; ++t)
        if (!plane.tipPixel(kind, t).isNull())
            drawn.insert(t);
    return drawn;
}

/// Drags with the left button from `from` to `to` in `steps` moves.
void drag(QWidget *widget, QPointF from, QPointF to, int steps = 6)
{
    QTest::mousePress(widget, Qt::LeftButton, {}, from.toPoint());
    for (int i = 1; i <= steps; ++i)
        QTest::mouseMove(widget, (from + (to - from) * (double(i) / steps)).toPoint());
    QTest::mouseRelease(widget, Qt::LeftButton, {}, to.toPoint());
}

struct Fixture
{
    explicit Fixture(ScenarioDocument *document)
        : plane(document)
    {
        plane.resize(520, 520);
        plane.show();
    }
    VectorPlane plane;
};

} // namespace

class TestVectorPlane : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void tipsWhereTheVectorsAre();
    void dragQueryOfGuang();
    void weightsFollowDuringDrag();
    void clickSelectsQuery();
    void focusShows();
    void dragKeyOnChosenDimensions();
    void dimensionChoice_data();
    void dimensionChoice();
    void oneDimension();
    void hoverToolTip();
    void painting();
    void scalesWithFont();
    void switchesLanguage();
    void drawsAllUpToTheLimit_data();
    void drawsAllUpToTheLimit();
    void largeTDrawsStrongestKeys_data();
    void largeTDrawsStrongestKeys();
    void paintsOnlyWhatChanged();
    void largeTUndrawnKeyIsNotReachable();
    void largeTWithoutSelection();
    void lessonLabelsByTheirTips_data();
    void lessonLabelsByTheirTips();
};

void TestVectorPlane::initTestCase()
{
    QLocale::setDefault(QLocale::c());
}

void TestVectorPlane::tipsWhereTheVectorsAre()
{
    ScenarioDocument document;
    Fixture f(&document);
    const PlaneMapping mapping = f.plane.mapping();
    QCOMPARE(mapping.range(), 1.2); // the lesson's vectors are unit-sized
    QCOMPARE(f.plane.horizontalDimension(), 0);
    QCOMPARE(f.plane.verticalDimension(), 1);
    QCOMPARE(f.plane.selectedToken(), 4); // the last token, 光
    // The plot is a square in the widget: 1 unit is the same number of pixels on both axes.
    const QPointF origin = mapping.toPixel({0, 0});
    const QPointF k0 = f.plane.tipPixel(VectorKind::Key, 0); // 床 [0.1, 0.9]
    const double unit = mapping.pixelsPerUnit();
    VERIFY_NEAR(k0.x(), origin.x() + 0.1 * unit, 1e-9);
    VERIFY_NEAR(k0.y(), origin.y() - 0.9 * unit, 1e-9);
    QVERIFY(f.plane.rect().contains(k0.toPoint()));
    QVERIFY(f.plane.tipPixel(VectorKind::Value, 0).isNull());
}

void TestVectorPlane::dragQueryOfGuang()
{
    ScenarioDocument document;
    Fixture f(&document);
    const PlaneMapping mapping = f.plane.mapping();
    // 光's query [1, 0] shares its tip with 明's and 月's queries and 月's key; the selected
    // query (光) is drawn on top and is the one grabbed.
    const QPointF from = mapping.toPixel({1.0, 0.0});
    const QPointF to = mapping.toPixel({0.0, 1.0});
    QVERIFY((f.plane.tipPixel(VectorKind::Query, 4) - from).manhattanLength() < 1e-9);
    const Matrix queriesBefore = document.scenario().queries;

    drag(&f.plane, from, to);

    // One pixel of rounding in the event positions, 0.01 of snapping.
    const double slack = 1.0 / mapping.pixelsPerUnit() + 0.01;
    const Scenario &s = document.scenario();
    QVERIFY2(std::abs(s.queries(4, 0) - 0.0) <= slack && std::abs(s.queries(4, 1) - 1.0) <= slack,
             qPrintable(QStringLiteral("[%1, %2]").arg(s.queries(4, 0)).arg(s.queries(4, 1))));
    QVERIFY(s.queries.topRows(4) == queriesBefore.topRows(4)); // nothing else moved
    QVERIFY(s.keys == lesson().keys);

    // The weights follow: 光's row is the softmax of its new dot products …
    const std::vector<double> expected = weightRowByHand(s, 4);
    for (Index j = 0; j < 5; ++j)
        VERIFY_NEAR(document.result().weights(4, j), expected[std::size_t(j)], 1e-12);
    // … which is about exercise 1's row, the softmax of the keys' position column.
    std::vector<double> exercise1;
    double sum = 0.0;
    for (Index j = 0; j < 5; ++j) {
        exercise1.push_back(std::exp(lesson().keys(j, 1)));
        sum += exercise1.back();
    }
    for (Index j = 0; j < 5; ++j)
        VERIFY_NEAR(document.result().weights(4, j), exercise1[std::size_t(j)] / sum, 0.02);

    // The whole drag is one undo step, and undo restores [1, 0] exactly.
    QCOMPARE(document.undoStack()->count(), 1);
    document.undoStack()->undo();
    QCOMPARE(document.scenario().queries(4, 0), 1.0);
    QCOMPARE(document.scenario().queries(4, 1), 0.0);
    QVERIFY(document.scenario() == lesson());
}

void TestVectorPlane::weightsFollowDuringDrag()
{
    ScenarioDocument document;
    Fixture f(&document);
    const PlaneMapping mapping = f.plane.mapping();
    QSignalSpy changed(&document, &ScenarioDocument::changed);
    QTest::mousePress(&f.plane, Qt::LeftButton, {}, mapping.toPixel({1.0, 0.0}).toPoint());
    QTest::mouseMove(&f.plane, mapping.toPixel({0.6, 0.6}).toPoint());
    // Mid-drag, the document already holds the moved vector and its weights.
    QCOMPARE(changed.count(), 1);
    const double slack = 1.0 / mapping.pixelsPerUnit() + 0.01;
    VERIFY_NEAR(document.scenario().queries(4, 1), 0.6, slack);
    const std::vector<double> expected = weightRowByHand(document.scenario(), 4);
    VERIFY_NEAR(document.result().weights(4, 0), expected[0], 1e-12);
    QTest::mouseMove(&f.plane, mapping.toPixel({0.2, 0.9}).toPoint());
    QCOMPARE(changed.count(), 2);
    QTest::mouseRelease(&f.plane, Qt::LeftButton, {}, mapping.toPixel({0.2, 0.9}).toPoint());
    QCOMPARE(document.undoStack()->count(), 1);

    // A second drag is a second step.
    drag(&f.plane, mapping.toPixel({0.2, 0.9}), mapping.toPixel({-0.5, 0.5}));
    QCOMPARE(document.undoStack()->count(), 2);
}

void TestVectorPlane::focusShows()
{
    // Tab gives the plane the focus, as it does the weights chart beside it (a screen reader reads
    // it); it then shows it, and the mark takes no clicks from the vectors.
    ScenarioDocument document;
    Fixture f(&document);
    f.plane.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&f.plane));
    QCOMPARE(f.plane.focusPolicy(), Qt::StrongFocus);
    QVERIFY(focuschain::focusShows(&f.plane));
    QVERIFY(f.plane.hasFocus());
    QSignalSpy selected(&f.plane, &VectorPlane::tokenSelected);
    QTest::mouseClick(&f.plane, Qt::LeftButton, {}, f.plane.mapping().toPixel({0, 1}).toPoint());
    QCOMPARE(selected.count(), 1);
}

void TestVectorPlane::clickSelectsQuery()
{
    ScenarioDocument document;
    Fixture f(&document);
    QSignalSpy selected(&f.plane, &VectorPlane::tokenSelected);

    // Setting the selection from outside emits nothing.
    f.plane.setSelectedToken(2);
    QCOMPARE(f.plane.selectedToken(), 2);
    QCOMPARE(selected.count(), 0);

    // [0, 1] is the tip of 床's and 前's queries (and 前's key): the query drawn last, 前's.
    QTest::mouseClick(&f.plane, Qt::LeftButton, {}, f.plane.mapping().toPixel({0, 1}).toPoint());
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.first().at(0).toInt(), 1);
    QCOMPARE(f.plane.selectedToken(), 1);
    QCOMPARE(document.undoStack()->count(), 0); // a click moves nothing

    // Clicking a key selects nothing.
    QTest::mouseClick(&f.plane, Qt::LeftButton, {},
                      f.plane.tipPixel(VectorKind::Key, 2).toPoint()); // 明 [0.9, 0.1]
    QCOMPARE(selected.count(), 1);
    // Clicking empty space neither.
    QTest::mouseClick(&f.plane, Qt::LeftButton, {},
                      f.plane.mapping().toPixel({-0.8, -0.8}).toPoint());
    QCOMPARE(selected.count(), 1);
    QCOMPARE(document.undoStack()->count(), 0);
}

void TestVectorPlane::dragKeyOnChosenDimensions()
{
    ScenarioDocument document;
    QVERIFY(document.setDimension(3));
    Scenario s = document.scenario();
    s.keys(0, 2) = -0.5; // k(床) = [0.1, 0.9, −0.5]
    QVERIFY(document.reset(s));
    Fixture f(&document);
    f.plane.setDimensions(0, 2);
    QCOMPARE(f.plane.horizontalDimension(), 0);
    QCOMPARE(f.plane.verticalDimension(), 2);

    const PlaneMapping mapping = f.plane.mapping();
    const QPointF from = mapping.toPixel({0.1, -0.5});
    QVERIFY((f.plane.tipPixel(VectorKind::Key, 0) - from).manhattanLength() < 1e-9);
    drag(&f.plane, from, mapping.toPixel({0.5, 0.7}));

    const double slack = 1.0 / mapping.pixelsPerUnit() + 0.01;
    const RowVector key = document.scenario().keys.row(0);
    VERIFY_NEAR(key(0), 0.5, slack);
    QCOMPARE(key(1), 0.9); // the hidden dimension is kept
    VERIFY_NEAR(key(2), 0.7, slack);
    QCOMPARE(document.undoStack()->count(), 1);
}

void TestVectorPlane::dimensionChoice_data()
{
    QTest::addColumn<int>("d");
    QTest::addColumn<bool>("combos");

    QTest::newRow("d = 2: fixed axes") << 2 << false;
    QTest::newRow("d = 3: chosen axes") << 3 << true;
    QTest::newRow("d = 64: chosen axes") << 64 << true;
}

void TestVectorPlane::dimensionChoice()
{
    QFETCH(int, d);
    QFETCH(bool, combos);
    ScenarioDocument document;
    QVERIFY(document.setDimension(d));
    Fixture f(&document);
    const QList<QComboBox *> boxes = f.plane.findChildren<QComboBox *>();
    QCOMPARE(boxes.size(), 2);
    for (QComboBox *box : boxes) {
        QCOMPARE(box->isVisible(), combos);
        QCOMPARE(box->count(), d);
        QVERIFY(!box->toolTip().isEmpty());
    }
    if (!combos)
        return;
    // The axes' names are the scenario's (the new dimensions are named d3, d4, …).
    QVERIFY(boxes.at(0)->itemText(0).contains(QStringLiteral("sky")));
    QVERIFY(boxes.at(0)->itemText(d - 1).contains(QStringLiteral("d%1").arg(d)));
    // Choosing the other axis's dimension swaps the axes.
    f.plane.setDimensions(1, 1);
    QCOMPARE(f.plane.horizontalDimension(), 1);
    QCOMPARE(f.plane.verticalDimension(), 0);
    // Choosing in a combo box shows that dimension.
    QComboBox *vertical = boxes.at(1)->currentIndex() == 0 ? boxes.at(1) : boxes.at(0);
    vertical->setFocus();
    QTest::keyClick(vertical, Qt::Key_End); // the last dimension
    QCOMPARE(f.plane.verticalDimension(), d - 1);
    // Lowering d back to 2 shows dimensions 0 and 1 and hides the boxes.
    QVERIFY(document.setDimension(2));
    QCOMPARE(f.plane.verticalDimension() + f.plane.horizontalDimension(), 1);
    QVERIFY(!boxes.at(0)->isVisible());
}

void TestVectorPlane::oneDimension()
{
    ScenarioDocument document;
    QVERIFY(document.setDimension(1)); // q(光) = [1], k(月) = [1], k(床) = [0.1]
    Fixture f(&document);
    QCOMPARE(f.plane.verticalDimension(), -1);
    const PlaneMapping mapping = f.plane.mapping();
    QVERIFY(mapping.isOneDimensional());
    // Every vector has a lane of its own: same x as its value, different heights.
    const QPointF query = f.plane.tipPixel(VectorKind::Query, 4);
    const QPointF key = f.plane.tipPixel(VectorKind::Key, 3);
    VERIFY_NEAR(query.x(), mapping.toPixel({1.0, 0.0}).x(), 1e-9);
    VERIFY_NEAR(key.x(), query.x(), 1e-9);
    QVERIFY(std::abs(key.y() - query.y()) >= 4.0);

    drag(&f.plane, query, QPointF(mapping.toPixel({-0.5, 0.0}).x(), query.y() + 30));
    const double slack = 1.0 / mapping.pixelsPerUnit() + 0.01;
    VERIFY_NEAR(document.scenario().queries(4, 0), -0.5, slack);
    QCOMPARE(document.undoStack()->count(), 2); // setDimension, drag
}

void TestVectorPlane::hoverToolTip()
{
    ScenarioDocument document;
    Fixture f(&document);
    QVERIFY(QTest::qWaitForWindowExposed(&f.plane));
    const QPoint at = f.plane.tipPixel(VectorKind::Key, 0).toPoint(); // 床 [0.1, 0.9]
    QHelpEvent help(QEvent::ToolTip, at, f.plane.mapToGlobal(at));
    QApplication::sendEvent(&f.plane, &help);
    QTRY_VERIFY(QToolTip::isVisible());
    const QString text = QToolTip::text();
    QVERIFY2(text.contains(QStringLiteral("k(床) = [0.10, 0.90]")), qPrintable(text));
    // With 光 selected, the key's dot product with 光's query and its weight.
    const QString weight = NumberFormat::entry(document.result().weights(4, 0));
    QVERIFY2(text.contains(QStringLiteral("q(光)·k(床) = 0.10")), qPrintable(text));
    QVERIFY2(text.contains(weight), qPrintable(text));
    QToolTip::hideText();
}

void TestVectorPlane::painting()
{
    ScenarioDocument document;
    Fixture f(&document);
    const QImage image = f.plane.grab().toImage();
    QVERIFY(!image.isNull());
    // Both colours appear: the keys' and the queries'.
    auto countNear = [&](const QColor &color) {
        int count = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x) {
                const QColor c = image.pixelColor(x, y);
                if (std::abs(c.red() - color.red()) + std::abs(c.green() - color.green()) +
                        std::abs(c.blue() - color.blue()) <
                    40)
                    ++count;
            }
        return count;
    };
    QVERIFY(countNear(vectorKindColor(VectorKind::Key)) > 50);
    QVERIFY(countNear(vectorKindColor(VectorKind::Query)) > 50);
    // The middle of 床's key arrow is drawn in the key colour (the best of the 3 × 3 pixels
    // around it, as the antialiased line may straddle two pixels).
    const QPoint middle =
        ((f.plane.mapping().toPixel({0, 0}) + f.plane.tipPixel(VectorKind::Key, 0)) / 2).toPoint();
    const QColor key = vectorKindColor(VectorKind::Key);
    int best = 3 * 255;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            const QColor c = image.pixelColor(middle + QPoint(dx, dy));
            best =
                std::min(best, std::abs(c.red() - key.red()) + std::abs(c.green() - key.green()) +
                                   std::abs(c.blue() - key.blue()));
        }
    QVERIFY2(best < 40, qPrintable(QString::number(best)));
}

void TestVectorPlane::scalesWithFont()
{
    ScenarioDocument document;
    Fixture f(&document);
    const QSize before = f.plane.sizeHint();
    QFont font = f.plane.font();
    font.setPointSizeF(font.pointSizeF() * 2);
    f.plane.setFont(font);
    const QSize after = f.plane.sizeHint();
    QVERIFY(after.width() > before.width() * 3 / 2);
    QVERIFY(after.height() > before.height() * 3 / 2);
}

void TestVectorPlane::switchesLanguage()
{
    ScenarioDocument document;
    QVERIFY(document.setDimension(3));
    Fixture f(&document);
    Language language;
    QVERIFY(language.setLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents(); // LanguageChange is posted
    QStringList labels;
    for (auto *label : f.plane.findChildren<QLabel *>())
        labels.append(label->text());
    QVERIFY2(labels.contains(QStringLiteral("横轴(&H)：")), qPrintable(labels.join(u'|')));
    QCOMPARE(f.plane.accessibleName(), QStringLiteral("向量平面"));
    QVERIFY(
        f.plane.findChildren<QComboBox *>().first()->itemText(0).contains(QStringLiteral("：")));
    QVERIFY(language.setLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    QCOMPARE(f.plane.accessibleName(), QStringLiteral("Vector plane"));
}

void TestVectorPlane::drawsAllUpToTheLimit_data()
{
    QTest::addColumn<int>("tokens");
    QTest::addColumn<bool>("all");

    QTest::newRow("T = 5") << 5 << true;
    QTest::newRow("T = 24, the limit") << 24 << true;
    QTest::newRow("T = 25") << 25 << false;
}

void TestVectorPlane::drawsAllUpToTheLimit()
{
    QFETCH(int, tokens);
    QFETCH(bool, all);
    ScenarioDocument document;
    QVERIFY(document.reset(randomOf(tokens)));
    Fixture f(&document);
    std::set<int> every;
    for (int t = 0; t < tokens; ++t)
        every.insert(t);
    QCOMPARE(drawnTokens(f.plane, VectorKind::Key, tokens) == every, all);
    QCOMPARE(drawnTokens(f.plane, VectorKind::Query, tokens) == every, all);
    QCOMPARE(f.plane.caption().isEmpty(), all);
    // Every drawn arrow is labelled.
    f.plane.grab();
    const int drawn = all ? 2 * tokens : 1 + PlaneSubset::strongestCount;
    int named = 0;
    for (const PlaneLabel &label : f.plane.drawnLabels())
        named += static_cast<int>(label.text.count(QLatin1Char(' ')));
    QCOMPARE(named, drawn);
}

void TestVectorPlane::largeTDrawsStrongestKeys_data()
{
    QTest::addColumn<int>("tokens");
    QTest::addColumn<int>("selected");

    QTest::newRow("T = 100, the last query") << 100 << 99;
    QTest::newRow("T = 100, query 10") << 100 << 10;
    QTest::newRow("T = 100, query 0") << 100 << 0;
    QTest::newRow("T = 1000, query 500") << 1000 << 500;
}

void TestVectorPlane::largeTDrawsStrongestKeys()
{
    QFETCH(int, tokens);
    QFETCH(int, selected);
    ScenarioDocument document;
    const Scenario s = randomOf(tokens);
    QVERIFY(document.reset(s));
    Fixture f(&document);
    f.plane.setSelectedToken(selected);
    // Past ScenarioDocument::synchronousTokens the weights come from the worker: until they are
    // in, the strongest keys are not known and none is drawn.
    if (document.isComputing())
        QCOMPARE(drawnTokens(f.plane, VectorKind::Key, tokens), std::set<int>{});
    document.waitForResult();

    QCOMPARE(drawnTokens(f.plane, VectorKind::Query, tokens), std::set<int>{selected});
    QCOMPARE(drawnTokens(f.plane, VectorKind::Key, tokens), strongestByHand(s, selected, 8));
    QCOMPARE(
        f.plane.caption(),
        QStringLiteral("showing q t%1 and its 8 strongest keys of %2").arg(selected).arg(tokens));
    // The drawn tips are where their vectors are.
    const PlaneMapping mapping = f.plane.mapping();
    for (int key : strongestByHand(s, selected, 8)) {
        const QPointF expected = mapping.toPixel({s.keys(key, 0), s.keys(key, 1)});
        QVERIFY((f.plane.tipPixel(VectorKind::Key, key) - expected).manhattanLength() < 1e-9);
    }
}

namespace {

/// Counts the paint events of one widget.
class PaintCounter : public QObject
{
public:
    int count = 0;
    bool eventFilter(QObject *, QEvent *event) override
    {
        count += event->type() == QEvent::Paint ? 1 : 0;
        return false;
    }
};

} // namespace

void TestVectorPlane::paintsOnlyWhatChanged()
{
    // A scale step leaves the arrows where they are: the plane paints again only when the
    // strongest keys of a reduced plane change (at scale 0 every weight ties and the lowest
    // keys win), or when a vector moves.
    ScenarioDocument document;
    QVERIFY(document.reset(randomOf(100)));
    Fixture f(&document);
    QVERIFY(QTest::qWaitForWindowExposed(&f.plane));
    f.plane.setSelectedToken(40);
    document.waitForResult();
    f.plane.grab(); // painted once with this query
    QCoreApplication::processEvents();
    PaintCounter paints;
    f.plane.installEventFilter(&paints);
    const auto paintsAfter = [&](const std::function<bool()> &edit) {
        paints.count = 0;
        if (!edit())
            return -1;
        document.waitForResult();
        QCoreApplication::processEvents();
        return paints.count;
    };
    const std::set<int> before = drawnTokens(f.plane, VectorKind::Key, 100);
    QCOMPARE(paintsAfter([&] { return document.setScoreScale(2.0); }), 0);
    QCOMPARE(drawnTokens(f.plane, VectorKind::Key, 100), before);
    QVERIFY(paintsAfter([&] { return document.setScoreScale(0.0); }) > 0);
    QCOMPARE(drawnTokens(f.plane, VectorKind::Key, 100), (std::set<int>{0, 1, 2, 3, 4, 5, 6, 7}));
    QVERIFY(paintsAfter([&] { return document.setEntry(VectorKind::Query, 40, 0, 0.5); }) > 0);
}

void TestVectorPlane::largeTUndrawnKeyIsNotReachable()
{
    ScenarioDocument document;
    const Scenario s = randomOf(100);
    QVERIFY(document.reset(s));
    Fixture f(&document);
    const int selected = 99;
    QCOMPARE(f.plane.selectedToken(), selected);
    const PlaneMapping mapping = f.plane.mapping();

    // An undrawn key whose tip is far (20 px) from every drawn tip and inside the plot.
    const std::set<int> strongest = strongestByHand(s, selected, 8);
    QList<QPointF> drawn{f.plane.tipPixel(VectorKind::Query, selected)};
    for (int key : strongest)
        drawn.append(f.plane.tipPixel(VectorKind::Key, key));
    int lonely = -1;
    QPointF at;
    for (int j = 0; j < 100 && lonely < 0; ++j) {
        const QPointF pixel = mapping.toPixel({s.keys(j, 0), s.keys(j, 1)});
        const bool far = std::all_of(drawn.cbegin(), drawn.cend(), [&](const QPointF &p) {
            return QLineF(p, pixel).length() > 20.0;
        });
        if (strongest.count(j) == 0 && far && mapping.plotRect().contains(pixel)) {
            lonely = j;
            at = pixel;
        }
    }
    QVERIFY(lonely >= 0);
    QVERIFY(f.plane.tipPixel(VectorKind::Key, lonely).isNull());

    // Dragging from there moves nothing; the hover tooltip is the plane's, not the key's.
    QSignalSpy selectedSpy(&f.plane, &VectorPlane::tokenSelected);
    drag(&f.plane, at, at + QPointF(30, -30));
    QVERIFY(document.scenario() == s);
    QCOMPARE(document.undoStack()->count(), 0);
    QCOMPARE(selectedSpy.count(), 0);
    QVERIFY(QTest::qWaitForWindowExposed(&f.plane));
    QHelpEvent help(QEvent::ToolTip, at.toPoint(), f.plane.mapToGlobal(at.toPoint()));
    QApplication::sendEvent(&f.plane, &help);
    QTRY_VERIFY(QToolTip::isVisible());
    QVERIFY2(!QToolTip::text().contains(QStringLiteral("k(t%1)").arg(lonely)),
             qPrintable(QToolTip::text()));
    QToolTip::hideText();

    // A drawn key is dragged as ever.
    const int strongestKey = *strongest.begin();
    drag(&f.plane, f.plane.tipPixel(VectorKind::Key, strongestKey), mapping.toPixel({0.5, 0.5}));
    QCOMPARE(document.undoStack()->count(), 1);
    QVERIFY(document.scenario().keys.row(strongestKey) != s.keys.row(strongestKey));
}

void TestVectorPlane::largeTWithoutSelection()
{
    ScenarioDocument document;
    QVERIFY(document.reset(randomOf(50)));
    Fixture f(&document);
    f.plane.setSelectedToken(-1);
    QVERIFY(drawnTokens(f.plane, VectorKind::Query, 50).empty());
    QVERIFY(drawnTokens(f.plane, VectorKind::Key, 50).empty());
    QCOMPARE(f.plane.caption(),
             QStringLiteral("50 tokens: select a query to see its strongest keys"));
    QVERIFY(!f.plane.grab().isNull());
}

void TestVectorPlane::lessonLabelsByTheirTips_data()
{
    QTest::addColumn<QSize>("size");

    QTest::newRow("520 × 520") << QSize(520, 520);
    QTest::newRow("400 × 280, the workbench's dock") << QSize(400, 280);
    QTest::newRow("300 × 300") << QSize(300, 300);
}

void TestVectorPlane::lessonLabelsByTheirTips()
{
    QFETCH(QSize, size);
    ScenarioDocument document;
    Fixture f(&document);
    f.plane.resize(size);
    f.plane.grab();
    const QList<PlaneLabel> labels = f.plane.drawnLabels();

    // Coincident tips share a label: 明's, 月's and 光's queries at [1, 0], 床's and 前's at [0,
    // 1].
    QStringList texts;
    for (const PlaneLabel &label : labels)
        texts.append(label.text);
    texts.sort();
    QCOMPARE(texts,
             QStringList({QStringLiteral("k 光"), QStringLiteral("k 前"), QStringLiteral("k 床"),
                          QStringLiteral("k 明"), QStringLiteral("k 月"), QStringLiteral("q 床 前"),
                          QStringLiteral("q 明 月 光")}));
    const double line = f.plane.fontMetrics().height();
    for (int i = 0; i < labels.size(); ++i) {
        const PlaneLabel &label = labels.at(i);
        // The label names the tip it stands by: the first token's tip of that kind.
        const QString first = label.text.section(QLatin1Char(' '), 1, 1);
        const QPointF tip = f.plane.tipPixel(label.kind, lesson().tokens.indexOf(first));
        QVERIFY((label.tip - tip).manhattanLength() < 1e-9);
        // Within two lines of its tip (the distance from the tip to the box's nearest point).
        const double dx = std::max({label.box.left() - tip.x(), 0.0, tip.x() - label.box.right()});
        const double dy = std::max({label.box.top() - tip.y(), 0.0, tip.y() - label.box.bottom()});
        QVERIFY2(std::hypot(dx, dy) <= 2.0 * line,
                 qPrintable(QStringLiteral("%1: %2 px").arg(label.text).arg(std::hypot(dx, dy))));
        QVERIFY(QRectF(f.plane.rect()).contains(label.box));
        // No two labels overlap or touch.
        for (int j = 0; j < i; ++j)
            QVERIFY2(!label.box.adjusted(-1, -1, 1, 1).intersects(labels.at(j).box),
                     qPrintable(label.text + QStringLiteral(" / ") + labels.at(j).text));
    }
}

QTEST_MAIN(TestVectorPlane)
#include "tst_vectorplane.moc"
