// HeatmapWidget on its own: what it shows, what it explains, clicks, and its exports.

#include "heatmapwidget.h"
#include "matrixmodel.h"
#include "presets.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QFile>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>
#include <QXmlStreamReader>
#include <cmath>
#include <limits>

using namespace attention;

namespace {

/// softmax(scale · q·k) for 光 (q = [1, 0]) against the lesson's keys, written out by hand.
std::vector<double> guangWeights(double scale)
{
    const double firstCoordinates[] = {0.1, 0.0, 0.9, 1.0, 0.8}; // keys · [1, 0]
    std::vector<double> w;
    double sum = 0;
    for (double k : firstCoordinates) {
        w.push_back(std::exp(scale * k));
        sum += w.back();
    }
    for (double &x : w)
        x /= sum;
    return w;
}

} // namespace

class TestHeatmapWidget : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void showsWeightsOfLesson_data();
    void showsWeightsOfLesson();
    void scoresShowMinusInfinityWhenMasked();
    void explainsCell();
    void explainsMaskedCell();
    void hoverShowsExplanation();
    void clickSelectsRow();
    void fixedRangeIsDefaultForWeights();
    void pngIsTwiceTheSize();
    void svgIsXml();
    void largeWeightsAreRelativeToUniform();
    void causalRowsAreRelativeToTheirOwnKeys();
    void largeImageKeepsEachBlocksLargest();
    void paintsTheImageBuiltWithTheResult();
    void keyboardFocusShows();
};

void TestHeatmapWidget::showsWeightsOfLesson_data()
{
    QTest::addColumn<double>("scale");
    QTest::newRow("1×") << 1.0;
    QTest::newRow("5×") << 5.0;
    QTest::newRow("0.1×") << 0.1;
}

void TestHeatmapWidget::showsWeightsOfLesson()
{
    QFETCH(double, scale);
    HeatmapWidget heatmap(HeatmapWidget::Kind::Weights);
    QAbstractItemModelTester tester(heatmap.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    Scenario s = *preset(QStringLiteral("lesson"));
    s.scoreScale = scale;
    heatmap.setScenario(s, s.compute());
    const std::vector<double> expected = guangWeights(scale);
    QCOMPARE(heatmap.model()->rowCount(), 5);
    QCOMPARE(heatmap.model()->headerData(4, Qt::Vertical).toString(), QStringLiteral("光"));
    QCOMPARE(heatmap.model()->headerData(3, Qt::Horizontal).toString(), QStringLiteral("月"));
    for (int j = 0; j < 5; ++j) {
        const double shown = heatmap.model()->index(4, j).data(MatrixModel::ValueRole).toDouble();
        QVERIFY2(std::abs(shown - expected[j]) < 1e-12, qPrintable(QString::number(j)));
    }
}

void TestHeatmapWidget::scoresShowMinusInfinityWhenMasked()
{
    HeatmapWidget heatmap(HeatmapWidget::Kind::Scores);
    QAbstractItemModelTester tester(heatmap.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    Scenario s = *preset(QStringLiteral("lesson"));
    s.causal = true;
    heatmap.setScenario(s, s.compute());
    for (int i = 0; i < 5; ++i) {
        for (int j = 0; j < 5; ++j) {
            const QString text = heatmap.model()->index(i, j).data().toString();
            if (j > i)
                QCOMPARE(text, QStringLiteral("−∞"));
            else
                QVERIFY(!text.contains(QChar(0x221e)));
        }
    }
}

void TestHeatmapWidget::explainsCell()
{
    HeatmapWidget heatmap(HeatmapWidget::Kind::Weights);
    Scenario s = *preset(QStringLiteral("lesson"));
    s.scoreScale = 5.0;
    heatmap.setScenario(s, s.compute());
    const QString text = heatmap.cellExplanation(4, 3); // 光 → 月
    QVERIFY2(text.contains(QStringLiteral("q(光)·k(月) = 1.00")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("5.00")), qPrintable(text));
    // e^5 / Σ e^(5·k₁) and the weight itself.
    double sum = 0;
    for (double k : {0.1, 0.0, 0.9, 1.0, 0.8})
        sum += std::exp(5 * k);
    QVERIFY2(text.contains(QString::number(sum, 'f', 2)), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("= 0.50")), qPrintable(text));
}

void TestHeatmapWidget::explainsMaskedCell()
{
    HeatmapWidget heatmap(HeatmapWidget::Kind::Scores);
    Scenario s = *preset(QStringLiteral("lesson"));
    s.causal = true;
    heatmap.setScenario(s, s.compute());
    const QString text = heatmap.cellExplanation(0, 4);
    QVERIFY2(text.contains(QStringLiteral("−∞")), qPrintable(text));
    QVERIFY(!heatmap.cellExplanation(4, 0).contains(QStringLiteral("−∞")));
}

void TestHeatmapWidget::hoverShowsExplanation()
{
    HeatmapWidget heatmap(HeatmapWidget::Kind::Weights);
    Scenario s = *preset(QStringLiteral("lesson"));
    s.scoreScale = 5.0;
    heatmap.setScenario(s, s.compute());
    heatmap.resize(500, 400);
    heatmap.show();
    QVERIFY(QTest::qWaitForWindowExposed(&heatmap));
    const QPoint cell = heatmap.mapping().cellRect(4, 3).center().toPoint();
    QHelpEvent hover(QEvent::ToolTip, cell, heatmap.mapToGlobal(cell));
    QApplication::sendEvent(&heatmap, &hover);
    QTRY_VERIFY(QToolTip::isVisible());
    QCOMPARE(QToolTip::text(), heatmap.cellExplanation(4, 3));
    QToolTip::hideText();
}

void TestHeatmapWidget::clickSelectsRow()
{
    HeatmapWidget heatmap(HeatmapWidget::Kind::Weights);
    Scenario s = *preset(QStringLiteral("lesson"));
    heatmap.setScenario(s, s.compute());
    heatmap.resize(500, 400);
    heatmap.show();
    QVERIFY(QTest::qWaitForWindowExposed(&heatmap));
    QSignalSpy clicked(&heatmap, &HeatmapWidget::tokenSelected);
    const QPoint cell = heatmap.mapping().cellRect(2, 3).center().toPoint();
    QTest::mouseClick(&heatmap, Qt::LeftButton, {}, cell);
    QCOMPARE(clicked.count(), 1);
    QCOMPARE(clicked.first().at(0).toInt(), 2);
    // The row label selects too.
    const QRectF row = heatmap.mapping().rowRect(1);
    QTest::mouseClick(&heatmap, Qt::LeftButton, {},
                      QPoint(int(row.left()) + 3, int(row.center().y())));
    QCOMPARE(clicked.count(), 2);
    QCOMPARE(clicked.last().at(0).toInt(), 1);
    // Outside the grid nothing happens.
    QTest::mouseClick(&heatmap, Qt::LeftButton, {}, QPoint(2, 2));
    QCOMPARE(clicked.count(), 2);
}

void TestHeatmapWidget::fixedRangeIsDefaultForWeights()
{
    HeatmapWidget heatmap(HeatmapWidget::Kind::Weights);
    Scenario s = *preset(QStringLiteral("lesson"));
    heatmap.setScenario(s, s.compute());
    QVERIFY(heatmap.fixedRange());
    QCOMPARE(heatmap.mapping().minimum(), 0.0);
    QCOMPARE(heatmap.mapping().maximum(), 1.0);
    heatmap.setFixedRange(false);
    const Matrix w = s.compute().weights;
    QVERIFY(w.allFinite()); // minCoeff() and maxCoeff() may skip a NaN
    QCOMPARE(heatmap.mapping().minimum(), w.minCoeff());
    QCOMPARE(heatmap.mapping().maximum(), w.maxCoeff());
}

void TestHeatmapWidget::pngIsTwiceTheSize()
{
    QTemporaryDir dir;
    HeatmapWidget heatmap(HeatmapWidget::Kind::Scores);
    Scenario s = *preset(QStringLiteral("lesson"));
    heatmap.setScenario(s, s.compute());
    heatmap.resize(420, 360);
    const QString fileName = dir.filePath(QStringLiteral("scores.png"));
    QString error;
    QVERIFY2(heatmap.savePng(fileName, &error), qPrintable(error));
    const QImage image(fileName);
    QCOMPARE(image.size(), QSize(840, 720));
    // Cell (4, 3) has the largest score: the brightest viridis colour there (sampled near its
    // corner, away from the number and the separating lines).
    const QPointF inside = (heatmap.mapping().cellRect(4, 3).topLeft() + QPointF(4, 4)) * 2;
    QCOMPARE(image.pixel(inside.toPoint()) & 0xffffff, QRgb(0xfde725));
}

void TestHeatmapWidget::svgIsXml()
{
    QTemporaryDir dir;
    HeatmapWidget heatmap(HeatmapWidget::Kind::Weights);
    Scenario s = *preset(QStringLiteral("lesson"));
    s.causal = true;
    heatmap.setScenario(s, s.compute());
    heatmap.resize(420, 360);
    const QString fileName = dir.filePath(QStringLiteral("weights.svg"));
    QVERIFY(heatmap.saveSvg(fileName));
    QFile file(fileName);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&file);
    QString root;
    int rects = 0;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement) {
            if (root.isEmpty())
                root = xml.name().toString();
            if (xml.name() == QLatin1String("rect") || xml.name() == QLatin1String("path"))
                ++rects;
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(root, QStringLiteral("svg"));
    QVERIFY(rects >= 25); // one vector shape per cell at least
}

namespace {

/// T tokens t1…tT with zero queries and keys, and a result whose weights are `weights`.
std::pair<Scenario, ScenarioResult> withWeights(const Matrix &weights, bool causal)
{
    Scenario s;
    for (Index i = 0; i < weights.rows(); ++i)
        s.tokens.append(QStringLiteral("t%1").arg(i + 1));
    s.queries = Matrix::Zero(weights.rows(), 1);
    s.keys = Matrix::Zero(weights.rows(), 1);
    s.causal = causal;
    ScenarioResult r;
    r.products = std::make_shared<const Matrix>(Matrix::Zero(weights.rows(), weights.cols()));
    r.causal = causal;
    r.weights = weights;
    return {s, r};
}

} // namespace

void TestHeatmapWidget::largeWeightsAreRelativeToUniform()
{
    HeatmapWidget heatmap(HeatmapWidget::Kind::Weights);
    // At 64 keys the scale is still the fixed 0–1 one.
    {
        const auto [s, r] = withWeights(Matrix::Constant(64, 64, 1.0 / 64), false);
        heatmap.setScenario(s, r);
        QVERIFY(!heatmap.isRelativeScale());
        QCOMPARE(heatmap.cellImage().pixel(5, 5), heatmap.mapping().color(1.0 / 64));
        QCOMPARE(heatmap.legendText(1.0), QStringLiteral("1.00"));
    }
    // Past 64, each weight is coloured by log₂(weight × T), clamped to ±4 (1/16× … 16×).
    const int T = 100;
    Matrix w = Matrix::Constant(T, T, 1.0 / T);
    w.col(0).setConstant(16.0 / T);
    w.col(1).setConstant(1.0 / (16.0 * T));
    w.col(2).setConstant(64.0 / T);
    w.col(3).setConstant(2.0 / T);
    const auto [s, r] = withWeights(w, false);
    heatmap.setScenario(s, r);
    QVERIFY(heatmap.isRelativeScale());
    QCOMPARE(heatmap.mapping().minimum(), -4.0);
    QCOMPARE(heatmap.mapping().maximum(), 4.0);
    const QImage &image = heatmap.cellImage();
    QCOMPARE(image.size(), QSize(T, T));
    for (const int row : {0, 37, 99}) {
        QCOMPARE(image.pixel(0, row), heatmap.mapping().color(4.0));
        QCOMPARE(image.pixel(1, row), heatmap.mapping().color(-4.0));
        QCOMPARE(image.pixel(2, row), heatmap.mapping().color(4.0)); // 64× shows as 16×
        QCOMPARE(image.pixel(3, row), heatmap.mapping().color(1.0));
        QCOMPARE(image.pixel(50, row), heatmap.mapping().color(0.0)); // uniform: 1×
    }
    // Colours that differ: near-uniform weights are no longer one flat colour.
    QVERIFY(image.pixel(3, 0) != image.pixel(50, 0));
    QCOMPARE(heatmap.legendText(4.0), QStringLiteral("16×"));
    QCOMPARE(heatmap.legendText(0.0), QStringLiteral("1×"));
    QCOMPARE(heatmap.legendText(-4.0), QStringLiteral("1/16×"));
}

void TestHeatmapWidget::causalRowsAreRelativeToTheirOwnKeys()
{
    // Causal, row i sees i + 1 keys: the uniform average of those is 1× in every row.
    const int T = 80;
    Matrix w = Matrix::Zero(T, T);
    for (int i = 0; i < T; ++i)
        w.row(i).head(i + 1).setConstant(1.0 / (i + 1));
    const auto [s, r] = withWeights(w, true);
    HeatmapWidget heatmap(HeatmapWidget::Kind::Weights);
    heatmap.setScenario(s, r);
    QVERIFY(heatmap.isRelativeScale());
    const QImage &image = heatmap.cellImage();
    for (int i = 0; i < T; i += 7) {
        QCOMPARE(image.pixel(0, i), heatmap.mapping().color(0.0));
        QCOMPARE(image.pixel(i, i), heatmap.mapping().color(0.0));
        if (i + 1 < T)
            QCOMPARE(image.pixel(i + 1, i), QRgb(HeatmapMapping::maskedColor));
    }
}

void TestHeatmapWidget::largeImageKeepsEachBlocksLargest()
{
    // 2500 cells a side: blocks of 3 × 3 cells, an image of 834 × 834 pixels. One sharp score
    // in a flat table must survive as its block's colour, not be averaged away.
    const int T = 2500;
    const auto [s, base] = withWeights(Matrix::Constant(T, T, 1.0 / T), false);
    ScenarioResult r = base;
    Matrix products = Matrix::Zero(T, T);
    products(1000, 2000) = 5.0;
    products(7, 8) = -5.0;
    r.products = std::make_shared<const Matrix>(std::move(products));
    HeatmapWidget heatmap(HeatmapWidget::Kind::Scores);
    heatmap.setScenario(s, r);
    const QImage &image = heatmap.cellImage();
    QCOMPARE(image.size(), QSize(834, 834));
    QVERIFY(image.sizeInBytes() <= 4 * 1024 * 1024);
    QCOMPARE(image.pixel(2000 / 3, 1000 / 3), heatmap.mapping().color(5.0));
    QCOMPARE(image.pixel(2000 / 3 + 1, 1000 / 3), heatmap.mapping().color(0.0));
    QCOMPARE(image.pixel(2000 / 3, 1000 / 3 - 1), heatmap.mapping().color(0.0));
    // A low value next to zeros: the block's largest is 0.
    QCOMPARE(image.pixel(8 / 3, 7 / 3), heatmap.mapping().color(0.0));
    QCOMPARE(heatmap.mapping().minimum(), -5.0);
}

void TestHeatmapWidget::paintsTheImageBuiltWithTheResult()
{
    // The result brings its heatmaps' pictures (built on the worker that computed it): the widget
    // shows them as they are, the same QImage, and builds one only for a scale of its own.
    QStringList names;
    for (int i = 0; i < 300; ++i)
        names.append(QStringLiteral("t%1").arg(i + 1));
    auto s = std::make_shared<Scenario>(randomScenario(names, 3, 2));
    s->causal = true;
    s->values = Matrix::Random(300, 4); // one-hot values past 64 tokens are not drawn
    const auto r = std::make_shared<const ScenarioResult>(s->computeWithImages());
    for (const auto &[kind, built] : {std::pair{HeatmapWidget::Kind::Scores, r->scoresImage},
                                      std::pair{HeatmapWidget::Kind::Weights, r->weightsImage},
                                      std::pair{HeatmapWidget::Kind::Output, r->outputImage}}) {
        HeatmapWidget heatmap(kind);
        heatmap.setScenario(s, r);
        QVERIFY(built);
        QCOMPARE(heatmap.cellImage().cacheKey(), built->image.cacheKey());
        QCOMPARE(heatmap.mapping().minimum(), built->minimum);
        QCOMPARE(heatmap.mapping().maximum(), built->maximum);
    }
    // Few tokens, weights on their own range: not the result's 0–1 picture, one of its own.
    auto small = std::make_shared<Scenario>(randomScenario(names.mid(0, 20), 3, 2));
    const auto r2 = std::make_shared<const ScenarioResult>(small->computeWithImages());
    HeatmapWidget heatmap(HeatmapWidget::Kind::Weights);
    heatmap.setFixedRange(false);
    heatmap.setScenario(small, r2);
    QVERIFY(heatmap.cellImage().cacheKey() != r2->weightsImage->image.cacheKey());
    QCOMPARE(heatmap.mapping().minimum(), r2->weights.minCoeff());
    QCOMPARE(heatmap.mapping().maximum(), r2->weights.maxCoeff());
    heatmap.setFixedRange(true);
    QCOMPARE(heatmap.mapping().maximum(), 1.0);
}

void TestHeatmapWidget::keyboardFocusShows()
{
    QWidget window;
    auto *layout = new QHBoxLayout(&window);
    auto *other = new QLineEdit(&window);
    HeatmapWidget heatmap(HeatmapWidget::Kind::Weights, &window);
    layout->addWidget(other);
    layout->addWidget(&heatmap);
    const Scenario lesson = *preset(QStringLiteral("lesson"));
    heatmap.setScenario(lesson, lesson.compute());
    window.resize(700, 400);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QRgb highlight = heatmap.palette().color(QPalette::Highlight).rgb();
    const auto framed = [&] {
        const QImage shot = heatmap.grab().toImage();
        // The middles of the top and the left edge are the frame's when it is shown.
        return shot.pixel(shot.width() / 2, 1) == highlight &&
               shot.pixel(1, shot.height() / 2) == highlight;
    };
    other->setFocus();
    QTRY_VERIFY(other->hasFocus());
    QVERIFY(!framed());
    // Tab reaches the heatmap, and its frame shows it; the arrow keys then move the current cell
    // and Enter selects its row.
    QTest::keyClick(other, Qt::Key_Tab);
    QTRY_VERIFY(heatmap.hasFocus());
    QVERIFY(framed());
    QSignalSpy selected(&heatmap, &HeatmapWidget::tokenSelected);
    heatmap.setSelectedToken(2);
    QTest::keyClick(&heatmap, Qt::Key_Down);
    QCOMPARE(selected.count(), 0);
    QTest::keyClick(&heatmap, Qt::Key_Return);
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.first().at(0).toInt(), 3);
    // Exports never carry the frame.
    const QImage exported = heatmap.toImage(1.0);
    QVERIFY(exported.pixel(1, exported.height() / 2) != highlight);
    other->setFocus();
    QTRY_VERIFY(!heatmap.hasFocus());
    QVERIFY(!framed());
}

QTEST_MAIN(TestHeatmapWidget)
#include "tst_heatmapwidget.moc"
