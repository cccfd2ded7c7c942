// The monkey: thousands of seeded random actions on the real main window, the way a restless
// learner would use it: the score-scale slider and spin box, the √d and causal switches, the d
// slider and re-roll, numbers typed into the vector editor (good ones, huge ones, text), token
// names (empty ones too), d typed or stepped, drags on the vector plane, adding and removing
// tokens, undo and redo, presets, the language, row clicks, zoom, visits to the lesson (an edit
// on a step undone by Edit → Undo, background work left running). After every action the document
// must be valid, its result must be the scenario's (finite weights, rows summing to 1, masked
// entries 0) and the views must show it.
//
// The undo history is recorded only when a step is pushed or merged (UndoRecord); every undo and
// redo, the monkey's and the replay's at the end, is compared with that record, so an undo that
// restores the wrong state fails at once. An action takes effect only when it changed the
// document or its history or showed a refusal of a text the app must refuse (an edit; a valid
// number typed takes effect only by changing the document), or changed what the views show (a
// view action); each kind must take effect at least once in every round of 1000 actions or more.
//
// ATTENTION_MONKEY_SEED (default 1) and ATTENTION_MONKEY_ACTIONS (default 10000) choose the run,
// ATTENTION_MONKEY_ROUNDS (default 1) how many runs of that many actions follow one another in
// the same window, ATTENTION_MONKEY_WARMUP (default: as many) the length of the first when there
// are several; all are printed first, so a failure can be replayed exactly.
// ATTENTION_MONKEY_EXIT_AT_REST=N ends the process at rest after round N (for a heap profiler);
// ATTENTION_MONKEY_ONLY="undo,zoom" runs only the actions named (see `actions`).
// ctest runs 1000 actions; scripts/monkey.sh runs three rounds of 10,000 under AddressSanitizer and
// LeakSanitizer and checks that, after the first has warmed up, the third does not raise the peak
// memory much. Nothing here may open a modal dialog: no file actions, no About box, no context
// menus; a watchdog closes any modal window that still appears and fails the test.
//
// The actions are in monkeyactions.cpp, the checks of the window in monkeychecks.cpp, the undo
// record in monkeyhistory.cpp.

#include "tst_monkey.h"

#include "accessiblefactory.h"
#include "compareview.h"
#include "controlspanel.h"
#include "heapinuse.h"
#include "lessonview.h"
#include "mainwindow.h"
#include "monkeychecks.h"
#include "numberspinbox.h"
#include "pixmapcachesafestyle.h"
#include "presets.h"
#include "random.h"
#include "residentmemory.h"
#include "scenariodocument.h"
#include "spinboxdelegate.h"
#include "trainpage.h"
#include "vectoreditor.h"
#include "vectorplane.h"
#include "vectortablemodel.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QPixmapCache>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>
#include <QUndoStack>
#include <cstdio>
#include <cstdlib>

namespace attention::test {

namespace {

/// A positive integer from the environment, or `fallback` when unset or not a number.
qint64 environmentNumber(const char *name, qint64 fallback)
{
    bool ok = false;
    const qint64 value = qEnvironmentVariable(name).toLongLong(&ok);
    return ok && value > 0 ? value : fallback;
}

/// A memory figure of this process from /proc/self/status in KiB ("VmRSS": resident now,
/// "VmHWM": the peak so far); 0 where /proc is not available.
qint64 memoryKiB(const char *field)
{
    return std::max<qint64>(0, test::statusBytes(field) / 1024);
}

QtMessageHandler previousHandler = nullptr;

/// Passes every message on to Qt Test except the offscreen platform's notes that it cannot raise
/// or size windows (each refusal tooltip would print them), which would bury the monkey's report.
/// Qt's warnings that an accessible event named a child the widget's interface does not have.
int accessibleChildWarnings = 0;

void quietHandler(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (message.startsWith(QLatin1String("Cannot create accessible child interface")))
        ++accessibleChildWarnings;
    if (type == QtWarningMsg &&
        (message == QLatin1String("This plugin does not support raise()") ||
         message == QLatin1String("This plugin does not support propagateSizeHints()")))
        return;
    previousHandler(type, context, message);
}

/// Runs what the actions posted: queued editor commits, deferred deletes, paint events.
void settle()
{
    for (int i = 0; i < 2; ++i) {
        QCoreApplication::processEvents();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    }
}

} // namespace

TestMonkey::TestMonkey() = default;
TestMonkey::~TestMonkey() = default;

bool allowed(const ActionInfo &info)
{
    static const QStringList only =
        qEnvironmentVariable("ATTENTION_MONKEY_ONLY").split(QLatin1Char(','), Qt::SkipEmptyParts);
    return only.isEmpty() || only.contains(QLatin1String(info.name));
}

TestMonkey::Snapshot TestMonkey::snapshot() const
{
    Snapshot state;
    const ScenarioDocument *document = m_window->document();
    state.scenario = fingerprint(document->scenario());
    state.undoIndex = document->undoStack()->index();
    state.undoCount = document->undoStack()->count();
    state.undoEvents = m_record ? m_record->events() : 0;
    state.selected = m_window->selectedToken();
    const QModelIndex current = m_window->vectorEditor()->view()->currentIndex();
    state.editorRow = current.row();
    state.editorColumn = current.column();
    state.planeHorizontal = m_window->vectorPlane()->horizontalDimension();
    state.planeVertical = m_window->vectorPlane()->verticalDimension();
    state.flip = int(m_window->compareView()->flip());
    state.zoom = m_window->zoom();
    state.language = m_window->language();
    return state;
}

void TestMonkey::settleWorkers()
{
    // Past ScenarioDocument::synchronousTokens the document and the comparison compute on
    // workers: the checks compare the views with their finished results.
    m_window->document()->waitForResult();
    while (!m_window->compareView()->isUpToDate() && m_window->compareView()->isVisible())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    settle();
}

void TestMonkey::reportHeapAtRest(qint64 round)
{
    QVERIFY(m_window->document()->reset(*preset(QStringLiteral("lesson"))));
    m_window->lesson()->reset(); // the lesson's pages and their histories too
    // Qt's pixmap cache is bounded (QPixmapCache::cacheLimit(), 10 MiB) but holds whatever
    // pictures of the style's controls and icons the round left, at every size and zoom it made:
    // Qt's memory, not ours. (Header sections no longer go there: see PixmapCacheSafeStyle.)
    QPixmapCache::clear();
    // The window's back buffer is as large as the window, which the monkey's zooms and wide d
    // leave wherever they left it.
    m_window->setZoom(1.0);
    m_window->resize(1400, 900);
    settle();
    // Step 7's inspector may still be measuring the reset model's heads on its thread (a
    // forward pass over the validation windows holds some 7 MiB): measured at rest, it is done.
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->lesson()->trainPage()->isBusy(), 120000);
    settle();
    m_record->check();
    QVERIFY2(m_record->problem().isEmpty(),
             qPrintable(QStringLiteral("at rest: ") + m_record->problem()));
    const QString problem = problemIn(*m_window);
    QVERIFY2(problem.isEmpty(), qPrintable(QStringLiteral("at rest: ") + problem));
    qInfo("monkey: heap at rest after round %lld: %lld KiB", round, test::heapInUseKiB());
    // For finding what grows between rounds: end the process here, at rest, so that a heap
    // profiler (heaptrack) reports everything alive at this point as "leaked".
    if (environmentNumber("ATTENTION_MONKEY_EXIT_AT_REST", 0) == round) {
        std::fflush(nullptr);
        std::_Exit(0);
    }
}

void TestMonkey::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionLabTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_monkey"));
    PixmapCacheSafeStyle::install(); // as attention-lab's main() does
    installAccessibleFactory();      // likewise: the heatmaps' cells announce themselves
    QSettings().clear();
    previousHandler = qInstallMessageHandler(quietHandler);

    // A modal dialog would stop the monkey: close any that appears, and remember it.
    m_watchdog.setInterval(200);
    connect(&m_watchdog, &QTimer::timeout, this, [this] {
        if (QWidget *modal = QApplication::activeModalWidget()) {
            m_modalWindows.append(modal->windowTitle());
            modal->close();
        }
    });
    m_watchdog.start();
}

void TestMonkey::cleanupTestCase()
{
    m_watchdog.stop();
    m_record.reset(); // before the stack it watches
    if (m_window)
        m_window->document()->markSaved(); // no question on close
    m_window.reset();
    QSettings().clear();
    qInstallMessageHandler(previousHandler);
}

Action TestMonkey::pick()
{
    int total = 0;
    for (const ActionInfo &info : actions)
        if (allowed(info))
            total += info.weight;
    int r = below(total);
    for (const ActionInfo &info : actions) {
        if (!allowed(info))
            continue;
        if (r < info.weight)
            return info.action;
        r -= info.weight;
    }
    return Action::Undo;
}

void TestMonkey::randomActions()
{
    m_seed = environmentNumber("ATTENTION_MONKEY_SEED", 1);
    const qint64 count = environmentNumber("ATTENTION_MONKEY_ACTIONS", 10000);
    const qint64 rounds = environmentNumber("ATTENTION_MONKEY_ROUNDS", 1);
    const qint64 warmUp = rounds > 1 ? environmentNumber("ATTENTION_MONKEY_WARMUP", count) : count;
    qInfo(
        "monkey: seed %lld, %lld rounds of %lld actions, the first of %lld (ATTENTION_MONKEY_SEED, "
        "ATTENTION_MONKEY_ROUNDS, ATTENTION_MONKEY_ACTIONS, ATTENTION_MONKEY_WARMUP)",
        m_seed, rounds, count, warmUp);
    m_random = std::make_unique<Random>(std::uint64_t(m_seed));
    setUpWindow();
    if (QTest::currentTestFailed())
        return;

    Counts tries{};
    Counts effects{};  ///< tries that took effect
    Counts noEditor{}; ///< tries whose editor did not open
    // The rounds continue one another in the same window; the peak memory of each is printed, so
    // that a second round shows whether memory still grows once the first has warmed it up.
    for (qint64 round = 1; round <= rounds; ++round) {
        playRound(round, round == 1 ? warmUp : count, tries, effects, noEditor);
        if (QTest::currentTestFailed())
            return;
        // The last round's history is replayed below first.
        if (round < rounds) {
            reportHeapAtRest(round);
            if (QTest::currentTestFailed())
                return;
        }
    }
    QVERIFY2(m_modalWindows.isEmpty(), qPrintable(m_modalWindows.join(QStringLiteral(", "))));
    replayHistory();
    if (QTest::currentTestFailed())
        return;
    settle();
    QVERIFY2(m_modalWindows.isEmpty(), qPrintable(m_modalWindows.join(QStringLiteral(", "))));
    // Every cell a heatmap announced to a screen reader was one its interface has.
    QCOMPARE(accessibleChildWarnings, 0);
    reportHeapAtRest(rounds);
    if (QTest::currentTestFailed())
        return;
    checkShares(tries, effects, noEditor, warmUp + (rounds - 1) * count);
}

void TestMonkey::setUpWindow()
{
    m_window = std::make_unique<MainWindow>(MainWindow::Settings::Ignore);
    m_window->setLanguage(QStringLiteral("en"));
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    settle();
    QCOMPARE(problemIn(*m_window), QString());
    ScenarioDocument *document = m_window->document();
    m_record = std::make_unique<test::UndoRecord>(
        document->undoStack(), [document] { return fingerprint(document->scenario()); },
        [document] { return describe(document->scenario()); });
    connect(document, &ScenarioDocument::changed, m_record.get(),
            &test::UndoRecord::documentChanged);
    QVERIFY2(m_record->problem().isEmpty(), qPrintable(m_record->problem()));
    // Every refusal the app shows with its reason: the scale box's, and the vector editor's (a
    // number or a d it cannot hold, an edit the document refused).
    const auto refused = [this] { ++m_refusals; };
    connect(m_window->controls(), &ControlsPanel::inputRefused, this, refused);
    VectorEditor *editor = m_window->vectorEditor();
    connect(editor->model(), &VectorTableModel::editRefused, this, refused);
    auto *delegate = qobject_cast<SpinBoxDelegate *>(editor->view()->itemDelegate());
    QVERIFY(delegate);
    connect(delegate, &SpinBoxDelegate::inputRefused, this, refused);
    auto *dimensionBox = editor->findChild<IntegerSpinBox *>();
    QVERIFY(dimensionBox);
    connect(dimensionBox, &IntegerSpinBox::refused, this, refused);
}

void TestMonkey::playRound(qint64 round, qint64 count, Counts &tries, Counts &effects,
                           Counts &noEditor)
{
    Counts roundTries{};
    Counts roundEffects{};
    const qint64 reportEvery = std::max<qint64>(1, count / 10);
    for (qint64 i = 1; i <= count; ++i) {
        const qint64 n = (round - 1) * count + i;
        const Action action = pick();
        bool started = true;
        bool effect = false;
        QElapsedTimer timer;
        timer.start();
        playAction(action, n, &started, &effect);
        m_milliseconds[std::size_t(action)] += timer.elapsed();
        if (QTest::currentTestFailed())
            return;
        const auto k = std::size_t(action);
        ++roundTries[k];
        roundEffects[k] += effect ? 1 : 0;
        ++tries[k];
        effects[k] += effect ? 1 : 0;
        noEditor[k] += started ? 0 : 1;
        const Scenario &s = m_window->document()->scenario();
        m_largestT = std::max(m_largestT, s.tokenCount());
        m_largestD = std::max(m_largestD, s.dimension());
        if (i % reportEvery == 0)
            qInfo("monkey: %lld actions, T = %lld, d = %lld, %d undo steps, heap %lld KiB, "
                  "RSS %lld KiB, peak %lld KiB",
                  n, qint64(s.tokenCount()), qint64(s.dimension()),
                  m_window->document()->undoStack()->count(), test::heapInUseKiB(),
                  memoryKiB("VmRSS"), memoryKiB("VmHWM"));
    }
    qInfo("monkey: peak RSS after round %lld: %lld KiB (heap in use %lld KiB, %d undo steps)",
          round, memoryKiB("VmHWM"), test::heapInUseKiB(),
          m_window->document()->undoStack()->count());
    // Every kind of action the run may pick took effect in this round (in rounds of 1000 or
    // more: a shorter one may not even try the rarest kinds).
    if (count < 1000)
        return;
    for (std::size_t k = 0; k < actions.size(); ++k)
        QVERIFY2(!allowed(actions[k]) || roundEffects[k] > 0,
                 qPrintable(QStringLiteral("round %1, seed %2: \"%3\" took effect in none of its "
                                           "%4 tries")
                                .arg(round)
                                .arg(m_seed)
                                .arg(QLatin1String(actions[k].name))
                                .arg(roundTries[k])));
}

void TestMonkey::playAction(Action action, qint64 n, bool *started, bool *effect)
{
    const ActionInfo &info = actions.at(std::size_t(action));
    const auto fail = [&](const QString &problem) {
        QFAIL(qPrintable(QStringLiteral("action %1 (%2), seed %3: %4")
                             .arg(n)
                             .arg(QLatin1String(info.name))
                             .arg(m_seed)
                             .arg(problem)));
    };
    prepare(action);
    settle();
    settleWorkers();
    m_record->check();
    if (!m_record->problem().isEmpty())
        return fail(QStringLiteral("while preparing: ") + m_record->problem());
    const Snapshot before = snapshot();
    const qint64 refusalsBefore = m_refusals;
    const QString statusBefore = m_window->vectorEditor()->statusText();
    m_typedValid = false;
    *started = act(action);
    settle();
    settleWorkers();
    m_record->check();
    if (!m_record->problem().isEmpty())
        return fail(m_record->problem());
    if (const QString problem = problemIn(*m_window); !problem.isEmpty())
        return fail(problem);
    // A refusal the vector editor showed for the document (a token it cannot add or remove, a d
    // it cannot take) changes its status line.
    const QString status = m_window->vectorEditor()->statusText();
    if (m_refusals == refusalsBefore && !status.isEmpty() && status != statusBefore)
        ++m_refusals;
    const Snapshot after = snapshot();
    switch (info.scope) {
    case Scope::Edit:
        // A refusal is the effect of a text the app must refuse, never of a valid number.
        *effect = !after.sameDocument(before) || (!m_typedValid && m_refusals != refusalsBefore);
        break;
    case Scope::View:
        *effect = !after.sameView(before);
        break;
    case Scope::Visit:
        *effect = m_visitEffect;
        break;
    }
}

void TestMonkey::replayHistory()
{
    // The whole history replays: every state the undo stack holds is valid and shown, each undo
    // and redo brings back the state recorded when its step was pushed or merged (UndoRecord
    // compares them), and redoing as many steps as were undone comes back exactly to where the
    // monkey stopped (when its last actions were undos, the stack holds further steps to redo;
    // they are checked too).
    QUndoStack *stack = m_window->document()->undoStack();
    const Scenario last = m_window->document()->scenario();
    const int steps = stack->index();
    const qint64 compared = m_record->comparisons();
    const auto step = [this](QAction *action, const QString &what) {
        action->trigger();
        settleWorkers();
        m_record->check();
        QString problem = m_record->problem();
        if (problem.isEmpty())
            problem = problemIn(*m_window);
        QVERIFY2(problem.isEmpty(), qPrintable(what + QStringLiteral(": ") + problem));
    };
    for (int i = 0; i < steps; ++i) {
        step(m_window->undoAction(), QStringLiteral("replay, undo %1 of %2").arg(i + 1).arg(steps));
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(stack->index(), steps - 1 - i);
    }
    QVERIFY(!stack->canUndo());
    for (int i = 0; i < steps; ++i) {
        step(m_window->redoAction(), QStringLiteral("replay, redo %1 of %2").arg(i + 1).arg(steps));
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(stack->index(), i + 1);
    }
    QVERIFY(m_window->document()->scenario() == last);
    while (stack->canRedo() && !QTest::currentTestFailed())
        step(m_window->redoAction(), QStringLiteral("replay, redo beyond"));
    if (QTest::currentTestFailed())
        return;
    // Each undo and each redo was compared with the record.
    QVERIFY(m_record->comparisons() - compared >= 2 * qint64(steps));
}

void TestMonkey::checkShares(const Counts &tries, const Counts &effects, const Counts &noEditor,
                             qint64 total)
{
    QStringList summary;
    for (std::size_t i = 0; i < actions.size(); ++i)
        summary.append(QStringLiteral("%1 %2 (%3 took effect, %4 s)")
                           .arg(tries[i])
                           .arg(QLatin1String(actions[i].name))
                           .arg(effects[i])
                           .arg(m_milliseconds[i] / 1000));
    qInfo("monkey: done: %s", qPrintable(summary.join(QStringLiteral(", "))));
    // Each action must take effect often enough, and an editor the monkey types into must open
    // (nearly) every time.
    for (std::size_t i = 0; i < actions.size(); ++i) {
        if (tries[i] < 20)
            continue;
        const QString name = QLatin1String(actions[i].name);
        QVERIFY2(100 * effects[i] >= actions[i].minimumEffect * tries[i],
                 qPrintable(QStringLiteral("%1: only %2 of %3 tries took effect (%4% expected)")
                                .arg(name)
                                .arg(effects[i])
                                .arg(tries[i])
                                .arg(actions[i].minimumEffect)));
        QVERIFY2(100 * noEditor[i] <= tries[i],
                 qPrintable(QStringLiteral("%1: the editor did not open in %2 of %3 tries")
                                .arg(name)
                                .arg(noEditor[i])
                                .arg(tries[i])));
    }
    qInfo("monkey: %lld actions, %lld refusals shown with a reason, %lld undos and redos compared "
          "with the record, largest T %lld, largest d %lld, %d undo steps at the end",
          total, m_refusals, m_record->comparisons(), qint64(m_largestT), qint64(m_largestD),
          m_window->document()->undoStack()->count());
    // Invalid input was typed, and refused visibly (when the run types at all).
    const bool types =
        qEnvironmentVariable("ATTENTION_MONKEY_ONLY").isEmpty() ||
        qEnvironmentVariable("ATTENTION_MONKEY_ONLY").contains(QLatin1String("typed"));
    if (total >= 1000 && types)
        QVERIFY(m_refusals > 0);
}

void TestMonkey::prepare(Action action)
{
    ScenarioDocument *document = m_window->document();
    switch (action) {
    case Action::PlaneAxes: // the axes offer a choice from d = 3 on
        if (document->scenario().dimension() < 3)
            typeDimension(QString::number(3 + below(6)));
        break;
    case Action::Redo: // something to redo
        if (!document->undoStack()->canRedo())
            for (int i = 1 + below(3); i > 0; --i)
                m_window->undoAction()->trigger();
        break;
    case Action::Reroll: // only a random draw can be re-rolled: the d slider makes one
        for (int i = 0; i < 2 && !m_window->controls()->rerollButton()->isEnabled(); ++i) {
            QSlider *slider = m_window->controls()->dimensionSlider();
            const int positions = slider->maximum() + 1;
            slider->setValue((slider->value() + 1 + below(positions - 1)) % positions);
        }
        break;
    default:
        break;
    }
}

} // namespace attention::test

QTEST_MAIN(attention::test::TestMonkey)
