#pragma once

/// Edit → Undo and Redo for every undo stack of the window: the workbench's document and each
/// lesson page's own. One stack is active at a time (that of what is shown); the actions undo
/// and redo in it and name the step ("Undo Scale 2×").
///
/// Our own actions rather than QUndoGroup::createUndoAction(), so that their texts follow a
/// language switch.

#include <QObject>

class QAction;
class QUndoGroup;
class QUndoStack;

namespace attention {

class UndoActions : public QObject
{
    Q_OBJECT

public:
    explicit UndoActions(QObject *parent);
    /// Deletes the group first: the stacks it holds may outlive it.
    ~UndoActions() override;

    void addStack(QUndoStack *stack);
    /// The stack that Undo and Redo act on.
    void setActiveStack(QUndoStack *stack);

    QAction *undoAction() const { return m_undo; }
    QAction *redoAction() const { return m_redo; }
    void retranslateUi();

private:
    void updateTexts();

    QUndoGroup *m_group;
    QAction *m_undo;
    QAction *m_redo;
};

} // namespace attention
