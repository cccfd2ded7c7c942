#pragma once

/// The open scenario: all editable state of the app in one QObject.
///
/// Every edit goes through a setter that validates the change, pushes one command on the undo
/// stack and emits changed() once. Views read scenario() and result() and never write anything
/// else. Continuous edits (a slider drag, a vector drag, a spin-box scrub) merge into one undo
/// step until finishInteraction() is called.
///
/// Undo steps are deltas, as in Qt's undo framework: a scale change keeps two numbers, an entry
/// or vector edit one row before and after, a token insert or removal one row. Only a whole
/// replacement (a preset, a re-roll, a new dimension) keeps scenarios, and those are shared with
/// the document (std::shared_ptr, copied only when an edit is about to change a shared one).
///
/// The result is computed once per change and shared read-only (SharedResult): views keep the
/// pointer, never a copy. Up to synchronousTokens tokens it is computed at once, before
/// changed() is emitted. Larger scenarios are computed on a worker thread (LatestJob): the edit
/// is applied and changed() emitted at once, the result follows with resultChanged(); while it
/// is being computed, isComputing() is true and result() still belongs to computedScenario().
/// Edits that come faster than the work are merged: only the latest is computed.

#include "scenario.h"

#include <QObject>
#include <QString>
#include <memory>

class QUndoCommand;
class QUndoStack;

namespace attention {

class LatestJob;
struct ScenarioSettings;

/// Which of a token's three vectors an edit addresses.
enum class VectorKind
{
    Query,
    Key,
    Value
};

class ScenarioDocument : public QObject
{
    Q_OBJECT

public:
    explicit ScenarioDocument(QObject *parent = nullptr);
    ~ScenarioDocument() override;

    /// The undo history keeps this many steps; older ones are dropped.
    static constexpr int undoLimit = 1000;
    /// Scenarios up to this many tokens are computed on the GUI thread (in well under a
    /// millisecond); larger ones on a worker.
    static constexpr Index synchronousTokens = 256;

    /// The scenario as edited, always current.
    const Scenario &scenario() const { return *m_scenario; }
    /// The same, shared: for work that outlives the next edit (which then copies it first).
    std::shared_ptr<const Scenario> sharedScenario() const { return m_scenario; }
    /// Scores, weights and output of computedScenario().
    const ScenarioResult &result() const { return *m_result; }
    SharedResult sharedResult() const { return m_result; }
    /// The scenario result() was computed from: scenario() itself unless isComputing().
    std::shared_ptr<const Scenario> computedScenario() const { return m_computed; }
    /// True while a worker computes the result of the latest edit.
    bool isComputing() const;
    /// Returns once the result of the current scenario is in (runs the event loop meanwhile):
    /// for tests, screenshots and benchmarks.
    void waitForResult();

    QUndoStack *undoStack() const { return m_undoStack; }

    /// The file the scenario was opened from or saved to; empty for a new one.
    QString fileName() const { return m_fileName; }
    void setFileName(const QString &fileName);
    /// True when there are edits since the last reset() or markSaved().
    bool isModified() const;
    void markSaved();

    /// Why the last refused edit was refused (the validator's words), empty after a success.
    QString lastError() const { return m_lastError; }

    /// Replaces everything and clears the undo history (New, Open). Refuses an invalid scenario.
    bool reset(const Scenario &scenario, const QString &fileName = {});
    /// How an edit joins the undo history.
    enum class Step
    {
        Own,        ///< a step of its own
        Continuous, ///< merged with the previous one of the same interaction (a slider drag)
    };

    /// Replaces the whole scenario as one undoable step named `actionText` (a preset, a re-roll;
    /// Continuous for the steps of a d slider drag).
    bool replace(const Scenario &scenario, const QString &actionText, Step step = Step::Own);
    /// replace() with a scenario the app can make again (a learned head of step 7): over an
    /// untitled document nobody edited, the document stays unmodified, so quitting asks nothing.
    bool replaceWithRegenerable(const Scenario &scenario, const QString &actionText);

    bool setTitle(const QString &title);
    bool setScoreScale(double scale);
    bool setDivideBySqrtD(bool divide);
    bool setCausal(bool causal);
    bool setEntry(VectorKind kind, Index token, Index column, double value);
    bool setVector(VectorKind kind, Index token, const RowVector &vector);
    bool renameToken(Index token, const QString &name);
    /// Inserts a token at `position` with zero query and key; with one-hot values the values stay
    /// one-hot, otherwise its value is zero.
    bool insertToken(Index position, const QString &name);
    bool removeToken(Index token);
    /// Changes d; new dimensions start at 0, removed ones are dropped.
    bool setDimension(Index d);
    bool setDimensionName(Index dimension, const QString &name);

    /// Ends the current continuous edit: the next edit starts a new undo step.
    void finishInteraction();

Q_SIGNALS:
    /// The scenario changed (once per edit, undo or redo). For small scenarios the result is
    /// already in; for large ones resultChanged() follows.
    void changed();
    /// A new result is in: result() and computedScenario() belong together.
    void resultChanged();
    /// isComputing() changed.
    void computingChanged(bool computing);
    void fileNameChanged(const QString &fileName);
    void modifiedChanged(bool modified);

private:
    friend class DocumentCommand;

    /// The scenario for an edit in place: copied first if a command, a view or the worker
    /// shares it.
    Scenario &editable();
    /// Installs `scenario` (shared, not copied) without touching the undo stack.
    void install(std::shared_ptr<const Scenario> scenario);
    /// After an edit, undo or redo: computes the result (now or on the worker), emits changed().
    void scenarioChanged();
    /// Validates row `token` of `kind` and pushes it as a RowCommand named `text` (a
    /// ReplaceCommand for the first edit of one-hot values).
    bool setRow(VectorKind kind, Index token, const RowVector &vector, const QString &text);
    /// Validates `next` and pushes it as a ReplaceCommand.
    bool commitReplace(Scenario next, const QString &text, Step step = Step::Own);
    /// Pushes a SettingsCommand unless `next` is what the scenario has.
    bool pushSettings(const ScenarioSettings &next, const QString &text, bool mergeable);
    /// Clears lastError() and pushes `command` (which applies it).
    void push(QUndoCommand *command);
    /// Records `problem`, in words, as lastError(); true when there is none (the edit may go on).
    bool accept(const std::optional<ScenarioError> &problem);
    /// Records `problem` as lastError() and returns false.
    bool refuse(const QString &problem);

    std::shared_ptr<Scenario> m_scenario;
    std::shared_ptr<const Scenario> m_computed;
    SharedResult m_result;
    LatestJob *m_job;
    QUndoStack *m_undoStack = nullptr;
    QString m_fileName;
    QString m_lastError;
    int m_interaction = 0; ///< bumped by finishInteraction(); commands merge only within one
};

} // namespace attention
