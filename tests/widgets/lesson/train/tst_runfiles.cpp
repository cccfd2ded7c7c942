// RunFiles on lesson step 7: nothing trained is lost without the learner's word. Reset, Open
// Model, the long-trained model and exercise 5 over a run whose weights are not saved ask Save /
// Discard / Cancel, answered here as a learner would; Cancel keeps the run, Discard replaces it,
// Save saves first; a saved run is replaced without a question; a model restored at the next
// start says from when.

#include "answerbox.h"
#include "corpusfile.h"
#include "modelfile.h"
#include "presstrain.h"
#include "runfiles.h"
#include "traincontrols.h"
#include "trainpage.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDateTime>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace attention;

namespace {

/// A small run of the copy task, trained for `steps` steps on the shown page.
void trainSmallRun(TrainPage &page, int steps = 20)
{
    TrainingSetup setup = defaultSetup(QString::fromLatin1(corpora::copyTask));
    setup.config.context = 8;
    setup.config.dModel = 16;
    setup.config.heads = 2;
    setup.config.layers = 1;
    setup.settings.steps = steps;
    setup.settings.threads = 1;
    setup.evalEvery = 10;
    page.resize(1280, 720);
    page.show();
    page.controls()->setSetup(setup);
    page.controls()->resetButton()->click();
    presstrain::pressTrain(page);
    QVERIFY(page.session()->waitUntilIdle(60000));
    QCoreApplication::processEvents();
    QCOMPARE(page.session()->stepsDone(), steps);
}

/// Answers the unsaved-run question with `answer` once it shows; its text goes to `asked`.
void answerQuestion(QMessageBox::StandardButton answer, QString *asked)
{
    answerbox::answerNext(answer, asked, RunFiles::unsavedRunQuestionName);
}

} // namespace

class TestRunFiles : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void resetAsksAndCancelKeepsTheRun();
    void discardReplacesTheRun();
    void saveSavesFirst();
    void aSavedRunIsReplacedWithoutAQuestion();
    void openingAFileAsksToo();
    void aRestoredModelSaysFromWhen();

private:
    QTemporaryDir m_dir;
};

void TestRunFiles::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
}

void TestRunFiles::resetAsksAndCancelKeepsTheRun()
{
    TrainPage page;
    trainSmallRun(page);
    QVERIFY(page.session()->hasUnsavedRun());
    const SharedModel trained = page.session()->model();
    QString asked;
    answerQuestion(QMessageBox::Cancel, &asked);
    page.controls()->resetButton()->click();
    QVERIFY(!asked.isEmpty());
    QCOMPARE(page.session()->model(), trained); // nothing lost
    QCOMPARE(page.session()->stepsDone(), 20);
    QCOMPARE(page.session()->state(), TrainingSession::State::Finished);
}

void TestRunFiles::discardReplacesTheRun()
{
    TrainPage page;
    trainSmallRun(page);
    QString asked;
    answerQuestion(QMessageBox::Discard, &asked);
    page.controls()->resetButton()->click();
    QVERIFY(!asked.isEmpty());
    QCOMPARE(page.session()->stepsDone(), 0);
    QCOMPARE(page.session()->state(), TrainingSession::State::Ready);
    QVERIFY(!page.session()->hasUnsavedRun());
}

void TestRunFiles::saveSavesFirst()
{
    // Save: the window asks for the file (here: a slot that saves where a learner chose) and the
    // run is replaced only once its weights are in the file.
    TrainPage page;
    trainSmallRun(page);
    const QString file = m_dir.filePath(QStringLiteral("kept.safetensors"));
    const std::vector<std::vector<float>> best =
        tiny::exportTensors(page.session()->bestModel()->parameters);
    connect(&page, &TrainPage::saveModelRequested, &page,
            [&page, &file] { QVERIFY(page.saveModel(file)); });
    QString asked;
    answerQuestion(QMessageBox::Save, &asked);
    page.controls()->resetButton()->click();
    QVERIFY(!asked.isEmpty());
    QCOMPARE(page.session()->stepsDone(), 0); // replaced after saving
    const ModelReadResult read = loadModel(file);
    QVERIFY2(read.ok(), qPrintable(read.error));
    QCOMPARE(read.model.tensors, best);
}

void TestRunFiles::aSavedRunIsReplacedWithoutAQuestion()
{
    TrainPage page;
    trainSmallRun(page);
    QVERIFY(page.saveModel(m_dir.filePath(QStringLiteral("saved.safetensors"))));
    QVERIFY(!page.session()->hasUnsavedRun());
    QString asked;
    answerQuestion(QMessageBox::Cancel, &asked);
    page.controls()->resetButton()->click();
    QVERIFY(asked.isEmpty());
    QCOMPARE(page.session()->stepsDone(), 0);
    QTest::qWait(50); // the timer finds no question
    // The latest weights saved while the best differ: the best are not kept, so it asks.
    trainSmallRun(page, 30);
    if (page.session()->bestModel() != page.session()->model()) {
        QVERIFY(page.saveModel(m_dir.filePath(QStringLiteral("latest.safetensors")),
                               SavedWeights::Latest));
        QVERIFY(page.session()->hasUnsavedRun());
    }
}

void TestRunFiles::openingAFileAsksToo()
{
    TrainPage page;
    trainSmallRun(page);
    // A model file to open: the run saved elsewhere by another page.
    const QString file = m_dir.filePath(QStringLiteral("other.safetensors"));
    {
        TrainPage other;
        trainSmallRun(other);
        QVERIFY(other.saveModel(file));
    }
    const SharedModel trained = page.session()->model();
    QString asked;
    answerQuestion(QMessageBox::Cancel, &asked);
    QVERIFY(!page.openModel(file));
    QVERIFY(!asked.isEmpty());
    QVERIFY(page.lastError().isEmpty()); // cancelled, not refused
    QCOMPARE(page.session()->model(), trained);
    // A refused file asks nothing and changes nothing.
    const QString bad = m_dir.filePath(QStringLiteral("bad.safetensors"));
    QFile(bad).open(QIODevice::WriteOnly);
    answerQuestion(QMessageBox::Discard, &asked);
    QVERIFY(!page.openModel(bad));
    QVERIFY(asked.isEmpty());
    QVERIFY(!page.lastError().isEmpty());
    QCOMPARE(page.session()->model(), trained);
    // Discard: the file's model is shown.
    answerQuestion(QMessageBox::Discard, &asked);
    QVERIFY(page.openModel(file));
    QVERIFY(!asked.isEmpty());
    QCOMPARE(page.session()->state(), TrainingSession::State::Opened);
}

void TestRunFiles::aRestoredModelSaysFromWhen()
{
    const QString file = m_dir.filePath(QStringLiteral("data/last.safetensors"));
    {
        TrainPage page;
        page.setBestFile(file);
        trainSmallRun(page);
        QVERIFY(page.session()->waitUntilIdle(60000));
        QVERIFY(QFileInfo::exists(file));
    }
    TrainPage next;
    next.setBestFile(file);
    QCOMPARE(next.session()->state(), TrainingSession::State::Opened);
    QVERIFY(next.session()->restoredFrom());
    QCOMPARE(*next.session()->restoredFrom(), QFileInfo(file).lastModified());
    const QString status = next.controls()->statusLabel()->text();
    QVERIFY2(status.contains(QStringLiteral("last session")) &&
                 status.contains(
                     QLocale().toString(QFileInfo(file).lastModified(), QLocale::ShortFormat)),
             qPrintable(status));
    // A model opened from a file is no restored one.
    QVERIFY(next.openModel(file));
    QVERIFY(!next.session()->restoredFrom());
    QVERIFY(
        next.controls()->statusLabel()->text().startsWith(QStringLiteral("A model from a file")));
}

QTEST_MAIN(TestRunFiles)
#include "tst_runfiles.moc"
