#include "document.h"

#include "presets.h"

#include <QUndoCommand>
#include <QUndoStack>

namespace attention {

namespace {

/// Merge keys: continuous edits of the same thing within one interaction share a key.
enum MergeKey : int
{
    NoMerge = 0,
    ScaleKey = 1,
    VectorKeyBase = 1000, // + kind * maxTokens + token, for vector drags and entry scrubs
};

int vectorMergeKey(VectorKind kind, Index token)
{
    return VectorKeyBase + static_cast<int>(kind) * static_cast<int>(ScenarioLimits::maxTokens) +
           static_cast<int>(token);
}

bool validToken(const Scenario &s, Index token)
{
    return token >= 0 && token < s.tokenCount();
}

Matrix &vectorsOf(Scenario &s, VectorKind kind)
{
    switch (kind) {
    case VectorKind::Query:
        return s.queries;
    case VectorKind::Key:
        return s.keys;
    case VectorKind::Value:
        break;
    }
    return s.values;
}

/// Inserts a row of zeros at `position`.
void insertZeroRow(Matrix &m, Index position)
{
    Matrix grown = Matrix::Zero(m.rows() + 1, m.cols());
    grown.topRows(position) = m.topRows(position);
    grown.bottomRows(m.rows() - position) = m.bottomRows(m.rows() - position);
    m = std::move(grown);
}

void removeRow(Matrix &m, Index row)
{
    Matrix shrunk(m.rows() - 1, m.cols());
    shrunk.topRows(row) = m.topRows(row);
    shrunk.bottomRows(m.rows() - row - 1) = m.bottomRows(m.rows() - row - 1);
    m = std::move(shrunk);
}

void resizeColumns(Matrix &m, Index cols)
{
    Matrix resized = Matrix::Zero(m.rows(), cols);
    const Index kept = std::min(cols, m.cols());
    resized.leftCols(kept) = m.leftCols(kept);
    m = std::move(resized);
}

} // namespace

/// One undo step: the whole scenario before and after. Scenarios are small, and a snapshot makes
/// every edit, including shape changes, trivially reversible.
class ScenarioCommand : public QUndoCommand
{
public:
    ScenarioCommand(ScenarioDocument *document, Scenario before, Scenario after,
                    const QString &text, int mergeKey, int interaction)
        : QUndoCommand(text)
        , m_document(document)
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_mergeKey(mergeKey)
        , m_interaction(interaction)
    {}

    void undo() override { m_document->install(m_before); }
    void redo() override { m_document->install(m_after); }
    int id() const override { return m_mergeKey == NoMerge ? -1 : 1; }

    bool mergeWith(const QUndoCommand *other) override
    {
        const auto *next = static_cast<const ScenarioCommand *>(other);
        if (next->m_mergeKey != m_mergeKey || next->m_interaction != m_interaction)
            return false;
        m_after = next->m_after;
        // A drag that comes back to where it started leaves no step behind.
        if (m_after == m_before)
            setObsolete(true);
        return true;
    }

private:
    ScenarioDocument *m_document;
    Scenario m_before;
    Scenario m_after;
    int m_mergeKey;
    int m_interaction;
};

ScenarioDocument::ScenarioDocument(QObject *parent)
    : QObject(parent)
    , m_undoStack(new QUndoStack(this))
{
    m_undoStack->setUndoLimit(undoLimit); // only possible while the stack is empty
    connect(m_undoStack, &QUndoStack::cleanChanged, this,
            [this](bool clean) { Q_EMIT modifiedChanged(!clean); });
    install(*preset(QStringLiteral("lesson")));
}

ScenarioDocument::~ScenarioDocument()
{
    // QUndoStack announces its own clearing while it is destroyed; by then this document and the
    // views listening to the stack may be half gone. Silence the stack and delete it first.
    m_undoStack->disconnect();
    delete m_undoStack;
}

void ScenarioDocument::setFileName(const QString &fileName)
{
    if (fileName == m_fileName)
        return;
    m_fileName = fileName;
    Q_EMIT fileNameChanged(m_fileName);
}

bool ScenarioDocument::isModified() const
{
    return !m_undoStack->isClean();
}

void ScenarioDocument::markSaved()
{
    m_undoStack->setClean();
}

bool ScenarioDocument::reset(const Scenario &scenario, const QString &fileName)
{
    m_lastError = scenario.validate();
    if (!m_lastError.isEmpty())
        return false;
    m_undoStack->clear();
    install(scenario);
    setFileName(fileName);
    return true;
}

bool ScenarioDocument::replace(const Scenario &scenario, const QString &actionText)
{
    return commit(scenario, actionText);
}

bool ScenarioDocument::setTitle(const QString &title)
{
    Scenario next = m_scenario;
    next.title = title;
    return commit(next, tr("Rename scenario"));
}

bool ScenarioDocument::setScoreScale(double scale)
{
    Scenario next = m_scenario;
    next.scoreScale = scale;
    return commit(next, tr("Change score scale"), ScaleKey);
}

bool ScenarioDocument::setDivideBySqrtD(bool divide)
{
    Scenario next = m_scenario;
    next.divideBySqrtD = divide;
    return commit(next, divide ? tr("Divide by √d") : tr("Do not divide by √d"));
}

bool ScenarioDocument::setCausal(bool causal)
{
    Scenario next = m_scenario;
    next.causal = causal;
    return commit(next, causal ? tr("Turn causal mask on") : tr("Turn causal mask off"));
}

bool ScenarioDocument::setEntry(VectorKind kind, Index token, Index column, double value)
{
    Scenario next = m_scenario;
    Matrix &vectors = vectorsOf(next, kind);
    if (!validToken(next, token) || column < 0 || column >= vectors.cols()) {
        m_lastError = tr("There is no entry %1 of token %2.").arg(column + 1).arg(token + 1);
        return false;
    }
    vectors(token, column) = value;
    return commit(next, tr("Edit %1").arg(next.tokens.at(static_cast<int>(token))),
                  vectorMergeKey(kind, token));
}

bool ScenarioDocument::setVector(VectorKind kind, Index token, const RowVector &vector)
{
    Scenario next = m_scenario;
    Matrix &vectors = vectorsOf(next, kind);
    if (!validToken(next, token) || vector.size() != vectors.cols()) {
        m_lastError =
            tr("A vector of width %1 does not fit token %2.").arg(vector.size()).arg(token + 1);
        return false;
    }
    vectors.row(token) = vector;
    return commit(next, tr("Move %1").arg(next.tokens.at(static_cast<int>(token))),
                  vectorMergeKey(kind, token));
}

bool ScenarioDocument::renameToken(Index token, const QString &name)
{
    if (!validToken(m_scenario, token)) {
        m_lastError = tr("There is no token %1.").arg(token + 1);
        return false;
    }
    Scenario next = m_scenario;
    next.tokens[static_cast<int>(token)] = name.trimmed();
    return commit(next, tr("Rename token"));
}

bool ScenarioDocument::insertToken(Index position, const QString &name)
{
    if (position < 0 || position > m_scenario.tokenCount()) {
        m_lastError = tr("A token cannot be inserted at position %1.").arg(position + 1);
        return false;
    }
    Scenario next = m_scenario;
    const bool oneHot = next.hasOneHotValues();
    next.tokens.insert(static_cast<int>(position), name.trimmed());
    insertZeroRow(next.queries, position);
    insertZeroRow(next.keys, position);
    if (oneHot)
        next.values = oneHotValues(next.tokenCount());
    else
        insertZeroRow(next.values, position);
    return commit(next, tr("Add token"));
}

bool ScenarioDocument::removeToken(Index token)
{
    if (!validToken(m_scenario, token)) {
        m_lastError = tr("There is no token %1.").arg(token + 1);
        return false;
    }
    if (m_scenario.tokenCount() == 1) {
        m_lastError = tr("A scenario needs at least one token.");
        return false;
    }
    Scenario next = m_scenario;
    const bool oneHot = next.hasOneHotValues();
    next.tokens.removeAt(static_cast<int>(token));
    removeRow(next.queries, token);
    removeRow(next.keys, token);
    if (oneHot)
        next.values = oneHotValues(next.tokenCount());
    else
        removeRow(next.values, token);
    return commit(next, tr("Remove token"));
}

bool ScenarioDocument::setDimension(Index d)
{
    if (d < 1 || d > ScenarioLimits::maxDimension) {
        m_lastError = tr("The dimension must be 1 to %1.").arg(ScenarioLimits::maxDimension);
        return false;
    }
    Scenario next = m_scenario;
    resizeColumns(next.queries, d);
    resizeColumns(next.keys, d);
    if (!next.dimensionNames.isEmpty()) {
        while (next.dimensionNames.size() > d)
            next.dimensionNames.removeLast();
        while (next.dimensionNames.size() < d)
            next.dimensionNames.append(QStringLiteral("d%1").arg(next.dimensionNames.size() + 1));
    }
    return commit(next, tr("Change dimension to %1").arg(d));
}

bool ScenarioDocument::setDimensionName(Index dimension, const QString &name)
{
    if (dimension < 0 || dimension >= m_scenario.dimension()) {
        m_lastError = tr("There is no dimension %1.").arg(dimension + 1);
        return false;
    }
    Scenario next = m_scenario;
    if (next.dimensionNames.isEmpty())
        for (Index i = 0; i < next.dimension(); ++i)
            next.dimensionNames.append(next.dimensionName(i));
    next.dimensionNames[static_cast<int>(dimension)] = name.trimmed();
    return commit(next, tr("Rename dimension"));
}

void ScenarioDocument::finishInteraction()
{
    ++m_interaction;
}

bool ScenarioDocument::commit(const Scenario &next, const QString &text, int mergeKey)
{
    m_lastError = next.validate();
    if (!m_lastError.isEmpty())
        return false;
    if (next == m_scenario)
        return true;
    m_undoStack->push(new ScenarioCommand(this, m_scenario, next, text, mergeKey, m_interaction));
    return true;
}

void ScenarioDocument::install(const Scenario &scenario)
{
    m_scenario = scenario;
    m_result = m_scenario.compute();
    Q_EMIT changed();
}

} // namespace attention
