#include "undoactions.h"

#include <QAction>
#include <QUndoGroup>
#include <QUndoStack>

namespace attention {

UndoActions::UndoActions(QObject *parent)
    : QObject(parent)
    , m_group(new QUndoGroup(this))
    , m_undo(new QAction(this))
    , m_redo(new QAction(this))
{
    m_undo->setShortcut(QKeySequence::Undo);
    m_undo->setEnabled(m_group->canUndo());
    connect(m_undo, &QAction::triggered, m_group, &QUndoGroup::undo);
    connect(m_group, &QUndoGroup::canUndoChanged, m_undo, &QAction::setEnabled);
    connect(m_group, &QUndoGroup::undoTextChanged, this, &UndoActions::updateTexts);
    m_redo->setShortcut(QKeySequence::Redo);
    m_redo->setEnabled(m_group->canRedo());
    connect(m_redo, &QAction::triggered, m_group, &QUndoGroup::redo);
    connect(m_group, &QUndoGroup::canRedoChanged, m_redo, &QAction::setEnabled);
    connect(m_group, &QUndoGroup::redoTextChanged, this, &UndoActions::updateTexts);
}

UndoActions::~UndoActions()
{
    // The stacks die later, with the document and the lesson pages, and their signals must not
    // reach a half-destroyed group or these actions.
    delete m_group;
}

void UndoActions::addStack(QUndoStack *stack)
{
    m_group->addStack(stack);
}

void UndoActions::setActiveStack(QUndoStack *stack)
{
    m_group->setActiveStack(stack);
    updateTexts();
}

void UndoActions::retranslateUi()
{
    updateTexts();
    m_undo->setStatusTip(tr("Undo the last change"));
    m_redo->setStatusTip(tr("Redo the change just undone"));
}

void UndoActions::updateTexts()
{
    const QString undo = m_group->undoText();
    const QString redo = m_group->redoText();
    m_undo->setText(undo.isEmpty() ? tr("&Undo") : tr("&Undo %1").arg(undo));
    m_redo->setText(redo.isEmpty() ? tr("&Redo") : tr("&Redo %1").arg(redo));
}

} // namespace attention
