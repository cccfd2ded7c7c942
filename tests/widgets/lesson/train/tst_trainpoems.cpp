// Lesson step 7 on poems, offscreen: 全唐诗 first in the corpus list with its own run; the heads'
// roles in the poems' structure named in the panel and marked in the grid, as core/tiny measures
// them; ablation (a head switched off: the next characters without it, the loss with and
// without it, what each head is worth) against tiny::evaluate on the same windows. The
// long-trained model that ships, opened with its corpus, is tst_longtrainedpage's.

#include "barchartview.h"
#include "datafiles.h"
#include "headgrid.h"
#include "headpanel.h"
#include "headworthpanel.h"
#include "knockouttable.h"
#include "numberformat.h"
#include "presstrain.h"
#include "tiny/headroles.h"
#include "tiny/trainer.h"
#include "traincontrols.h"
#include "trainpage.h"
#include "verifynear.h"

#include <QBarSet>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace attention;

namespace {

/// Couplets of five-character lines (a comma, a full stop), one a line: documents with a line
/// above and rhymes to find.
QString writeCorpus(const QTemporaryDir &dir)
{
    const QString alphabet = QStringLiteral("床前明月光疑是地上霜举头望低思故乡春眠不觉晓");
    QString text;
    quint32 state = 777;
    for (int poem = 0; poem < 80; ++poem) {
        for (int line = 0; line < 4; ++line) {
            for (int i = 0; i < 5; ++i) {
                state = state * 1103515245u + 12345u;
                text += alphabet.at(int((state >> 16) % quint32(alphabet.size())));
            }
            text += line % 2 ? QStringLiteral("。") : QStringLiteral("，");
        }
        text += QStringLiteral("\n\n");
    }
    const QString name = dir.filePath(QStringLiteral("quatrains.txt"));
    QFile file(name);
    if (!file.open(QIODevice::WriteOnly) || file.write(text.toUtf8()) < 0)
        return {};
    return name;
}

/// The first ModelInspector::maxWindows windows of the validation text, as the page measures.
std::vector<int> measuredText(const TrainingSession &session)
{
    std::vector<int> ids = session.corpus().valIds;
    const std::size_t windowed =
        std::size_t(ModelInspector::maxWindows) * std::size_t(session.setup().config.context) + 1;
    ids.resize(std::min(ids.size(), windowed));
    return ids;
}

} // namespace

class TestTrainPoems : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void tangComesFirstWithItsOwnRun();
    void rolesAreNamedAndMarked();
    void aHeadSwitchedOff();

private:
    /// A page trained on the quatrains (2 layers of 2 heads, context 24).
    void train(TrainPage &page);

    QTemporaryDir m_dir;
    QString m_corpus;
};

void TestTrainPoems::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_corpus = writeCorpus(m_dir);
    QVERIFY(!m_corpus.isEmpty());
}

void TestTrainPoems::train(TrainPage &page)
{
    TrainingSetup setup = TrainPage::defaultSetup();
    setup.corpus = m_corpus;
    setup.config.context = 24;
    setup.config.dModel = 16;
    setup.config.heads = 2;
    setup.settings.steps = 150;
    setup.settings.learningRate = 0.005;
    setup.settings.threads = 1;
    page.resize(1280, 720);
    page.show();
    page.controls()->setSetup(setup);
    page.controls()->resetButton()->click();
    presstrain::pressTrain(page);
    QVERIFY(page.session()->waitUntilIdle(120000));
    QCoreApplication::processEvents();
    QVERIFY(page.inspector()->waitUntilIdle(60000));
}

void TestTrainPoems::tangComesFirstWithItsOwnRun()
{
    TrainPage page;
    QComboBox *box = page.controls()->corpusBox();
    QCOMPARE(box->itemData(0).toString(), QStringLiteral("tang"));
    QVERIFY(box->itemText(0).contains(QStringLiteral("全唐诗")));
    // Choosing it brings the run attention-cli train --corpus tang makes.
    box->setCurrentIndex(0);
    Q_EMIT box->activated(0);
    const tiny::RunDefaults tang = tiny::defaultRun("tang");
    TrainingSetup shown = page.controls()->setup();
    QCOMPARE(shown.corpus, QStringLiteral("tang"));
    QCOMPARE(shown.config.context, tang.config.context);
    QCOMPARE(shown.config.layers, tang.config.layers);
    QCOMPARE(shown.settings.steps, tang.settings.steps);
    QCOMPARE(shown.settings.learningRate, tang.settings.learningRate);
    QCOMPARE(shown.settings.batch, tang.settings.batch);
    QCOMPARE(shown.settings.warmup, tang.settings.warmup);
    QCOMPARE(shown.evalEvery, tang.evalEvery);
    // And back: 唐诗三百首's run.
    const int tang300 = box->findData(QStringLiteral("tang300"));
    box->setCurrentIndex(tang300);
    Q_EMIT box->activated(tang300);
    shown = page.controls()->setup();
    QCOMPARE(shown, TrainPage::defaultSetup());
    QCOMPARE(shown.settings.batch, tiny::TrainingSettings{}.batch);
}

void TestTrainPoems::rolesAreNamedAndMarked()
{
    TrainPage page;
    train(page);
    const TrainingSession &session = *page.session();
    const std::vector<int> text = measuredText(session);
    const auto roles = tiny::measureRoles(session.model()->parameters, text,
                                          tiny::roleKeys(text, session.vocabulary()));
    QVERIFY(roles.has_value());
    int named = 0;
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 2; ++h) {
            page.headGrid()->setSelectedHead(l, h);
            const tiny::HeadRoles &expected = (*roles)[l][h];
            const tiny::HeadRoles &shown = *page.inspector()->heads()->head(l, h);
            for (const tiny::Role role : tiny::allRoles) {
                QCOMPARE(shown[role].rows, expected[role].rows);
                VERIFY_NEAR(shown[role].weight, expected[role].weight, 1e-5);
            }
            QVERIFY(expected[tiny::Role::PreviousLine].rows > 0);
            QVERIFY(expected[tiny::Role::Rhyme].rows > 0);
            QVERIFY(expected[tiny::Role::Induction].rows > 0);
            const std::optional<tiny::Role> role = shown.named();
            const QString text = page.headPanel()->roleText();
            QVERIFY(page.headPanel()->roleLabel()->isVisibleTo(&page));
            if (role) {
                ++named;
                const QString words = HeadPanel::roleWords(*role, shown.fixedOffset);
                QVERIFY2(text.contains(words), qPrintable(text));
                QVERIFY2(
                    text.contains(QString::number(tiny::shownRatio(shown[*role].ratio()), 'f', 1) +
                                  QStringLiteral("×")),
                    qPrintable(text));
                QCOMPARE(page.headGrid()->roleMark(l, h), words);
            } else {
                QVERIFY2(text.contains(QStringLiteral("broadly")) ||
                             text.contains(QStringLiteral("no clear role")),
                         qPrintable(text));
                QCOMPARE(page.headGrid()->roleMark(l, h), QString());
            }
        }
    qInfo("%d of 4 heads play a role", named);
}

void TestTrainPoems::aHeadSwitchedOff()
{
    TrainPage page;
    train(page);
    const TrainingSession &session = *page.session();
    const tiny::Parameters<float> &parameters = session.model()->parameters;
    const std::vector<int> text = measuredText(session);
    const std::vector<int> marks = tiny::punctuationIds(session.vocabulary());
    const double all = tiny::evaluate(parameters, text, marks, 32)->valLoss;

    // What each head is worth: the loss with it alone off, minus the loss with every head on.
    SharedHeadsWorth worth = page.inspector()->worth();
    QVERIFY(worth);
    VERIFY_NEAR(worth->valLoss(), all, 1e-6);
    const QBarSet *bars = page.worthPanel()->chart()->bars();
    QCOMPARE(bars->count(), 4);
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 2; ++h) {
            const double off =
                tiny::evaluate(tiny::withHeadsOff(parameters, {{l, h}}), text, marks, 32)->valLoss;
            VERIFY_NEAR(worth->increase(l, h), off - all, 1e-6);
            VERIFY_NEAR(bars->at(l * 2 + h), off - all, 1e-6);
        }

    // The knock-out matrix: layer 2's induction ratios with each head of layer 1 off, as the
    // roles of the model without that head give them.
    const QTableWidget *matrix = page.worthPanel()->knockout()->table();
    QCOMPARE(matrix->rowCount(), 1 + 4);
    const tiny::RoleKeys keys = tiny::roleKeys(text, session.vocabulary());
    for (int h = 0; h < 2; ++h) {
        const auto roles = tiny::measureRoles(tiny::withHeadsOff(parameters, {{0, h}}), text, keys);
        QVERIFY(roles);
        for (int next = 0; next < 2; ++next)
            QCOMPARE(
                matrix->item(1 + h, 2 + next)->text(),
                NumberFormat::ratio((*roles)[1][std::size_t(next)][tiny::Role::Induction].ratio()) +
                    QStringLiteral("×"));
    }
    QVERIFY(!page.worthPanel()->knockout()->verdictText().isEmpty());

    // Switch head 2.1 off: the next characters come from the model without it.
    page.headGrid()->setSelectedHead(1, 0);
    QCheckBox *box = page.headPanel()->switchOffBox();
    box->click();
    QCOMPARE(page.session()->headsOff(), (std::vector<tiny::HeadIndex>{{1, 0}}));
    QVERIFY(page.inspector()->waitUntilIdle(60000));
    const int dHead = parameters.config.dModel / parameters.config.heads;
    QVERIFY(
        page.inspector()->nextPrediction()->model->parameters.blocks[1].wO.topRows(dHead).isZero());
    worth = page.inspector()->worth();
    VERIFY_NEAR(worth->valLossWithOff, all + worth->increase(1, 0), 1e-6);
    const QString loss = page.worthPanel()->lossText();
    QVERIFY2(loss.startsWith(QStringLiteral("With 2.1 switched off the validation loss is %1")
                                 .arg(QLocale().toString(worth->valLossWithOff, 'f', 4))),
             qPrintable(loss));
    // Another head shows its own box unchecked; 2.1 shows it checked again.
    page.headGrid()->setSelectedHead(0, 1);
    QVERIFY(!box->isChecked());
    page.headGrid()->setSelectedHead(1, 0);
    QVERIFY(box->isChecked());
    // On again: the model as trained.
    box->click();
    QVERIFY(page.session()->headsOff().empty());
    QVERIFY(page.inspector()->waitUntilIdle(60000));
    QVERIFY(page.inspector()->nextPrediction()->model == session.model());
    QVERIFY(page.worthPanel()->lossText().startsWith(QStringLiteral("Validation loss with every")));
}

QTEST_MAIN(TestTrainPoems)
#include "tst_trainpoems.moc"
