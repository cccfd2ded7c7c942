// SqrtDPage, step 4 of the lesson: its curves follow √d, its table agrees with the core, the d
// slider redraws only the heatmaps and only for its last value, T measures again, and the state
// survives a round trip.

#include "heatmapwidget.h"
#include "matrixmodel.h"
#include "sqrtd.h"
#include "sqrtdpage.h"
#include "verifynear.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QJsonObject>
#include <QLabel>
#include <QLineSeries>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>
#include <cmath>
#include <memory>

using namespace attention;

namespace {

/// Few trials keep the test quick under the sanitizers; still 1500 dot products per d at T = 5
/// for the tests of the statistics.
constexpr int statisticsTrials = 60;
/// The tests of behaviour only need figures to compare, not precise ones.
constexpr int quickTrials = 4;
constexpr int busyTimeoutMs = 120000;

SqrtDOptions optionsFor(int T, int trials)
{
    SqrtDOptions options;
    options.T = T;
    options.trials = trials;
    options.seed = 1;
    return options;
}

/// A shown page measuring with `trials` per d.
std::unique_ptr<SqrtDPage> shownPage(int trials)
{
    auto page = std::make_unique<SqrtDPage>();
    page->setTrials(trials);
    page->resize(1300, 780);
    page->show();
    return page;
}

/// Waits until nothing runs and every dimension has its row.
bool waitUntilMeasured(const SqrtDPage &page)
{
    const auto done = [&page] {
        if (page.isBusy())
            return false;
        for (int i = 0; i < SqrtDPage::dimensions().size(); ++i)
            if (!page.measuredRow(i))
                return false;
        return true;
    };
    return QTest::qWaitFor(done, busyTimeoutMs);
}

/// The series' y at x = d; NaN when it has no such point.
double yAt(const QLineSeries *series, int d)
{
    for (const QPointF &point : series->points())
        if (point.x() == d)
            return point.y();
    return std::nan("");
}

void verifyMatrixEqual(const Matrix &shown, const Matrix &expected)
{
    QCOMPARE(shown.rows(), expected.rows());
    QCOMPARE(shown.cols(), expected.cols());
    VERIFY_NEAR(maxAbsDifference(shown, expected), 0.0, 1e-15);
}

} // namespace

class TestSqrtDPage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void dimensionsAreLogSpaced();
    void nothingRunsBeforeShown();
    void stdFollowsSqrtD();
    void scalingLowersTheLargestWeight();
    void tableAgreesWithCore();
    void heatmapsShowTheTrialOfTheCurrentD();
    void quickSliderMovesDrawOnlyTheLast();
    void pageKeysGoByPowersOfTwo();
    void changingTokensMeasuresAgain();
    void stateRoundTrip();
    void malformedStateKeepsDefaults();
    void fitsTheLessonArea();

private:
    /// One page with statisticsTrials, shared by the tests that only read it (measuring is the
    /// slow part).
    SqrtDPage &sharedPage();
    std::unique_ptr<SqrtDPage> m_shared;
};

SqrtDPage &TestSqrtDPage::sharedPage()
{
    if (!m_shared)
        m_shared = shownPage(statisticsTrials);
    return *m_shared;
}

void TestSqrtDPage::initTestCase()
{
    // As attention-lab's main() does: the trials' small products run faster on one thread.
    Eigen::setNbThreads(1);
}

void TestSqrtDPage::dimensionsAreLogSpaced()
{
    const QList<int> &list = SqrtDPage::dimensions();
    QCOMPARE(list.first(), 1);
    QCOMPARE(list.last(), 4096);
    for (int d : SqrtDPage::tableDimensions())
        QVERIFY(list.contains(d));
    for (int i = 1; i < list.size(); ++i) {
        const double ratio = double(list.at(i)) / list.at(i - 1);
        QVERIFY2(ratio >= 1.3 && ratio <= 2.0, qPrintable(QString::number(list.at(i))));
    }
    SqrtDPage page;
    QCOMPARE(page.dimensionSlider()->maximum() + 1, int(list.size()));
    QCOMPARE(page.dimension(), SqrtDPage::defaultDimension);
    QCOMPARE(page.tokens(), SqrtDPage::defaultTokens);
    QVERIFY(!page.hasExercise());
    // At T = 5 the trials of attention-cli sqrtd and lesson section 4 (SqrtDOptions' default,
    // 2000), so that the page and the console show the same lesson table; at other T about as
    // many query rows.
    QCOMPARE(SqrtDPage::automaticTrials(5), SqrtDOptions().trials);
    QCOMPARE(SqrtDPage::automaticTrials(5), 2000);
    QVERIFY(SqrtDPage::automaticTrials(64) * 64 >= 9900);
    QCOMPARE(page.trials(), 2000);
    page.setTrials(statisticsTrials);
    QCOMPARE(page.trials(), statisticsTrials);
}

void TestSqrtDPage::nothingRunsBeforeShown()
{
    SqrtDPage page;
    QSignalSpy busy(&page, &LessonPage::busyChanged);
    page.setTrials(quickTrials);
    page.setTokens(7);
    page.setDimension(64);
    QTest::qWait(20);
    QVERIFY(!page.isBusy());
    QCOMPARE(busy.count(), 0);
    QCOMPARE(page.stdSeries()->count(), 0);
    QCOMPARE(page.shownTrialDimension(), 0);

    page.show();
    QVERIFY(page.isBusy());
    QCOMPARE(busy.count(), 1);
    QCOMPARE(busy.at(0).at(0).toBool(), true);
    QVERIFY(waitUntilMeasured(page));
    QCOMPARE(busy.last().at(0).toBool(), false);
    QCOMPARE(page.shownTrialDimension(), 64);
    QCOMPARE(page.unscaledHeatmap()->model()->rowCount(), 7);
}

void TestSqrtDPage::stdFollowsSqrtD()
{
    SqrtDPage &page = sharedPage();
    QVERIFY(waitUntilMeasured(page));
    const QLineSeries *spread = page.stdSeries();
    QCOMPARE(spread->count(), int(SqrtDPage::dimensions().size()));
    for (int i = 0; i < spread->count(); ++i)
        QCOMPARE(spread->at(i).x(), double(SqrtDPage::dimensions().at(i)));

    // The lesson's example: at d = 256 the spread is about 16.
    const double at256 = yAt(spread, 256);
    QVERIFY2(std::abs(at256 - 16.0) <= 1.6, qPrintable(QString::number(at256)));

    for (int d : SqrtDPage::dimensions()) {
        const double root = std::sqrt(double(d));
        VERIFY_NEAR(yAt(page.sqrtSeries(), d), root, 1e-12);
        if (d < 4)
            continue;
        const double measured = yAt(spread, d);
        QVERIFY2(std::abs(measured / root - 1.0) <= 0.10,
                 qPrintable(QStringLiteral("d=%1: std %2, √d %3").arg(d).arg(measured).arg(root)));
    }
}

void TestSqrtDPage::scalingLowersTheLargestWeight()
{
    SqrtDPage &page = sharedPage();
    QVERIFY(waitUntilMeasured(page));
    QCOMPARE(page.unscaledSeries()->count(), int(SqrtDPage::dimensions().size()));
    QCOMPARE(page.scaledSeries()->count(), int(SqrtDPage::dimensions().size()));
    for (int d : SqrtDPage::dimensions()) {
        const double unscaled = yAt(page.unscaledSeries(), d);
        const double scaled = yAt(page.scaledSeries(), d);
        // Every largest weight lies between even (1/T) and one-hot (1).
        QVERIFY(unscaled >= 0.2 && unscaled <= 1.0);
        QVERIFY(scaled >= 0.2 && scaled <= 1.0);
        if (d >= 16)
            QVERIFY2(scaled < unscaled, qPrintable(QStringLiteral("d=%1: scaled %2, unscaled %3")
                                                       .arg(d)
                                                       .arg(scaled)
                                                       .arg(unscaled)));
    }
    // Unscaled, the largest weight nears 1 at large d; scaled, it stays near five N(0, 1) scores'.
    QVERIFY(yAt(page.unscaledSeries(), 1024) > 0.85);
    VERIFY_NEAR(yAt(page.scaledSeries(), 1024), 0.46, 0.06);
    // A point at weight 1 lies whole inside the plot (its marker is 5 px across), not cut by its
    // top.
    QChart *chart = page.weightChartView()->chart();
    const QPointF top = chart->mapToPosition(QPointF(1024, 1.0), page.unscaledSeries());
    QVERIFY2(
        top.y() - chart->plotArea().top() >= 2.5,
        qPrintable(QStringLiteral("%1 px below the top").arg(top.y() - chart->plotArea().top())));
}

void TestSqrtDPage::tableAgreesWithCore()
{
    SqrtDPage &page = sharedPage();
    QVERIFY(waitUntilMeasured(page));
    const QTableWidget *table = page.table();
    QCOMPARE(table->rowCount(), 4);
    QCOMPARE(table->columnCount(), 5);
    const SqrtDOptions options = optionsFor(5, statisticsTrials);
    const QList<int> expectedD{16, 64, 256, 1024};
    for (int r = 0; r < table->rowCount(); ++r) {
        const int d = expectedD.at(r);
        const auto cell = [&](int column) { return table->item(r, column)->data(Qt::UserRole); };
        QCOMPARE(cell(0).toInt(), d);
        QCOMPARE(table->item(r, 0)->text(), QString::number(d));
        const SqrtDRow direct = measureSqrtD(d, options);
        VERIFY_NEAR(cell(1).toDouble(), direct.stdDev, 1e-12);
        VERIFY_NEAR(cell(2).toDouble(), std::sqrt(double(d)), 1e-12);
        VERIFY_NEAR(cell(3).toDouble(), direct.maxWeightUnscaled, 1e-12);
        VERIFY_NEAR(cell(4).toDouble(), direct.maxWeightScaled, 1e-12);
        QCOMPARE(table->item(r, 1)->text(), QString::number(direct.stdDev, 'f', 2));
        // The chart shows the same measurement.
        VERIFY_NEAR(yAt(page.stdSeries(), d), direct.stdDev, 1e-12);
    }
}

void TestSqrtDPage::heatmapsShowTheTrialOfTheCurrentD()
{
    SqrtDPage &page = sharedPage();
    QVERIFY(waitUntilMeasured(page));
    QCOMPARE(page.shownTrialDimension(), SqrtDPage::defaultDimension);
    const SqrtDTrial trial =
        drawSqrtDTrial(SqrtDPage::defaultDimension, optionsFor(5, statisticsTrials));
    verifyMatrixEqual(page.unscaledHeatmap()->model()->table().toMatrix(), trial.unscaledWeights);
    verifyMatrixEqual(page.scaledHeatmap()->model()->table().toMatrix(), trial.scaledWeights);
    QCOMPARE(page.unscaledHeatmap()->model()->rowLabels().first(), QStringLiteral("t₁"));
    QCOMPARE(page.unscaledHeatmap()->model()->rowLabels().last(), QStringLiteral("t₅"));
    // Every row is a softmax: sums to 1.
    for (const HeatmapWidget *heatmap : {page.unscaledHeatmap(), page.scaledHeatmap()}) {
        const Matrix w = heatmap->model()->table().toMatrix();
        for (Index i = 0; i < w.rows(); ++i)
            VERIFY_NEAR(w.row(i).sum(), 1.0, 1e-12);
    }
    QVERIFY(page.readoutLabel()->text().contains(QStringLiteral("256")));
}

void TestSqrtDPage::quickSliderMovesDrawOnlyTheLast()
{
    auto page = shownPage(quickTrials);
    QVERIFY(waitUntilMeasured(*page));
    const QList<QPointF> curveBefore = page->unscaledSeries()->points();
    QSignalSpy busy(page.get(), &LessonPage::busyChanged);
    QSignalSpy shown(page.get(), &SqrtDPage::trialShown);
    QSignalSpy curves(page.get(), &SqrtDPage::curvesMeasured);

    // Five moves without the event loop in between, as a fast drag delivers them.
    QSlider *slider = page->dimensionSlider();
    for (int d : {16, 4096, 2, 1024, 45})
        slider->setValue(int(SqrtDPage::dimensions().indexOf(d)));
    QCOMPARE(page->dimension(), 45);
    QVERIFY(page->isBusy());
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), busyTimeoutMs);
    QTest::qWait(50); // nothing stale may arrive late

    QCOMPARE(shown.count(), 1);
    QCOMPARE(shown.at(0).at(0).toInt(), 45);
    QCOMPARE(page->shownTrialDimension(), 45);
    QCOMPARE(busy.count(), 2);
    QCOMPARE(busy.at(0).at(0).toBool(), true);
    QCOMPARE(busy.at(1).at(0).toBool(), false);
    const SqrtDTrial trial = drawSqrtDTrial(45, optionsFor(5, quickTrials));
    verifyMatrixEqual(page->unscaledHeatmap()->model()->table().toMatrix(), trial.unscaledWeights);
    verifyMatrixEqual(page->scaledHeatmap()->model()->table().toMatrix(), trial.scaledWeights);

    // d alone does not measure the curves again.
    QCOMPARE(curves.count(), 0);
    QCOMPARE(page->unscaledSeries()->points(), curveBefore);
    // The readout and the marker follow d at once, from the measured curves.
    const SqrtDRow row = *page->measuredRow(int(SqrtDPage::dimensions().indexOf(45)));
    QVERIFY(page->readoutLabel()->text().contains(QString::number(row.stdDev, 'f', 2)));
}

void TestSqrtDPage::pageKeysGoByPowersOfTwo()
{
    // From any d, PageUp and PageDown land on the next power of two; Home and End on the ends.
    SqrtDPage page;
    QSlider *slider = page.dimensionSlider();
    const auto press = [&](Qt::Key key) {
        QTest::keyClick(slider, key);
        return page.dimension();
    };
    slider->setValue(int(SqrtDPage::dimensions().indexOf(23)));
    QCOMPARE(press(Qt::Key_PageUp), 32);
    QCOMPARE(press(Qt::Key_PageUp), 64);
    QCOMPARE(press(Qt::Key_PageDown), 32);
    slider->setValue(int(SqrtDPage::dimensions().indexOf(23)));
    QCOMPARE(press(Qt::Key_PageDown), 16);
    QCOMPARE(press(Qt::Key_Home), 1);
    QCOMPARE(press(Qt::Key_PageDown), 1);
    QCOMPARE(press(Qt::Key_PageUp), 2);
    QCOMPARE(press(Qt::Key_End), 4096);
    QCOMPARE(press(Qt::Key_PageUp), 4096);
    QCOMPARE(press(Qt::Key_PageDown), 2048);
}

void TestSqrtDPage::changingTokensMeasuresAgain()
{
    auto page = shownPage(quickTrials);
    QVERIFY(waitUntilMeasured(*page));
    const double before = yAt(page->unscaledSeries(), 64);
    QSignalSpy curves(page.get(), &SqrtDPage::curvesMeasured);
    QSignalSpy shown(page.get(), &SqrtDPage::trialShown);

    page->tokensSpinBox()->setValue(8);
    QCOMPARE(page->tokens(), 8);
    QVERIFY(page->isBusy());
    QVERIFY(waitUntilMeasured(*page));
    QCOMPARE(curves.count(), 1);
    QCOMPARE(shown.count(), 1);
    QCOMPARE(page->measureOptions().T, Index(8));

    // Eight keys share the weight: the largest is smaller than with five, and the table and
    // chart are those of T = 8.
    const SqrtDOptions options = optionsFor(8, quickTrials);
    const SqrtDRow direct = measureSqrtD(64, options);
    VERIFY_NEAR(yAt(page->unscaledSeries(), 64), direct.maxWeightUnscaled, 1e-12);
    VERIFY_NEAR(yAt(page->scaledSeries(), 64), direct.maxWeightScaled, 1e-12);
    QVERIFY(yAt(page->unscaledSeries(), 64) != before);
    VERIFY_NEAR(page->table()->item(1, 4)->data(Qt::UserRole).toDouble(), direct.maxWeightScaled,
                1e-12);
    QCOMPARE(page->unscaledHeatmap()->model()->rowCount(), 8);
    QCOMPARE(page->unscaledHeatmap()->model()->columnCount(), 8);
}

void TestSqrtDPage::stateRoundTrip()
{
    SqrtDPage page;
    page.setDimension(1024);
    page.setTokens(12);
    const QJsonObject state = page.saveState();
    QCOMPARE(state.value(QStringLiteral("d")).toInt(), 1024);
    QCOMPARE(state.value(QStringLiteral("T")).toInt(), 12);

    SqrtDPage other;
    other.setTrials(quickTrials);
    other.restoreState(state);
    QCOMPARE(other.dimension(), 1024);
    QCOMPARE(other.tokens(), 12);
    QCOMPARE(other.dimensionSlider()->value(), int(SqrtDPage::dimensions().indexOf(1024)));
    QCOMPARE(other.tokensSpinBox()->value(), 12);
    QCOMPARE(other.saveState(), state);

    // What it measures once shown is for the restored values.
    other.show();
    QVERIFY(waitUntilMeasured(other));
    QCOMPARE(other.shownTrialDimension(), 1024);
    QCOMPARE(other.unscaledHeatmap()->model()->rowCount(), 12);
    VERIFY_NEAR(other.measuredRow(0)->maxWeightScaled,
                measureSqrtD(1, optionsFor(12, quickTrials)).maxWeightScaled, 1e-12);

    other.reset();
    QCOMPARE(other.dimension(), SqrtDPage::defaultDimension);
    QCOMPARE(other.tokens(), SqrtDPage::defaultTokens);
    QTRY_VERIFY_WITH_TIMEOUT(!other.isBusy(), busyTimeoutMs);
    QCOMPARE(other.shownTrialDimension(), SqrtDPage::defaultDimension);
}

void TestSqrtDPage::malformedStateKeepsDefaults()
{
    SqrtDPage page;
    page.setDimension(64);
    page.setTokens(9);
    page.restoreState(
        QJsonObject{{QStringLiteral("d"), QStringLiteral("lots")}, {QStringLiteral("T"), 1000}});
    QCOMPARE(page.dimension(), SqrtDPage::defaultDimension);
    QCOMPARE(page.tokens(), SqrtDPage::defaultTokens);

    page.restoreState(QJsonObject{{QStringLiteral("d"), 2.5}, {QStringLiteral("T"), 6}});
    QCOMPARE(page.dimension(), SqrtDPage::defaultDimension);
    QCOMPARE(page.tokens(), 6);

    // A d between the slider's steps goes to the nearest one on a log scale.
    page.restoreState(QJsonObject{{QStringLiteral("d"), 300}});
    QCOMPARE(page.dimension(), 256);
    QCOMPARE(page.tokens(), SqrtDPage::defaultTokens);
    page.restoreState(QJsonObject{{QStringLiteral("d"), 5000}});
    QCOMPARE(page.dimension(), SqrtDPage::defaultDimension);
    page.restoreState(QJsonObject());
    QCOMPARE(page.dimension(), SqrtDPage::defaultDimension);
}

void TestSqrtDPage::fitsTheLessonArea()
{
    SqrtDPage &page = sharedPage();
    QVERIFY(waitUntilMeasured(page));
    const QSize minimum = page.minimumSizeHint();
    QVERIFY2(minimum.width() <= 1300 && minimum.height() <= 780,
             qPrintable(QStringLiteral("%1 × %2").arg(minimum.width()).arg(minimum.height())));
    QCOMPARE(page.size(), QSize(1300, 780));
    // The table shows its four rows whole.
    const QTableWidget *table = page.table();
    QVERIFY(table->visualItemRect(table->item(3, 4)).bottom() <= table->viewport()->height());
    QVERIFY(page.unscaledHeatmap()->width() >= 200 && page.unscaledHeatmap()->height() >= 200);
    QVERIFY(page.stdChartView()->height() >= 240);

    const QImage image = page.grab().toImage();
    QCOMPARE(image.size(), QSize(1300, 780));
    const QString png = qEnvironmentVariable("SQRTD_PAGE_PNG");
    if (!png.isEmpty())
        QVERIFY(image.save(png));
}

QTEST_MAIN(TestSqrtDPage)
#include "tst_sqrtdpage.moc"
