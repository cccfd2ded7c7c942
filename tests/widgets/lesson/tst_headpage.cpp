// HeadPage, step 5 of the lesson: the shapes it shows, its numbers against plain loops from the
// same seed, the reference check and its badge, exercise 2, the saved state, and its layout.

#include "headpage.h"
#include "heatmapwidget.h"
#include "kernels.h"
#include "matrixmodel.h"
#include "numberformat.h"
#include "presets.h"
#include "verifynear.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFontInfo>
#include <QFontMetricsF>
#include <QHelpEvent>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QToolTip>
#include <cmath>
#include <limits>

using namespace attention;
using View = HeadPage::View;

namespace {

Matrix shown(const HeadPage &page, View view)
{
    return page.heatmap(view)->model()->table().toMatrix();
}

/// a (r, n) · b (n, c), written out.
Matrix product(const Matrix &a, const Matrix &b)
{
    Matrix out(a.rows(), b.cols());
    for (Index i = 0; i < a.rows(); ++i)
        for (Index j = 0; j < b.cols(); ++j) {
            double sum = 0;
            for (Index c = 0; c < a.cols(); ++c)
                sum += a(i, c) * b(c, j);
            out(i, j) = sum;
        }
    return out;
}

/// softmax(q kᵀ / √d) row by row, masked above the diagonal when causal, written out.
Matrix weightsByHand(const Matrix &q, const Matrix &k, bool causal)
{
    const Index T = q.rows();
    Matrix w = Matrix::Zero(T, T);
    for (Index i = 0; i < T; ++i) {
        const Index seen = causal ? i + 1 : T;
        std::vector<double> e(static_cast<std::size_t>(seen));
        double largest = -std::numeric_limits<double>::infinity();
        for (Index j = 0; j < seen; ++j) {
            double dot = 0;
            for (Index c = 0; c < q.cols(); ++c)
                dot += q(i, c) * k(j, c);
            e[std::size_t(j)] = dot / std::sqrt(double(q.cols()));
            largest = std::max(largest, e[std::size_t(j)]);
        }
        double sum = 0;
        for (double &x : e) {
            x = std::exp(x - largest);
            sum += x;
        }
        for (Index j = 0; j < seen; ++j)
            w(i, j) = e[std::size_t(j)] / sum;
    }
    return w;
}

/// X, then W_q, W_k, W_v (each N(0, 1) / √d_model), drawn in the documented order by hand.
struct Drawn
{
    Matrix x, wq, wk, wv;
};

Drawn draw(std::uint64_t seed, Index T, Index dModel, Index dHead)
{
    Random rng(seed);
    Drawn d;
    d.x = rng.normalMatrix(T, dModel);
    d.wq = rng.normalMatrix(dModel, dHead) / std::sqrt(double(dModel));
    d.wk = rng.normalMatrix(dModel, dHead) / std::sqrt(double(dModel));
    d.wv = rng.normalMatrix(dModel, dHead) / std::sqrt(double(dModel));
    return d;
}

/// The difference the badge prints, read back from its text.
double badgeNumber(const HeadPage &page)
{
    static const QRegularExpression pattern(QStringLiteral("difference (\\d\\.\\de[-+]\\d+)"));
    const QRegularExpressionMatch match = pattern.match(page.badge()->text());
    return match.hasMatch() ? match.captured(1).toDouble() : std::nan("");
}

/// Whether the badge is painted green: its background, sampled right of the text.
bool badgeLooksGreen(const HeadPage &page)
{
    const QImage image = page.badge()->grab().toImage();
    const QColor c = image.pixelColor(image.width() - 3, image.height() / 2);
    return c.green() > c.red() + 60 && c.green() > c.blue() + 60;
}

} // namespace

class TestHeadPage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void defaultsAreTheLessons();
    void shapes_data();
    void shapes();
    void numbersFollowFromTheSeed_data();
    void numbersFollowFromTheSeed();
    void badgeChecksAgainstReference_data();
    void badgeChecksAgainstReference();
    void float32IsCheckedToo();
    void exerciseTurnsTheMaskOff();
    void causalMaskZeroesUpperTriangle();
    void sameAsCliAndPreset();
    void controlsDriveThePage();
    void rerollDrawsANewSeed();
    void clickedRowIsSelectedInEveryTokenView();
    void saveRestoreRoundTrip();
    void restoreIgnoresMalformedFields();
    void resetRestoresDefaults();
    void tooltipsExplainCells();
    void readableAtLessonSize_data();
    void readableAtLessonSize();
};

void TestHeadPage::defaultsAreTheLessons()
{
    HeadPage page;
    QCOMPARE(page.modelDim(), 16);
    QCOMPARE(page.headDim(), 8);
    QCOMPARE(page.length(), 5);
    QCOMPARE(page.seed(), std::uint64_t(5));
    QVERIFY(page.isCausal());
    QVERIFY(page.hasExercise());
    QVERIFY(!page.isBusy());
    QCOMPARE(page.modelDimBox()->value(), 16);
    QCOMPARE(page.headDimBox()->value(), 8);
    QCOMPARE(page.lengthBox()->value(), 5);
    QCOMPARE(page.seedBox()->value(), 5);
    QVERIFY(page.causalBox()->isChecked());
    QCOMPARE(page.modelDimBox()->maximum(), 64);
    QCOMPARE(page.lengthBox()->maximum(), 32);
    QCOMPARE(page.heatmap(View::Input)->title(), QStringLiteral("X (5, 16)"));
    QCOMPARE(page.readout()->text(),
             QStringLiteral("X (5, 16) → q, k, v each (5, 8) → weights (5, 5) → output (5, 8)"));
}

void TestHeadPage::shapes_data()
{
    QTest::addColumn<int>("T");
    QTest::addColumn<int>("dModel");
    QTest::addColumn<int>("dHead");
    QTest::newRow("lesson 5×16→8") << 5 << 16 << 8;
    QTest::newRow("smallest 1×1→1") << 1 << 1 << 1;
    QTest::newRow("narrow input 7×3→12") << 7 << 3 << 12;
    QTest::newRow("largest 32×64→64") << 32 << 64 << 64;
}

void TestHeadPage::shapes()
{
    QFETCH(int, T);
    QFETCH(int, dModel);
    QFETCH(int, dHead);
    HeadPage page;
    page.setLength(T);
    page.setModelDim(dModel);
    page.setHeadDim(dHead);
    const auto expect = [&](View view, const QString &name, int rows, int columns) {
        const MatrixModel *model = page.heatmap(view)->model();
        QCOMPARE(model->rowCount(), rows);
        QCOMPARE(model->columnCount(), columns);
        QCOMPARE(page.heatmap(view)->title(),
                 QStringLiteral("%1 (%2, %3)").arg(name).arg(rows).arg(columns));
    };
    expect(View::Input, QStringLiteral("X"), T, dModel);
    expect(View::Wq, QStringLiteral("W_q"), dModel, dHead);
    expect(View::Wk, QStringLiteral("W_k"), dModel, dHead);
    expect(View::Wv, QStringLiteral("W_v"), dModel, dHead);
    expect(View::Q, QStringLiteral("q"), T, dHead);
    expect(View::K, QStringLiteral("k"), T, dHead);
    expect(View::V, QStringLiteral("v"), T, dHead);
    expect(View::Weights, QStringLiteral("weights"), T, T);
    expect(View::Output, QStringLiteral("output"), T, dHead);
    QVERIFY(page.readout()->text().startsWith(QStringLiteral("X (%1, %2)").arg(T).arg(dModel)));
}

void TestHeadPage::numbersFollowFromTheSeed_data()
{
    QTest::addColumn<int>("seed");
    QTest::addColumn<int>("T");
    QTest::addColumn<int>("dModel");
    QTest::addColumn<int>("dHead");
    QTest::addColumn<bool>("causal");
    QTest::newRow("lesson, causal") << 5 << 5 << 16 << 8 << true;
    QTest::newRow("lesson, no mask") << 5 << 5 << 16 << 8 << false;
    QTest::newRow("seed 0, 9×4→3") << 0 << 9 << 4 << 3 << true;
    QTest::newRow("seed 123456, 12×20→6") << 123456 << 12 << 20 << 6 << false;
}

void TestHeadPage::numbersFollowFromTheSeed()
{
    QFETCH(int, seed);
    QFETCH(int, T);
    QFETCH(int, dModel);
    QFETCH(int, dHead);
    QFETCH(bool, causal);
    HeadPage page;
    page.setSeed(std::uint64_t(seed));
    page.setLength(T);
    page.setModelDim(dModel);
    page.setHeadDim(dHead);
    page.setCausal(causal);

    const Drawn d = draw(std::uint64_t(seed), T, dModel, dHead);
    VERIFY_ALL_NEAR(shown(page, View::Input), d.x, 0.0); // the same generator: the same bits
    VERIFY_ALL_NEAR(shown(page, View::Wq), d.wq, 1e-15);
    VERIFY_ALL_NEAR(shown(page, View::Wk), d.wk, 1e-15);
    VERIFY_ALL_NEAR(shown(page, View::Wv), d.wv, 1e-15);
    const Matrix q = product(d.x, d.wq);
    const Matrix k = product(d.x, d.wk);
    const Matrix v = product(d.x, d.wv);
    VERIFY_ALL_NEAR(shown(page, View::Q), q, 1e-12);
    VERIFY_ALL_NEAR(shown(page, View::K), k, 1e-12);
    VERIFY_ALL_NEAR(shown(page, View::V), v, 1e-12);
    const Matrix w = weightsByHand(q, k, causal);
    VERIFY_ALL_NEAR(shown(page, View::Weights), w, 1e-12);
    VERIFY_ALL_NEAR(shown(page, View::Output), product(w, v), 1e-12);
    // And the output against the core's independent reference, PyTorch's semantics.
    VERIFY_ALL_NEAR(shown(page, View::Output),
                    referenceAttention(page.result().q, page.result().k, page.result().v, causal),
                    1e-12);
}

void TestHeadPage::badgeChecksAgainstReference_data()
{
    QTest::addColumn<bool>("causal");
    QTest::newRow("causal") << true;
    QTest::newRow("no mask") << false;
}

void TestHeadPage::badgeChecksAgainstReference()
{
    QFETCH(bool, causal);
    HeadPage page;
    page.setCausal(causal);
    page.resize(1300, 780);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));

    const Matrix reference =
        referenceAttention(page.result().q, page.result().k, page.result().v, causal);
    const double expected = maxAbsDifference(shown(page, View::Output), reference);
    QVERIFY(expected <= 1e-12); // double against double: rounding only
    QCOMPARE(page.difference(), expected);
    QCOMPARE(page.tolerance(), 1e-12);
    QVERIFY(page.withinTolerance());
    const double read = badgeNumber(page);
    QVERIFY2(read <= page.tolerance(), qPrintable(page.badge()->text()));
    QCOMPARE(read, QString::number(expected, 'e', 1).toDouble());
    const QString isCausal = causal ? QStringLiteral("True") : QStringLiteral("False");
    QVERIFY(page.badge()->text().contains(QStringLiteral("is_causal=") + isCausal));
    QVERIFY(page.badge()->text().contains(QStringLiteral("✓ within 1e-12")));
    QVERIFY(badgeLooksGreen(page));
}

void TestHeadPage::float32IsCheckedToo()
{
    HeadPage page;
    page.setPrecision(HeadPage::Precision::Float32);
    QCOMPARE(page.precisionBox()->currentIndex(), 1);
    QCOMPARE(page.tolerance(), 1e-5);
    // float32 rounding shows (the lesson's PyTorch prints 2.4e-07), and stays within tolerance.
    QVERIFY2(page.difference() > 1e-9 && page.difference() <= 1e-5,
             qPrintable(QString::number(page.difference())));
    QVERIFY(badgeNumber(page) <= 1e-5);
    QVERIFY(page.badge()->text().contains(QStringLiteral("float32")));
    page.setHeadDim(64);
    page.setModelDim(64);
    page.setLength(32);
    QVERIFY2(page.withinTolerance(), qPrintable(page.badge()->text()));
    // The heatmaps stay double: the output is the double computation either way.
    VERIFY_ALL_NEAR(shown(page, View::Output), page.reference(), 1e-12);
}

void TestHeadPage::exerciseTurnsTheMaskOff()
{
    HeadPage page;
    QVERIFY(page.isCausal());
    QSignalSpy changed(&page, &HeadPage::changed);
    page.startExercise(0);
    QCOMPARE(changed.count(), 1);
    QVERIFY(!page.isCausal());
    QVERIFY(!page.causalBox()->isChecked());
    const Matrix w = shown(page, View::Weights);
    for (Index i = 0; i < w.rows(); ++i)
        for (Index j = i + 1; j < w.cols(); ++j)
            QVERIFY2(w(i, j) > 0.0, qPrintable(QStringLiteral("(%1, %2)").arg(i).arg(j)));
    QVERIFY(page.badge()->text().contains(QStringLiteral("is_causal=False")));
    QVERIFY(page.withinTolerance());
    VERIFY_ALL_NEAR(shown(page, View::Output),
                    referenceAttention(page.result().q, page.result().k, page.result().v, false),
                    1e-12);
}

void TestHeadPage::causalMaskZeroesUpperTriangle()
{
    HeadPage page;
    page.setLength(9);
    page.setCausal(false);
    QTest::mouseClick(page.causalBox(), Qt::LeftButton);
    QVERIFY(page.isCausal());
    const Matrix w = shown(page, View::Weights);
    for (Index i = 0; i < w.rows(); ++i) {
        VERIFY_NEAR(w.row(i).sum(), 1.0, 1e-12);
        for (Index j = i + 1; j < w.cols(); ++j)
            QCOMPARE(w(i, j), 0.0);
    }
}

void TestHeadPage::sameAsCliAndPreset()
{
    // attention-cli lesson --section 5 and the random-head preset draw Random(5): x (5, 16), then
    // Head::random(16, 8); the page's defaults are the same numbers.
    HeadPage page;
    const Scenario preset = *attention::preset(QStringLiteral("random-head"));
    VERIFY_ALL_NEAR(shown(page, View::Q), preset.queries, 1e-15);
    VERIFY_ALL_NEAR(shown(page, View::K), preset.keys, 1e-15);
    VERIFY_ALL_NEAR(shown(page, View::V), preset.valueMatrix(), 1e-15);
    VERIFY_ALL_NEAR(shown(page, View::Weights), preset.compute().weights, 1e-15);
    VERIFY_ALL_NEAR(shown(page, View::Output), preset.compute().outputMatrix(), 1e-15);
    // The CLI's float32 check: the materialized kernel on the same q, k, v.
    page.setPrecision(HeadPage::Precision::Float32);
    MatrixF out;
    runKernel(Kernel::Materialized, preset.queries.cast<float>(), preset.keys.cast<float>(),
              preset.valueMatrix().cast<float>(), out, true);
    QCOMPARE(page.difference(), maxAbsDifference(out.cast<double>(), page.reference()));
}

void TestHeadPage::controlsDriveThePage()
{
    HeadPage page;
    QSignalSpy changed(&page, &HeadPage::changed);
    page.lengthBox()->setValue(7);
    page.modelDimBox()->setValue(10);
    page.headDimBox()->setValue(4);
    page.seedBox()->setValue(42);
    QCOMPARE(changed.count(), 4);
    QCOMPARE(page.length(), 7);
    QCOMPARE(page.modelDim(), 10);
    QCOMPARE(page.headDim(), 4);
    QCOMPARE(page.seed(), std::uint64_t(42));
    VERIFY_ALL_NEAR(shown(page, View::Input), draw(42, 7, 10, 4).x, 0.0);
    QCOMPARE(page.heatmap(View::Wk)->title(), QStringLiteral("W_k (10, 4)"));
    // Out of range is clamped by the boxes and by the setters.
    page.setLength(1000);
    QCOMPARE(page.length(), 32);
    QCOMPARE(page.lengthBox()->value(), 32);
    page.setModelDim(0);
    QCOMPARE(page.modelDim(), 1);
    // Setting what is already there computes nothing.
    changed.clear();
    page.setSeed(42);
    page.setCausal(true);
    QCOMPARE(changed.count(), 0);
}

void TestHeadPage::rerollDrawsANewSeed()
{
    HeadPage page;
    const Matrix before = shown(page, View::Input);
    QTest::mouseClick(page.rerollButton(), Qt::LeftButton);
    QVERIFY(page.seed() != 5);
    QVERIFY(page.seed() <= std::uint64_t(HeadPage::maxSeed));
    QCOMPARE(page.seedBox()->value(), int(page.seed()));
    const Drawn d = draw(page.seed(), 5, 16, 8);
    VERIFY_ALL_NEAR(shown(page, View::Input), d.x, 0.0);
    QVERIFY(verifynear::apart(shown(page, View::Input), before, 1e-3));
}

void TestHeadPage::clickedRowIsSelectedInEveryTokenView()
{
    HeadPage page;
    page.resize(1300, 780);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    HeatmapWidget *k = page.heatmap(View::K);
    QTest::mouseClick(k, Qt::LeftButton, {}, k->mapping().cellRect(3, 0).center().toPoint());
    for (View view : {View::Input, View::Q, View::K, View::V, View::Weights, View::Output})
        QCOMPARE(page.heatmap(view)->selectedToken(), 3);
    for (View view : {View::Wq, View::Wk, View::Wv}) // their rows are features, not positions
        QCOMPARE(page.heatmap(view)->selectedToken(), -1);
}

void TestHeadPage::saveRestoreRoundTrip()
{
    HeadPage page;
    page.setModelDim(12);
    page.setHeadDim(3);
    page.setLength(6);
    page.setSeed(777);
    page.setCausal(false);
    page.setPrecision(HeadPage::Precision::Float32);
    const QJsonObject state = page.saveState();
    QCOMPARE(state.value(QStringLiteral("d_model")).toInt(), 12);
    QCOMPARE(state.value(QStringLiteral("seed")).toInt(), 777);

    HeadPage other;
    QSignalSpy changed(&other, &HeadPage::changed);
    other.restoreState(state);
    QCOMPARE(changed.count(), 1); // computed once, not once per field
    QCOMPARE(other.modelDim(), 12);
    QCOMPARE(other.headDim(), 3);
    QCOMPARE(other.length(), 6);
    QCOMPARE(other.seed(), std::uint64_t(777));
    QVERIFY(!other.isCausal());
    QCOMPARE(other.precision(), HeadPage::Precision::Float32);
    QCOMPARE(other.seedBox()->value(), 777);
    QVERIFY(!other.causalBox()->isChecked());
    QCOMPARE(other.saveState(), state);
    VERIFY_ALL_NEAR(shown(other, View::Output), shown(page, View::Output), 0.0);
}

void TestHeadPage::restoreIgnoresMalformedFields()
{
    HeadPage page;
    page.setSeed(99);
    QJsonObject bad;
    bad.insert(QStringLiteral("d_model"), QStringLiteral("sixteen"));
    bad.insert(QStringLiteral("d_head"), 2.5);
    bad.insert(QStringLiteral("T"), 1000);
    bad.insert(QStringLiteral("seed"), -1);
    bad.insert(QStringLiteral("causal"), 0);
    bad.insert(QStringLiteral("precision"), QStringLiteral("half"));
    page.restoreState(bad);
    QCOMPARE(page.modelDim(), 16);
    QCOMPARE(page.headDim(), 8);
    QCOMPARE(page.length(), 5);
    QCOMPARE(page.seed(), std::uint64_t(5));
    QVERIFY(page.isCausal());
    QCOMPARE(page.precision(), HeadPage::Precision::Double);

    QJsonObject partial;
    partial.insert(QStringLiteral("T"), 7);
    page.restoreState(partial);
    QCOMPARE(page.length(), 7);
    QCOMPARE(page.modelDim(), 16);
}

void TestHeadPage::resetRestoresDefaults()
{
    HeadPage fresh;
    HeadPage page;
    page.setModelDim(3);
    page.setLength(2);
    page.setSeed(8);
    page.startExercise(0);
    page.reset();
    QCOMPARE(page.saveState(), fresh.saveState());
    VERIFY_ALL_NEAR(shown(page, View::Output), shown(fresh, View::Output), 0.0);
    QVERIFY(page.causalBox()->isChecked());
    QCOMPARE(page.modelDimBox()->value(), 16);
}

void TestHeadPage::tooltipsExplainCells()
{
    HeadPage page;
    page.resize(1300, 780);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    HeatmapWidget *q = page.heatmap(View::Q);
    const QPoint cell = q->mapping().cellRect(1, 2).center().toPoint();
    QHelpEvent hover(QEvent::ToolTip, cell, q->mapToGlobal(cell));
    QApplication::sendEvent(q, &hover);
    QTRY_VERIFY(QToolTip::isVisible());
    const QString text = QToolTip::text();
    QVERIFY2(text.startsWith(QStringLiteral("q[2, 3] = Σ X[2, c] · W_q[c, 3]")), qPrintable(text));
    QVERIFY2(text.endsWith(NumberFormat::fixed(page.result().q(1, 2), 4)), qPrintable(text));
    QToolTip::hideText();
}

void TestHeadPage::readableAtLessonSize_data()
{
    QTest::addColumn<int>("T");
    QTest::addColumn<int>("dModel");
    QTest::addColumn<int>("dHead");
    QTest::addColumn<double>("minimumCell");
    QTest::addColumn<bool>("weightNumbers");
    QTest::newRow("lesson") << 5 << 16 << 8 << 14.0 << true;
    QTest::newRow("small") << 3 << 4 << 2 << 40.0 << true; // room for every number
    QTest::newRow("largest") << 32 << 64 << 64 << 2.0 << false;
}

void TestHeadPage::readableAtLessonSize()
{
    // The page gets about 1300 × 780 in the lesson window: everything fits, the heatmaps of a row
    // have cells of one size, as large as fit, and (when asked) the picture is saved for a look.
    QFETCH(int, T);
    QFETCH(int, dModel);
    QFETCH(int, dHead);
    QFETCH(double, minimumCell);
    QFETCH(bool, weightNumbers);
    HeadPage page;
    page.setLength(T);
    page.setModelDim(dModel);
    page.setHeadDim(dHead);
    QVERIFY(page.minimumSizeHint().width() <= 1300);
    QVERIFY(page.minimumSizeHint().height() <= 780);
    page.resize(1300, 780);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    const QString directory = qEnvironmentVariable("HEADPAGE_PNG_DIR");
    if (!directory.isEmpty())
        QVERIFY(page.grab().save(
            directory +
            QStringLiteral("/headpage-%1.png").arg(QString::fromUtf8(QTest::currentDataTag()))));
    // One cell size along each row (the top row may get larger cells when height is to spare),
    // except for the weights: at the lesson's sizes they are large enough for their numbers.
    for (const auto &row : {std::vector<View>{View::Input, View::Wq, View::Wk, View::Wv},
                            std::vector<View>{View::Q, View::K, View::V, View::Output}}) {
        qreal smallest = 1e9;
        qreal largest = 0;
        for (View view : row) {
            const qreal cell = page.heatmap(view)->mapping().cellSize();
            smallest = std::min(smallest, cell);
            largest = std::max(largest, cell);
        }
        QVERIFY2(smallest >= minimumCell, qPrintable(QString::number(smallest)));
        QVERIFY2(largest <= smallest * 1.1 + 1,
                 qPrintable(QStringLiteral("%1 to %2").arg(smallest).arg(largest)));
    }
    const HeatmapWidget *weights = page.heatmap(View::Weights);
    QFont numberFont = weights->font();
    numberFont.setPixelSize(int(QFontInfo(weights->font()).pixelSize() * 0.85));
    const QFontMetricsF metrics(numberFont);
    const bool numbersFit = weights->mapping().fitsInCell(
        QSizeF(metrics.horizontalAdvance(QStringLiteral("0.00")), metrics.height()));
    QCOMPARE(numbersFit, weightNumbers);
    QVERIFY(weights->mapping().cellSize() >= page.heatmap(View::Q)->mapping().cellSize() - 1);
    QVERIFY(page.badge()->width() >= page.badge()->sizeHint().width());
    QVERIFY(page.readout()->width() >= page.readout()->sizeHint().width());
}

QTEST_MAIN(TestHeadPage)
#include "tst_headpage.moc"
