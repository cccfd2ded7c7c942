// Step 7's curves after a short run in a real window: the loss at each position over training
// holds each validation's losses by position, its in-context learning score is the definition's
// (docs/tiny-model.md), its columns lie under the loss chart's points, a hover names a cell's
// figures, and the history slider marks the step it shows on the map and the chart alike. A kept
// run is drawn faint on the chart and in the score strip, survives a restart (its own file), the
// oldest is dropped past three with a word, and a bad file is named and shows none. A kept run's
// training loss is drawn fainter still, and its map is shown on request with this run's score
// faint. While exercise 6 is shown, a finished one-layer run of the repeat task is kept by itself,
// once; a two-layer run is not.

#include "answerbox.h"
#include "keptruns.h"
#include "language.h"
#include "layersexercise.h"
#include "losschart.h"
#include "numberformat.h"
#include "positionstepmap.h"
#include "presstrain.h"
#include "runcurves.h"
#include "runfiles.h"
#include "traincontrols.h"
#include "trainpage.h"
#include "verifynear.h"

#include <QChart>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QValueAxis>
#include <cmath>
#include <memory>

using namespace attention;

namespace {

/// The score computed here from its definition: the mean loss over positions ⌊3C/4⌋ … C − 1 less
/// the mean over ⌊C/8⌋ … ⌊C/4⌋ − 1.
double scoreByDefinition(const std::vector<double> &losses)
{
    const std::size_t c = losses.size();
    double late = 0.0;
    for (std::size_t t = 3 * c / 4; t < c; ++t)
        late += losses[t] / double(c - 3 * c / 4);
    double early = 0.0;
    for (std::size_t t = c / 8; t < c / 4; ++t)
        early += losses[t] / double(c / 4 - c / 8);
    return late - early;
}

/// A small run of `corpus`: a context of 16 (the score needs 8), d_model 16, two heads, one
/// thread, a validation every 10 of its `steps`.
TrainingSetup smallSetup(const char *corpus, int steps)
{
    TrainingSetup setup = defaultSetup(QString::fromLatin1(corpus));
    setup.config.context = 16;
    setup.config.dModel = 16;
    setup.config.heads = 2;
    setup.settings.steps = steps;
    setup.settings.threads = 1;
    setup.evalEvery = 10;
    return setup;
}

} // namespace

class TestRunCurves : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void mapHoldsEachValidation();
    void mapLiesUnderTheChartsSteps();
    void hoverNamesTheFigures();
    void historyMarksTheShownStep();
    void keptRunIsDrawnFaintAndSurvives();
    void theOldestKeptRunIsDropped();
    void badKeptFileIsNamed();
    void keptRunsMapIsShownOnRequest();
    void everyAxisFollowsTheZoom();
    void exerciseKeepsItsOneLayerRun();
    void runNamesItsCorpusInTheWindowsLanguage();

private:
    Language m_language; ///< English, for its plurals
    std::unique_ptr<TrainPage> m_pageOwner;
    TrainPage &m_page() { return *m_pageOwner; }
};

void TestRunCurves::initTestCase()
{
    // Kept runs live in the test's own data folder, empty at the start.
    QStandardPaths::setTestModeEnabled(true);
    QFile::remove(KeptRuns::defaultFileName());
    QVERIFY(m_language.setLanguage(QStringLiteral("en")));
    m_pageOwner = std::make_unique<TrainPage>();
    // The copy task, two layers, 50 steps.
    TrainingSetup setup = smallSetup(corpora::copyTask, 50);
    setup.config.layers = 2;
    m_page().resize(1280, 720);
    m_page().show();
    QVERIFY(QTest::qWaitForWindowExposed(&m_page()));
    m_page().controls()->setSetup(setup);
    m_page().controls()->resetButton()->click();
    presstrain::pressTrain(m_page());
    QVERIFY(m_page().session()->waitUntilIdle(60000));
    QCoreApplication::processEvents();
    QCOMPARE(m_page().session()->stepsDone(), 50);
}

void TestRunCurves::mapHoldsEachValidation()
{
    const PositionStepMap *map = m_page().positionSteps();
    const std::vector<ValidationPoint> &validations = m_page().session()->validations();
    QVERIFY(validations.size() >= 5);
    QCOMPARE(map->steps().size(), validations.size());
    for (std::size_t i = 0; i < validations.size(); ++i) {
        QCOMPARE(map->steps()[i], validations[i].step);
        QCOMPARE(map->positionLosses()[i], validations[i].positionLosses);
        QCOMPARE(map->positionLosses()[i].size(), std::size_t(16));
        VERIFY_NEAR(map->scores()[i], scoreByDefinition(validations[i].positionLosses), 1e-12);
    }
    // The caption ends with the latest score.
    QVERIFY2(map->captionText().contains(NumberFormat::loss(map->scores().back())),
             qPrintable(map->captionText()));
}

void TestRunCurves::mapLiesUnderTheChartsSteps()
{
    // Each column ends under its validation's point on the loss chart, as Qt Charts places it.
    const PositionStepMap *map = m_page().positionSteps();
    LossChart *chart = m_page().lossChart();
    QLineSeries *validation = chart->validationSeries();
    for (int i = 0; i < int(map->steps().size()); ++i) {
        const QPointF scene =
            chart->chart()->mapToPosition(QPointF(map->steps()[std::size_t(i)], 0.0), validation);
        const QPoint inView = chart->mapFromScene(scene);
        const qreal x = map->mapFromGlobal(chart->viewport()->mapToGlobal(inView)).x();
        const QRectF cell = map->cellRect(i, 0);
        QVERIFY2(std::abs(cell.right() - x) <= 1.5,
                 qPrintable(QStringLiteral("validation %1: column ends at %2, point at %3")
                                .arg(i)
                                .arg(cell.right())
                                .arg(x)));
        QVERIFY2(std::abs(map->scorePoint(i).x() - x) <= 1.5, qPrintable(QString::number(i)));
        // Rows from the first position down, the columns side by side.
        QVERIFY(map->cellRect(i, 1).top() > cell.top());
        if (i > 0)
            QVERIFY(std::abs(map->cellRect(i - 1, 0).right() - cell.left()) < 1e-9);
    }
}

void TestRunCurves::hoverNamesTheFigures()
{
    const PositionStepMap *map = m_page().positionSteps();
    const int column = 2;
    const int position = 5;
    const int step = map->steps()[column];
    QCOMPARE(map->hoverText(map->cellRect(column, position).center()),
             QStringLiteral("Step %1, position %2: %3 nats")
                 .arg(QLocale().toString(step))
                 .arg(position + 1)
                 .arg(NumberFormat::loss(map->positionLosses()[column][position])));
    QCOMPARE(map->hoverText(map->scorePoint(column) - QPointF(1.0, 0.0)),
             QStringLiteral("Step %1: in-context learning score %2 nats")
                 .arg(QLocale().toString(step), NumberFormat::loss(map->scores()[column])));
    QVERIFY(map->hoverText(QPointF(1.0, 1.0)).isEmpty()); // the caption
}

void TestRunCurves::historyMarksTheShownStep()
{
    // An earlier snapshot marks its step on both; the latest marks none.
    m_page().showSnapshot(1);
    QCoreApplication::processEvents();
    const int step = m_page().session()->history()[1]->step;
    QCOMPARE(m_page().positionSteps()->shownStep(), step);
    QCOMPARE(m_page().lossChart()->shownStepSeries()->at(0).x(), double(step));
    m_page().showSnapshot(int(m_page().session()->history().size()) - 1);
    QCoreApplication::processEvents();
    QCOMPARE(m_page().positionSteps()->shownStep(), -1);
    QCOMPARE(m_page().lossChart()->shownStepSeries()->count(), 0);
}

void TestRunCurves::keptRunIsDrawnFaintAndSurvives()
{
    RunCurves *curves = m_page().curves();
    QVERIFY(curves->keepButton()->isEnabled());
    QVERIFY(!curves->forgetButton()->isEnabled());
    curves->keepButton()->click();
    QCOMPARE(curves->keptRuns().runs().size(), std::size_t(1));
    const std::vector<ValidationPoint> &validations = m_page().session()->validations();
    // The chart: one faint line through the kept validations, named by the run's settings.
    QCOMPARE(m_page().lossChart()->keptSeries().size(), 1);
    const QLineSeries *kept = m_page().lossChart()->keptSeries().front();
    QCOMPARE(kept->count(), int(validations.size()));
    QCOMPARE(kept->at(1), QPointF(validations[1].step, validations[1].loss));
    QCOMPARE(kept->color().alpha(), 0x80);
    QCOMPARE(kept->name(), QStringLiteral("kept: copy task, 2 layers, 50 steps"));
    // The score strip: the kept run's scores.
    const std::vector<QPointF> &scores = m_page().positionSteps()->keptScores().front();
    QCOMPARE(scores.size(), validations.size());
    QCOMPARE(scores.back().y(), m_page().positionSteps()->scores().back());
    QVERIFY(curves->forgetButton()->isEnabled());
    QVERIFY2(curves->keptNote()->text().startsWith(QStringLiteral("1 run kept")),
             qPrintable(curves->keptNote()->text()));

    // A restart: a new page reads the same file and draws the same run.
    QVERIFY(QFile::exists(KeptRuns::defaultFileName()));
    TrainPage restarted;
    QCOMPARE(restarted.curves()->keptRuns().runs().size(), std::size_t(1));
    QCOMPARE(restarted.curves()->keptRuns().runs().front().validations.back().positionLosses,
             validations.back().positionLosses);
    QCOMPARE(restarted.lossChart()->keptSeries().front()->points(), kept->points());

    curves->forgetButton()->click();
    QVERIFY(curves->keptRuns().isEmpty());
    QVERIFY(m_page().lossChart()->keptSeries().isEmpty());
    QVERIFY(!QFile::exists(KeptRuns::defaultFileName()));
}

void TestRunCurves::theOldestKeptRunIsDropped()
{
    RunCurves *curves = m_page().curves();
    for (int i = 0; i < KeptRuns::maxKept + 1; ++i)
        curves->keepButton()->click();
    QCOMPARE(int(curves->keptRuns().runs().size()), KeptRuns::maxKept);
    QCOMPARE(m_page().lossChart()->keptSeries().size(), KeptRuns::maxKept);
    QVERIFY2(curves->keptNote()->text().contains(
                 QStringLiteral("The oldest kept run (copy task, 2 layers, 50 steps) was dropped")),
             qPrintable(curves->keptNote()->text()));
    curves->forgetButton()->click();
}

void TestRunCurves::badKeptFileIsNamed()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("kept-runs.json"));
    QFile out(file);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write("{\"kept_runs\": [{\"setup\": {}}]}");
    out.close();
    RunCurves curves;
    QString error;
    QVERIFY(!curves.useKeptFile(file, &error));
    QVERIFY2(error.contains(QStringLiteral("run 1 has no validation")), qPrintable(error));
    QVERIFY(curves.keptRuns().isEmpty());
    QVERIFY2(curves.keptNote()->text().contains(error), qPrintable(curves.keptNote()->text()));
}

void TestRunCurves::keptRunsMapIsShownOnRequest()
{
    // A kept run unlike this one: every loss by position halved, its training loss two points.
    std::optional<KeptRun> run = keptRunOf(*m_page().session());
    QVERIFY(run);
    for (ValidationPoint &v : run->validations)
        for (double &loss : v.positionLosses)
            loss *= 0.5;
    run->trainLoss = {QPointF(10.0, 3.0), QPointF(50.0, 2.5)};
    KeptRuns runs;
    runs.keep(*run);
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("kept-runs.json"));
    QString error;
    QVERIFY2(runs.save(file, &error), qPrintable(error));
    RunCurves *curves = m_page().curves();
    QVERIFY2(curves->useKeptFile(file, &error), qPrintable(error));

    // The training loss: its own faint line, out of the legend.
    LossChart *chart = m_page().lossChart();
    QCOMPARE(chart->keptTrainSeries().size(), 1);
    const QLineSeries *train = chart->keptTrainSeries().front();
    QCOMPARE(train->points(), QList<QPointF>({QPointF(10.0, 3.0), QPointF(50.0, 2.5)}));
    QCOMPARE(train->color().alpha(), 0x50);
    QVERIFY(
        !chart->chart()->legend()->markers(const_cast<QLineSeries *>(train)).front()->isVisible());

    // The map shows this run's until the learner picks the kept one with the keyboard.
    QComboBox *box = curves->mapRunBox();
    QVERIFY(box->isVisibleTo(curves));
    QCOMPARE(box->count(), 2);
    PositionStepMap *map = m_page().positionSteps();
    const std::vector<ValidationPoint> &validations = m_page().session()->validations();
    QCOMPARE(map->positionLosses().back(), validations.back().positionLosses);
    box->setFocus();
    QTest::keyClick(box, Qt::Key_Down);
    QCOMPARE(map->shownRun(), 0);
    QCOMPARE(map->positionLosses().size(), run->validations.size());
    for (std::size_t column = 0; column < run->validations.size(); ++column)
        QCOMPARE(map->positionLosses()[column], run->validations[column].positionLosses);
    QCOMPARE(map->scores().back(), scoreByDefinition(run->validations.back().positionLosses));
    QVERIFY2(map->captionText().contains(RunCurves::runName(*run)), qPrintable(map->captionText()));
    // This run's score is the faint line now.
    QCOMPARE(map->fadedScores().size(), std::size_t(1));
    QCOMPARE(map->fadedScores().front().back().y(),
             scoreByDefinition(validations.back().positionLosses));

    QTest::keyClick(box, Qt::Key_Up);
    QCOMPARE(map->shownRun(), -1);
    QCOMPARE(map->positionLosses().back(), validations.back().positionLosses);
    // Forgotten, the box goes and the map is this run's.
    curves->forgetButton()->click();
    QVERIFY(!box->isVisibleTo(curves));
    QVERIFY(chart->keptTrainSeries().isEmpty());
    QVERIFY2(curves->useKeptFile(KeptRuns::defaultFileName(), &error), qPrintable(error));
}

void TestRunCurves::everyAxisFollowsTheZoom()
{
    // Zoomed (a larger page font), the induction ratio's axis grows with the loss's and the steps'.
    QFont zoomed = m_page().font();
    zoomed.setPointSizeF(zoomed.pointSizeF() * 2.0);
    m_page().curves()->applyFonts(zoomed);
    LossChart *chart = m_page().lossChart();
    QCOMPARE(chart->ratioAxis()->labelsFont().pointSizeF(), zoomed.pointSizeF());
    QCOMPARE(chart->stepAxis()->labelsFont().pointSizeF(), zoomed.pointSizeF());
    m_page().curves()->applyFonts(m_page().font());
}

void TestRunCurves::exerciseKeepsItsOneLayerRun()
{
    RunCurves *curves = m_page().curves();
    curves->forgetKeptRuns();
    TrainingSetup setup = smallSetup(corpora::repeatTask, 20);
    const auto train = [&](int layers) {
        setup.config.layers = layers;
        m_page().controls()->setSetup(setup);
        // The finished run before it is not saved: Reset asks, and it goes.
        answerbox::answerNext(QMessageBox::Discard, nullptr, RunFiles::unsavedRunQuestionName);
        m_page().controls()->resetButton()->click();
        presstrain::pressTrain(m_page());
        QVERIFY(m_page().session()->waitUntilIdle(60000));
        QCoreApplication::processEvents();
        QCOMPARE(m_page().session()->state(), TrainingSession::State::Finished);
    };
    curves->setExerciseShown(false);
    train(1);
    QVERIFY(curves->keptRuns().isEmpty()); // no exercise, nothing kept
    curves->setExerciseShown(true);
    train(2);
    QVERIFY(curves->keptRuns().isEmpty()); // not the half the exercise keeps
    train(1);
    QCOMPARE(curves->keptRuns().runs().size(), std::size_t(1));
    const KeptRun &kept = curves->keptRuns().runs().front();
    QCOMPARE(kept.setup.config.layers, 1);
    QCOMPARE(kept.stepsDone, 20);
    QCOMPARE(kept.validations.back().positionLosses,
             m_page().session()->validations().back().positionLosses);
    QVERIFY2(curves->exerciseVerdict()->text().startsWith(QStringLiteral("Now train two layers")),
             qPrintable(curves->exerciseVerdict()->text()));
    QCOMPARE(LayersExercise::nextLayers(curves->keptRuns().runs()), 2);
    train(1);
    QCOMPARE(curves->keptRuns().runs().size(), std::size_t(1)); // one is enough
    curves->setExerciseShown(false);
    curves->forgetKeptRuns();
}

void TestRunCurves::runNamesItsCorpusInTheWindowsLanguage()
{
    KeptRun run;
    run.setup.corpus = QString::fromLatin1(corpora::repeatTask);
    run.setup.config.layers = 1;
    run.stepsDone = 4000;
    QCOMPARE(RunCurves::runName(run), QStringLiteral("repeat task, 1 layer, 4000 steps"));
    QVERIFY(m_language.setLanguage(QStringLiteral("zh_CN")));
    const QString chinese = RunCurves::runName(run);
    run.setup.corpus = QStringLiteral("/home/learner/texts/poems.txt");
    const QString file = RunCurves::runName(run);
    QVERIFY(m_language.setLanguage(QStringLiteral("en")));
    QVERIFY2(chinese.startsWith(QStringLiteral("重复任务")), qPrintable(chinese));
    QVERIFY2(file.startsWith(QStringLiteral("poems.txt")), qPrintable(file));
}

QTEST_MAIN(TestRunCurves)
#include "tst_runcurves.moc"
