#include "scenariodocument.h"

#include "documentcommands.h"
#include "latestjob.h"
#include "presets.h"
#include "tablepool.h"

#include <QEventLoop>
#include <QUndoStack>

namespace attention {

namespace {

const char *fieldOf(VectorKind kind)
{
    switch (kind) {
    case VectorKind::Query:
        return "queries";
    case VectorKind::Key:
        return "keys";
    case VectorKind::Value:
        break;
    }
    return "values";
}

void resizeColumns(Matrix &m, Index cols)
{
    Matrix resized = Matrix::Zero(m.rows(), cols);
    const Index kept = std::min(cols, m.cols());
    resized.leftCols(kept) = m.leftCols(kept);
    m = std::move(resized);
}

} // namespace

ScenarioDocument::ScenarioDocument(QObject *parent)
    : QObject(parent)
    , m_job(new LatestJob(this))
    , m_undoStack(new QUndoStack(this))
{
    m_undoStack->setUndoLimit(undoLimit); // only possible while the stack is empty
    connect(m_undoStack, &QUndoStack::cleanChanged, this,
            [this](bool clean) { Q_EMIT modifiedChanged(!clean); });
    connect(m_job, &LatestJob::runningChanged, this, &ScenarioDocument::computingChanged);
    install(std::make_shared<Scenario>(*preset(QStringLiteral("lesson"))));
}

ScenarioDocument::~ScenarioDocument()
{
    // QUndoStack announces its own clearing while it is destroyed; by then this document and the
    // views listening to the stack may be half gone. Silence the stack and delete it first.
    m_undoStack->disconnect();
    delete m_undoStack;
    m_job->disconnect();
    delete m_job; // waits for a running computation, whose result is dropped
}

bool ScenarioDocument::isComputing() const
{
    return m_job->isRunning();
}

void ScenarioDocument::waitForResult()
{
    if (!isComputing())
        return;
    QEventLoop loop;
    connect(m_job, &LatestJob::runningChanged, &loop, &QEventLoop::quit);
    loop.exec();
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
    if (!accept(scenario.validate()))
        return false;
    m_undoStack->clear();
    install(std::make_shared<Scenario>(scenario));
    setFileName(fileName);
    return true;
}

bool ScenarioDocument::replace(const Scenario &scenario, const QString &actionText, Step step)
{
    return commitReplace(scenario, actionText, step);
}

bool ScenarioDocument::replaceWithRegenerable(const Scenario &scenario, const QString &actionText)
{
    const bool untouched = !isModified() && m_fileName.isEmpty();
    if (!replace(scenario, actionText))
        return false;
    if (untouched)
        markSaved();
    return true;
}

bool ScenarioDocument::setTitle(const QString &title)
{
    ScenarioSettings next = ScenarioSettings::of(scenario());
    next.title = title;
    return pushSettings(next, tr("Rename scenario"), false);
}

bool ScenarioDocument::setScoreScale(double scale)
{
    if (!accept(checkScoreScale(scale)))
        return false;
    ScenarioSettings next = ScenarioSettings::of(scenario());
    next.scoreScale = scale;
    return pushSettings(next, tr("Change score scale"), true);
}

bool ScenarioDocument::setDivideBySqrtD(bool divide)
{
    ScenarioSettings next = ScenarioSettings::of(scenario());
    next.divideBySqrtD = divide;
    return pushSettings(next, divide ? tr("Divide by √d") : tr("Do not divide by √d"), false);
}

bool ScenarioDocument::setCausal(bool causal)
{
    ScenarioSettings next = ScenarioSettings::of(scenario());
    next.causal = causal;
    return pushSettings(next, causal ? tr("Turn causal mask on") : tr("Turn causal mask off"),
                        false);
}

bool ScenarioDocument::setEntry(VectorKind kind, Index token, Index column, double value)
{
    const Scenario &s = scenario();
    const Index width = kind == VectorKind::Value ? s.valueDimension() : s.dimension();
    if (token < 0 || token >= s.tokenCount() || column < 0 || column >= width)
        return refuse(tr("There is no entry %1 of token %2.").arg(column + 1).arg(token + 1));
    const Matrix *rows = vectorRows(s, kind);
    RowVector vector = rows ? RowVector(rows->row(token)) : RowVector::Unit(width, token);
    vector(column) = value;
    return setRow(kind, token, vector, tr("Edit %1").arg(s.tokens.at(static_cast<int>(token))));
}

bool ScenarioDocument::setVector(VectorKind kind, Index token, const RowVector &vector)
{
    const Scenario &s = scenario();
    const Index width = kind == VectorKind::Value ? s.valueDimension() : s.dimension();
    if (token < 0 || token >= s.tokenCount() || vector.size() != width)
        return refuse(
            tr("A vector of width %1 does not fit token %2.").arg(vector.size()).arg(token + 1));
    return setRow(kind, token, vector, tr("Move %1").arg(s.tokens.at(static_cast<int>(token))));
}

bool ScenarioDocument::setRow(VectorKind kind, Index token, const RowVector &vector,
                              const QString &text)
{
    if (!accept(checkRow(fieldOf(kind), token, vector)))
        return false;
    const Scenario &s = scenario();
    const Matrix *rows = vectorRows(s, kind);
    if (!rows) { // the first edit of one-hot values writes them all out
        Scenario next = s;
        next.values = next.valueMatrix();
        next.values->row(token) = vector;
        return commitReplace(std::move(next), text);
    }
    if (rows->row(token) == vector)
        return true;
    push(new RowCommand(this, kind, token, rows->row(token), vector, text, m_interaction));
    return true;
}

bool ScenarioDocument::renameToken(Index token, const QString &name)
{
    const Scenario &s = scenario();
    if (token < 0 || token >= s.tokenCount())
        return refuse(tr("There is no token %1.").arg(token + 1));
    if (!accept(checkTokenName(token, name)))
        return false;
    QStringList names = s.tokens;
    names[static_cast<int>(token)] = name.trimmed();
    if (names == s.tokens)
        return true;
    push(new NamesCommand(this, NamesCommand::List::Tokens, s.tokens, names, tr("Rename token"),
                          m_interaction));
    return true;
}

bool ScenarioDocument::insertToken(Index position, const QString &name)
{
    const Scenario &s = scenario();
    if (position < 0 || position > s.tokenCount())
        return refuse(tr("A token cannot be inserted at position %1.").arg(position + 1));
    if (!accept(checkTokenCount(s.tokenCount() + 1)) || !accept(checkTokenName(position, name)))
        return false;
    TokenCommand::Token token{name.trimmed(), RowVector::Zero(s.dimension()),
                              RowVector::Zero(s.dimension()), std::nullopt};
    if (s.values)
        token.value = RowVector::Zero(s.valueDimension());
    push(new TokenCommand(this, true, position, std::move(token), tr("Add token"), m_interaction));
    return true;
}

bool ScenarioDocument::removeToken(Index token)
{
    const Scenario &s = scenario();
    if (token < 0 || token >= s.tokenCount())
        return refuse(tr("There is no token %1.").arg(token + 1));
    if (s.tokenCount() == 1)
        return refuse(tr("A scenario needs at least one token."));
    TokenCommand::Token removed{s.tokens.at(static_cast<int>(token)), s.queries.row(token),
                                s.keys.row(token), std::nullopt};
    if (s.values)
        removed.value = s.values->row(token);
    push(new TokenCommand(this, false, token, std::move(removed), tr("Remove token"),
                          m_interaction));
    return true;
}

bool ScenarioDocument::setDimension(Index d)
{
    if (d < 1 || d > ScenarioLimits::maxDimension)
        return refuse(tr("The dimension must be 1 to %1.").arg(ScenarioLimits::maxDimension));
    Scenario next = scenario();
    resizeColumns(next.queries, d);
    resizeColumns(next.keys, d);
    if (!next.dimensionNames.isEmpty()) {
        while (next.dimensionNames.size() > d)
            next.dimensionNames.removeLast();
        while (next.dimensionNames.size() < d)
            next.dimensionNames.append(QStringLiteral("d%1").arg(next.dimensionNames.size() + 1));
    }
    return commitReplace(std::move(next), tr("Change dimension to %1").arg(d));
}

bool ScenarioDocument::setDimensionName(Index dimension, const QString &name)
{
    const Scenario &s = scenario();
    if (dimension < 0 || dimension >= s.dimension())
        return refuse(tr("There is no dimension %1.").arg(dimension + 1));
    QStringList names;
    for (Index i = 0; i < s.dimension(); ++i)
        names.append(s.dimensionName(i));
    names[static_cast<int>(dimension)] = name.trimmed();
    if (names != s.dimensionNames)
        push(new NamesCommand(this, NamesCommand::List::Dimensions, s.dimensionNames, names,
                              tr("Rename dimension"), m_interaction));
    return true;
}

void ScenarioDocument::finishInteraction()
{
    ++m_interaction;
}

void ScenarioDocument::push(QUndoCommand *command)
{
    m_lastError.clear();
    m_undoStack->push(command);
}

bool ScenarioDocument::accept(const std::optional<ScenarioError> &problem)
{
    m_lastError = scenarioErrorText(problem);
    return !problem;
}

bool ScenarioDocument::refuse(const QString &problem)
{
    m_lastError = problem;
    return false;
}

bool ScenarioDocument::pushSettings(const ScenarioSettings &next, const QString &text,
                                    bool mergeable)
{
    m_lastError.clear();
    const ScenarioSettings now = ScenarioSettings::of(scenario());
    if (!(next == now))
        push(new SettingsCommand(this, now, next, text, mergeable, m_interaction));
    return true;
}

bool ScenarioDocument::commitReplace(Scenario next, const QString &text, Step step)
{
    if (!accept(next.validate()))
        return false;
    if (next == scenario())
        return true;
    push(new ReplaceCommand(this, m_scenario, std::make_shared<Scenario>(std::move(next)), text,
                            m_interaction, step == Step::Continuous));
    return true;
}

Scenario &ScenarioDocument::editable()
{
    if (m_scenario.use_count() > 1)
        m_scenario = std::make_shared<Scenario>(*m_scenario);
    return *m_scenario;
}

void ScenarioDocument::install(std::shared_ptr<const Scenario> scenario)
{
    // Every scenario the document shares was made by make_shared<Scenario>; editable() changes
    // one in place only while nothing else holds it.
    m_scenario = std::const_pointer_cast<Scenario>(std::move(scenario));
    scenarioChanged();
}

void ScenarioDocument::scenarioChanged()
{
    std::shared_ptr<const Scenario> snapshot = m_scenario;
    // The last result's raw products (and their picture) serve the next one when only the
    // scale or a switch changed. Only they go to the worker, and only then: no older table
    // outlives its views.
    ScenarioResult previous;
    if (m_result && m_computed && sameProducts(*snapshot, *m_computed)) {
        previous.products = m_result->products;
        previous.productsImage = m_result->productsImage;
    }
    const std::shared_ptr<const Scenario> before = previous.products ? m_computed : nullptr;
    if (snapshot->tokenCount() <= synchronousTokens) {
        m_job->cancel();
        m_result = shareResult(snapshot->computeWithImages(before.get(), &previous));
        m_computed = std::move(snapshot);
        Q_EMIT changed();
        Q_EMIT resultChanged();
        return;
    }
    m_job->start([this, snapshot, before, previous = std::move(previous)](
                     const LatestJob::Context &context) -> LatestJob::Delivery {
        if (context.isCancelled())
            return {};
        SharedResult result = shareResult(snapshot->computeWithImages(before.get(), &previous));
        return [this, snapshot, result] {
            m_computed = snapshot;
            m_result = result;
            Q_EMIT resultChanged();
        };
    });
    Q_EMIT changed();
}

} // namespace attention
