#pragma once

/// The open scenario: all editable state of the app in one QObject.
///
/// Every edit goes through a setter that validates the new scenario, pushes one command on the
/// undo stack, recomputes once through the core and emits changed() once. Views read scenario()
/// and result() and never write anything else. Continuous edits (a slider drag, a vector drag,
/// a spin-box scrub) merge into one undo step until finishInteraction() is called.

#include "scenario.h"

#include <QObject>
#include <QString>

class QUndoStack;

namespace attention {

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

    /// The undo history keeps this many steps; older ones are dropped. Each step holds two whole
    /// scenarios, so an unbounded history would grow with every edit of a long session.
    static constexpr int undoLimit = 1000;

    const Scenario &scenario() const { return m_scenario; }
    /// Scores, weights and output of the current scenario.
    const AttentionResult &result() const { return m_result; }
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
    /// Replaces the whole scenario as one undoable step named `actionText` (a preset, a re-roll).
    bool replace(const Scenario &scenario, const QString &actionText);

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
    /// The scenario and the result changed (once per edit, undo or redo).
    void changed();
    void fileNameChanged(const QString &fileName);
    void modifiedChanged(bool modified);

private:
    friend class ScenarioCommand;

    /// Validates `next` and pushes it as a command; `mergeKey` 0 never merges.
    bool commit(const Scenario &next, const QString &text, int mergeKey = 0);
    /// Installs `scenario` without touching the undo stack, recomputes and emits changed().
    void install(const Scenario &scenario);

    Scenario m_scenario;
    AttentionResult m_result;
    QUndoStack *m_undoStack = nullptr;
    QString m_fileName;
    QString m_lastError;
    int m_interaction = 0; ///< bumped by finishInteraction(); commands merge only within one
};

} // namespace attention
