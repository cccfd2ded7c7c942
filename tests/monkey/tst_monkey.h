#pragma once

/// The monkey's actions and the test class; see tst_monkey.cpp. The actions themselves are in
/// monkeyactions.cpp, the checks of the window in monkeychecks.cpp, the undo record in
/// monkeyhistory.cpp.

#include "monkeyhistory.h"
#include "random.h"
#include "scenario.h"

#include <QObject>
#include <QString>
#include <QTimer>
#include <array>
#include <memory>

class QMenu;

namespace attention {
class MainWindow;
class TrainPage;
} // namespace attention

namespace attention::test {

/// What the monkey can do. Each action has a weight: how often it is chosen.
enum class Action
{
    ScaleSlider,  ///< the scale slider jumps to a position (a click on the groove, a key)
    ScaleDrag,    ///< the scale slider dragged through several positions
    ScaleTyped,   ///< text typed into the scale spin box, then Enter
    ScaleStep,    ///< arrow or page keys on the scale spin box
    SqrtD,        ///< the √d check box clicked
    Causal,       ///< the causal check box clicked
    Dimension,    ///< the d slider moved
    Reroll,       ///< the re-roll button clicked
    CellTyped,    ///< text typed into a number cell of the vector editor
    CellScrub,    ///< arrow keys in a number cell's spin box
    NameTyped,    ///< a token renamed (sometimes to nothing)
    DTyped,       ///< text typed into the editor's d spin box
    DStep,        ///< arrow keys on the editor's d spin box
    PlaneDrag,    ///< a query or key tip dragged on the vector plane
    PlaneAxes,    ///< another dimension chosen for one of the plane's axes
    AddToken,     ///< "Add token" (its name editor opens)
    RemoveToken,  ///< "Remove token" on a random row
    Undo,         ///< Edit → Undo, one to three times
    Redo,         ///< Edit → Redo, one to three times
    Preset,       ///< a preset from the Presets menu
    Language,     ///< the other language from the Language menu
    HeatmapClick, ///< a click on a cell of the scores or weights heatmap
    HeatmapKey,   ///< an arrow key on a heatmap
    EditorClick,  ///< a click on a cell of the vector editor
    Zoom,         ///< zoom in, out or back to normal
    CompareFlip,  ///< another switch chosen in the Compare panel
    LessonVisit,  ///< a lesson step shown, one edit there undone, back to the workbench
};

/// What taking effect means for an action.
enum class Scope
{
    Edit,  ///< the document or its undo history changed, or a refusal was shown
    View,  ///< what the views show changed: selection, current cell, axes, zoom, language…
    Visit, ///< the lesson page's own edit took effect (and Edit → Undo took it back)
};

struct ActionInfo
{
    Action action;
    const char *name;
    int weight;
    Scope scope;
    /// The share, in percent, of tries that must take effect once the action was tried 20
    /// times: an action that silently stops working fails the test.
    int minimumEffect;
};

// The shares that must take effect sit well below what seed 1 shows (1000 actions: 80% of typed
// cells, 86% of typed names, 91% of plane drags, 82% of heatmap clicks, 55% of heatmap keys, 80%
// of zooms, all others 93% to 100%; 10,000 actions alike); some cannot reach 100%: Escape
// cancels a typed cell (a tenth of the tries), a key or a slider position may land on the value
// already there, a heatmap key at the edge moves nothing, Undo at the bottom of the history does
// nothing. "plane axes" first makes d at least 3, "redo" first undoes when there is nothing to
// redo, "re-roll" first draws a random scenario when the current one is not.
constexpr std::array<ActionInfo, 27> actions = {{
    {Action::ScaleSlider, "scale slider", 5, Scope::Edit, 80},
    {Action::ScaleDrag, "scale drag", 3, Scope::Edit, 80},
    {Action::ScaleTyped, "scale typed", 4, Scope::Edit, 80},
    {Action::ScaleStep, "scale step", 3, Scope::Edit, 70},
    {Action::SqrtD, "sqrt d switch", 4, Scope::Edit, 90},
    {Action::Causal, "causal switch", 4, Scope::Edit, 90},
    {Action::Dimension, "d slider", 3, Scope::Edit, 70},
    {Action::Reroll, "re-roll", 2, Scope::Edit, 80},
    {Action::CellTyped, "cell typed", 12, Scope::Edit, 60},
    {Action::CellScrub, "cell scrub", 4, Scope::Edit, 70},
    {Action::NameTyped, "name typed", 4, Scope::Edit, 60},
    {Action::DTyped, "d typed", 2, Scope::Edit, 60},
    {Action::DStep, "d step", 2, Scope::Edit, 60},
    {Action::PlaneDrag, "plane drag", 10, Scope::Edit, 60},
    {Action::PlaneAxes, "plane axes", 1, Scope::View, 60},
    {Action::AddToken, "add token", 4, Scope::Edit, 90},
    {Action::RemoveToken, "remove token", 4, Scope::Edit, 80},
    {Action::Undo, "undo", 9, Scope::Edit, 70},
    {Action::Redo, "redo", 5, Scope::Edit, 70},
    {Action::Preset, "preset", 3, Scope::Edit, 60},
    {Action::Language, "language", 1, Scope::View, 90},
    {Action::HeatmapClick, "heatmap click", 4, Scope::View, 40},
    {Action::HeatmapKey, "heatmap key", 2, Scope::View, 30},
    {Action::EditorClick, "editor click", 2, Scope::View, 60},
    {Action::Zoom, "zoom", 2, Scope::View, 40},
    {Action::CompareFlip, "compare flip", 1, Scope::View, 80},
    {Action::LessonVisit, "lesson visit", 1, Scope::Visit, 60},
}};

/// The table is indexed by Action.
constexpr bool actionsInOrder()
{
    for (std::size_t i = 0; i < actions.size(); ++i)
        if (actions[i].action != Action(i))
            return false;
    return true;
}
static_assert(actionsInOrder(), "actions[] must list every Action in declaration order");

/// A count for each kind of action.
using Counts = std::array<qint64, actions.size()>;

/// Whether the run may pick `info`: ATTENTION_MONKEY_ONLY="undo,zoom,…" restricts the run to the
/// actions named (to find which one makes something grow).
bool allowed(const ActionInfo &info);

class TestMonkey : public QObject
{
    Q_OBJECT

public:
    TestMonkey();
    ~TestMonkey() override;

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void randomActions();

private:
    // Random choices, all from one seeded generator.
    int below(int n) { return int(m_random->nextBits() % std::uint64_t(std::max(n, 1))); }
    bool chance(double p) { return m_random->uniform() < p; }
    QString goodNumber(double range);
    /// A good number (sets m_typedValid) or a strange text.
    QString numberText(double range);
    Action pick();

    /// The main window, the undo record and the counters of refusals shown.
    void setUpWindow();
    /// Round `round` of `count` actions, each checked; counts what each kind did in `tries`,
    /// `effects` and `noEditor`. Each kind the run may pick must take effect in the round.
    void playRound(qint64 round, qint64 count, Counts &tries, Counts &effects, Counts &noEditor);
    /// Action number `n`, checked; `effect` tells whether it took effect, `started` is false when
    /// the editor it types into did not open.
    void playAction(Action action, qint64 n, bool *started, bool *effect);
    /// Undoes the whole history and redoes it, each step compared with the record.
    void replayHistory();
    /// Each kind took effect in its share of the tries; refusals were shown.
    void checkShares(const Counts &tries, const Counts &effects, const Counts &noEditor,
                     qint64 total);

    /// Makes `action` possible where it would otherwise have nothing to act on: d ≥ 3 for the
    /// plane's axes, a step to redo, a random scenario to re-roll.
    void prepare(Action action);
    /// Does `action`; false when it could not even start (an editor it types into did not open).
    bool act(Action action);
    /// Sets m_visitEffect: whether the page's edit (or the run, or the step shown) took effect.
    void lessonVisit();
    /// On step 7: a tiny run on the copy task, then one of Train, One step, the history slider,
    /// a head, the temperature or the probe line; the page must stay consistent. Leaving the step
    /// (the visit ends in the workbench) pauses a run that is still going. Sets m_visitEffect
    /// when the page or its session changed.
    void trainVisit(TrainPage *page);
    void scaleTyped();
    bool cellTyped(bool scrub);
    bool nameTyped(int row);
    bool dimensionTyped(bool step);
    /// Types `text` into the editor's d box and presses Enter.
    void typeDimension(const QString &text);
    void planeDrag();
    void planeAxes();
    void removeToken();
    void heatmapClick(bool key);
    void editorClick();
    void zoom();
    void triggerMenuAction(QMenu *menu, int index);

    /// What an action can change: the document and its history, and what the views show.
    struct Snapshot
    {
        std::size_t scenario = 0;
        int undoIndex = 0;
        int undoCount = 0;
        qint64 undoEvents = 0;
        int selected = 0;
        int editorRow = 0;
        int editorColumn = 0;
        int planeHorizontal = 0;
        int planeVertical = 0;
        int flip = 0;
        double zoom = 0.0;
        QString language;
        bool sameDocument(const Snapshot &o) const
        {
            return scenario == o.scenario && undoIndex == o.undoIndex && undoCount == o.undoCount &&
                   undoEvents == o.undoEvents;
        }
        bool sameView(const Snapshot &o) const
        {
            return selected == o.selected && editorRow == o.editorRow &&
                   editorColumn == o.editorColumn && planeHorizontal == o.planeHorizontal &&
                   planeVertical == o.planeVertical && flip == o.flip && zoom == o.zoom &&
                   language == o.language;
        }
    };
    Snapshot snapshot() const;
    /// Puts the window in one fixed state (the lesson preset, an empty history) and prints the
    /// heap in use there: figures that compare from round to round, unlike those taken while the
    /// history holds whatever scenarios the round left in it (megabytes at large d).
    /// Waits for the results that large scenarios compute on worker threads.
    void settleWorkers();
    void reportHeapAtRest(qint64 round);

    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<Random> m_random;
    std::unique_ptr<test::UndoRecord> m_record; ///< the workbench's history, pushes and merges
    QTimer m_watchdog;
    QStringList m_modalWindows; ///< titles of modal windows the watchdog had to close
    qint64 m_refusals = 0;      ///< refusals shown with a reason (typed input the app refused)
    qint64 m_seed = 1;
    int m_languageIndex = 0;
    bool m_visitEffect = false; ///< whether the last lesson visit took effect
    /// Whether the last action typed a number the app must take (then only a changed document
    /// is its effect: a refusal of it is none).
    bool m_typedValid = false;
    Counts m_milliseconds{}; ///< time spent in each kind of action, settling included
    Index m_largestT = 0;
    Index m_largestD = 0;
};

} // namespace attention::test
