#include "documentcommands.h"

#include <utility>

namespace attention {

namespace {

/// QUndoCommand ids: commands merge only with commands of the same id.
enum CommandId : int
{
    SettingsId = 1,
    RowId = 2,
    ReplaceId = 3,
};

void insertRow(Matrix &m, Index position, const RowVector &row)
{
    Matrix grown(m.rows() + 1, m.cols());
    grown.topRows(position) = m.topRows(position);
    grown.row(position) = row;
    grown.bottomRows(m.rows() - position) = m.bottomRows(m.rows() - position);
    m = std::move(grown);
}

void removeRow(Matrix &m, Index position)
{
    Matrix shrunk(m.rows() - 1, m.cols());
    shrunk.topRows(position) = m.topRows(position);
    shrunk.bottomRows(m.rows() - position - 1) = m.bottomRows(m.rows() - position - 1);
    m = std::move(shrunk);
}

} // namespace

const Matrix *vectorRows(const Scenario &scenario, VectorKind kind)
{
    switch (kind) {
    case VectorKind::Query:
        return &scenario.queries;
    case VectorKind::Key:
        return &scenario.keys;
    case VectorKind::Value:
        break;
    }
    return scenario.values ? &*scenario.values : nullptr;
}

Matrix *vectorRows(Scenario &scenario, VectorKind kind)
{
    return const_cast<Matrix *>(vectorRows(std::as_const(scenario), kind));
}

// ScenarioSettings ---------------------------------------------------------------------------

ScenarioSettings ScenarioSettings::of(const Scenario &scenario)
{
    return {scenario.title, scenario.scoreScale, scenario.divideBySqrtD, scenario.causal};
}

void ScenarioSettings::applyTo(Scenario &scenario) const
{
    scenario.title = title;
    scenario.scoreScale = scoreScale;
    scenario.divideBySqrtD = divideBySqrtD;
    scenario.causal = causal;
}

bool ScenarioSettings::operator==(const ScenarioSettings &other) const
{
    return title == other.title && scoreScale == other.scoreScale &&
           divideBySqrtD == other.divideBySqrtD && causal == other.causal;
}

// SettingsCommand ----------------------------------------------------------------------------

SettingsCommand::SettingsCommand(ScenarioDocument *document, const ScenarioSettings &before,
                                 const ScenarioSettings &after, const QString &text, bool mergeable,
                                 int interaction)
    : DocumentCommand(document, text, interaction)
    , m_before(before)
    , m_after(after)
    , m_mergeable(mergeable)
{}

void SettingsCommand::undo()
{
    m_before.applyTo(scenario());
    changed();
}

void SettingsCommand::redo()
{
    m_after.applyTo(scenario());
    changed();
}

int SettingsCommand::id() const
{
    return m_mergeable ? SettingsId : -1;
}

bool SettingsCommand::mergeWith(const QUndoCommand *other)
{
    const auto *next = static_cast<const SettingsCommand *>(other);
    if (!next->m_mergeable || !sameInteraction(*next))
        return false;
    m_after = next->m_after;
    // A drag that comes back to where it started leaves no step behind.
    setObsolete(m_after == m_before);
    return true;
}

// RowCommand ---------------------------------------------------------------------------------

RowCommand::RowCommand(ScenarioDocument *document, VectorKind kind, Index token, RowVector before,
                       RowVector after, const QString &text, int interaction)
    : DocumentCommand(document, text, interaction)
    , m_kind(kind)
    , m_token(token)
    , m_before(std::move(before))
    , m_after(std::move(after))
{}

void RowCommand::undo()
{
    apply(m_before);
}

void RowCommand::redo()
{
    apply(m_after);
}

void RowCommand::apply(const RowVector &row)
{
    // Never null here: the first edit of one-hot values is a ReplaceCommand.
    vectorRows(scenario(), m_kind)->row(m_token) = row;
    changed();
}

int RowCommand::id() const
{
    return RowId;
}

bool RowCommand::mergeWith(const QUndoCommand *other)
{
    const auto *next = static_cast<const RowCommand *>(other);
    if (next->m_kind != m_kind || next->m_token != m_token || !sameInteraction(*next))
        return false;
    m_after = next->m_after;
    setObsolete(m_after == m_before);
    return true;
}

// TokenCommand -------------------------------------------------------------------------------

TokenCommand::TokenCommand(ScenarioDocument *document, bool insert, Index position, Token token,
                           const QString &text, int interaction)
    : DocumentCommand(document, text, interaction)
    , m_insert(insert)
    , m_position(position)
    , m_token(std::move(token))
{}

void TokenCommand::undo()
{
    m_insert ? remove() : insert();
    changed();
}

void TokenCommand::redo()
{
    m_insert ? insert() : remove();
    changed();
}

void TokenCommand::insert()
{
    Scenario &s = scenario();
    s.tokens.insert(static_cast<int>(m_position), m_token.name);
    insertRow(s.queries, m_position, m_token.query);
    insertRow(s.keys, m_position, m_token.key);
    if (s.values)
        insertRow(*s.values, m_position, *m_token.value);
}

void TokenCommand::remove()
{
    Scenario &s = scenario();
    s.tokens.removeAt(static_cast<int>(m_position));
    removeRow(s.queries, m_position);
    removeRow(s.keys, m_position);
    if (s.values)
        removeRow(*s.values, m_position);
}

// NamesCommand -------------------------------------------------------------------------------

NamesCommand::NamesCommand(ScenarioDocument *document, List list, QStringList before,
                           QStringList after, const QString &text, int interaction)
    : DocumentCommand(document, text, interaction)
    , m_list(list)
    , m_before(std::move(before))
    , m_after(std::move(after))
{}

void NamesCommand::undo()
{
    apply(m_before);
}

void NamesCommand::redo()
{
    apply(m_after);
}

void NamesCommand::apply(const QStringList &names)
{
    Scenario &s = scenario();
    (m_list == List::Tokens ? s.tokens : s.dimensionNames) = names;
    changed();
}

// ReplaceCommand -----------------------------------------------------------------------------

ReplaceCommand::ReplaceCommand(ScenarioDocument *document, std::shared_ptr<const Scenario> before,
                               std::shared_ptr<const Scenario> after, const QString &text,
                               int interaction, bool mergeable)
    : DocumentCommand(document, text, interaction)
    , m_before(std::move(before))
    , m_after(std::move(after))
    , m_mergeable(mergeable)
{}

int ReplaceCommand::id() const
{
    return m_mergeable ? ReplaceId : -1;
}

bool ReplaceCommand::mergeWith(const QUndoCommand *other)
{
    const auto *next = static_cast<const ReplaceCommand *>(other);
    if (!next->m_mergeable || !sameInteraction(*next))
        return false;
    m_after = next->m_after;
    setText(next->text());
    setObsolete(*m_after == *m_before);
    return true;
}

void ReplaceCommand::undo()
{
    install(m_before);
}

void ReplaceCommand::redo()
{
    install(m_after);
}

} // namespace attention
