#include "matrixmodel.h"

#include "csv.h"
#include "numberformat.h"

#include <cmath>

namespace attention {

MatrixModel::MatrixModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void MatrixModel::setMatrix(const Eigen::Ref<const Matrix> &matrix, const QStringList &rowLabels,
                            const QStringList &columnLabels)
{
    setTable(ScaledTable(std::make_shared<const Matrix>(matrix)), rowLabels, columnLabels);
}

void MatrixModel::setTable(ScaledTable table, const QStringList &rowLabels,
                           const QStringList &columnLabels)
{
    const bool sameShape = table.rows() == m_table.rows() && table.cols() == m_table.cols();
    if (!sameShape) {
        beginResetModel();
        m_table = std::move(table);
        m_rowLabels = rowLabels;
        m_columnLabels = columnLabels;
        endResetModel();
        return;
    }
    m_table = std::move(table);
    if (rowLabels != m_rowLabels) {
        m_rowLabels = rowLabels;
        if (m_table.rows() > 0)
            Q_EMIT headerDataChanged(Qt::Vertical, 0, int(m_table.rows()) - 1);
    }
    if (columnLabels != m_columnLabels) {
        m_columnLabels = columnLabels;
        if (m_table.cols() > 0)
            Q_EMIT headerDataChanged(Qt::Horizontal, 0, int(m_table.cols()) - 1);
    }
    if (m_table.size() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1),
                           {Qt::DisplayRole, ValueRole});
}

void MatrixModel::setDecimals(int decimals)
{
    if (decimals == m_decimals)
        return;
    m_decimals = decimals;
    if (m_table.size() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1),
                           {Qt::DisplayRole});
}

QByteArray MatrixModel::toCsv() const
{
    return csvTable(QString(), m_columnLabels, m_rowLabels, m_table.toMatrix()).toUtf8();
}

int MatrixModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_table.rows());
}

int MatrixModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_table.cols());
}

QVariant MatrixModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const double value = m_table(index.row(), index.column());
    switch (role) {
    case Qt::DisplayRole:
        return NumberFormat::fixed(value, m_decimals);
    case ValueRole:
        return value;
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant MatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || section < 0)
        return {};
    if (orientation == Qt::Horizontal) {
        if (section >= m_table.cols())
            return {};
        return m_columnLabels.value(section);
    }
    if (section >= m_table.rows())
        return {};
    return m_rowLabels.value(section);
}

} // namespace attention
