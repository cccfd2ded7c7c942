// The monkey: thousands of seeded random actions on the real main window, the way a restless
// learner would use it: the score-scale slider and spin box, the √d and causal switches, the d
// slider and re-roll, numbers typed into the vector editor (good ones, huge ones, text), token
// names (empty ones too), d typed or stepped, drags on the vector plane, adding and removing
// tokens, undo and redo, presets, the language, row clicks, zoom, visits to the lesson (an edit
// on a step undone by Edit → Undo, background work left running). After every action the document
// must be valid, its result must be the scenario's (finite weights, rows summing to 1, masked
// entries 0) and the views must show it.
//
// ATTENTION_MONKEY_SEED (default 1) and ATTENTION_MONKEY_ACTIONS (default 10000) choose the run,
// ATTENTION_MONKEY_ROUNDS (default 1) how many runs of that many actions follow one another in
// the same window; all are printed first, so a failure can be replayed exactly.
// ATTENTION_MONKEY_EXIT_AT_REST=N ends the process at rest after round N (for a heap profiler);
// ATTENTION_MONKEY_ONLY="undo,zoom" runs only the actions named (see `actions`).
// ctest runs 1000 actions; scripts/monkey.sh runs three rounds of 10,000 under AddressSanitizer and
// LeakSanitizer and checks that, after the first has warmed up, the third does not raise the peak
// memory much. Nothing here may open a modal dialog: no file actions, no About box, no context
// menus; a watchdog closes any modal window that still appears and fails the test.

#include "compareview.h"
#include "controlspanel.h"
#include "costpage.h"
#include "document.h"
#include "headgrid.h"
#include "heapinuse.h"
#include "heatmapwidget.h"
#include "lessonview.h"
#include "mainwindow.h"
#include "maskpage.h"
#include "matrixmodel.h"
#include "nextcharpanel.h"
#include "outputview.h"
#include "pixmapcachesafestyle.h"
#include "planesubset.h"
#include "presets.h"
#include "querykeypage.h"
#include "random.h"
#include "traincontrols.h"
#include "trainpage.h"
#include "vectoreditor.h"
#include "vectorplane.h"
#include "vectortablemodel.h"
#include "weightschart.h"

#include <QAction>
#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QHash>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPixmapCache>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStyleOptionButton>
#include <QTableView>
#include <QTest>
#include <QTimer>
#include <QUndoStack>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>

using namespace attention;

namespace {

constexpr double rowSumTolerance = 1e-9;

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

struct ActionInfo
{
    Action action;
    const char *name;
    int weight;
    /// The share, in percent, of tries that must take effect (change the document, the history,
    /// the selection or a view setting, or open the editor they type into) once the action was
    /// tried 20 times: an action that silently stops working fails the test.
    int minimumEffect;
};

// The shares that must take effect sit well below what seed 1 shows (in parentheses, 1000
// actions): re-roll only changes a random scenario (19%), redo needs undone steps (8%), the plane's
// axes can only be chosen when d > 2 (0%), a click on the current cell changes nothing (42%).
constexpr std::array<ActionInfo, 27> actions = {{
    {Action::ScaleSlider, "scale slider", 5, 50},
    {Action::ScaleDrag, "scale drag", 3, 50},
    {Action::ScaleTyped, "scale typed", 4, 30},
    {Action::ScaleStep, "scale step", 3, 40},
    {Action::SqrtD, "sqrt d switch", 4, 50},
    {Action::Causal, "causal switch", 4, 50},
    {Action::Dimension, "d slider", 3, 50},
    {Action::Reroll, "re-roll", 2, 5},
    {Action::CellTyped, "cell typed", 12, 90},
    {Action::CellScrub, "cell scrub", 4, 90},
    {Action::NameTyped, "name typed", 4, 90},
    {Action::DTyped, "d typed", 2, 90},
    {Action::DStep, "d step", 2, 90},
    {Action::PlaneDrag, "plane drag", 10, 50},
    {Action::PlaneAxes, "plane axes", 1, 0},
    {Action::AddToken, "add token", 4, 90},
    {Action::RemoveToken, "remove token", 4, 90},
    {Action::Undo, "undo", 9, 50},
    {Action::Redo, "redo", 5, 3},
    {Action::Preset, "preset", 3, 50},
    {Action::Language, "language", 1, 90},
    {Action::HeatmapClick, "heatmap click", 4, 40},
    {Action::HeatmapKey, "heatmap key", 2, 40},
    {Action::EditorClick, "editor click", 2, 20},
    {Action::Zoom, "zoom", 2, 40},
    {Action::CompareFlip, "compare flip", 1, 30},
    {Action::LessonVisit, "lesson visit", 1, 90},
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
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    const QByteArray key = QByteArray(field) + ':';
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith(key))
            return line.mid(key.size()).trimmed().split(' ').value(0).toLongLong();
    return 0;
}

QtMessageHandler previousHandler = nullptr;

/// Passes every message on to Qt Test except the offscreen platform's notes that it cannot raise
/// or size windows (each refusal tooltip would print them), which would bury the monkey's report.
void quietHandler(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
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

/// Clicks a check box where a user would: on its indicator.
void clickCheckBox(QCheckBox *box)
{
    QStyleOptionButton option;
    option.initFrom(box);
    option.text = box->text();
    const QRect indicator =
        box->style()->subElementRect(QStyle::SE_CheckBoxIndicator, &option, box);
    QTest::mouseClick(box, Qt::LeftButton, {}, indicator.center());
}

bool sameMatrix(const Matrix &a, const Matrix &b)
{
    return a.rows() == b.rows() && a.cols() == b.cols() && (a.array() == b.array()).all();
}

/// Whether `shown` is `expected` to within 1e-12 (masked −∞ entries equal; a NaN never agrees).
bool closeMatrix(const Matrix &shown, const Matrix &expected)
{
    return maxAbsDifference(shown, expected) <= 1e-12;
}

/// A fingerprint of everything a scenario holds, bit for bit: two scenarios with the same one are
/// equal (a chance collision aside); it stands for a state of the undo history.
std::size_t fingerprint(const Scenario &s)
{
    const Matrix values = s.valueMatrix();
    std::size_t seed = qHashMulti(0, s.title, s.dimensionNames, s.tokens, s.divideBySqrtD, s.causal,
                                  s.queries.rows(), s.queries.cols(), s.keys.rows(), s.keys.cols(),
                                  s.values.has_value(), values.rows(), values.cols());
    for (const Matrix *m : {&s.queries, &s.keys, &values})
        seed = qHashBits(m->data(), std::size_t(m->size()) * sizeof(double), seed);
    return qHashBits(&s.scoreScale, sizeof s.scoreScale, seed);
}

/// Empty when the vector editor's cells show the scenario's names and numbers exactly.
QString editorProblem(const VectorTableModel &table, const Scenario &s)
{
    const Index T = s.tokenCount();
    const Index d = s.dimension();
    const Index dv = s.valueDimension();
    // Every cell while the table is small; past 20,000 cells (d in the thousands) the names, the
    // first and last entry of each vector and a diagonal sweep, so the check stays cheap.
    const bool all = T * (1 + 2 * d + dv) <= 20000;
    const Matrix values = s.valueMatrix();
    for (int row = 0; row < int(T); ++row) {
        const QString name = table.data(table.index(row, 0), Qt::EditRole).toString();
        if (name != s.tokens.at(row))
            return QStringLiteral("the editor names token %1 \"%2\", the scenario \"%3\"")
                .arg(row)
                .arg(name, s.tokens.at(row));
        for (const auto &[kind, vectors] :
             {std::pair{VectorKind::Query, &s.queries}, std::pair{VectorKind::Key, &s.keys},
              std::pair{VectorKind::Value, &values}}) {
            const Index width = vectors->cols();
            for (Index entry = 0; entry < width; ++entry) {
                if (!all && entry != 0 && entry != width - 1 &&
                    entry % std::max<Index>(T, 1) != row)
                    continue;
                const int column = table.columnOf(kind, entry);
                const QVariant shown = table.data(table.index(row, column), Qt::EditRole);
                if (column < 0 || shown.toDouble() != (*vectors)(row, entry))
                    return QStringLiteral("the editor shows %1 in row %2, column %3, for %4")
                        .arg(shown.toString())
                        .arg(row)
                        .arg(column)
                        .arg((*vectors)(row, entry), 0, 'g', 17);
            }
        }
    }
    return {};
}

/// Empty when the window's document is valid and every view shows it; else what is wrong.
QString problemIn(const MainWindow &window)
{
    const ScenarioDocument *document = window.document();
    const Scenario &s = document->scenario();
    if (const auto error = s.validate())
        return QStringLiteral("the scenario is invalid: ") + scenarioErrorText(*error);
    const Index T = s.tokenCount();
    const Index d = s.dimension();
    const Index dv = s.valueDimension();
    const ScenarioResult &r = document->result();
    if (document->isComputing() || *document->computedScenario() != s)
        return QStringLiteral("the result is not the current scenario's");
    if (s.hasOneHotValues() && r.output)
        return QStringLiteral("one-hot values, but the result stores an output");
    const Matrix &output = r.outputMatrix();
    if (r.scores.rows() != T || r.scores.cols() != T || r.weights.rows() != T ||
        r.weights.cols() != T || output.rows() != T || output.cols() != dv)
        return QStringLiteral("result shapes %1×%2, %3×%4, %5×%6 for T = %7, d_v = %8")
            .arg(r.scores.rows())
            .arg(r.scores.cols())
            .arg(r.weights.rows())
            .arg(r.weights.cols())
            .arg(output.rows())
            .arg(output.cols())
            .arg(T)
            .arg(dv);
    for (Index i = 0; i < T; ++i) {
        double sum = 0.0;
        for (Index j = 0; j < T; ++j) {
            const double w = r.weights(i, j);
            const double score = r.scores(i, j);
            const bool masked = s.causal && j > i;
            if (!std::isfinite(w) || w < 0.0 || w > 1.0)
                return QStringLiteral("weight (%1, %2) = %3").arg(i).arg(j).arg(w);
            if (masked && (w != 0.0 || score != -HUGE_VAL))
                return QStringLiteral("masked entry (%1, %2): score %3, weight %4")
                    .arg(i)
                    .arg(j)
                    .arg(score)
                    .arg(w);
            if (!masked && !std::isfinite(score))
                return QStringLiteral("score (%1, %2) = %3").arg(i).arg(j).arg(score);
            sum += w;
        }
        if (std::abs(sum - 1.0) > rowSumTolerance)
            return QStringLiteral("weights of row %1 sum to %2").arg(i).arg(sum, 0, 'g', 17);
    }
    if (!output.allFinite())
        return QStringLiteral("the output is not finite");
    // The result is the scenario's own, not one left from an earlier state: scores, weights and
    // output computed afresh.
    const ScenarioResult fresh = s.compute();
    if ((fresh.weights - r.weights).cwiseAbs().maxCoeff() > 1e-12)
        return QStringLiteral("the result is not the scenario's");
    if (!closeMatrix(r.weights, fresh.weights) || !closeMatrix(r.scores, fresh.scores) ||
        !closeMatrix(output, fresh.outputMatrix()))
        return QStringLiteral("the result's scores, weights or output are not the scenario's");

    // Every view shows the document.
    if (!sameMatrix(window.weightsHeatmap()->model()->matrix(), r.weights))
        return QStringLiteral("the weights heatmap does not show the weights");
    if (!sameMatrix(window.scoresHeatmap()->model()->matrix(), r.scores))
        return QStringLiteral("the scores heatmap does not show the scores");
    const VectorTableModel *table = window.vectorEditor()->model();
    if (table->rowCount() != T || table->columnCount() != 1 + 2 * d + dv)
        return QStringLiteral("the vector editor is %1×%2 for T = %3, d = %4, d_v = %5")
            .arg(table->rowCount())
            .arg(table->columnCount())
            .arg(T)
            .arg(d)
            .arg(dv);
    if (window.selectedQuery() < 0 || window.selectedQuery() >= T)
        return QStringLiteral("selected query %1 of %2").arg(window.selectedQuery()).arg(T);
    const ControlsPanel *controls = window.controls();
    if (controls->sqrtDCheckBox()->isChecked() != s.divideBySqrtD ||
        controls->causalCheckBox()->isChecked() != s.causal)
        return QStringLiteral("the switches do not show the scenario's");
    if (std::abs(controls->scaleSpinBox()->value() - s.scoreScale) > 0.005)
        return QStringLiteral("the scale box shows %1 for a scale of %2")
            .arg(controls->scaleSpinBox()->value())
            .arg(s.scoreScale);
    if (const QString problem = editorProblem(*table, s); !problem.isEmpty())
        return problem;

    // The bar chart: the selected query's weights over the keys, one bar per token.
    const WeightsChart *chart = window.chart();
    const int selected = window.selectedQuery();
    if (chart->selectedToken() != selected)
        return QStringLiteral("the chart shows query %1, the window selects %2")
            .arg(chart->selectedToken())
            .arg(selected);
    if (chart->barSet()->count() != T || chart->keyAxis()->count() != T)
        return QStringLiteral("the chart has %1 bars and %2 categories for T = %3")
            .arg(chart->barSet()->count())
            .arg(chart->keyAxis()->count())
            .arg(T);
    for (int j = 0; j < int(T); ++j)
        if (!(std::abs(chart->barSet()->at(j) - fresh.weights(selected, j)) <= 1e-12))
            return QStringLiteral("bar %1 is %2, the weight %3")
                .arg(j)
                .arg(chart->barSet()->at(j))
                .arg(fresh.weights(selected, j));

    // The values and output heatmaps (or, for one-hot values past OutputView::maxOneHotTokens,
    // the note that stands in for them), and the compare view's flipped scenario computed afresh.
    const OutputView *outputView = window.outputView();
    const bool noted = s.hasOneHotValues() && T > OutputView::maxOneHotTokens;
    if (outputView->isNoteShown() != noted)
        return QStringLiteral("the output note is %1 at T = %2")
            .arg(noted ? QStringLiteral("missing") : QStringLiteral("shown"))
            .arg(T);
    if (!noted) {
        if (!sameMatrix(outputView->valuesHeatmap()->model()->matrix(), s.valueMatrix()))
            return QStringLiteral("the values heatmap does not show the values");
        if (!sameMatrix(outputView->outputHeatmap()->model()->matrix(), output) ||
            !closeMatrix(outputView->outputHeatmap()->model()->matrix(), fresh.outputMatrix()))
            return QStringLiteral("the output heatmap does not show the output");
    }
    QList<const HeatmapWidget *> labelled{window.scoresHeatmap(), window.weightsHeatmap()};
    if (!noted)
        labelled << outputView->valuesHeatmap() << outputView->outputHeatmap();
    for (const HeatmapWidget *heatmap : labelled)
        if (heatmap->model()->rowLabels() != s.tokens)
            return QStringLiteral("a heatmap's rows are not the tokens");
    const CompareView *compare = window.compareView();
    const ScenarioResult other = flipped(s, compare->flip()).compute();
    if (!closeMatrix(compare->heatmap()->model()->matrix(), other.weights))
        return QStringLiteral("the compare view does not show the flipped scenario's weights");

    // The plane: the selected query, two different dimensions of this d, every tip inside the plot.
    const VectorPlane *plane = window.vectorPlane();
    if (plane->selectedToken() != selected)
        return QStringLiteral("the plane highlights query %1, the window selects %2")
            .arg(plane->selectedToken())
            .arg(selected);
    const int h = plane->horizontalDimension();
    const int v = plane->verticalDimension();
    if (h < 0 || h >= d || v >= d || v == h || (v < 0) != (d == 1))
        return QStringLiteral("the plane shows dimensions %1 and %2 of d = %3")
            .arg(h)
            .arg(v)
            .arg(d);
    // Past PlaneSubset::fullLimit tokens only the selected query and its strongest keys are
    // drawn; those must be inside the plot, the others not drawn at all.
    const QRectF plot = plane->mapping().plotRect().adjusted(-1.0, -1.0, 1.0, 1.0);
    const PlaneSubset shown = plane->shownSubset();
    if (shown.reduced != (T > PlaneSubset::fullLimit))
        return QStringLiteral("the plane draws %1 at T = %2")
            .arg(shown.reduced ? QStringLiteral("a subset") : QStringLiteral("every arrow"))
            .arg(T);
    for (int t = 0; t < int(T); ++t)
        for (VectorKind kind : {VectorKind::Query, VectorKind::Key}) {
            const QPointF tip = plane->tipPixel(kind, t);
            const bool drawn = (kind == VectorKind::Query ? shown.queries : shown.keys).contains(t);
            if (!drawn) {
                if (!tip.isNull())
                    return QStringLiteral(
                               "the plane has a tip for token %1, which it does not draw")
                        .arg(t);
                continue;
            }
            if (!plot.contains(tip))
                return QStringLiteral(
                           "the plane draws a tip of token %1 at (%2, %3), outside its plot")
                    .arg(t)
                    .arg(tip.x())
                    .arg(tip.y());
        }

    for (const QMessageBox *box : window.findChildren<QMessageBox *>())
        if (box->isVisible())
            return QStringLiteral("a message box is open: ") + box->text();
    return {};
}

/// Text a monkey types into a number: mostly good numbers, often ones the document cannot hold.
const QStringList strangeNumbers = {
    QStringLiteral("2000000"),
    QStringLiteral("1e9"),
    QStringLiteral("-1e300"),
    QStringLiteral("1000000"),
    QStringLiteral("-1000000"),
    QStringLiteral("999999.9999"),
    QStringLiteral("1000000.01"),
    QStringLiteral("abc"),
    QString(),
    QStringLiteral("-"),
    QStringLiteral("nan"),
    QStringLiteral("inf"),
    QStringLiteral("-inf"),
    QStringLiteral("1e"),
    QStringLiteral("0x10"),
    QStringLiteral("0.123456789"),
    QStringLiteral("1,5"),
    QStringLiteral("--2"),
    QStringLiteral("99999999999999999999"),
};

} // namespace

class TestMonkey : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void randomActions();

private:
    // Random choices, all from one seeded generator.
    int below(int n) { return int(m_random->nextBits() % std::uint64_t(std::max(n, 1))); }
    bool chance(double p) { return m_random->uniform() < p; }
    QString goodNumber(double range);
    QString numberText(double range);
    Action pick();

    /// Does `action`; false when it could not even start (an editor it types into did not open).
    bool act(Action action);
    void lessonVisit();
    /// On step 7: a tiny run on the copy task, then one of Train, One step, the history slider,
    /// a head, the temperature or the probe line; the page must stay consistent. Leaving the step
    /// (the visit ends in the workbench) pauses a run that is still going.
    void trainVisit(TrainPage *page);
    void scaleTyped();
    bool cellTyped(bool scrub);
    bool nameTyped(int row);
    bool dimensionTyped(bool step);
    void planeDrag();
    void planeAxes();
    void removeToken();
    void heatmapClick(bool key);
    void editorClick();
    void zoom();
    void triggerMenuAction(QMenu *menu, int index);

    /// What an action can change: when none of it changed, the action had no effect.
    struct Snapshot
    {
        std::size_t scenario = 0;
        int undoIndex = 0;
        int undoCount = 0;
        int selected = 0;
        int editorRow = 0;
        int editorColumn = 0;
        int planeHorizontal = 0;
        int planeVertical = 0;
        int flip = 0;
        double zoom = 0.0;
        QString language;
        bool operator==(const Snapshot &o) const
        {
            return scenario == o.scenario && undoIndex == o.undoIndex && undoCount == o.undoCount &&
                   selected == o.selected && editorRow == o.editorRow &&
                   editorColumn == o.editorColumn && planeHorizontal == o.planeHorizontal &&
                   planeVertical == o.planeVertical && flip == o.flip && zoom == o.zoom &&
                   language == o.language;
        }
    };
    Snapshot snapshot() const;
    /// Notes the document's state as the state at the undo stack's current index.
    void recordHistory();
    /// Puts the window in one fixed state (the lesson preset, an empty history) and prints the
    /// heap in use there: figures that compare from round to round, unlike those taken while the
    /// history holds whatever scenarios the round left in it (megabytes at large d).
    /// Waits for the results that large scenarios compute on worker threads.
    void settleWorkers();
    void reportHeapAtRest(qint64 round);
    /// The state recorded at undo index `index`; 0 when none was.
    std::size_t recordedAt(int index) const;

    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<Random> m_random;
    QTimer m_watchdog;
    QStringList m_modalWindows; ///< titles of modal windows the watchdog had to close
    qint64 m_refusals = 0;      ///< typed input refused with a reason shown
    int m_languageIndex = 0;
    // The history: the fingerprint of the scenario after each command on the undo stack, and at
    // index 0, taken whenever the stack's index changes and after every action.
    QHash<const QUndoCommand *, std::size_t> m_after;
    std::size_t m_base = 0;
    const QUndoCommand *m_first = nullptr; ///< the oldest command when last recorded
    int m_previousCount = 0;
};

TestMonkey::Snapshot TestMonkey::snapshot() const
{
    Snapshot state;
    const ScenarioDocument *document = m_window->document();
    state.scenario = fingerprint(document->scenario());
    state.undoIndex = document->undoStack()->index();
    state.undoCount = document->undoStack()->count();
    state.selected = m_window->selectedQuery();
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

void TestMonkey::recordHistory()
{
    const QUndoStack *stack = m_window->document()->undoStack();
    const int count = stack->count();
    const QUndoCommand *first = count > 0 ? stack->command(0) : nullptr;
    // At the undo limit a new step drops the oldest one: the state after it is the new index 0.
    if (m_first && first != m_first && count == m_previousCount && count == stack->undoLimit())
        m_base = m_after.value(m_first);
    const int index = stack->index();
    const std::size_t now = fingerprint(m_window->document()->scenario());
    if (index == 0)
        m_base = now;
    else
        m_after.insert(stack->command(index - 1), now);
    m_first = first;
    m_previousCount = count;
    // Forget commands the stack deleted (their addresses may be reused by new ones, which are
    // recorded as they are pushed).
    if (m_after.size() > count + 64) {
        QHash<const QUndoCommand *, std::size_t> kept;
        for (int i = 0; i < count; ++i)
            if (const auto it = m_after.constFind(stack->command(i)); it != m_after.cend())
                kept.insert(it.key(), it.value());
        m_after.swap(kept);
    }
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
    recordHistory();
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

std::size_t TestMonkey::recordedAt(int index) const
{
    if (index == 0)
        return m_base;
    return m_after.value(m_window->document()->undoStack()->command(index - 1), 0);
}

void TestMonkey::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionLabTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_monkey"));
    PixmapCacheSafeStyle::install(); // as attention-lab's main() does
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
    if (m_window)
        m_window->document()->markSaved(); // no question on close
    m_window.reset();
    QSettings().clear();
    qInstallMessageHandler(previousHandler);
}

QString TestMonkey::goodNumber(double range)
{
    const double x = (2.0 * m_random->uniform() - 1.0) * range;
    return QString::number(std::round(x * 100.0) / 100.0, 'f', 2);
}

QString TestMonkey::numberText(double range)
{
    if (chance(0.65))
        return goodNumber(range);
    return strangeNumbers.at(below(int(strangeNumbers.size())));
}

Action TestMonkey::pick()
{
    // ATTENTION_MONKEY_ONLY="undo,zoom,…" restricts the run to those actions (to find which one
    // makes something grow).
    static const QStringList only =
        qEnvironmentVariable("ATTENTION_MONKEY_ONLY").split(QLatin1Char(','), Qt::SkipEmptyParts);
    const auto allowed = [](const ActionInfo &info) {
        return only.isEmpty() || only.contains(QLatin1String(info.name));
    };
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
    const qint64 seed = environmentNumber("ATTENTION_MONKEY_SEED", 1);
    const qint64 count = environmentNumber("ATTENTION_MONKEY_ACTIONS", 10000);
    const qint64 rounds = environmentNumber("ATTENTION_MONKEY_ROUNDS", 1);
    qInfo("monkey: seed %lld, %lld rounds of %lld actions (ATTENTION_MONKEY_SEED, "
          "ATTENTION_MONKEY_ROUNDS, ATTENTION_MONKEY_ACTIONS)",
          seed, rounds, count);
    m_random = std::make_unique<Random>(std::uint64_t(seed));

    m_window = std::make_unique<MainWindow>(MainWindow::Settings::Ignore);
    m_window->setLanguage(QStringLiteral("en"));
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    settle();
    QCOMPARE(problemIn(*m_window), QString());
    connect(m_window->controls(), &ControlsPanel::inputRefused, this, [this] { ++m_refusals; });
    recordHistory();
    connect(m_window->document()->undoStack(), &QUndoStack::indexChanged, this,
            [this] { recordHistory(); });

    std::array<qint64, actions.size()> done{};
    std::array<qint64, actions.size()> effective{}; ///< tries that took effect
    std::array<qint64, actions.size()> noEditor{};  ///< tries whose editor did not open
    Index largestT = 0;
    Index largestD = 0;
    const qint64 reportEvery = std::max<qint64>(1, count / 10);
    // The rounds continue one another in the same window; the peak memory of each is printed, so
    // that a second round shows whether memory still grows once the first has warmed it up.
    for (qint64 round = 1; round <= rounds; ++round) {
        for (qint64 i = 1; i <= count; ++i) {
            const qint64 n = (round - 1) * count + i;
            const Action action = pick();
            const Snapshot before = snapshot();
            const bool started = act(action);
            settle();
            settleWorkers();
            recordHistory();
            // The vector editor's status line says why its last edit was refused.
            if ((action == Action::CellTyped || action == Action::NameTyped ||
                 action == Action::DTyped) &&
                !m_window->vectorEditor()->statusText().isEmpty())
                ++m_refusals;
            const QString problem = problemIn(*m_window);
            const char *name = actions.at(std::size_t(action)).name;
            if (!problem.isEmpty())
                QFAIL(qPrintable(QStringLiteral("action %1 (%2), seed %3: %4")
                                     .arg(n)
                                     .arg(QLatin1String(name))
                                     .arg(seed)
                                     .arg(problem)));
            ++done[std::size_t(action)];
            if (!started)
                ++noEditor[std::size_t(action)];
            // An editor that opened is an effect (Escape then leaves the document as it was).
            const bool typesIntoEditor =
                action == Action::CellTyped || action == Action::CellScrub ||
                action == Action::NameTyped || action == Action::DTyped || action == Action::DStep;
            if (started &&
                (typesIntoEditor || action == Action::LessonVisit || !(snapshot() == before)))
                ++effective[std::size_t(action)];
            const Scenario &s = m_window->document()->scenario();
            largestT = std::max(largestT, s.tokenCount());
            largestD = std::max(largestD, s.dimension());
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
        // The last round's history is replayed below first.
        if (round < rounds) {
            reportHeapAtRest(round);
            if (QTest::currentTestFailed())
                return;
        }
    }
    QVERIFY2(m_modalWindows.isEmpty(), qPrintable(m_modalWindows.join(QStringLiteral(", "))));

    // The whole history replays: every state the undo stack holds is valid and shown, and
    // redoing as many steps as were undone comes back exactly to where the monkey stopped (when
    // its last actions were undos, the stack holds further steps to redo; they are checked too).
    // Every state must also be exactly the one recorded at that index while the monkey played.
    QUndoStack *stack = m_window->document()->undoStack();
    disconnect(stack, &QUndoStack::indexChanged, this, nullptr); // the record is now the reference
    const Scenario last = m_window->document()->scenario();
    const int steps = stack->index();
    const auto sameAsRecorded = [&](const QString &what) -> QString {
        settleWorkers();
        const int index = stack->index();
        const std::size_t recorded = recordedAt(index);
        if (recorded == 0)
            return what + QStringLiteral(": nothing was recorded at index %1").arg(index);
        if (fingerprint(m_window->document()->scenario()) != recorded)
            return what + QStringLiteral(": the scenario at index %1 is not the one recorded there "
                                         "(T = %2, d = %3, scale %4)")
                              .arg(index)
                              .arg(m_window->document()->scenario().tokenCount())
                              .arg(m_window->document()->scenario().dimension())
                              .arg(m_window->document()->scenario().scoreScale);
        return QString();
    };
    QCOMPARE(sameAsRecorded(QStringLiteral("the last state")), QString());
    for (int i = 0; i < steps; ++i) {
        m_window->undoAction()->trigger();
        settleWorkers();
        const QString what = QStringLiteral("undo %1").arg(i + 1);
        const QString problem = problemIn(*m_window);
        QVERIFY2(problem.isEmpty(), qPrintable(what + QStringLiteral(": ") + problem));
        QCOMPARE(stack->index(), steps - 1 - i);
        QCOMPARE(sameAsRecorded(what), QString());
    }
    QVERIFY(!stack->canUndo());
    for (int i = 0; i < steps; ++i) {
        m_window->redoAction()->trigger();
        settleWorkers();
        const QString what = QStringLiteral("redo %1").arg(i + 1);
        const QString problem = problemIn(*m_window);
        QVERIFY2(problem.isEmpty(), qPrintable(what + QStringLiteral(": ") + problem));
        QCOMPARE(stack->index(), i + 1);
        QCOMPARE(sameAsRecorded(what), QString());
    }
    QCOMPARE(stack->index(), steps);
    QVERIFY(m_window->document()->scenario() == last);
    while (stack->canRedo()) {
        m_window->redoAction()->trigger();
        settleWorkers();
        const QString problem = problemIn(*m_window);
        QVERIFY2(problem.isEmpty(), qPrintable(QStringLiteral("redo: ") + problem));
        QCOMPARE(sameAsRecorded(QStringLiteral("redo beyond")), QString());
    }
    settle();
    QVERIFY2(m_modalWindows.isEmpty(), qPrintable(m_modalWindows.join(QStringLiteral(", "))));
    reportHeapAtRest(rounds);
    if (QTest::currentTestFailed())
        return;
    QStringList summary;
    for (std::size_t i = 0; i < actions.size(); ++i)
        summary.append(QStringLiteral("%1 %2 (%3 took effect)")
                           .arg(done[i])
                           .arg(QLatin1String(actions[i].name))
                           .arg(effective[i]));
    qInfo("monkey: done: %s", qPrintable(summary.join(QStringLiteral(", "))));
    // Actions that did nothing were counted above but prove nothing: each action must take effect
    // often enough, and an editor the monkey types into must open (nearly) every time.
    for (std::size_t i = 0; i < actions.size(); ++i) {
        if (done[i] < 20)
            continue;
        const QString name = QLatin1String(actions[i].name);
        QVERIFY2(100 * effective[i] >= actions[i].minimumEffect * done[i],
                 qPrintable(QStringLiteral("%1: only %2 of %3 tries took effect (%4% expected)")
                                .arg(name)
                                .arg(effective[i])
                                .arg(done[i])
                                .arg(actions[i].minimumEffect)));
        QVERIFY2(100 * noEditor[i] <= done[i],
                 qPrintable(QStringLiteral("%1: the editor did not open in %2 of %3 tries")
                                .arg(name)
                                .arg(noEditor[i])
                                .arg(done[i])));
    }
    qInfo("monkey: %lld actions, %lld typed inputs refused with a reason, largest T %lld, "
          "largest d %lld, %d undo steps at the end",
          rounds * count, m_refusals, qint64(largestT), qint64(largestD),
          m_window->document()->undoStack()->count());
    // Invalid input was typed, and refused visibly (when the run types at all).
    const bool types =
        qEnvironmentVariable("ATTENTION_MONKEY_ONLY").isEmpty() ||
        qEnvironmentVariable("ATTENTION_MONKEY_ONLY").contains(QLatin1String("typed"));
    if (rounds * count >= 1000 && types)
        QVERIFY(m_refusals > 0);
}

bool TestMonkey::act(Action action)
{
    ControlsPanel *controls = m_window->controls();
    switch (action) {
    case Action::ScaleSlider:
        controls->scaleSlider()->setValue(below(ControlsPanel::scaleSteps + 1));
        break;
    case Action::ScaleDrag: {
        QSlider *slider = controls->scaleSlider();
        slider->setSliderDown(true);
        for (int i = 1 + below(6); i > 0; --i)
            slider->setSliderPosition(below(ControlsPanel::scaleSteps + 1));
        slider->setSliderDown(false);
        break;
    }
    case Action::ScaleTyped:
        scaleTyped();
        break;
    case Action::ScaleStep: {
        static constexpr std::array<Qt::Key, 4> keys = {Qt::Key_Up, Qt::Key_Down, Qt::Key_PageUp,
                                                        Qt::Key_PageDown};
        for (int i = 1 + below(4); i > 0; --i)
            QTest::keyClick(controls->scaleSpinBox(), keys.at(std::size_t(below(4))));
        QTest::keyClick(controls->scaleSpinBox(), Qt::Key_Return);
        break;
    }
    case Action::SqrtD:
        clickCheckBox(controls->sqrtDCheckBox());
        break;
    case Action::Causal:
        clickCheckBox(controls->causalCheckBox());
        break;
    case Action::Dimension:
        controls->dimensionSlider()->setValue(below(ControlsPanel::maxDimensionExponent + 1));
        break;
    case Action::Reroll:
        QTest::mouseClick(controls->rerollButton(), Qt::LeftButton);
        break;
    case Action::CellTyped:
        return cellTyped(false);
    case Action::CellScrub:
        return cellTyped(true);
    case Action::NameTyped:
        return nameTyped(below(int(m_window->document()->scenario().tokenCount())));
    case Action::DTyped:
        return dimensionTyped(false);
    case Action::DStep:
        return dimensionTyped(true);
    case Action::PlaneDrag:
        planeDrag();
        break;
    case Action::PlaneAxes:
        planeAxes();
        break;
    case Action::AddToken: {
        VectorEditor *editor = m_window->vectorEditor();
        editor->addTokenAction()->trigger();
        // The new row's name editor is open: type a name, cancel, or leave it open.
        auto *nameEditor = editor->view()->viewport()->findChild<QLineEdit *>();
        if (nameEditor && chance(0.8)) {
            if (chance(0.7)) {
                nameEditor->selectAll();
                QTest::keyClicks(nameEditor, QStringLiteral("t%1").arg(below(1000)));
                QTest::keyClick(nameEditor, Qt::Key_Return);
            } else {
                QTest::keyClick(nameEditor, Qt::Key_Escape);
            }
        }
        break;
    }
    case Action::RemoveToken:
        removeToken();
        break;
    case Action::Undo:
        for (int i = 1 + below(3); i > 0; --i)
            m_window->undoAction()->trigger();
        break;
    case Action::Redo:
        for (int i = 1 + below(3); i > 0; --i)
            m_window->redoAction()->trigger();
        break;
    case Action::Preset:
        triggerMenuAction(m_window->presetsMenu(),
                          below(int(m_window->presetsMenu()->actions().size())));
        break;
    case Action::Language: {
        const QList<QAction *> languages = m_window->languageMenu()->actions();
        m_languageIndex = (m_languageIndex + 1) % int(languages.size());
        languages.at(m_languageIndex)->trigger();
        break;
    }
    case Action::HeatmapClick:
        heatmapClick(false);
        break;
    case Action::HeatmapKey:
        heatmapClick(true);
        break;
    case Action::EditorClick:
        editorClick();
        break;
    case Action::Zoom:
        zoom();
        break;
    case Action::CompareFlip:
        m_window->compareView()->flipComboBox()->setCurrentIndex(
            below(m_window->compareView()->flipComboBox()->count()));
        break;
    case Action::LessonVisit:
        lessonVisit();
        break;
    }
    return true;
}

void TestMonkey::lessonVisit()
{
    // Steps 4 and 6 start background work when shown or run; leaving them must be safe.
    const int step = 1 + below(LessonView::stepCount);
    m_window->showLessonStep(step);
    LessonView *lesson = m_window->lesson();
    if (below(2) == 0)
        lesson->setCurrentStep(1 + below(LessonView::stepCount));
    // One edit on the page, then Edit → Undo, which must undo it and leave the workbench alone.
    const int workbenchIndex = m_window->document()->undoStack()->index();
    if (auto *page = qobject_cast<QueryKeyPage *>(lesson->currentPage())) {
        const double scale = page->document()->scenario().scoreScale;
        page->controls()->scaleSlider()->setValue(below(ControlsPanel::scaleSteps + 1));
        page->document()->finishInteraction();
        m_window->undoAction()->trigger();
        QCOMPARE(page->document()->scenario().scoreScale, scale);
    } else if (auto *page = qobject_cast<MaskPage *>(lesson->currentPage())) {
        const Matrix queries = page->document()->scenario().queries;
        page->reroll();
        m_window->undoAction()->trigger();
        QVERIFY(page->document()->scenario().queries == queries);
    } else if (auto *page = qobject_cast<TrainPage *>(lesson->currentPage())) {
        trainVisit(page);
    } else if (below(2) == 0) {
        lesson->startExercise();
        if (auto *cost = qobject_cast<CostPage *>(lesson->currentPage()))
            cost->cancel(); // the kernels' times are not what is tested here
    }
    QCOMPARE(m_window->document()->undoStack()->index(), workbenchIndex);
    m_window->workbenchModeAction()->trigger();
}

void TestMonkey::trainVisit(TrainPage *page)
{
    TrainingSession *session = page->session();
    if (session->setup().corpus != QLatin1String(corpora::copyTask)) {
        TrainingSetup setup;
        setup.corpus = QString::fromLatin1(corpora::copyTask);
        setup.config.context = 8;
        setup.config.dModel = 8;
        setup.config.heads = 2;
        setup.settings.steps = 40;
        setup.settings.batch = 4;
        setup.settings.threads = 1;
        page->controls()->setSetup(setup);
        QTest::mouseClick(page->controls()->resetButton(), Qt::LeftButton);
        QCOMPARE(session->state(), TrainingSession::State::Ready);
    }
    switch (below(6)) {
    case 0:
        QTest::mouseClick(page->controls()->trainButton(), Qt::LeftButton);
        break;
    case 1:
        QTest::mouseClick(page->controls()->stepButton(), Qt::LeftButton);
        session->waitUntilIdle(10000);
        break;
    case 2:
        page->historySlider()->setValue(below(page->historySlider()->maximum() + 1));
        QCOMPARE(page->headGrid()->snapshot().step,
                 session->history()[std::size_t(page->shownSnapshot())].step);
        break;
    case 3:
        page->headGrid()->setSelectedHead(below(2), below(3)); // an invalid head is ignored
        QVERIFY(page->headGrid()->selectedHead() < 2);
        break;
    case 4:
        page->nextCharPanel()->temperatureSlider()->setValue(below(NextCharPanel::sliderSteps + 1));
        break;
    default:
        page->setProbe(QStringLiteral("abcd床前明月光").left(below(12)));
        QCOMPARE(session->history().size(), std::size_t(1));
        break;
    }
    QVERIFY(int(session->history().size()) <= TrainingSession::maxSnapshots);
    if (!session->isRunning())
        QCOMPARE(int(session->trainLosses().size()), session->stepsDone());
}

void TestMonkey::scaleTyped()
{
    QDoubleSpinBox *box = m_window->controls()->scaleSpinBox();
    QString text;
    if (chance(0.6))
        text = QString::number(std::round(m_random->uniform() * 2000.0) / 100.0, 'f', 2);
    else
        text =
            chance(0.5) ? numberText(2000.0) : strangeNumbers.at(below(int(strangeNumbers.size())));
    box->selectAll();
    QTest::keyClick(box, Qt::Key_Backspace);
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
}

bool TestMonkey::cellTyped(bool scrub)
{
    VectorEditor *editor = m_window->vectorEditor();
    QTableView *view = editor->view();
    const VectorTableModel *model = editor->model();
    if (model->rowCount() == 0 || model->columnCount() < 2)
        return false;
    // Mostly the first columns (the ones on screen), sometimes any.
    const int columns = chance(0.8) ? std::min(model->columnCount(), 12) : model->columnCount();
    const QModelIndex index = model->index(below(model->rowCount()), 1 + below(columns - 1));
    view->setCurrentIndex(index); // closes an editor left open on another cell
    if (!view->indexWidget(index))
        view->edit(index);
    auto *box = qobject_cast<QDoubleSpinBox *>(view->indexWidget(index));
    if (!box)
        return false;
    if (scrub) {
        static constexpr std::array<Qt::Key, 4> keys = {Qt::Key_Up, Qt::Key_Down, Qt::Key_PageUp,
                                                        Qt::Key_PageDown};
        for (int i = 1 + below(5); i > 0; --i)
            QTest::keyClick(box, keys.at(std::size_t(below(4))));
    } else {
        box->selectAll();
        QTest::keyClick(box, Qt::Key_Backspace);
        QTest::keyClicks(box, numberText(chance(0.9) ? 3.0 : 1e6));
    }
    // Enter commits, Escape cancels, Tab commits and opens the next cell.
    const int how = below(10);
    QTest::keyClick(box, how < 7 ? Qt::Key_Return : how < 9 ? Qt::Key_Escape : Qt::Key_Tab);
    return true;
}

bool TestMonkey::nameTyped(int row)
{
    VectorEditor *editor = m_window->vectorEditor();
    QTableView *view = editor->view();
    const QModelIndex index = editor->model()->index(row, 0);
    view->setCurrentIndex(index); // closes an editor left open on another cell
    if (!view->indexWidget(index))
        view->edit(index);
    auto *line = qobject_cast<QLineEdit *>(view->indexWidget(index));
    if (!line)
        return false;
    line->selectAll();
    QTest::keyClick(line, Qt::Key_Backspace);
    switch (below(5)) {
    case 0: // nothing: refused
        break;
    case 1:
        QTest::keyClicks(line, QStringLiteral("   "));
        break;
    case 2: // a CJK character arrives as the text of a key press
        QTest::sendKeyEvent(QTest::Press, line, Qt::Key_unknown, QStringLiteral("夜"),
                            Qt::NoModifier);
        break;
    default:
        QTest::keyClicks(line, QStringLiteral("w%1").arg(below(100)));
        break;
    }
    QTest::keyClick(line, chance(0.9) ? Qt::Key_Return : Qt::Key_Escape);
    return true;
}

bool TestMonkey::dimensionTyped(bool step)
{
    auto *box = m_window->vectorEditor()->findChild<QSpinBox *>();
    if (!box)
        return false;
    if (step) {
        QTest::keyClick(box, chance(0.5) ? Qt::Key_Up : Qt::Key_Down);
        return true;
    }
    static const QStringList unusual = {
        QStringLiteral("0"),   QStringLiteral("-3"),  QStringLiteral("5000"),
        QStringLiteral("abc"), QStringLiteral("2.5"), QString(),
        QStringLiteral("64"),  QStringLiteral("256"), QStringLiteral("1e3"),
    };
    const QString text = chance(0.8)    ? QString::number(1 + below(8))
                         : chance(0.97) ? unusual.at(below(int(unusual.size())))
                                        : QStringLiteral("4096");
    box->selectAll();
    QTest::keyClick(box, Qt::Key_Backspace);
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
    return true;
}

void TestMonkey::planeDrag()
{
    VectorPlane *plane = m_window->vectorPlane();
    // One of the tips the plane draws (past PlaneSubset::fullLimit tokens, a subset).
    const PlaneSubset shown = plane->shownSubset();
    const VectorKind kind = chance(0.5) ? VectorKind::Query : VectorKind::Key;
    const QList<int> &drawn = kind == VectorKind::Query ? shown.queries : shown.keys;
    const QPointF tip =
        drawn.isEmpty() ? QPointF() : plane->tipPixel(kind, drawn.at(below(int(drawn.size()))));
    // Sometimes a press where there is no tip.
    const QPoint from = tip.isNull() || chance(0.1)
                            ? QPoint(below(plane->width()), below(plane->height()))
                            : tip.toPoint();
    const Qt::KeyboardModifiers modifiers = chance(0.2) ? Qt::ShiftModifier : Qt::NoModifier;
    QTest::mousePress(plane, Qt::LeftButton, modifiers, from);
    QPoint to = from;
    for (int i = 1 + below(4); i > 0; --i) {
        // Within the plane, and now and then beyond its edges.
        to = QPoint(below(plane->width() * 14 / 10) - plane->width() / 5,
                    below(plane->height() * 14 / 10) - plane->height() / 5);
        QMouseEvent move(QEvent::MouseMove, to, plane->mapToGlobal(to), Qt::NoButton,
                         Qt::LeftButton, modifiers);
        QCoreApplication::sendEvent(plane, &move);
    }
    QTest::mouseRelease(plane, Qt::LeftButton, modifiers, to);
}

void TestMonkey::planeAxes()
{
    const QList<QComboBox *> boxes = m_window->vectorPlane()->findChildren<QComboBox *>();
    if (boxes.isEmpty())
        return;
    QComboBox *box = boxes.at(below(int(boxes.size())));
    if (box->count() > 0)
        box->setCurrentIndex(below(box->count()));
}

void TestMonkey::removeToken()
{
    VectorEditor *editor = m_window->vectorEditor();
    editor->setSelectedToken(below(editor->model()->rowCount()));
    editor->removeTokenAction()->trigger();
}

void TestMonkey::heatmapClick(bool key)
{
    HeatmapWidget *heatmap = chance(0.5) ? m_window->scoresHeatmap() : m_window->weightsHeatmap();
    if (key) { // the arrows move the current cell, Enter selects its row
        static constexpr std::array<Qt::Key, 8> moves = {
            Qt::Key_Up,   Qt::Key_Down, Qt::Key_Left,   Qt::Key_Right,
            Qt::Key_Home, Qt::Key_End,  Qt::Key_PageUp, Qt::Key_PageDown};
        QTest::keyClick(heatmap, moves.at(below(int(moves.size()))));
        QTest::keyClick(heatmap, chance(0.5) ? Qt::Key_Return : Qt::Key_Space);
        return;
    }
    const int rows = heatmap->model()->rowCount();
    if (rows == 0)
        return;
    const QPoint cell = heatmap->mapping().cellRect(below(rows), below(rows)).center().toPoint();
    QTest::mouseClick(heatmap, Qt::LeftButton, {}, cell);
}

void TestMonkey::editorClick()
{
    VectorEditor *editor = m_window->vectorEditor();
    const VectorTableModel *model = editor->model();
    const QRect cell = editor->view()->visualRect(
        model->index(below(model->rowCount()), below(std::min(model->columnCount(), 12))));
    if (cell.isValid() && editor->view()->viewport()->rect().contains(cell.center()))
        QTest::mouseClick(editor->view()->viewport(), Qt::LeftButton, {}, cell.center());
}

void TestMonkey::zoom()
{
    // Zoom in, zoom out and reset are the View menu's actions with these shortcuts.
    const std::array<QKeySequence, 3> shortcuts = {QKeySequence(Qt::CTRL | Qt::Key_Equal),
                                                   QKeySequence(Qt::CTRL | Qt::Key_Minus),
                                                   QKeySequence(Qt::CTRL | Qt::Key_0)};
    const QKeySequence wanted = shortcuts.at(std::size_t(below(3)));
    for (QAction *action : m_window->viewMenu()->actions())
        if (action->shortcuts().contains(wanted))
            action->trigger();
}

void TestMonkey::triggerMenuAction(QMenu *menu, int index)
{
    const QList<QAction *> list = menu->actions();
    if (index >= 0 && index < list.size())
        list.at(index)->trigger();
}

QTEST_MAIN(TestMonkey)
#include "tst_monkey.moc"
