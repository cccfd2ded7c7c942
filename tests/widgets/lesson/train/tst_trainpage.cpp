// Lesson step 7, offscreen, on a small corpus written by the test: a short run fills the loss
// chart and changes the heads; pausing and going on gives the losses of an uninterrupted run; the
// history slider shows the stored snapshots; a refused model file changes nothing; the head
// opened in the workbench has the weights `attention-cli eval` prints for the same model.

#include "answerbox.h"
#include "headgrid.h"
#include "headpanel.h"
#include "headpanelcheck.h"
#include "headworthpanel.h"
#include "lessontext.h"
#include "lessonview.h"
#include "losschart.h"
#include "mainwindow.h"
#include "modelactions.h"
#include "nextcharpanel.h"
#include "numberformat.h"
#include "numberspinbox.h"
#include "pausebetweenvalidations.h"
#include "presstrain.h"
#include "quatrainmodel.h"
#include "runfiles.h"
#include "tiny/corpus.h"
#include "tiny/headroles.h"
#include "tiny/inference.h"
#include "traincontrols.h"
#include "trainpage.h"
#include "verifynear.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QBarSet>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QMenu>
#include <QMessageBox>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStringEncoder>
#include <QStyleOptionSlider>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>
#include <QValueAxis>

using namespace attention;

namespace {

/// Short lines of five characters, a comma, five more and a full stop: something to learn.
QString writeCorpus(const QTemporaryDir &dir)
{
    const QString alphabet = QStringLiteral("床前明月光疑是地上霜举头望低思故乡春眠不觉晓");
    QString text;
    quint32 state = 12345;
    for (int paragraph = 0; paragraph < 60; ++paragraph) {
        for (int line = 0; line < 2; ++line) {
            for (int i = 0; i < 10; ++i) {
                state = state * 1103515245u + 12345u;
                text += alphabet.at(int((state >> 16) % quint32(alphabet.size())));
                if (i == 4)
                    text += QStringLiteral("，");
            }
            text += QStringLiteral("。\n");
        }
        text += QLatin1Char('\n');
    }
    const QString name = dir.filePath(QStringLiteral("poems.txt"));
    QFile file(name);
    if (!file.open(QIODevice::WriteOnly) || file.write(text.toUtf8()) < 0)
        return {};
    return name;
}

TrainingSetup smallSetup(const QString &corpus, int steps = 60)
{
    TrainingSetup setup;
    setup.corpus = corpus;
    setup.config.context = 16;
    setup.config.dModel = 16;
    setup.config.heads = 2;
    setup.config.layers = 2;
    setup.settings.steps = steps;
    setup.settings.learningRate = 0.005;
    setup.settings.seed = 3;
    setup.settings.threads = 1;
    return setup;
}

/// A page on the small corpus, shown, with the form set to `setup`.
void prepare(TrainPage &page, const TrainingSetup &setup)
{
    page.resize(1280, 720);
    page.show();
    page.controls()->setSetup(setup);
    page.controls()->resetButton()->click(); // loads the form's setup
    page.setProbe(QStringLiteral("床前明月光，疑是地上霜。"));
}

void trainToEnd(TrainPage &page)
{
    presstrain::pressTrain(page);
    QVERIFY(page.session()->isRunning());
    QVERIFY(page.session()->waitUntilIdle(120000));
    QCoreApplication::processEvents();
    // The final weights' profiles, roles and worth: the panel describes a head once they are in.
    QVERIFY(page.inspector()->waitUntilIdle(120000));
}

/// Empty when two snapshots hold the same heads within 1e-4 (NaN-safe), else the first difference.
QString headsMismatch(const AttentionSnapshot &a, const AttentionSnapshot &b)
{
    if (a.heads.size() != b.heads.size())
        return QStringLiteral("%1 layers, expected %2").arg(a.heads.size()).arg(b.heads.size());
    for (std::size_t l = 0; l < a.heads.size(); ++l) {
        if (a.heads[l].size() != b.heads[l].size())
            return QStringLiteral("layer %1: %2 heads, expected %3")
                .arg(l)
                .arg(a.heads[l].size())
                .arg(b.heads[l].size());
        for (std::size_t h = 0; h < a.heads[l].size(); ++h) {
            const QString m = verifynear::allMismatch("head", a.heads[l][h], b.heads[l][h], 1e-4);
            if (!m.isEmpty())
                return QStringLiteral("layer %1 %2").arg(l).arg(m);
        }
    }
    return {};
}

/// Whether some head of b differs from the same head of a, all weights of both finite.
bool headsChanged(const AttentionSnapshot &a, const AttentionSnapshot &b)
{
    bool changed = false;
    for (std::size_t l = 0; l < a.heads.size() && a.heads.size() == b.heads.size(); ++l)
        for (std::size_t h = 0; h < a.heads[l].size() && h < b.heads[l].size(); ++h) {
            if (!a.heads[l][h].allFinite() || !b.heads[l][h].allFinite())
                return false;
            changed = changed || verifynear::apart(a.heads[l][h], b.heads[l][h], 1e-4);
        }
    return changed;
}

} // namespace

class TestTrainPage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void shortRunFillsChartAndChangesHeads();
    void pauseThenResumeMatchesAnUninterruptedRun();
    void historySliderShowsStoredSnapshots();
    void badModelFileChangesNothing();
    void failedBestFileIsShown();
    void savedModelOpensAgain();
    void workbenchHeadMatchesEval();
    void fileMenuOpensAndRemembersModels();
    void nextCharacterFollowsTemperature();
    void exerciseJudgesTheSelectedHead();
    void verdictAndRoleFollowOneRule_data();
    void verdictAndRoleFollowOneRule();
    void inductionVerdictFollowsTheCircuit();
    void inductionExerciseTrainsTheRepeatTask();
    void profilesOnTheProbeFollowIt();
    void stateSurvivesARestart();
    void lastModelIsThereAtTheNextStart();
    void selectedHeadSurvivesProbeEditsAndRestarts();
    void closingWhileTrainingStopsCleanly();
    void fieldsRefuseWhatTheyCannotHold();
    void raisingStepsContinuesAFinishedRun();
    void heavyRunAsksFirst();
    void saveAsksForTheBestOrTheLatest();
    void corpusFileIsCheckedWhenChosen();

private:
    QTemporaryDir m_dir;
    QString m_corpus;
};

void TestTrainPage::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    m_corpus = writeCorpus(m_dir);
    QVERIFY(!m_corpus.isEmpty());
}

void TestTrainPage::shortRunFillsChartAndChangesHeads()
{
    TrainPage page;
    prepare(page, smallSetup(m_corpus));
    QCOMPARE(page.session()->state(), TrainingSession::State::Ready);
    QCOMPARE(page.controls()->trainButton()->text(), QStringLiteral("Train"));
    const AttentionSnapshot initial = page.headGrid()->snapshot();
    QCOMPARE(page.headGrid()->layers(), 2);
    QCOMPARE(page.headGrid()->heads(), 2);
    QCOMPARE(page.headGrid()->positions(), 12);
    QVERIFY(page.lossChart()->trainSeries()->points().isEmpty());

    trainToEnd(page);
    QCOMPARE(page.session()->state(), TrainingSession::State::Finished);
    QCOMPARE(page.controls()->progressBar()->value(), 60);
    // The chart holds the run: one point per step here (blocks of 1), the validations, the
    // baseline across the run.
    QCOMPARE(page.lossChart()->trainSeries()->count(), 60);
    QCOMPARE(page.lossChart()->trainSeries()->at(59).y(), page.session()->trainLosses()[59]);
    QCOMPARE(page.lossChart()->validationSeries()->count(),
             int(page.session()->validations().size()));
    QVERIFY(page.lossChart()->validationSeries()->count() >= 2);
    QCOMPARE(page.lossChart()->baselineSeries()->at(0).y(), page.session()->unigramLoss());
    // Hovering a validation point shows its step and loss beside it, on the chart; leaving it
    // hides them.
    const QPointF validated = page.lossChart()->validationSeries()->at(0);
    Q_EMIT page.lossChart()->validationSeries()->hovered(validated, true);
    QCOMPARE(page.lossChart()->calloutText(), QStringLiteral("step %1: validation loss %2")
                                                  .arg(QLocale().toString(qRound(validated.x())),
                                                       NumberFormat::loss(validated.y())));
    Q_EMIT page.lossChart()->validationSeries()->hovered(validated, false);
    QVERIFY(page.lossChart()->calloutText().isEmpty());
    // It learned: the last validation is below the first.
    QVERIFY(page.session()->validations().back().loss < page.session()->validations().front().loss);
    // The heads are the trained model's now.
    const AttentionSnapshot &trained = page.headGrid()->snapshot();
    QCOMPARE(trained.step, 60);
    // The grid shows the session's own snapshot, not a copy: one object, owned by the history
    // and the grid alone.
    QCOMPARE(page.headGrid()->sharedSnapshot(), page.session()->history().back());
    QCOMPARE(page.headGrid()->sharedSnapshot().use_count(), 2L);
    QVERIFY(headsChanged(initial, trained));
    const auto analysis =
        tiny::analyseSequence(page.session()->model()->parameters, page.session()->probeIds());
    VERIFY_ALL_NEAR(trained.heads[1][0], analysis->attention[1][0], 1e-6);
    // The panel shows the selected head: its bars and role, computed here, for every head.
    for (int l = 1; l >= 0; --l)
        for (int h = 1; h >= 0; --h)
            QVERIFY_HEAD_PANEL(page, l, h);
    // The heads' bars differ, so bars of another head would fail the checks above.
    const auto bars = [&page](int l, int h) {
        std::vector<double> weights;
        const auto roles = headpanelcheck::expectedRoles(page, l, h); // kept: the loop reads it
        for (const tiny::RoleMeasure &m : roles->byOffset)
            weights.push_back(m.weight);
        return weights;
    };
    for (int l = 0; l < 2; ++l)
        QVERIFY(verifynear::apart(bars(l, 0), bars(l, 1), 1e-3));
}

void TestTrainPage::pauseThenResumeMatchesAnUninterruptedRun()
{
    TrainPage uninterrupted;
    prepare(uninterrupted, smallSetup(m_corpus, 150));
    trainToEnd(uninterrupted);

    TrainPage page;
    prepare(page, smallSetup(m_corpus, 150));
    QPushButton *train = page.controls()->trainButton();
    QTest::mouseClick(train, Qt::LeftButton);
    QCOMPARE(train->text(), QStringLiteral("Pause"));
    QTest::mouseClick(train, Qt::LeftButton); // pauses after the step under way
    QVERIFY(page.session()->waitUntilIdle(60000));
    QCOMPARE(page.session()->state(), TrainingSession::State::Paused);
    QCOMPARE(train->text(), QStringLiteral("Train"));
    const int pausedAt = page.session()->stepsDone();
    QVERIFY(pausedAt < 150);
    QTest::mouseClick(page.controls()->stepButton(), Qt::LeftButton);
    QVERIFY(page.session()->waitUntilIdle(60000));
    QCOMPARE(page.session()->stepsDone(), pausedAt + 1);
    trainToEnd(page);
    QCOMPARE(page.session()->trainLosses(), uninterrupted.session()->trainLosses());
    QCOMPARE(page.headGrid()->snapshot().heads[0][1],
             uninterrupted.headGrid()->snapshot().heads[0][1]);
}

void TestTrainPage::historySliderShowsStoredSnapshots()
{
    TrainPage page;
    prepare(page, smallSetup(m_corpus));
    trainToEnd(page);
    const auto &history = page.session()->history();
    QVERIFY(history.size() >= 10);
    QSlider *slider = page.historySlider();
    QCOMPARE(slider->maximum(), int(history.size()) - 1);
    QCOMPARE(slider->value(), slider->maximum());
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_Home);
    QCOMPARE(page.shownSnapshot(), 0);
    QCOMPARE(page.headGrid()->snapshot().step, 0);
    const QString first = headsMismatch(page.headGrid()->snapshot(), *history.front());
    QVERIFY2(first.isEmpty(), qPrintable(first));
    slider->setValue(5);
    QCOMPARE(page.headGrid()->snapshot().step, history[5]->step);
    QCOMPARE(page.headGrid()->sharedSnapshot(), history[5]); // the same object, not a copy
    const QString sixth = headsMismatch(page.headGrid()->snapshot(), *history[5]);
    QVERIFY2(sixth.isEmpty(), qPrintable(sixth));
    // A head from the past is shown, not opened: the workbench button waits for the end, and
    // the panel says in words that it describes the latest model.
    QVERIFY(!page.headPanel()->workbenchButton()->isEnabled());
    QVERIFY(page.headPanel()->pastNote()->isVisible());
    QVERIFY2(page.headPanel()->pastNote()->text().contains(QStringLiteral("(step 60)")),
             qPrintable(page.headPanel()->pastNote()->text()));
    // So does what each head is worth: its figures are the latest weights'.
    QTRY_VERIFY_WITH_TIMEOUT(page.inspector()->worth(), 60000);
    QLabel *worthNote = page.worthPanel()->pastNote();
    QVERIFY(!worthNote->isHidden());
    QVERIFY2(worthNote->text().contains(QStringLiteral("(step 60)")),
             qPrintable(worthNote->text()));
    QTest::keyClick(slider, Qt::Key_End);
    QCOMPARE(page.headGrid()->snapshot().step, 60);
    QVERIFY(page.headPanel()->workbenchButton()->isEnabled());
    QVERIFY(page.headPanel()->pastNote()->isHidden());
    QVERIFY(worthNote->isHidden());
    // A probe edit restarts the history at the current step, and the page says so.
    QVERIFY(page.historyNote()->isHidden());
    page.setProbe(QStringLiteral("月光"));
    QCOMPARE(page.session()->history().size(), std::size_t(1));
    QVERIFY(page.historyNote()->isVisible());
    QVERIFY2(page.historyNote()->text().contains(QStringLiteral("step 60")),
             qPrintable(page.historyNote()->text()));
}

void TestTrainPage::failedBestFileIsShown()
{
    // Tests run as root: no directory is unwritable, but a regular file cannot hold one.
    const QString blocker = m_dir.filePath(QStringLiteral("not-a-directory"));
    QFile file(blocker);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    const QString best = blocker + QStringLiteral("/best.safetensors");
    TrainPage page;
    page.setBestFile(best);
    prepare(page, smallSetup(m_corpus, 30));
    trainToEnd(page);
    const std::optional<TrainingError> error = page.session()->bestFileError();
    QVERIFY(error);
    QCOMPARE(error->file, best);
    const QString status = page.controls()->statusLabel()->text();
    QVERIFY2(status.contains(QStringLiteral("The best weights could not be saved")),
             qPrintable(status));
    QVERIFY2(status.contains(best), qPrintable(status));
    // The rest of the status stays: the run is done.
    QVERIFY2(status.contains(QStringLiteral("Done")), qPrintable(status));
}

void TestTrainPage::badModelFileChangesNothing()
{
    TrainPage page;
    prepare(page, smallSetup(m_corpus));
    QTest::mouseClick(page.controls()->stepButton(), Qt::LeftButton);
    QVERIFY(page.session()->waitUntilIdle(60000));
    const auto before = tiny::exportTensors(page.session()->model()->parameters);
    const auto state = page.session()->state();

    const QString bad = m_dir.filePath(QStringLiteral("bad.safetensors"));
    QFile file(bad);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("\x10\x00\x00\x00\x00\x00\x00\x00{\"not\": \"a model\"}", 24);
    file.close();
    QVERIFY(!page.openModel(bad));
    QVERIFY2(page.lastError().contains(QStringLiteral("bad.safetensors")),
             qPrintable(page.lastError()));
    QVERIFY(!page.openModel(m_dir.filePath(QStringLiteral("missing.safetensors"))));
    QCOMPARE(page.session()->state(), state);
    QCOMPARE(page.session()->stepsDone(), 1);
    QCOMPARE(tiny::exportTensors(page.session()->model()->parameters), before);
}

void TestTrainPage::savedModelOpensAgain()
{
    TrainPage page;
    prepare(page, smallSetup(m_corpus));
    trainToEnd(page);
    const QString name = m_dir.filePath(QStringLiteral("saved.safetensors"));
    QVERIFY2(page.saveModel(name), qPrintable(page.lastError()));

    TrainPage other;
    TrainingSetup otherShape = smallSetup(m_corpus);
    otherShape.config.context = 8;
    otherShape.config.layers = 1;
    otherShape.config.mlp = false;
    prepare(other, otherShape);
    QVERIFY2(other.openModel(name), qPrintable(other.lastError()));
    QCOMPARE(other.session()->state(), TrainingSession::State::Opened);
    // The form shows the opened model's shape, not the one it had: Reset trains one like it.
    const tiny::ModelConfig shown = other.controls()->setup().config;
    const tiny::ModelConfig saved = page.session()->model()->parameters.config;
    QCOMPARE(shown.context, saved.context);
    QCOMPARE(shown.dModel, saved.dModel);
    QCOMPARE(shown.heads, saved.heads);
    QCOMPARE(shown.layers, saved.layers);
    QCOMPARE(shown.mlp, saved.mlp);
    QCOMPARE(tiny::exportTensors(other.session()->model()->parameters),
             tiny::exportTensors(page.session()->bestModel()->parameters));
    QCOMPARE(other.session()->stepsDone(), page.session()->bestStep());
    QVERIFY(!other.controls()->trainButton()->isEnabled());
    QVERIFY(other.controls()->resetButton()->isEnabled());
    // One snapshot: the history slider has nothing to replay, and its handle stands at the
    // right end, where the step it names is, as the style places it.
    QSlider *slider = other.historySlider();
    QVERIFY(!slider->isEnabled());
    QStyleOptionSlider option;
    option.initFrom(slider);
    option.orientation = slider->orientation();
    option.minimum = slider->minimum();
    option.maximum = slider->maximum();
    option.sliderPosition = slider->sliderPosition();
    option.sliderValue = slider->value();
    option.upsideDown = slider->invertedAppearance();
    const QRect handle = slider->style()->subControlRect(QStyle::CC_Slider, &option,
                                                         QStyle::SC_SliderHandle, slider);
    QVERIFY2(handle.right() >= slider->width() - 2, qPrintable(QStringLiteral("handle %1–%2 of %3")
                                                                   .arg(handle.left())
                                                                   .arg(handle.right())
                                                                   .arg(slider->width())));
}

void TestTrainPage::workbenchHeadMatchesEval()
{
    MainWindow window(MainWindow::Settings::Ignore);
    window.resize(1366, 768);
    window.show();
    window.showLessonStep(LessonView::trainStep);
    TrainPage &page = *window.lesson()->trainPage();
    prepare(page, smallSetup(m_corpus));
    trainToEnd(page);
    const QString name = m_dir.filePath(QStringLiteral("eval.safetensors"));
    QVERIFY(page.saveModel(name));
    QVERIFY(page.openModel(name)); // the heads of exactly the saved weights
    const QString probe = QStringLiteral("床前明月光，疑是");
    page.setProbe(probe);
    page.headGrid()->setSelectedHead(1, 1);

    QProcess eval;
    eval.start(QStringLiteral(ATTENTION_CLI),
               {QStringLiteral("eval"), QStringLiteral("--model"), name, QStringLiteral("--text"),
                probe, QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY(eval.waitForFinished(60000));
    QCOMPARE(eval.exitCode(), 0);
    const QJsonArray attention = QJsonDocument::fromJson(eval.readAllStandardOutput())
                                     .object()
                                     .value(QStringLiteral("attention"))
                                     .toArray();
    const QJsonArray expected = attention.at(1).toArray().at(1).toArray();
    QCOMPARE(expected.size(), 8);

    QTest::mouseClick(page.headPanel()->workbenchButton(), Qt::LeftButton);
    QCOMPARE(window.mode(), MainWindow::Mode::Workbench);
    const Scenario &scenario = window.document()->scenario();
    QCOMPARE(scenario.tokens.join(QString()), probe);
    QCOMPARE(scenario.dimension(), Index(8)); // d_head = 16 / 2
    QVERIFY(scenario.divideBySqrtD);
    QVERIFY(scenario.causal);
    QVERIFY(scenario.values.has_value());
    QVERIFY(scenario.title.contains(QStringLiteral("poems")));
    const ScenarioResult result = scenario.compute();
    Matrix printed(8, 8);
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 8; ++c)
            printed(r, c) = expected.at(r).toArray().at(c).toDouble();
    VERIFY_ALL_NEAR(result.weights, printed, 1e-5);
    // One step of the document's history: Undo brings the scenario before it back.
    QVERIFY(window.document()->undoStack()->canUndo());
    // Nobody edited the untitled scenario it replaced: quitting asks nothing.
    QVERIFY(!window.document()->isModified());
    // An edited scenario stays one to save, with the head over it.
    window.document()->setScoreScale(2.0);
    QVERIFY(window.document()->isModified());
    window.showLessonStep(LessonView::trainStep);
    QTest::mouseClick(page.headPanel()->workbenchButton(), Qt::LeftButton);
    QCOMPARE(window.mode(), MainWindow::Mode::Workbench);
    QVERIFY(window.document()->isModified());
}

void TestTrainPage::fileMenuOpensAndRemembersModels()
{
    // Not shown: a refusal would show a message box.
    MainWindow window(MainWindow::Settings::Ignore);
    TrainPage &page = *window.lesson()->trainPage();
    prepare(page, smallSetup(m_corpus));
    page.hide();
    QTest::mouseClick(page.controls()->stepButton(), Qt::LeftButton);
    QVERIFY(page.session()->waitUntilIdle(60000));
    ModelActions *models = window.modelActions();
    QVERIFY(window.fileMenu()->actions().contains(models->openAction()));
    QVERIFY(window.fileMenu()->actions().contains(models->saveAction()));

    const QString name = m_dir.filePath(QStringLiteral("menu.safetensors"));
    QVERIFY2(models->saveModel(name), qPrintable(page.lastError()));
    QCOMPARE(models->recentModels(), QStringList{QFileInfo(name).absoluteFilePath()});
    QVERIFY(!models->saveModel(m_dir.filePath(QStringLiteral("no/such/folder/m.safetensors"))));
    window.showLessonStep(2);
    QVERIFY(!models->openModel(m_dir.filePath(QStringLiteral("poems.txt"))));
    QCOMPARE(window.lesson()->currentStep(), 2); // a refused file changes nothing, not the step
    QCOMPARE(page.session()->state(), TrainingSession::State::Paused);
    QCOMPARE(models->recentModels().size(), 1);
    QVERIFY(models->openModel(name));
    QCOMPARE(window.lesson()->currentStep(), LessonView::trainStep);
    QCOMPARE(page.session()->state(), TrainingSession::State::Opened);

    // The page's buttons are the menu's actions: they ask for a file in the same dialog.
    for (const auto &[button, action] : {std::pair{page.openModelButton(), models->openAction()},
                                         std::pair{page.saveModelButton(), models->saveAction()}}) {
        QSignalSpy triggered(action, &QAction::triggered);
        bool dialogShown = false;
        QTimer::singleShot(0, &window, [&dialogShown] {
            if (auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget())) {
                dialogShown = true;
                dialog->reject();
            }
        });
        button->click();
        QCOMPARE(triggered.count(), 1);
        QVERIFY(dialogShown);
    }
    QCOMPARE(page.session()->state(), TrainingSession::State::Opened); // cancelled: unchanged
}

void TestTrainPage::nextCharacterFollowsTemperature()
{
    TrainPage page;
    prepare(page, smallSetup(m_corpus));
    trainToEnd(page);
    NextCharPanel *panel = page.nextCharPanel();
    page.headGrid()->setSelectedPosition(4); // after 光
    QVERIFY(page.inspector()->waitUntilIdle(60000));
    QCOMPARE(panel->shownCharacters().size(), NextCharPanel::topCount);
    const std::vector<int> probe = page.session()->probeIds();
    const auto expected =
        tiny::nextDistribution(page.session()->model()->parameters,
                               std::vector<int>(probe.begin(), probe.begin() + 5), 1.0);
    QVERIFY(expected);
    const double top = *std::max_element(expected->begin(), expected->end());
    VERIFY_NEAR(panel->shownProbabilities().front(), top, 1e-12);
    // Cooler is sharper, as the score scale was in step 2.
    panel->setTemperature(0.5);
    QVERIFY(page.inspector()->waitUntilIdle(60000));
    QVERIFY(panel->shownProbabilities().front() > top);
    panel->setTemperature(2.0);
    QVERIFY(page.inspector()->waitUntilIdle(60000));
    QVERIFY(panel->shownProbabilities().front() < top);
    QCOMPARE(NextCharPanel::temperatureAt(NextCharPanel::sliderValue(1.0)), 1.0);
    // Sampling is seeded.
    panel->setPrompt(QStringLiteral("床前"));
    panel->setSeed(5);
    // The bars name each id's character (a line break and a space by a sign), and id 0 (every
    // character too rare for an id of its own) "rare".
    const SharedNextPrediction prediction = page.inspector()->nextPrediction();
    QVERIFY(prediction);
    const tiny::Vocabulary &vocabulary = page.session()->vocabulary();
    for (std::size_t i = 0; i < prediction->ids.size(); ++i) {
        const int id = prediction->ids[i];
        const char32_t c = vocabulary.character(id);
        const QString expected = id == 0      ? QStringLiteral("rare")
                                 : c == U'\n' ? QStringLiteral("⏎") // a line break, drawn
                                 : c == U' '  ? QStringLiteral("␣")
                                              : QString::fromUcs4(&c, 1);
        QCOMPARE(panel->shownCharacters().at(qsizetype(i)), expected);
    }
    // A "rare" bar comes with a word on what it is; none without one.
    QCOMPARE(panel->rareNote()->isVisibleTo(panel),
             panel->shownCharacters().contains(QStringLiteral("rare")));
    panel->sample();
    QVERIFY(page.inspector()->waitUntilIdle(60000));
    const QString first = panel->sampledText();
    QVERIFY(!first.contains(QStringLiteral("rare")));
    QVERIFY(!first.contains(QChar(0xFFFD)));
    QCOMPARE(first.size(), NextCharPanel::sampleLength);
    QVERIFY(panel->sampleLabel()->text().endsWith(first));
    panel->sample();
    QVERIFY(panel->sampledText().isEmpty()); // until the inspector has drawn it
    QVERIFY(page.inspector()->waitUntilIdle(60000));
    QCOMPARE(panel->sampledText(), first);
    // Characters of the probe line the model does not know are named as such.
    QVERIFY(page.probeNote()->isHidden());
    page.setProbe(QStringLiteral("床前hello"));
    QVERIFY(!page.probeNote()->isHidden());
    QVERIFY2(page.probeNote()->text().contains(QStringLiteral("h e l o")),
             qPrintable(page.probeNote()->text()));
    QVERIFY(!page.probeNote()->text().contains(QStringLiteral("床")));
    page.setProbe(QStringLiteral("床前明月光"));
    QVERIFY(page.probeNote()->isHidden());
}

void TestTrainPage::exerciseJudgesTheSelectedHead()
{
    TrainPage page;
    prepare(page, smallSetup(m_corpus));
    page.startExercise(0); // trains the fresh model first
    QVERIFY(page.session()->isRunning());
    QVERIFY(page.session()->waitUntilIdle(120000));
    QCoreApplication::processEvents();
    QTRY_VERIFY(page.headPanel()->verdictLabel()->isVisible());
    QVERIFY(page.inspector()->waitUntilIdle(60000)); // the final weights' roles
    // One rule for both lines: the verdict says ✔ exactly when the role line names the last
    // comma (tiny::HeadRoles::named), quotes the figures the role line quotes and states the
    // threshold.
    const TrainingSession &session = *page.session();
    const std::vector<int> &text = session.corpus().valIds;
    const auto roles = tiny::measureRoles(
        session.model()->parameters, text,
        tiny::roleKeys(text, session.vocabulary(), session.corpus().split.valDocumentEnds),
        ModelInspector::maxWindows);
    QVERIFY(roles);
    int found = 0;
    for (int layer = 0; layer < 2; ++layer)
        for (int head = 0; head < 2; ++head) {
            page.headGrid()->setSelectedHead(layer, head);
            const tiny::HeadRoles &measured = (*roles)[std::size_t(layer)][std::size_t(head)];
            QVERIFY(measured.counts(tiny::Role::LastComma));
            const bool passes = measured.named() == tiny::Role::LastComma;
            found += passes ? 1 : 0;
            const QString verdict = page.headPanel()->verdictText();
            QVERIFY2(verdict.startsWith(passes ? QStringLiteral("✔") : QStringLiteral("✘")),
                     qPrintable(verdict));
            QCOMPARE(
                page.headPanel()->roleText().contains(QStringLiteral("reads <b>the last comma")),
                passes);
            const tiny::RoleMeasure &comma = measured[tiny::Role::LastComma];
            QVERIFY2(verdict.contains(QStringLiteral("%1 of its weight there, %2× a uniform "
                                                     "head's %3")
                                          .arg(NumberFormat::weight(comma.weight),
                                               NumberFormat::ratio(tiny::shownRatio(comma.ratio())),
                                               NumberFormat::weight(comma.uniform))),
                     qPrintable(verdict));
            QCOMPARE(page.headPanel()->verdictLabel()->text(), verdict);
        }
    qInfo("exercise 4: %d of 4 heads look back at the last comma", found);
    // The rule is stated once, in the exercise's hint, with the core's threshold.
    const QString hint = LessonText::step(LessonView::trainStep).exercises.at(0).hint;
    QVERIFY2(hint.contains(QStringLiteral("at least %1× a uniform head's weight on the last “，”")
                               .arg(NumberFormat::ratio(tiny::namedRoleMinRatio))),
             qPrintable(hint));
}

namespace {

/// An inspection of `layers` × 2 heads with every measure at ratio 1 over 40 rows but those set.
std::shared_ptr<HeadsInspection> madeInspection(int layers)
{
    auto inspection = std::make_shared<HeadsInspection>();
    tiny::HeadRoles flat;
    for (tiny::RoleMeasure &measure : flat.measures)
        measure = {0.1, 0.1, 40};
    flat.byOffset.assign(17, {0.1, 0.1, 40});
    inspection->allOn.assign(std::size_t(layers), std::vector<tiny::HeadRoles>(2, flat));
    inspection->roles = inspection->allOn;
    inspection->onValidation = true;
    return inspection;
}

void setMeasure(std::vector<std::vector<tiny::HeadRoles>> &roles, int layer, int head,
                tiny::Role role, double weight)
{
    roles[std::size_t(layer)][std::size_t(head)].measures[std::size_t(role)] = {weight, 0.1, 40};
}

} // namespace

void TestTrainPage::verdictAndRoleFollowOneRule_data()
{
    QTest::addColumn<double>("onLastComma");
    QTest::addColumn<double>("previous");
    QTest::addColumn<bool>("found");
    QTest::addColumn<QString>("shown");
    // A uniform head puts 0.1 on the comma; the rule wants 3.0×, read as shown.
    QTest::newRow("clear") << 0.55 << 0.1 << true
                           << QStringLiteral("0.55 of its weight there, 5.5×");
    QTest::newRow("2.996× shows as 3.0× and passes")
        << 0.2996 << 0.1 << true << QStringLiteral("0.30 of its weight there, 3.0×");
    QTest::newRow("2.949× shows as 2.9× and fails")
        << 0.2949 << 0.1 << false << QStringLiteral("0.29 of its weight there, 2.9×");
    QTest::newRow("the previous character is stronger")
        << 0.45 << 0.6 << false << QStringLiteral("0.45 of its weight there, 4.5×");
}

void TestTrainPage::verdictAndRoleFollowOneRule()
{
    // The exercise's verdict and the role line cannot disagree: ✔ exactly when the role is the
    // last comma, with the figures the role line quotes.
    QFETCH(double, onLastComma);
    QFETCH(double, previous);
    QFETCH(bool, found);
    QFETCH(QString, shown);
    auto inspection = madeInspection(2);
    setMeasure(inspection->roles, 1, 0, tiny::Role::LastComma, onLastComma);
    setMeasure(inspection->roles, 1, 0, tiny::Role::PreviousChar, previous);
    inspection->allOn = inspection->roles;
    HeadPanel panel;
    panel.setExercise(HeadPanel::Exercise::LastComma);
    panel.showHead(1, 0, inspection);
    const QString verdict = panel.verdictText();
    QVERIFY2(verdict.startsWith(found ? QStringLiteral("✔") : QStringLiteral("✘")),
             qPrintable(verdict));
    QVERIFY2(verdict.contains(shown), qPrintable(verdict));
    QCOMPARE(panel.roleText().contains(QStringLiteral("reads <b>the last comma")), found);
    if (found)
        QVERIFY2(panel.roleText().contains(shown), qPrintable(panel.roleText()));
    QVERIFY(panel.verdictLabel()->isVisibleTo(&panel));
}

void TestTrainPage::inductionVerdictFollowsTheCircuit()
{
    // Exercise 5: the induction head of layer 2 (at least 5×, the largest), then the layer-1
    // head without which it falls below 3×. Each verdict quotes the figures as the role line
    // does, and none contradicts the role line of the shown head.
    HeadPanel panel;
    panel.setExercise(HeadPanel::Exercise::Induction);
    const auto verdictFor = [&panel](std::shared_ptr<HeadsInspection> inspection, int layer,
                                     int head) {
        panel.showHead(layer, head, std::move(inspection));
        return panel.verdictText();
    };
    QString verdict = verdictFor(madeInspection(1), 0, 0);
    QVERIFY2(verdict.contains(QStringLiteral("one layer")), qPrintable(verdict));

    auto inspection = madeInspection(2);
    setMeasure(inspection->allOn, 1, 1, tiny::Role::Induction, 0.4); // 4×: too little
    inspection->roles = inspection->allOn;
    verdict = verdictFor(inspection, 1, 1);
    QVERIFY2(verdict.startsWith(QStringLiteral("✘ No induction head yet: the strongest of layer "
                                               "2 and up, 2.2, puts 4.0×")),
             qPrintable(verdict));

    setMeasure(inspection->allOn, 1, 0, tiny::Role::Induction, 2.2); // 22×: the leader
    setMeasure(inspection->allOn, 0, 0, tiny::Role::Induction, 2.5); // layer 1 does not count
    inspection->roles = inspection->allOn;
    verdict = verdictFor(inspection, 1, 0);
    QVERIFY2(verdict.startsWith(QStringLiteral("✔ Step 1 of 2")), qPrintable(verdict));
    QVERIFY2(verdict.contains(QStringLiteral("2.20 of its weight there, 22.0×")),
             qPrintable(verdict));
    QVERIFY2(panel.roleText().contains(QStringLiteral("reads <b>the character after the earlier "
                                                      "copy of this one</b>: 2.20 of its weight "
                                                      "there, 22.0×")),
             qPrintable(panel.roleText()));
    verdict = verdictFor(inspection, 1, 1);
    QVERIFY2(verdict.startsWith(QStringLiteral("✘ Not this one")), qPrintable(verdict));
    QVERIFY2(verdict.contains(QStringLiteral("4.0×")), qPrintable(verdict));

    // Head 1.2 off: head 2.1 falls to 1.2×; head 1.1 off: it stays at 18×.
    auto blinded = std::make_shared<HeadsInspection>(*inspection);
    blinded->off = {{0, 1}};
    setMeasure(blinded->roles, 1, 0, tiny::Role::Induction, 0.12);
    verdict = verdictFor(blinded, 0, 1); // the switched-off head is the one selected
    QVERIFY2(verdict.startsWith(QStringLiteral("✔ Circuit found: with head 1.2 off, head 2.1's "
                                               "weight on the character after the earlier copy "
                                               "falls from 22.0× to 1.2×")),
             qPrintable(verdict));
    verdictFor(blinded, 1, 0); // the induction head itself: its role line names no induction
    QVERIFY2(!panel.roleText().contains(QStringLiteral("reads <b>the character after")),
             qPrintable(panel.roleText()));
    QVERIFY(panel.verdictText().startsWith(QStringLiteral("✔ Circuit found")));
    auto other = std::make_shared<HeadsInspection>(*inspection);
    other->off = {{0, 0}};
    setMeasure(other->roles, 1, 0, tiny::Role::Induction, 1.8);
    verdict = verdictFor(other, 0, 0);
    QVERIFY2(verdict.startsWith(QStringLiteral("✘ Not this one: with head 1.1 off, head 2.1 "
                                               "still reads the earlier copy at 18.0× (22.0× "
                                               "with every head on)")),
             qPrintable(verdict));
    other->off = {{0, 0}, {0, 1}};
    verdict = verdictFor(other, 0, 0);
    QVERIFY2(verdict.startsWith(QStringLiteral("✘ Switch off one head at a time: with 1.1, 1.2 "
                                               "off")),
             qPrintable(verdict));
    QCOMPARE(panel.verdictLabel()->text(), verdict);
    panel.setExercise(HeadPanel::Exercise::None);
    QVERIFY(!panel.verdictLabel()->isVisibleTo(&panel));
}

void TestTrainPage::inductionExerciseTrainsTheRepeatTask()
{
    // Exercise 5 trains the repeat task on a line written twice; a run of the repeat task that
    // trained is judged, not replaced.
    TrainPage page;
    prepare(page, smallSetup(m_corpus));
    page.startExercise(1);
    QCOMPARE(page.session()->setup().corpus, QStringLiteral("repeat"));
    QCOMPARE(page.controls()->setup().corpus, QStringLiteral("repeat"));
    QVERIFY(!page.session()->setup().config.mlp);
    QCOMPARE(page.session()->probe(), TrainPage::repeatProbe());
    QCOMPARE(page.probeEdit()->text(), TrainPage::repeatProbe());
    QCOMPARE(page.headPanel()->exercise(), HeadPanel::Exercise::Induction);
    QVERIFY(page.session()->isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(page.session()->stepsDone() > 0, 60000);
    page.session()->pauseAndWait();
    const SharedModel trained = page.session()->model();
    page.startExercise(1);
    QCOMPARE(page.session()->model(), trained);
    QVERIFY(!page.session()->isRunning());
    // The probe: a string of the task's characters written twice.
    const QString probe = TrainPage::repeatProbe();
    QCOMPARE(probe.left(probe.size() / 2), probe.mid(probe.size() / 2));
    page.reset();
    QCOMPARE(page.headPanel()->exercise(), HeadPanel::Exercise::None);
    QCOMPARE(page.probeEdit()->text(), TrainPage::defaultProbe());
}

void TestTrainPage::profilesOnTheProbeFollowIt()
{
    // A model whose characters are not its corpus's is measured on the probe line; a longer
    // probe line is measured again, not left with the old line's bars.
    const QString file = m_dir.filePath(QStringLiteral("probe-only.safetensors"));
    QVERIFY(quatrainmodel::write(file, 5));
    TrainPage page;
    page.resize(1280, 720);
    page.show();
    page.setProbe(TrainPage::defaultProbe());
    QVERIFY2(page.openModel(file), qPrintable(page.lastError()));
    QVERIFY(page.inspector()->waitUntilIdle(60000));
    QVERIFY(page.inspector()->heads());
    QVERIFY(!page.inspector()->heads()->onValidation);
    const auto farthestRows = [&page] {
        return page.inspector()->heads()->head(0, 0)->byOffset.at(HeadPanel::maxOffset).rows;
    };
    QCOMPARE(farthestRows(), 0L); // 12 characters: no key 16 back
    page.setProbe(QStringLiteral("床前明月光，疑是地上霜。举头望明月，低头思故乡。"));
    QTRY_VERIFY_WITH_TIMEOUT(farthestRows() > 0, 60000);
    QCOMPARE(page.inspector()->heads()->model, page.session()->model());
}

void TestTrainPage::stateSurvivesARestart()
{
    QJsonObject state;
    {
        TrainPage page;
        prepare(page, smallSetup(m_corpus, 77));
        page.setProbe(QStringLiteral("月光"));
        page.nextCharPanel()->setTemperature(0.5);
        page.headGrid()->setSelectedHead(1, 0);
        state = page.saveState();
    }
    TrainPage restored;
    restored.restoreState(state);
    QCOMPARE(restored.controls()->setup().settings.steps, 77);
    QCOMPARE(restored.controls()->setup().corpus, m_corpus);
    QCOMPARE(restored.probeEdit()->text(), QStringLiteral("月光"));
    QCOMPARE(restored.nextCharPanel()->temperature(), 0.5);
    restored.reset();
    QCOMPARE(restored.controls()->setup().settings.steps, TrainingSetup{}.settings.steps);
    QCOMPARE(restored.probeEdit()->text(), TrainPage::defaultProbe());
}

void TestTrainPage::lastModelIsThereAtTheNextStart()
{
    const QString file = m_dir.filePath(QStringLiteral("data/models/last.safetensors"));
    std::vector<std::vector<float>> best;
    {
        TrainPage page;
        page.setBestFile(file); // the folder is made; nothing to open yet
        prepare(page, smallSetup(m_corpus));
        trainToEnd(page);
        QVERIFY(QFileInfo::exists(file));
        best = tiny::exportTensors(page.session()->bestModel()->parameters);
        QVERIFY(page.session()->bestStep() > 0);
    }
    TrainPage next;
    next.setBestFile(file);
    QCOMPARE(next.session()->state(), TrainingSession::State::Opened);
    QCOMPARE(tiny::exportTensors(next.session()->model()->parameters), best);
    QCOMPARE(next.headGrid()->layers(), 2);
}

void TestTrainPage::selectedHeadSurvivesProbeEditsAndRestarts()
{
    QJsonObject state;
    {
        TrainPage page;
        prepare(page, smallSetup(m_corpus));
        page.headGrid()->setSelectedHead(1, 1);
        page.setProbe(QStringLiteral("月光"));
        page.setProbe(QStringLiteral("床前明月光"));
        QCOMPARE(page.headGrid()->selectedLayer(), 1);
        QCOMPARE(page.headGrid()->selectedHead(), 1);
        QVERIFY_HEAD_PANEL(page, 1, 1);
        state = page.saveState();
    }
    TrainPage restored;
    restored.restoreState(state); // before any model: the selection waits for the heads
    prepare(restored, smallSetup(m_corpus));
    QCOMPARE(restored.headGrid()->selectedLayer(), 1);
    QCOMPARE(restored.headGrid()->selectedHead(), 1);
    // A smaller model moves the selection inside, and the panel follows.
    TrainingSetup one = smallSetup(m_corpus);
    one.config.layers = 1;
    restored.controls()->setSetup(one);
    restored.controls()->resetButton()->click();
    QCOMPARE(restored.headGrid()->selectedLayer(), 0);
    const std::optional<Scenario> scenario = restored.headScenario();
    QVERIFY(scenario);
    QVERIFY(scenario->title.contains(QStringLiteral("1")));
}

void TestTrainPage::closingWhileTrainingStopsCleanly()
{
    // The window goes while its training runs: the session pauses and waits for its worker, and
    // its last signals reach no half-destroyed page (UBSan and ASan watch this in the test build).
    auto window = std::make_unique<MainWindow>(MainWindow::Settings::Ignore);
    TrainPage &page = *window->lesson()->trainPage();
    prepare(page, smallSetup(m_corpus, 100000));
    presstrain::pressTrain(page);
    QTRY_VERIFY(page.session()->stepsDone() > 0);
    QVERIFY(page.session()->isRunning());
    window = nullptr;
    QVERIFY(!window);
}

void TestTrainPage::fieldsRefuseWhatTheyCannotHold()
{
    // Typed numbers a field cannot hold are refused with the reason, never clamped in silence;
    // the learning rate takes what attention-cli train takes (up to 1).
    TrainControls controls;
    controls.show();
    QVERIFY(QTest::qWaitForWindowExposed(&controls));
    const auto type = [](QAbstractSpinBox *box, const QString &text) {
        box->selectAll();
        QTest::keyClick(box, Qt::Key_Backspace);
        QTest::keyClicks(box, text);
        QTest::keyClick(box, Qt::Key_Return);
    };
    auto *rate = controls.findChild<NumberSpinBox *>();
    QVERIFY(rate);
    type(rate, QStringLiteral("1"));
    QCOMPARE(controls.setup().settings.learningRate, 1.0);
    QVERIFY(controls.refusalLabel()->isHidden());
    type(rate, QStringLiteral("2"));
    QCOMPARE(controls.setup().settings.learningRate, 1.0);
    QVERIFY(!controls.refusalLabel()->isHidden());
    QVERIFY2(controls.refusalLabel()->text().contains(QLatin1Char('2')),
             qPrintable(controls.refusalLabel()->text()));
    type(rate, QStringLiteral("0.003"));
    QCOMPARE(controls.setup().settings.learningRate, 0.003);
    QVERIFY(controls.refusalLabel()->isHidden());
    const int steps = controls.setup().settings.steps;
    type(controls.stepsBox(), QStringLiteral("5000000"));
    QCOMPARE(controls.setup().settings.steps, steps);
    QVERIFY2(controls.refusalLabel()->text().contains(QStringLiteral("5000000")),
             qPrintable(controls.refusalLabel()->text()));
}

void TestTrainPage::raisingStepsContinuesAFinishedRun()
{
    QTemporaryDir dir;
    const TrainingSetup setup = smallSetup(writeCorpus(dir), 30);
    TrainPage page;
    prepare(page, setup);
    trainToEnd(page);
    QCOMPARE(page.session()->state(), TrainingSession::State::Finished);
    QVERIFY(!page.controls()->trainButton()->isEnabled());
    const tiny::TrainingSettings trained = page.session()->setup().settings; // as the form made it

    // More steps typed into the form: the run goes on where it stopped, no Reset asked for.
    IntegerSpinBox *steps = page.controls()->stepsBox();
    steps->selectAll();
    QTest::keyClicks(steps, QStringLiteral("50"));
    QTest::keyClick(steps, Qt::Key_Return);
    QTRY_COMPARE(page.session()->totalSteps(), 50);
    QVERIFY(page.controls()->pendingLabel()->isHidden());
    QVERIFY(page.controls()->trainButton()->isEnabled());
    const QString status = page.controls()->statusLabel()->text();
    QVERIFY2(status.contains(QStringLiteral("30")) &&
                 status.contains(QLocale().toString(setup.settings.learningRate / 10.0)),
             qPrintable(status));
    trainToEnd(page);
    QCOMPARE(page.session()->stepsDone(), 50);
    tiny::Trainer reference(page.session()->setup().config, trained,
                            page.session()->corpus().trainIds);
    std::vector<double> losses;
    for (int i = 0; i < 50; ++i)
        losses.push_back(reference.step());
    QCOMPARE(page.session()->trainLosses(), losses);

    // Fewer steps than were done, or another setting, waits for Reset as before.
    steps->selectAll();
    QTest::keyClicks(steps, QStringLiteral("40"));
    QTest::keyClick(steps, Qt::Key_Return);
    QTRY_VERIFY(!page.controls()->pendingLabel()->isHidden());
    QCOMPARE(page.session()->totalSteps(), 50);
}

void TestTrainPage::heavyRunAsksFirst()
{
    // 100,000 steps of a mid-sized model: hours on any machine, a fraction of a second a step.
    QTemporaryDir dir;
    TrainingSetup setup = smallSetup(writeCorpus(dir), 100'000);
    setup.config.context = 64;
    setup.config.dModel = 128;
    setup.config.heads = 4;
    TrainPage page;
    prepare(page, setup);
    const RunEstimate estimate = page.session()->estimate(page.session()->setup());
    QVERIFY2(estimate.isHeavy(), qPrintable(QString::number(estimate.seconds)));
    QLabel *label = page.controls()->estimateLabel();
    QVERIFY(label->isVisible());
    const QString memory = NumberFormat::memory(estimate.bytes);
    const QString time = NumberFormat::duration(estimate.seconds);
    QVERIFY2(label->text().contains(memory) && label->text().contains(time) &&
                 label->text().contains(QStringLiteral("heavy")),
             qPrintable(label->text()));

    // Train asks first, saying the same; Cancel starts nothing.
    QString asked;
    const char *heavy = TrainControls::heavyRunQuestionName;
    const QString said = label->text();
    answerbox::answerNext(QMessageBox::Cancel, &asked, heavy);
    QTest::mouseClick(page.controls()->trainButton(), Qt::LeftButton);
    QCOMPARE(asked, said);
    QVERIFY(!page.session()->isRunning());
    QCOMPARE(page.session()->stepsDone(), 0);

    // Train: it runs; after a pause it goes on without asking again.
    answerbox::acceptNext(&asked, heavy);
    QTest::mouseClick(page.controls()->trainButton(), Qt::LeftButton);
    QCOMPARE(asked, said);
    QVERIFY(page.session()->isRunning());
    QVERIFY(label->isHidden()); // the status says the time left while it runs
    page.session()->pauseAndWait();
    answerbox::answerNext(QMessageBox::Cancel, &asked, heavy);
    QTest::mouseClick(page.controls()->trainButton(), Qt::LeftButton);
    QVERIFY(asked.isEmpty());
    QVERIFY(page.session()->isRunning());
    page.session()->pauseAndWait();
    QCoreApplication::processEvents(); // the answer's timer, had a box been open
    // The loss chart's steps follow the steps done, not the 100,000 planned.
    const double axisEnd = page.lossChart()->stepAxis()->max();
    QVERIFY2(axisEnd >= page.session()->stepsDone() &&
                 axisEnd <= std::max(10.0, 2.5 * page.session()->stepsDone()),
             qPrintable(QStringLiteral("%1 steps done, the axis ends at %2")
                            .arg(page.session()->stepsDone())
                            .arg(axisEnd)));

    // A run of seconds asks nothing. Reset asks about the paused run only if it trained a step
    // (a slow machine or a sanitizer lets one finish before the pause).
    page.controls()->setSetup(smallSetup(setup.corpus, 20));
    const bool trainedAStep = page.session()->stepsDone() > 0;
    QString replaced;
    answerbox::answerNext(QMessageBox::Discard, &replaced, RunFiles::unsavedRunQuestionName);
    page.controls()->resetButton()->click();
    QCOMPARE(!replaced.isEmpty(), trainedAStep);
    QVERIFY(!page.session()->estimate(page.session()->setup()).isHeavy());
    QVERIFY2(!label->text().contains(QStringLiteral("heavy")), qPrintable(label->text()));
    trainToEnd(page);
    QVERIFY(asked.isEmpty());
    QCOMPARE(page.session()->stepsDone(), 20);
    QCOMPARE(page.lossChart()->stepAxis()->max(), 20.0); // a finished run: all of it
    // The axis's end: the steps done and a quarter more, round, at most the run's.
    const QList<QList<double>> ends = {{0, 1000, 10},     {8, 1000, 10},     {9, 1000, 20},
                                       {100, 1000, 200},  {500, 1000, 1000}, {1000, 1000, 1000},
                                       {50, 100000, 100}, {0, 5, 5},         {4000, 100000, 5000}};
    for (const QList<double> &e : ends)
        QCOMPARE(LossChart::stepAxisEnd(int(e[0]), int(e[1])), e[2]);
    // Its labels stand on whole steps: round intervals, from the anchor 0, five at most.
    const QList<QList<double>> intervals = {{5, 1},      {10, 2},     {20, 5},      {100, 20},
                                            {1000, 200}, {1300, 500}, {5000, 1000}, {12000, 5000}};
    for (const QList<double> &i : intervals)
        QCOMPARE(LossChart::stepTickInterval(i[0]), i[1]);
    const QValueAxis *axis = page.lossChart()->stepAxis();
    QCOMPARE(axis->tickType(), QValueAxis::TicksDynamic);
    QCOMPARE(axis->tickAnchor(), 0.0);
    QCOMPARE(axis->tickInterval(), LossChart::stepTickInterval(axis->max()));
}

void TestTrainPage::saveAsksForTheBestOrTheLatest()
{
    // Save Model… after a run whose best validation is not its last step: the learner picks
    // the weights, the file dialog and the status bar say which, the file holds them.
    MainWindow window(MainWindow::Settings::Ignore);
    window.show();
    TrainPage &page = *window.lesson()->trainPage();
    prepare(page, smallSetup(m_corpus, 5000)); // a validation every 25 steps
    TrainingSession &session = *page.session();
    QVERIFY(sessionpause::pauseBetweenValidations(session, 13));
    const int latestStep = session.model()->step;
    QVERIFY(session.bestModel());
    QVERIFY(session.bestStep() < latestStep);
    const QString name = m_dir.filePath(QStringLiteral("latest.safetensors"));
    QString question;
    QString dialogTitle;
    QTimer::singleShot(0, &window, [&] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box)
            return;
        question = box->text();
        QTimer::singleShot(0, &window, [&] {
            if (auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget())) {
                dialogTitle = dialog->windowTitle();
                dialog->selectFile(name);
                static_cast<QDialog *>(dialog)->accept(); // QFileDialog::accept() is protected
            }
        });
        for (QAbstractButton *button : box->buttons())
            if (button->text().startsWith(QStringLiteral("Latest")))
                button->click();
    });
    window.modelActions()->saveAction()->trigger();
    QVERIFY2(question.contains(QStringLiteral("step %1").arg(latestStep)), qPrintable(question));
    QVERIFY2(question.contains(QStringLiteral("step %1").arg(session.bestStep())),
             qPrintable(question));
    QVERIFY2(dialogTitle.contains(QStringLiteral("latest weights (step %1)").arg(latestStep)),
             qPrintable(dialogTitle));
    const ModelReadResult read = loadModel(name);
    QVERIFY2(read.ok(), qPrintable(read.error));
    QCOMPARE(read.model.metadata.steps, qint64(latestStep));
    QCOMPARE(read.model.tensors, tiny::exportTensors(session.model()->parameters));
    QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("latest weights")),
             qPrintable(window.statusBar()->currentMessage()));
}

void TestTrainPage::corpusFileIsCheckedWhenChosen()
{
    // A trained model waits for Reset before a new corpus is loaded, but a file that cannot be
    // trained on is refused when chosen: named with what is wrong, the corpus before kept.
    TrainPage page;
    prepare(page, smallSetup(m_corpus));
    QTest::mouseClick(page.controls()->stepButton(), Qt::LeftButton);
    QVERIFY(page.session()->waitUntilIdle(60000));
    QFile latin1(m_dir.filePath(QStringLiteral("latin1.txt")));
    QVERIFY(latin1.open(QIODevice::WriteOnly));
    latin1.write("caf\xE9 au lait\n");
    latin1.close();
    const auto choose = [&page](const QString &file) {
        QTimer::singleShot(0, &page, [file] {
            if (auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget())) {
                dialog->selectFile(file);
                static_cast<QDialog *>(dialog)->accept(); // QFileDialog::accept() is protected
            }
        });
        QComboBox *box = page.controls()->corpusBox();
        Q_EMIT box->activated(box->count() - 1); // "Text file…", the last item
    };
    choose(latin1.fileName());
    QCOMPARE(page.controls()->setup().corpus, m_corpus);
    QVERIFY(!page.controls()->refusalLabel()->isHidden());
    const QString reason = page.controls()->refusalLabel()->text();
    QVERIFY2(reason.contains(QStringLiteral("latin1.txt")) &&
                 reason.contains(QStringLiteral("UTF-8")) &&
                 !reason.contains(QStringLiteral("GB18030")),
             qPrintable(reason));
    // A Chinese text in GBK is named as such.
    QFile gbk(m_dir.filePath(QStringLiteral("gbk.txt")));
    QVERIFY(gbk.open(QIODevice::WriteOnly));
    QStringEncoder encoder("GB18030");
    QVERIFY(encoder.isValid());
    gbk.write(encoder(QStringLiteral("床前明月光，疑是地上霜。\n举头望明月，低头思故乡。\n")));
    gbk.close();
    choose(gbk.fileName());
    QCOMPARE(page.controls()->setup().corpus, m_corpus);
    const QString gbkReason = page.controls()->refusalLabel()->text();
    QVERIFY2(gbkReason.contains(QStringLiteral("gbk.txt")) &&
                 gbkReason.contains(QStringLiteral("GB18030")),
             qPrintable(gbkReason));
    // A good file is taken (for the next Reset) and the reason goes.
    const QString other = m_dir.filePath(QStringLiteral("other poems.txt"));
    QVERIFY(QFile::copy(m_corpus, other));
    choose(other);
    QCOMPARE(page.controls()->setup().corpus, other);
    QVERIFY(page.controls()->refusalLabel()->isHidden());
}

QTEST_MAIN(TestTrainPage)
#include "tst_trainpage.moc"
