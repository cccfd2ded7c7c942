#pragma once

/// The monkey's record of an undo history: the state of the document (a fingerprint of its
/// scenario) at every index of its undo stack, taken only when a command is pushed onto the stack
/// or merged into its top step. An undo or a redo records nothing: it is compared with the record.
/// After an undo the document must be in the state recorded before the step undone, after a redo
/// in the state recorded after the step redone; an undo that restores the wrong value, or the
/// wrong row, is a problem, and so is a document that changed without a step on the stack.
///
/// Usage: `UndoRecord record(stack, [&] { return fingerprint(document->scenario()); },
///                           [&] { return describe(document->scenario()); });`
/// connect ScenarioDocument::changed() to documentChanged(), call check() after every action and
/// read problem() (empty while the history behaves).

#include <QObject>
#include <QString>
#include <functional>
#include <vector>

class QUndoCommand;
class QUndoStack;

namespace attention::test {

class UndoRecord : public QObject
{
public:
    /// `state` fingerprints the document now; `describe` names it in a failure (T, d, scale…).
    UndoRecord(const QUndoStack *stack, std::function<std::size_t()> state,
               std::function<QString()> describe, QObject *parent = nullptr);

    /// The first problem found; empty while every undo and redo brought back its recorded state.
    QString problem() const { return m_problem; }
    /// How many times the stack's index changed or a step merged (pushes, merges, undos, redos).
    qint64 events() const { return m_events; }
    /// Undos and redos compared with the record so far.
    qint64 comparisons() const { return m_comparisons; }

    /// Checks that the document is in the state recorded at the stack's current index: a change
    /// that went around the undo stack is a problem.
    void check();
    /// A cleared stack (ScenarioDocument::reset()) gets its new state when the document installs
    /// it, just after the clearing: this takes it.
    void documentChanged();

private:
    void indexChanged(int index);
    /// An undo (to `index`) or a redo (to `index`): compares `now` with the record.
    void stepped(int index, std::size_t now, bool undo);
    /// A push, a merge into the top step, a merge that cancelled the top step, or a clear.
    void pushed(int index, std::size_t now);
    /// Forgets the steps the stack dropped from its bottom at its undo limit.
    void dropOldest();
    bool sameCommands() const;
    void fail(const QString &problem);

    const QUndoStack *m_stack;
    std::function<std::size_t()> m_state;
    std::function<QString()> m_describe;
    std::vector<const QUndoCommand *> m_commands; ///< the stack's steps, oldest first
    std::vector<std::size_t> m_states; ///< m_states[i]: the state at index i (0: before the first)
    int m_index = 0;
    bool m_basePending = false; ///< the stack was cleared; its new state is not installed yet
    qint64 m_events = 0;
    qint64 m_comparisons = 0;
    QString m_problem;
};

} // namespace attention::test
