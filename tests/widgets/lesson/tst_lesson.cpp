// The guided lesson inside the main window, walked through as a learner would, offscreen: each
// step's views are checked against figures computed here another way.

#include "averagingpage.h"
#include "compareview.h"
#include "controlspanel.h"
#include "costpage.h"
#include "focuschain.h"
#include "headpage.h"
#include "headpanel.h"
#include "heatmapwidget.h"
#include "lessontext.h"
#include "lessonview.h"
#include "mainwindow.h"
#include "maskpage.h"
#include "matrixmodel.h"
#include "pixmapcachesafestyle.h"
#include "presets.h"
#include "querykeypage.h"
#include "scenariodocument.h"
#include "selfcheckpage.h"
#include "sqrtdpage.h"
#include "traincontrols.h"
#include "trainpage.h"
#include "vectoreditor.h"
#include "vectorplane.h"
#include "verifynear.h"
#include "weightschart.h"

#include <QAbstractAxis>
#include <QAbstractButton>
#include <QAction>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTest>
#include <QToolBar>
#include <QUndoStack>
#include <cmath>
#include <memory>
#include <vector>

using namespace attention;

namespace {

/// Step 7 with a model and a run small enough for a test (its exercise trains first).
void shortenTraining(TrainPage *page)
{
    TrainingSetup setup;
    setup.corpus = QString::fromLatin1(corpora::copyTask);
    setup.config.context = 8;
    setup.config.dModel = 16;
    setup.config.heads = 2;
    setup.settings.steps = 30;
    setup.settings.threads = 1;
    page->controls()->setSetup(setup);
    QVERIFY(!page->session()->setUp(page->controls()->setup()));
}

constexpr double eps = 1e-12;

// The lesson's hand-made keys for 床前明月光.
const double lessonKeys[5][2] = {{0.1, 0.9}, {0.0, 1.0}, {0.9, 0.1}, {1.0, 0.0}, {0.8, 0.2}};

/// softmax(scale · k q) for 光's query (q0, q1), with plain std::exp.
std::vector<double> guangWeights(double q0, double q1, double scale)
{
    std::vector<double> w(5);
    double sum = 0.0;
    for (int j = 0; j < 5; ++j) {
        w[j] = std::exp(scale * (q0 * lessonKeys[j][0] + q1 * lessonKeys[j][1]));
        sum += w[j];
    }
    for (double &x : w)
        x /= sum;
    return w;
}

double cell(const HeatmapWidget *heatmap, int row, int column)
{
    return heatmap->model()->index(row, column).data(MatrixModel::ValueRole).toDouble();
}

std::vector<double> bars(const WeightsChart *chart)
{
    std::vector<double> values;
    for (int j = 0; j < chart->barSet()->count(); ++j)
        values.push_back(chart->barSet()->at(j));
    return values;
}

/// Every text a learner sees on the lesson view as it is shown: labels, buttons, boxes, table
/// headers, chart titles, axes and legends, heatmap titles and captions.
QStringList visibleTexts(QWidget *root)
{
    static const QRegularExpression tags(QStringLiteral("<[^>]*>"));
    QStringList texts;
    auto add = [&texts](QString text) {
        text.remove(tags);
        if (!text.trimmed().isEmpty())
            texts.append(text.trimmed());
    };
    for (QWidget *widget : root->findChildren<QWidget *>()) {
        if (!widget->isVisibleTo(root))
            continue;
        if (auto *label = qobject_cast<QLabel *>(widget))
            add(label->text());
        else if (auto *button = qobject_cast<QAbstractButton *>(widget))
            add(button->text());
        else if (auto *box = qobject_cast<QGroupBox *>(widget))
            add(box->title());
        else if (auto *combo = qobject_cast<QComboBox *>(widget))
            add(combo->currentText());
        else if (auto *table = qobject_cast<QTableWidget *>(widget)) {
            for (int c = 0; c < table->columnCount(); ++c)
                if (table->horizontalHeaderItem(c))
                    add(table->horizontalHeaderItem(c)->text());
        } else if (auto *heatmap = qobject_cast<HeatmapWidget *>(widget)) {
            add(heatmap->title());
        } else if (auto *view = qobject_cast<QChartView *>(widget)) {
            QChart *chart = view->chart();
            add(chart->title());
            for (QAbstractAxis *axis : chart->axes())
                add(axis->titleText());
            for (QLegendMarker *marker : chart->legend()->markers())
                add(marker->label());
        }
    }
    return texts;
}

/// English words left in a Chinese text: runs of four or more Latin letters, less the names
/// that stay as they are in both languages.
QStringList englishWords(const QString &text)
{
    static const QRegularExpression word(QStringLiteral("[A-Za-z]{4,}"));
    static const QStringList names = {
        QStringLiteral("softmax"), QStringLiteral("float"),        QStringLiteral("double"),
        QStringLiteral("naive"),   QStringLiteral("materialized"), QStringLiteral("tiled"),
        QStringLiteral("GEMM"),    QStringLiteral("causal"),       QStringLiteral("True"),
        QStringLiteral("False"),   QStringLiteral("model"),        QStringLiteral("head"),
        QStringLiteral("dhead")}; // d<sub>head</sub> without its tags
    QStringList found;
    for (auto match = word.globalMatch(text); match.hasNext();) {
        const QString w = match.next().captured();
        if (!names.contains(w))
            found.append(w);
    }
    return found;
}

void clickRow(HeatmapWidget *heatmap, int row)
{
    const QPointF center = heatmap->mapping().cellRect(row, 0).center();
    QTest::mouseClick(heatmap, Qt::LeftButton, {}, center.toPoint());
}

} // namespace

class TestLesson : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("AttentionLabTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_lesson"));
        PixmapCacheSafeStyle::install(); // as attention-lab's main() does
        QSettings().clear();
    }

    void init()
    {
        m_window = std::make_unique<MainWindow>(MainWindow::Settings::Ignore);
        m_window->setLanguage(QStringLiteral("en"));
        m_window->resize(1600, 1000);
        m_window->showLessonStep(1);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    void cleanup()
    {
        if (m_window)
            m_window->document()->markSaved();
        m_window.reset();
    }

    void stepListAndNavigation()
    {
        LessonView *lesson = m_window->lesson();
        QCOMPARE(m_window->mode(), MainWindow::Mode::Lesson);
        QVERIFY(m_window->centralWidget()->isVisible());
        QVERIFY(lesson->isVisible());
        QCOMPARE(lesson->stepList()->count(), LessonView::stepCount);
        QCOMPARE(lesson->currentStep(), 1);
        QVERIFY(!lesson->previousButton()->isEnabled());
        for (int step = 2; step <= LessonView::stepCount; ++step) {
            QTest::mouseClick(lesson->nextButton(), Qt::LeftButton);
            QCOMPARE(lesson->currentStep(), step);
            QVERIFY(lesson->currentPage()->isVisible());
            QVERIFY(lesson->titleLabel()->text().contains(LessonText::step(step).title));
            QVERIFY(!lesson->explanationLabel()->text().isEmpty());
            QCOMPARE(lesson->exerciseButton()->isVisibleTo(lesson),
                     lesson->currentPage()->hasExercise());
            QCOMPARE(lesson->exerciseButton(1)->isVisibleTo(lesson),
                     lesson->currentPage()->exerciseCount() > 1);
        }
        QVERIFY(!lesson->nextButton()->isEnabled());
        // Alt+Left goes back; a click in the list jumps.
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        QTest::keyClick(m_window->windowHandle(), Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(lesson->currentStep(), LessonView::stepCount - 1);
        lesson->stepList()->setCurrentRow(2);
        QCOMPARE(lesson->currentStep(), 3);
        // The six exercises sit on steps 2, 5, 6 and 7 (4, 5 and 6).
        QList<int> withExercise;
        for (int step = 1; step <= LessonView::stepCount; ++step)
            for (int index = 0; index < lesson->page(step)->exerciseCount(); ++index)
                withExercise.append(step);
        QCOMPARE(withExercise, QList<int>({2, 5, 6, 7, 7, 7}));
        QVERIFY(lesson->exerciseButton(2)->isVisibleTo(lesson) == (lesson->currentStep() == 7));
    }

    void modesHideAndRestoreTheWorkbench()
    {
        QVERIFY(!m_window->scoresHeatmap()->isVisible());
        QVERIFY(!m_window->vectorEditor()->isVisible());
        m_window->workbenchModeAction()->trigger();
        QCOMPARE(m_window->mode(), MainWindow::Mode::Workbench);
        QVERIFY(m_window->scoresHeatmap()->isVisible());
        QVERIFY(m_window->vectorEditor()->isVisible());
        QVERIFY(m_window->controls()->isVisible());
        // A panel closed in the workbench stays closed after a visit to the lesson.
        auto *editorDock = qobject_cast<QDockWidget *>(m_window->vectorEditor()->parentWidget());
        QVERIFY(editorDock);
        editorDock->close();
        m_window->lessonModeAction()->trigger();
        QVERIFY(!m_window->controls()->isVisible());
        m_window->workbenchModeAction()->trigger();
        QVERIFY(!m_window->vectorEditor()->isVisible());
        QVERIFY(m_window->vectorPlane()->isVisible());
        // A preset is shown in the workbench.
        m_window->lessonModeAction()->trigger();
        QVERIFY(m_window->loadPreset(QStringLiteral("sharp")));
        QCOMPARE(m_window->mode(), MainWindow::Mode::Workbench);
    }

    void step1RowIsTheMeanOfItsInputs()
    {
        m_window->showLessonStep(1);
        auto *page = qobject_cast<AveragingPage *>(m_window->lesson()->page(1));
        QVERIFY(page);
        const HeatmapWidget *weights = page->weightsHeatmap();
        const HeatmapWidget *inputs = page->inputsHeatmap();
        const HeatmapWidget *output = page->outputHeatmap();
        QCOMPARE(weights->model()->rowCount(), 5);
        // The uniform causal average: 1/(i+1) up to the diagonal, 0 after it.
        for (int i = 0; i < 5; ++i)
            for (int j = 0; j < 5; ++j)
                VERIFY_NEAR(cell(weights, i, j), (j <= i ? 1.0 / (i + 1) : 0.0), eps);

        // Row 3 (明, index 2) = the mean of the first three inputs, read off the views.
        clickRow(page->weightsHeatmap(), 0);
        QCOMPARE(page->selectedToken(), 0);
        clickRow(page->weightsHeatmap(), 2);
        QCOMPARE(page->selectedToken(), 2);
        for (int c = 0; c < inputs->model()->columnCount(); ++c) {
            const double mean = (cell(inputs, 0, c) + cell(inputs, 1, c) + cell(inputs, 2, c)) / 3;
            VERIFY_NEAR(cell(output, 2, c), mean, eps);
        }
        QCOMPARE(page->inputsHeatmap()->highlightedRows(), std::make_pair(0, 2));
        QCOMPARE(page->outputHeatmap()->selectedToken(), 2);
        QVERIFY(page->meanDifference() < eps);
        QVERIFY(page->readout()->text().contains(QStringLiteral("✓")));

        // More tokens, other inputs: still the running mean.
        page->tokenSpinBox()->setValue(8);
        QCOMPARE(weights->model()->rowCount(), 8);
        const double before = cell(inputs, 0, 0);
        QTest::mouseClick(page->rerollButton(), Qt::LeftButton);
        QVERIFY(cell(inputs, 0, 0) != before);
        clickRow(page->outputHeatmap(), 7);
        double mean = 0.0;
        for (int i = 0; i < 8; ++i)
            mean += cell(inputs, i, 1);
        VERIFY_NEAR(cell(output, 7, 1), mean / 8, eps);
        QCOMPARE(page->inputsHeatmap()->highlightedRows(), std::make_pair(0, 7));
    }

    void step2WeightsScaleAndExercise()
    {
        m_window->showLessonStep(2);
        LessonView *lesson = m_window->lesson();
        auto *page = qobject_cast<QueryKeyPage *>(lesson->page(2));
        QVERIFY(page);
        QCOMPARE(page->selectedToken(), 4);
        // The lesson's weights for 光: 0.12 0.11 0.26 0.29 0.23.
        const std::vector<double> plain = guangWeights(1, 0, 1.0);
        VERIFY_ALL_NEAR(plain, (std::vector<double>{0.12, 0.11, 0.26, 0.29, 0.23}), 0.005);
        VERIFY_ALL_NEAR(bars(page->chart()), plain, eps);
        QVERIFY(page->readout()->text().contains(QStringLiteral("0.29")));

        // The slider to the 5× mark: 0.01 0.00 0.30 0.50 0.18.
        page->controls()->scaleSlider()->setValue(ControlsPanel::positionOfScale(5.0));
        QCOMPARE(page->document()->scenario().scoreScale, 5.0);
        const std::vector<double> sharp = guangWeights(1, 0, 5.0);
        VERIFY_ALL_NEAR(sharp, (std::vector<double>{0.01, 0.00, 0.30, 0.50, 0.18}), 0.005);
        VERIFY_ALL_NEAR(bars(page->chart()), sharp, eps);

        // Edit → Undo follows the page: back to 1×, and the workbench is untouched.
        const int workbenchSteps = m_window->document()->undoStack()->count();
        QVERIFY(m_window->undoAction()->isEnabled());
        m_window->undoAction()->trigger();
        QCOMPARE(page->document()->scenario().scoreScale, 1.0);
        QCOMPARE(m_window->document()->undoStack()->count(), workbenchSteps);

        // Exercise 1, one click away: 光 looks for position, weight moves to 床 and 前.
        QVERIFY(!lesson->hintLabel()->isVisible());
        QTest::mouseClick(lesson->exerciseButton(), Qt::LeftButton);
        QVERIFY(lesson->hintLabel()->isVisible());
        QVERIFY(lesson->exerciseStarted(2));
        const RowVector query = page->document()->scenario().queries.row(4);
        QCOMPARE(query(0), 0.0);
        QCOMPARE(query(1), 1.0);
        const std::vector<double> exercise = guangWeights(0, 1, 1.0);
        VERIFY_ALL_NEAR(bars(page->chart()), exercise, eps);
        QVERIFY(exercise[0] + exercise[1] > exercise[2] + exercise[3]);
        QVERIFY(plain[0] + plain[1] < plain[2] + plain[3]);

        // Starting the step over brings the lesson's vectors back and hides the hint.
        QTest::mouseClick(lesson->resetStepButton(), Qt::LeftButton);
        VERIFY_ALL_NEAR(bars(page->chart()), plain, eps);
        QVERIFY(!lesson->hintLabel()->isVisible());
        // It is one step of Edit → Undo, which brings the exercise's query back.
        QCOMPARE(m_window->undoAction()->text(), QStringLiteral("&Undo Start the step over"));
        m_window->undoAction()->trigger();
        QCOMPARE(page->document()->scenario().queries(4, 1), 1.0);
        VERIFY_ALL_NEAR(bars(page->chart()), exercise, eps);
        m_window->redoAction()->trigger();
        VERIFY_ALL_NEAR(bars(page->chart()), plain, eps);
    }

    void step3MaskZeroesTheUpperTriangle()
    {
        m_window->showLessonStep(3);
        auto *page = qobject_cast<MaskPage *>(m_window->lesson()->page(3));
        QVERIFY(page);
        const Scenario &scenario = page->document()->scenario();
        QCOMPARE(scenario.dimension(), Index(MaskPage::dimension));
        QVERIFY(scenario.divideBySqrtD);
        QVERIFY(scenario.causal);
        const HeatmapWidget *weights = page->weightsHeatmap();
        const HeatmapWidget *scores = page->scoresHeatmap();
        auto upper = [](const HeatmapWidget *heatmap) {
            double largest = 0.0;
            for (int i = 0; i < 5; ++i)
                for (int j = i + 1; j < 5; ++j) {
                    const double x = std::abs(cell(heatmap, i, j));
                    if (std::isnan(x))
                        return x; // fails both the == 0 and the > 0.01 checks
                    largest = std::max(largest, x);
                }
            return largest;
        };
        // With the mask: −∞ scores and zero weights above the diagonal; rows sum to 1.
        QCOMPARE(upper(weights), 0.0);
        QVERIFY(std::isinf(cell(scores, 0, 4)));
        for (int i = 0; i < 5; ++i) {
            double sum = 0.0;
            for (int j = 0; j < 5; ++j)
                sum += cell(weights, i, j);
            VERIFY_NEAR(sum, 1.0, 1e-12);
        }
        // The scores are q·k/√8, computed here from the document's q and k.
        const double expected = scenario.queries.row(4).dot(scenario.keys.row(1)) / std::sqrt(8.0);
        VERIFY_NEAR(cell(scores, 4, 1), expected, eps);
        // The comparison shows the unmasked weights, whose upper triangle is not zero.
        QVERIFY(upper(page->compareView()->heatmap()) > 0.01);

        // Without the mask: not zero, and the comparison now shows the masked ones.
        page->controls()->causalCheckBox()->click();
        QVERIFY(!page->document()->scenario().causal);
        QVERIFY(upper(weights) > 0.01);
        QCOMPARE(upper(page->compareView()->heatmap()), 0.0);
        QVERIFY(page->readout()->text().contains(QStringLiteral("off")));

        // Re-roll: new q and k, the switch kept; undo brings the old ones back.
        const Matrix before = page->document()->scenario().queries;
        QTest::mouseClick(page->rerollButton(), Qt::LeftButton);
        QVERIFY(page->document()->scenario().queries != before);
        QVERIFY(!page->document()->scenario().causal);
        m_window->undoAction()->trigger();
        QVERIFY(page->document()->scenario().queries == before);
    }

    void step4ChartsFollowSqrtD()
    {
        auto *page = qobject_cast<SqrtDPage *>(m_window->lesson()->page(4));
        QVERIFY(page);
        QVERIFY(!page->isBusy()); // nothing is measured before the step is shown
        page->setTrials(60);      // fewer trials than the app's, for the sanitizer build
        QSignalSpy measured(page, &SqrtDPage::curvesMeasured);
        m_window->showLessonStep(4);
        QVERIFY(m_window->lesson()->isBusy());
        QVERIFY(measured.wait(120000));
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->lesson()->isBusy(), 60000);

        // The charts' points: the std of q·k against d, and the mean largest weights.
        const QList<QPointF> std = page->stdSeries()->points();
        const QList<QPointF> unscaled = page->unscaledSeries()->points();
        const QList<QPointF> scaled = page->scaledSeries()->points();
        QCOMPARE(std.size(), SqrtDPage::dimensions().size());
        QCOMPARE(unscaled.size(), std.size());
        QCOMPARE(scaled.size(), std.size());
        bool saw256 = false;
        for (int i = 0; i < std.size(); ++i) {
            const double d = std.at(i).x();
            if (d == 256) {
                saw256 = true;
                QVERIFY2(std::abs(std.at(i).y() - 16.0) < 1.6,
                         qPrintable(QString::number(std.at(i).y())));
            }
            if (d >= 16)
                QVERIFY2(scaled.at(i).y() < unscaled.at(i).y(),
                         qPrintable(QStringLiteral("d = %1").arg(d)));
        }
        QVERIFY(saw256);
    }

    void step5HeadAgreesWithTheReference()
    {
        m_window->showLessonStep(5);
        LessonView *lesson = m_window->lesson();
        auto *page = qobject_cast<HeadPage *>(lesson->page(5));
        QVERIFY(page);
        QVERIFY(page->isCausal());
        QVERIFY(page->withinTolerance());
        QVERIFY(page->difference() < 1e-12);
        // The badge shows that difference.
        QVERIFY(page->badge()->text().contains(QStringLiteral("✓")));
        // Exercise 2: the mask off, still agreeing with the reference computed without it.
        QTest::mouseClick(lesson->exerciseButton(), Qt::LeftButton);
        QVERIFY(!page->isCausal());
        QVERIFY(!page->causalBox()->isChecked());
        QVERIFY(page->withinTolerance());
        QVERIFY(page->badge()->text().contains(QStringLiteral("✓")));
        QVERIFY(lesson->hintLabel()->isVisible());
    }

    void step6SmallTimingRunAndCancel()
    {
        m_window->showLessonStep(6);
        auto *page = qobject_cast<CostPage *>(m_window->lesson()->page(6));
        QVERIFY(page);
        page->setLengths({64, 128});
        page->setRepeat(1, 100.0);
        QSignalSpy finished(page, &CostPage::runFinished);
        page->run();
        QVERIFY(m_window->lesson()->isBusy());
        QVERIFY(finished.wait(60000));
        QTRY_VERIFY(!m_window->lesson()->isBusy());
        for (const Kernel kernel : allKernels()) {
            QCOMPARE(page->series(kernel)->count(), 2);
            for (const QPointF &point : page->series(kernel)->points())
                QVERIFY(point.y() > 0.0);
        }
        // A long run stops promptly on Cancel, and the window answers meanwhile.
        page->setLengths({2000});
        page->setRepeat(1000, 1e9);
        page->run();
        QVERIFY(m_window->lesson()->isBusy());
        QTest::qWait(50);
        QTest::mouseClick(page->cancelButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->lesson()->isBusy(), 5000);
    }

    void selfCheckRevealsAnswers()
    {
        m_window->showLessonStep(8);
        auto *page = qobject_cast<SelfCheckPage *>(m_window->lesson()->page(8));
        QVERIFY(page);
        QCOMPARE(page->questionCount(), 3);
        for (int i = 0; i < 3; ++i)
            QVERIFY(!page->answerLabel(i)->isVisible());
        QTest::mouseClick(page->answerButton(1), Qt::LeftButton);
        QVERIFY(page->answerLabel(1)->isVisible());
        QVERIFY(!page->answerLabel(0)->isVisible());
        QCOMPARE(page->answerLabel(1)->text(), LessonText::selfCheck().at(1).answer);
        QTest::mouseClick(page->answerButton(1), Qt::LeftButton);
        QVERIFY(!page->answerLabel(1)->isVisible());

        // A page without a document starts over as one undoable step too.
        QTest::mouseClick(page->answerButton(2), Qt::LeftButton);
        QVERIFY(page->answerLabel(2)->isVisible());
        QVERIFY(!m_window->undoAction()->isEnabled());
        QTest::mouseClick(m_window->lesson()->resetStepButton(), Qt::LeftButton);
        QVERIFY(!page->answerLabel(2)->isVisible());
        QVERIFY(m_window->undoAction()->isEnabled());
        m_window->undoAction()->trigger();
        QVERIFY(page->answerLabel(2)->isVisible());
        QVERIFY(!page->answerLabel(0)->isVisible());
        m_window->redoAction()->trigger();
        QVERIFY(!page->answerLabel(2)->isVisible());
    }

    void everyStepInBothLanguages_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }
    void everyStepInBothLanguages()
    {
        QFETCH(QString, language);
        QVERIFY(m_window->setLanguage(language));
        LessonView *lesson = m_window->lesson();
        qobject_cast<SqrtDPage *>(lesson->page(4))->setTrials(4);
        // The plane's axes are named in the language shown ("sky" / 天空).
        QCoreApplication::processEvents(); // the language change is an event
        QCOMPARE(
            qobject_cast<QueryKeyPage *>(lesson->page(2))->document()->scenario().dimensionNames,
            preset(QStringLiteral("lesson"))->dimensionNames);
        for (int step = 1; step <= LessonView::stepCount; ++step) {
            m_window->showLessonStep(step);
            if (step == LessonView::trainStep) // a short run: the exercise trains first
                shortenTraining(lesson->trainPage());
            if (lesson->currentPage()->hasExercise())
                lesson->startExercise(); // its hint shows too
            if (step == 6)
                qobject_cast<CostPage *>(lesson->page(6))->cancel(); // the texts, not the times
            QTRY_VERIFY_WITH_TIMEOUT(!lesson->isBusy(), 120000);
            QCoreApplication::processEvents();
            const QStringList texts = visibleTexts(lesson);
            QVERIFY(texts.size() > 5);
            QVERIFY(lesson->titleLabel()->text().contains(LessonText::step(step).title));
            if (language == QLatin1String("zh_CN")) {
                for (const QString &text : texts)
                    QVERIFY2(englishWords(text).isEmpty(),
                             qPrintable(QStringLiteral("step %1: “%2”").arg(step).arg(text)));
            }
        }
        // The English lesson says what the Chinese one says, in other words.
        if (language == QLatin1String("zh_CN")) {
            QVERIFY(!LessonText::step(2).explanation.contains(QStringLiteral("query")));
            QVERIFY(!LessonText::selfCheck().at(0).answer.contains(QStringLiteral("query")));
        }
        m_window->setLanguage(QStringLiteral("en"));
    }

    void runEstimateFollowsTheLanguage()
    {
        // Step 7 words what a run will take as soon as it shows; switching the language words
        // it again (the app sets its language after the page has restored its model).
        QVERIFY(m_window->setLanguage(QStringLiteral("en")));
        m_window->showLessonStep(LessonView::trainStep);
        QLabel *estimate = m_window->lesson()->trainPage()->controls()->estimateLabel();
        QTRY_VERIFY(estimate->text().contains(QStringLiteral("memory")));
        QVERIFY(m_window->setLanguage(QStringLiteral("zh_CN")));
        QCoreApplication::processEvents(); // the language change is an event
        QVERIFY2(englishWords(estimate->text()).isEmpty(), qPrintable(estimate->text()));
        QVERIFY(m_window->setLanguage(QStringLiteral("en")));
    }

    void stateSurvivesARestart()
    {
        QSettings().clear();
        {
            MainWindow window(MainWindow::Settings::Use);
            QCOMPARE(window.mode(), MainWindow::Mode::Lesson); // a first start opens the lesson
            window.setLanguage(QStringLiteral("en"));
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            LessonView *lesson = window.lesson();
            auto *averaging = qobject_cast<AveragingPage *>(lesson->page(1));
            averaging->setTokenCount(7);
            averaging->setSelectedToken(5);
            lesson->setCurrentStep(2);
            lesson->startExercise();
            qobject_cast<QueryKeyPage *>(lesson->page(2))
                ->controls()
                ->scaleSlider()
                ->setValue(ControlsPanel::positionOfScale(5.0));
            lesson->setCurrentStep(3);
            qobject_cast<MaskPage *>(lesson->page(3))->reroll();
            qobject_cast<SqrtDPage *>(lesson->page(4))->setDimension(64);
            qobject_cast<HeadPage *>(lesson->page(5))->setSeed(9);
            qobject_cast<CostPage *>(lesson->page(6))->setLengths({250, 500});
            qobject_cast<SelfCheckPage *>(lesson->page(8))->setAnswerShown(2, true);
            window.close();
        }
        MainWindow again(MainWindow::Settings::Use);
        LessonView *lesson = again.lesson();
        QCOMPARE(again.mode(), MainWindow::Mode::Lesson);
        QCOMPARE(lesson->currentStep(), 3);
        auto *averaging = qobject_cast<AveragingPage *>(lesson->page(1));
        QCOMPARE(averaging->tokenCount(), 7);
        QCOMPARE(averaging->selectedToken(), 5);
        auto *queryKey = qobject_cast<QueryKeyPage *>(lesson->page(2));
        QCOMPARE(queryKey->document()->scenario().scoreScale, 5.0);
        QCOMPARE(queryKey->document()->scenario().queries(4, 1), 1.0);
        QVERIFY(lesson->exerciseStarted(2));
        QCOMPARE(qobject_cast<MaskPage *>(lesson->page(3))->seed(), std::uint64_t(4));
        QCOMPARE(qobject_cast<SqrtDPage *>(lesson->page(4))->dimension(), 64);
        QCOMPARE(qobject_cast<HeadPage *>(lesson->page(5))->seed(), 9);
        QCOMPARE(qobject_cast<CostPage *>(lesson->page(6))->lengths(), QList<int>({250, 500}));
        QVERIFY(qobject_cast<SelfCheckPage *>(lesson->page(8))->isAnswerShown(2));
        QVERIFY(!qobject_cast<SelfCheckPage *>(lesson->page(8))->isAnswerShown(0));

        // A damaged stored state is ignored, not trusted.
        QSettings().setValue(QStringLiteral("lesson/state"), QStringLiteral("{\"step\": \"x\", "
                                                                            "\"pages\": [1]}"));
        MainWindow damaged(MainWindow::Settings::Use);
        QCOMPARE(damaged.lesson()->currentStep(), 1);
        QSettings().clear();
    }

    void startedExerciseShowsAfterARestart()
    {
        // A restored lesson whose exercise 4 was started shows its verdict line again (once
        // there is a model to judge), without starting a run.
        LessonView *lesson = m_window->lesson();
        QJsonObject state = lesson->saveState();
        QVERIFY(!lesson->trainPage()->headPanel()->exerciseShown());
        state.insert(QStringLiteral("exercises"), QJsonArray{7});
        lesson->restoreState(state);
        QVERIFY(lesson->exerciseStarted(7));
        QVERIFY(lesson->trainPage()->headPanel()->exerciseShown());
        QVERIFY(!lesson->trainPage()->session()->isRunning());
        lesson->reset();
        QVERIFY(!lesson->trainPage()->headPanel()->exerciseShown());
        // Exercise 5, the step's second, is saved under its own key and comes back as itself.
        state.remove(QStringLiteral("exercises"));
        state.insert(QStringLiteral("exercises_2"), QJsonArray{7});
        lesson->restoreState(state);
        QVERIFY(lesson->exerciseStarted(7, 1));
        QVERIFY(!lesson->exerciseStarted(7, 0));
        QCOMPARE(lesson->trainPage()->headPanel()->exercise(), HeadPanel::Exercise::Induction);
        const QJsonObject saved = lesson->saveState();
        QCOMPARE(saved.value(QStringLiteral("exercises_2")).toArray(), QJsonArray{7});
        QCOMPARE(saved.value(QStringLiteral("exercises")).toArray(), QJsonArray{});
        // Its hint is exercise 5's, shown beside the step's two buttons.
        lesson->setCurrentStep(LessonView::trainStep);
        QCOMPARE(lesson->hintLabel()->text(),
                 LessonText::step(LessonView::trainStep).exercises.at(1).hint);
        QCOMPARE(lesson->exerciseButton(1)->text(),
                 LessonText::step(LessonView::trainStep).exercises.at(1).button);
        lesson->reset();
        QCOMPARE(lesson->startedExercise(7), LessonView::noExercise);
    }

    void planeIsATabStopOfStepTwo()
    {
        // Step 2's plane was left out of the Tab order (Qt::ClickFocus).
        m_window->showLessonStep(2);
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        auto *page = qobject_cast<QueryKeyPage *>(m_window->lesson()->page(2));
        QVERIFY(page);
        QWidget *first = m_window->lesson()->stepList();
        first->setFocus(Qt::TabFocusReason);
        const QList<QWidget *> chain = focuschain::walk(first);
        QVERIFY2(chain.contains(page->plane()), "Tab passes the vector plane by");
        // Before the weights chart beside it, as they stand left to right.
        QVERIFY(chain.indexOf(page->plane()) < chain.indexOf(page->findChild<WeightsChart *>()));
    }

    void everyFocusStopShows_data()
    {
        QTest::addColumn<int>("step");
        for (int step = 1; step <= LessonView::stepCount; ++step)
            QTest::addRow("step %d", step) << step;
    }

    void everyFocusStopShows()
    {
        // Round each step with Tab from the step list: every stop shows that it has the focus.
        QFETCH(int, step);
        m_window->showLessonStep(step);
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        QWidget *first = m_window->lesson()->stepList();
        first->setFocus(Qt::TabFocusReason);
        QVERIFY(first->hasFocus());
        const QList<QWidget *> chain = focuschain::walk(first);
        QVERIFY2(QApplication::focusWidget() == first, "Tab did not come back to the step list");
        QVERIFY(chain.size() > 2);
        const QStringList invisible = focuschain::withoutFocusMark(chain);
        QVERIFY2(invisible.isEmpty(), qPrintable(QStringLiteral("no focus shown on: ") +
                                                 invisible.join(QStringLiteral("; "))));
    }

private:
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(TestLesson)
#include "tst_lesson.moc"
