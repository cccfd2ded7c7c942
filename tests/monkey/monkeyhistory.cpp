#include "monkeyhistory.h"

#include <QUndoStack>
#include <algorithm>

namespace attention::test {

UndoRecord::UndoRecord(const QUndoStack *stack, std::function<std::size_t()> state,
                       std::function<QString()> describe, QObject *parent)
    : QObject(parent)
    , m_stack(stack)
    , m_state(std::move(state))
    , m_describe(std::move(describe))
{
    // The record starts from what the stack holds now; states before this are unknown, so an
    // undo below the current index could not be compared: the stack must be empty.
    m_index = stack->index();
    for (int i = 0; i < stack->count(); ++i)
        m_commands.push_back(stack->command(i));
    m_states.assign(m_commands.size() + 1, 0);
    m_states[std::size_t(m_index)] = m_state();
    if (stack->count() > 0)
        fail(QStringLiteral("the record must start from an empty undo history"));
    connect(stack, &QUndoStack::indexChanged, this, &UndoRecord::indexChanged);
}

void UndoRecord::check()
{
    const int index = m_stack->index();
    if (index != m_index || !sameCommands())
        fail(QStringLiteral("the undo stack (index %1 of %2) is not the one recorded (index %3 "
                            "of %4)")
                 .arg(index)
                 .arg(m_stack->count())
                 .arg(m_index)
                 .arg(m_commands.size()));
    else if (!m_basePending && m_state() != m_states[std::size_t(index)])
        fail(QStringLiteral("the scenario changed without a step on the undo stack (index %1 of "
                            "%2): %3")
                 .arg(index)
                 .arg(m_stack->count())
                 .arg(m_describe()));
}

void UndoRecord::documentChanged()
{
    if (!m_basePending)
        return;
    m_basePending = false;
    if (m_stack->count() == 0)
        m_states.assign(1, m_state());
    else
        fail(QStringLiteral("a step was pushed onto a cleared undo stack before its document "
                            "changed"));
}

bool UndoRecord::sameCommands() const
{
    if (m_stack->count() != int(m_commands.size()))
        return false;
    for (int i = 0; i < m_stack->count(); ++i)
        if (m_stack->command(i) != m_commands[std::size_t(i)])
            return false;
    return true;
}

void UndoRecord::indexChanged(int index)
{
    ++m_events;
    const std::size_t now = m_state();
    // An undo or a redo moves the index by one over the same steps. Nothing else does: a push
    // adds a step (allocated while every recorded step was still alive, so at a new address),
    // a merge keeps the index, a cancelled merge or a clear removes steps.
    const bool same = sameCommands();
    if (same && index == m_index - 1)
        stepped(index, now, true);
    else if (same && index == m_index + 1)
        stepped(index, now, false);
    else
        pushed(index, now);
    m_index = index;
}

void UndoRecord::stepped(int index, std::size_t now, bool undo)
{
    ++m_comparisons;
    if (now == m_states[std::size_t(index)])
        return;
    // The step undone is the one at `index`, the step redone the one below it.
    const int step = undo ? index : index - 1;
    fail(QStringLiteral("%1 of \"%2\" (step %3 of %4) did not bring back the scenario recorded "
                        "%5 it; the scenario now: %6")
             .arg(undo ? QStringLiteral("undo") : QStringLiteral("redo"), m_stack->text(step))
             .arg(step + 1)
             .arg(m_stack->count())
             .arg(undo ? QStringLiteral("before") : QStringLiteral("after"), m_describe()));
}

void UndoRecord::dropOldest()
{
    if (m_commands.empty() || m_stack->command(0) == m_commands.front())
        return;
    // Not found: every step was undone and a push replaced them all.
    const auto oldest = std::find(m_commands.begin(), m_commands.end(), m_stack->command(0));
    if (oldest == m_commands.end())
        return;
    const auto dropped = oldest - m_commands.begin();
    m_commands.erase(m_commands.begin(), oldest);
    m_states.erase(m_states.begin(), m_states.begin() + dropped);
    m_index -= int(dropped);
}

void UndoRecord::pushed(int index, std::size_t now)
{
    const int count = m_stack->count();
    if (count == 0) { // cleared; the document installs its new scenario next
        m_commands.clear();
        m_states.assign(1, now);
        m_basePending = true;
        return;
    }
    dropOldest();
    // The steps below the new or merged one stay; the ones above it (undone) are gone.
    std::size_t kept = 0;
    while (kept < m_commands.size() && int(kept) < count &&
           m_stack->command(int(kept)) == m_commands[kept])
        ++kept;
    m_commands.resize(kept);
    m_states.resize(kept + 1);
    if (int(kept) == count - 1 && index == count) { // a new step
        m_commands.push_back(m_stack->command(index - 1));
        m_states.push_back(now);
    } else if (int(kept) == count && index == count && index == m_index && index > 0) {
        m_states[std::size_t(index)] = now; // merged into the top step
    } else if (int(kept) == count && index == count && index == m_index - 1) {
        // A merge that made the top step change nothing removed it: the state before it is back.
        if (now != m_states[std::size_t(index)])
            fail(QStringLiteral("a merged step that changed nothing was removed, but the scenario "
                                "is not the one before it: %1")
                     .arg(m_describe()));
    } else {
        fail(QStringLiteral("the undo stack went from index %1 to %2 (%3 steps) in a way no push, "
                            "merge, undo or redo explains")
                 .arg(m_index)
                 .arg(index)
                 .arg(count));
    }
}

void UndoRecord::fail(const QString &problem)
{
    if (m_problem.isEmpty())
        m_problem = problem;
}

} // namespace attention::test
