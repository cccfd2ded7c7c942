// Lesson step 7 with the long-trained 全唐诗 model that ships: opened, it sets the form to its
// corpus and shape and its heads are measured on 全唐诗's validation text, the grid marking the
// roles the inspection names; exercise 5's verdict quotes the strongest induction head that the
// core measures over the same windows. Its passes over 全唐诗 take minutes under the sanitizers:
// labelled whole-corpus, it runs in the release tree (ctest --preset whole-corpus).

#include "datafiles.h"
#include "headgrid.h"
#include "headpanel.h"
#include "modelinspector.h"
#include "numberformat.h"
#include "tiny/headroles.h"
#include "traincontrols.h"
#include "trainpage.h"

#include <QFile>
#include <QPushButton>
#include <QTest>

using namespace attention;

class TestLongTrainedPage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theLongTrainedModelOpensWithItsCorpus();
    void exerciseFiveSaysWhatTheLongTrainedModelReaches();
};

void TestLongTrainedPage::theLongTrainedModelOpensWithItsCorpus()
{
    QVERIFY2(QFile::exists(shippedModelPath()), qPrintable(shippedModelPath()));
    if (!QFile::exists(corpusDirectory() + QStringLiteral("/tang.txt")))
        QSKIP("全唐诗 is not built: scripts/deps.sh fetches the package chinese-poetry");
    TrainPage page;
    page.resize(1280, 720);
    page.show();
    page.openShippedButton()->click();
    QCOMPARE(page.session()->state(), TrainingSession::State::Opened);
    // The form shows its corpus and shape; the session reads that corpus, so the heads are
    // measured on 全唐诗's validation text.
    QCOMPARE(page.controls()->setup().corpus, QStringLiteral("tang"));
    QCOMPARE(page.controls()->setup().config.heads,
             page.session()->model()->parameters.config.heads);
    QVERIFY(page.session()->corpus().vocabulary == page.session()->vocabulary());
    QVERIFY(page.inspector()->waitUntilIdle(300000));
    QVERIFY(page.inspector()->heads()->onValidation);
    QVERIFY(page.inspector()->worth());
    // The grid marks the heads whose roles the inspection named: on this model, several.
    QStringList marks;
    for (int l = 0; l < page.headGrid()->layers(); ++l)
        for (int h = 0; h < page.headGrid()->heads(); ++h) {
            const tiny::HeadRoles &roles = *page.inspector()->heads()->head(l, h);
            const auto role = roles.named();
            QCOMPARE(page.headGrid()->roleMark(l, h),
                     role ? HeadPanel::roleWords(*role, roles.fixedOffset) : QString());
            if (role)
                marks.append(QStringLiteral("%1.%2 %3")
                                 .arg(l + 1)
                                 .arg(h + 1)
                                 .arg(QLatin1String(tiny::roleName(*role))));
        }
    qInfo() << "the long-trained model's heads:" << marks;
    QVERIFY(marks.size() >= 2);
}

void TestLongTrainedPage::exerciseFiveSaysWhatTheLongTrainedModelReaches()
{
    if (!QFile::exists(corpusDirectory() + QStringLiteral("/tang.txt")))
        QSKIP("全唐诗 is not built: scripts/deps.sh fetches the package chinese-poetry");
    TrainPage page;
    page.resize(1280, 720);
    page.show();
    QVERIFY2(page.openModel(shippedModelPath()), qPrintable(page.lastError()));
    page.showStartedExercise(1);
    QVERIFY(page.inspector()->waitUntilIdle(300000));
    const TrainingSession &session = *page.session();
    QVERIFY(page.inspector()->heads()->onValidation);

    // The strongest induction head of layer 2 and up, measured again by the core over the same
    // windows of 全唐诗's validation text: the verdict quotes it, whatever head is selected.
    const std::vector<int> &val = session.corpus().valIds;
    const auto roles = tiny::measureRoles(
        session.model()->parameters, val,
        tiny::roleKeys(val, session.vocabulary(), session.corpus().split.valDocumentEnds),
        ModelInspector::maxWindows);
    QVERIFY(roles);
    const tiny::RoleLeader leader = tiny::roleLeader(*roles, tiny::Role::Induction, 1);
    const tiny::RoleLeader any = tiny::roleLeader(*roles, tiny::Role::Induction);
    qInfo("the long-trained model's strongest induction head: %d.%d at %.2fx (of every layer: "
          "%d.%d at %.2fx)",
          leader.head.first + 1, leader.head.second + 1, leader.ratio, any.head.first + 1,
          any.head.second + 1, any.ratio);
    QVERIFY(leader.head.first >= 1);
    const bool induction = tiny::shownRatio(leader.ratio) >= tiny::inductionHeadMinRatio;
    page.headGrid()->setSelectedHead(leader.head.first, leader.head.second);
    const QString verdict = page.headPanel()->verdictText();
    QVERIFY2(verdict.startsWith(induction ? QStringLiteral("✔") : QStringLiteral("✘ No induction")),
             qPrintable(verdict));
    QVERIFY2(
        verdict.contains(NumberFormat::ratio(tiny::shownRatio(leader.ratio)) + QStringLiteral("×")),
        qPrintable(verdict));
}

QTEST_MAIN(TestLongTrainedPage)
#include "tst_longtrainedpage.moc"
