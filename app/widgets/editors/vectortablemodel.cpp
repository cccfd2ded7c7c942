#include "vectortablemodel.h"

#include "numberformat.h"

#include <cmath>
#include <optional>
#include <utility>

namespace attention {

namespace {

/// `n` written with Unicode subscript digits: 12 → "₁₂".
QString subscript(Index n)
{
    QString digits = QString::number(n);
    for (QChar &c : digits)
        c = QChar(0x2080 + c.digitValue());
    return digits;
}

VectorKind kindOf(VectorTableModel::Part part)
{
    switch (part) {
    case VectorTableModel::Part::Key:
        return VectorKind::Key;
    case VectorTableModel::Part::Value:
        return VectorKind::Value;
    case VectorTableModel::Part::Query:
    case VectorTableModel::Part::Name:
        break;
    }
    return VectorKind::Query;
}

/// Entry (row, entry) of a column's part, or nothing outside the scenario.
std::optional<double> entryOf(const Scenario &s, VectorTableModel::Part part, int row, int entry)
{
    const Index width = part == VectorTableModel::Part::Value ? s.valueDimension() : s.dimension();
    if (row < 0 || row >= s.tokenCount() || entry < 0 || entry >= width)
        return std::nullopt;
    switch (part) {
    case VectorTableModel::Part::Key:
        return s.keys(row, entry);
    case VectorTableModel::Part::Value:
        return s.valueEntry(row, entry);
    case VectorTableModel::Part::Query:
    case VectorTableModel::Part::Name:
        break;
    }
    return s.queries(row, entry);
}

} // namespace

QColor vectorKindColor(VectorKind kind)
{
    switch (kind) {
    case VectorKind::Query:
        return QColor(0, 114, 178); // blue
    case VectorKind::Key:
        return QColor(213, 94, 0); // vermillion
    case VectorKind::Value:
        break;
    }
    return QColor(0, 158, 115); // bluish green
}

VectorTableModel::VectorTableModel(ScenarioDocument *document, QObject *parent)
    : QAbstractTableModel(parent)
    , m_document(document)
{
    Q_ASSERT(document);
    const Scenario &s = document->scenario();
    m_rows = static_cast<int>(s.tokenCount());
    m_dimension = static_cast<int>(s.dimension());
    m_valueDimension = static_cast<int>(s.valueDimension());
    m_dimensionNames = s.dimensionNames;
    m_shown = document->sharedScenario();
    connect(document, &ScenarioDocument::changed, this, &VectorTableModel::documentChanged);
}

VectorTableModel::Column VectorTableModel::columnAt(int column) const
{
    Column result;
    if (column >= 1 && column <= m_dimension) {
        result.part = Part::Query;
        result.entry = column - 1;
    } else if (column > m_dimension && column <= 2 * m_dimension) {
        result.part = Part::Key;
        result.entry = column - 1 - m_dimension;
    } else if (column > 2 * m_dimension && column <= 2 * m_dimension + m_valueDimension) {
        result.part = Part::Value;
        result.entry = column - 1 - 2 * m_dimension;
    }
    return result;
}

int VectorTableModel::columnOf(VectorKind kind, Index entry) const
{
    const int width = kind == VectorKind::Value ? m_valueDimension : m_dimension;
    if (entry < 0 || entry >= width)
        return -1;
    switch (kind) {
    case VectorKind::Query:
        return 1 + static_cast<int>(entry);
    case VectorKind::Key:
        return 1 + m_dimension + static_cast<int>(entry);
    case VectorKind::Value:
        break;
    }
    return 1 + 2 * m_dimension + static_cast<int>(entry);
}

int VectorTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int VectorTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : 1 + 2 * m_dimension + m_valueDimension;
}

QVariant VectorTableModel::data(const QModelIndex &index, int role) const
{
    if (!m_document || !hasIndex(index.row(), index.column(), index.parent()))
        return {};
    const Scenario &s = m_document->scenario();
    const int row = index.row();
    if (row >= s.tokenCount())
        return {};
    const Column column = columnAt(index.column());

    if (column.part == Part::Name) {
        switch (role) {
        case Qt::DisplayRole:
        case Qt::EditRole:
            return s.tokens.at(row);
        case Qt::ToolTipRole:
            return cellToolTip(row, column);
        default:
            return {};
        }
    }

    const std::optional<double> entry = entryOf(s, column.part, row, column.entry);
    if (!entry)
        return {};
    const double value = *entry;
    switch (role) {
    case Qt::DisplayRole:
        return NumberFormat::entry(value);
    case Qt::EditRole:
        return value;
    case Qt::ToolTipRole:
        return cellToolTip(row, column);
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(int(Qt::AlignRight | Qt::AlignVCenter));
    case Qt::BackgroundRole: {
        QColor tint = vectorKindColor(kindOf(column.part));
        tint.setAlpha(28);
        return tint;
    }
    default:
        return {};
    }
}

QVariant VectorTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (section < 0)
        return {};
    if (orientation == Qt::Vertical) {
        if (section >= m_rows)
            return {};
        if (role == Qt::DisplayRole)
            return section + 1;
        if (role == Qt::ToolTipRole)
            return tr("Token %1 of %2").arg(section + 1).arg(m_rows);
        return {};
    }
    if (section >= columnCount())
        return {};
    const Column column = columnAt(section);
    switch (role) {
    case Qt::DisplayRole:
        return headerText(column);
    case Qt::ToolTipRole:
        return headerToolTip(column);
    case Qt::ForegroundRole:
        if (column.part != Part::Name)
            return vectorKindColor(kindOf(column.part));
        return {};
    default:
        return {};
    }
}

Qt::ItemFlags VectorTableModel::flags(const QModelIndex &index) const
{
    if (!hasIndex(index.row(), index.column(), index.parent()))
        return Qt::NoItemFlags;
    return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable;
}

bool VectorTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!m_document || role != Qt::EditRole ||
        !hasIndex(index.row(), index.column(), index.parent()))
        return false;
    const Column column = columnAt(index.column());
    const Index token = index.row();

    bool accepted = false;
    QString reason;
    if (column.part == Part::Name) {
        const QString name = value.toString().trimmed();
        if (name.isEmpty()) {
            reason = tr("A token needs a name; an empty name is not accepted.");
        } else {
            accepted = m_document->renameToken(token, name);
        }
    } else {
        bool isNumber = false;
        const double number = value.toDouble(&isNumber);
        if (!isNumber) {
            reason = tr("“%1” is not a number.").arg(value.toString());
        } else if (!std::isfinite(number)) {
            reason = tr("%1 is not a finite number.").arg(value.toString());
        } else if (std::abs(number) > ScenarioLimits::maxMagnitude) {
            const auto shown = [](double x) { return NumberFormat::shortest(x, QLocale()); };
            reason = tr("%1 is outside the range %2 to %3.")
                         .arg(shown(number), shown(-ScenarioLimits::maxMagnitude),
                              shown(ScenarioLimits::maxMagnitude));
        } else {
            accepted = m_document->setEntry(kindOf(column.part), token, column.entry, number);
        }
    }
    if (!accepted) {
        if (reason.isEmpty())
            reason = m_document->lastError();
        Q_EMIT editRefused(index, reason);
    }
    // On success the document's changed() has already refreshed the views (documentChanged()).
    return accepted;
}

void VectorTableModel::refresh()
{
    if (m_rows > 0 && columnCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(m_rows - 1, columnCount() - 1));
    if (columnCount() > 0)
        Q_EMIT headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
    if (m_rows > 0)
        Q_EMIT headerDataChanged(Qt::Vertical, 0, m_rows - 1);
}

void VectorTableModel::documentChanged()
{
    const std::shared_ptr<const Scenario> shown =
        std::exchange(m_shown, m_document->sharedScenario());
    const Scenario &s = *m_shown;
    const int rows = static_cast<int>(s.tokenCount());
    const int dimension = static_cast<int>(s.dimension());
    const int valueDimension = static_cast<int>(s.valueDimension());
    if (shown && rows == m_rows && sameVectors(*shown, s))
        return; // only the scale or a switch changed: every cell is as it was
    if (rows != m_rows || dimension != m_dimension || valueDimension != m_valueDimension) {
        beginResetModel();
        m_rows = rows;
        m_dimension = dimension;
        m_valueDimension = valueDimension;
        m_dimensionNames = s.dimensionNames;
        endResetModel();
        return;
    }
    if (m_rows > 0)
        Q_EMIT dataChanged(index(0, 0), index(m_rows - 1, columnCount() - 1));
    if (s.dimensionNames != m_dimensionNames) {
        m_dimensionNames = s.dimensionNames;
        Q_EMIT headerDataChanged(Qt::Horizontal, 1, 2 * m_dimension);
    }
}

QString VectorTableModel::headerText(const Column &column) const
{
    const bool named = m_document && !m_document->scenario().dimensionNames.isEmpty();
    const QString name = named ? m_document->scenario().dimensionName(column.entry) : QString();
    switch (column.part) {
    case Part::Name:
        return tr("Token");
    case Part::Query:
        //: Table header of a query entry along a named dimension, e.g. "q·sky".
        return named ? tr("q·%1").arg(name) : tr("q%1").arg(subscript(column.entry + 1));
    case Part::Key:
        //: Table header of a key entry along a named dimension, e.g. "k·sky".
        return named ? tr("k·%1").arg(name) : tr("k%1").arg(subscript(column.entry + 1));
    case Part::Value:
        return tr("v%1").arg(subscript(column.entry + 1));
    }
    return {};
}

QString VectorTableModel::headerToolTip(const Column &column) const
{
    const QString dimension =
        m_document ? m_document->scenario().dimensionName(column.entry) : QString();
    switch (column.part) {
    case Part::Name:
        return tr("The token's name. Double-click a name to rename the token.");
    case Part::Query:
        return tr("Query, dimension %1 (%2): what each token looks for.")
            .arg(QString::number(column.entry + 1), dimension);
    case Part::Key:
        return tr("Key, dimension %1 (%2): what each token offers to the queries.")
            .arg(QString::number(column.entry + 1), dimension);
    case Part::Value:
        return tr("Value, entry %1: what each token passes on when it is attended to.")
            .arg(column.entry + 1);
    }
    return {};
}

QString VectorTableModel::cellToolTip(int row, const Column &column) const
{
    const Scenario &s = m_document->scenario();
    const QString token = s.tokens.at(row);
    if (column.part == Part::Name)
        return tr("Token %1: “%2”. Double-click to rename it.")
            .arg(QString::number(row + 1), token);

    const double value = entryOf(s, column.part, row, column.entry).value_or(0.0);
    const QString exact = NumberFormat::shortest(value, QLocale());
    const QString dimension = s.dimensionName(column.entry);
    switch (column.part) {
    case Part::Query:
        return tr("Query of “%1”, dimension %2 (%3) = %4\nHow strongly “%1” looks for %3.")
            .arg(token, QString::number(column.entry + 1), dimension, exact);
    case Part::Key:
        return tr("Key of “%1”, dimension %2 (%3) = %4\nHow strongly “%1” offers %3 to the "
                  "queries.")
            .arg(token, QString::number(column.entry + 1), dimension, exact);
    case Part::Value:
        return tr("Value of “%1”, entry %2 = %3\nWhat “%1” passes on to the tokens that attend "
                  "to it.")
            .arg(token, QString::number(column.entry + 1), exact);
    case Part::Name:
        break;
    }
    return {};
}

} // namespace attention
