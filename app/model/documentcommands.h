#pragma once

/// The undo steps of ScenarioDocument, each keeping only what its edit changed.
///
///     SettingsCommand  title, score scale, ÷√d and the mask: two small structs
///     RowCommand       one query, key or value row before and after
///     TokenCommand     a token inserted or removed: its name and rows
///     NamesCommand     the token or dimension names before and after
///     ReplaceCommand   whole scenarios, shared with the document (presets, re-rolls, a new d)
///
/// redo() applies the change to the document's scenario and undo() takes it back; both end with
/// the document's scenarioChanged(), which computes the result and tells the views. Commands of
/// one continuous edit (the same slider or the same vector, within one interaction) merge.

#include "scenariodocument.h"

#include <QUndoCommand>
#include <optional>

namespace attention {

/// The token rows an edit of `kind` addresses: the queries, the keys or the values; null for
/// one-hot values, which are not stored.
const Matrix *vectorRows(const Scenario &scenario, VectorKind kind);
Matrix *vectorRows(Scenario &scenario, VectorKind kind);

/// What every command shares: the document, and whether it merges with the next one.
class DocumentCommand : public QUndoCommand
{
public:
    DocumentCommand(ScenarioDocument *document, const QString &text, int interaction)
        : QUndoCommand(text)
        , m_document(document)
        , m_interaction(interaction)
    {}

protected:
    /// The document's scenario, to change in place (copied first if it is shared).
    Scenario &scenario() { return m_document->editable(); }
    /// Tells the document its scenario changed.
    void changed() { m_document->scenarioChanged(); }
    /// Makes `scenario` (shared, not copied) the document's.
    void install(std::shared_ptr<const Scenario> scenario)
    {
        m_document->install(std::move(scenario));
    }
    /// True when `other` belongs to the same continuous edit as this command.
    bool sameInteraction(const DocumentCommand &other) const
    {
        return other.m_interaction == m_interaction;
    }

    ScenarioDocument *m_document;

private:
    int m_interaction;
};

/// The scenario's title and the three switches that turn dot products into scores.
struct ScenarioSettings
{
    QString title;
    double scoreScale = 1.0;
    bool divideBySqrtD = false;
    bool causal = false;

    static ScenarioSettings of(const Scenario &scenario);
    void applyTo(Scenario &scenario) const;
    bool operator==(const ScenarioSettings &other) const;
};

class SettingsCommand : public DocumentCommand
{
public:
    /// `mergeable`: a score-scale drag, whose steps merge into one.
    SettingsCommand(ScenarioDocument *document, const ScenarioSettings &before,
                    const ScenarioSettings &after, const QString &text, bool mergeable,
                    int interaction);
    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

private:
    ScenarioSettings m_before;
    ScenarioSettings m_after;
    bool m_mergeable;
};

class RowCommand : public DocumentCommand
{
public:
    RowCommand(ScenarioDocument *document, VectorKind kind, Index token, RowVector before,
               RowVector after, const QString &text, int interaction);
    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

private:
    void apply(const RowVector &row);

    VectorKind m_kind;
    Index m_token;
    RowVector m_before;
    RowVector m_after;
};

/// Inserts a token (redo) or removes it (undo), or the other way round.
class TokenCommand : public DocumentCommand
{
public:
    /// A token's name and rows, as inserted or as removed. `value` is absent with one-hot values.
    struct Token
    {
        QString name;
        RowVector query;
        RowVector key;
        std::optional<RowVector> value;
    };

    /// `insert`: redo inserts `token` at `position`; otherwise redo removes the token there.
    TokenCommand(ScenarioDocument *document, bool insert, Index position, Token token,
                 const QString &text, int interaction);
    void undo() override;
    void redo() override;

private:
    void insert();
    void remove();

    bool m_insert;
    Index m_position;
    Token m_token;
};

class NamesCommand : public DocumentCommand
{
public:
    enum class List
    {
        Tokens,
        Dimensions,
    };

    NamesCommand(ScenarioDocument *document, List list, QStringList before, QStringList after,
                 const QString &text, int interaction);
    void undo() override;
    void redo() override;

private:
    void apply(const QStringList &names);

    List m_list;
    QStringList m_before;
    QStringList m_after;
};

class ReplaceCommand : public DocumentCommand
{
public:
    /// `mergeable`: a step of a continuous edit (the d slider dragged), which merges with the
    /// next mergeable replacement of the same interaction.
    ReplaceCommand(ScenarioDocument *document, std::shared_ptr<const Scenario> before,
                   std::shared_ptr<const Scenario> after, const QString &text, int interaction,
                   bool mergeable = false);
    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

private:
    std::shared_ptr<const Scenario> m_before;
    std::shared_ptr<const Scenario> m_after;
    bool m_mergeable;
};

} // namespace attention
