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
    setMatrix(std::make_shared<const Matrix>(matrix), rowLabels, columnLabels);
}

void MatrixModel::setMatrix(std::shared_ptr<const Matrix> matrix, const QStringList &rowLabels,
                            const QStringList &columnLabels)
{
    const bool sameShape = matrix->rows() == m_matrix->rows() && matrix->cols() == m_matrix->cols();
    if (!sameShape) {
        beginResetModel();
        m_matrix = std::move(matrix);
        m_rowLabels = rowLabels;
        m_columnLabels = columnLabels;
        endResetModel();
        return;
    }
    m_matrix = std::move(matrix);
    if (rowLabels != m_rowLabels) {
        m_rowLabels = rowLabels;
        if (m_matrix->rows() > 0)
            Q_EMIT headerDataChanged(Qt::Vertical, 0, int(m_matrix->rows()) - 1);
    }
    if (columnLabels != m_columnLabels) {
        m_columnLabels = columnLabels;
        if (m_matrix->cols() > 0)
            Q_EMIT headerDataChanged(Qt::Horizontal, 0, int(m_matrix->cols()) - 1);
    }
    if (m_matrix->size() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1),
                           {Qt::DisplayRole, ValueRole});
}

void MatrixModel::setDecimals(int decimals)
{
    if (decimals == m_decimals)
        return;
    m_decimals = decimals;
    if (m_matrix->size() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1),
                           {Qt::DisplayRole});
}

QByteArray MatrixModel::toCsv() const
{
    return csvTable(QString(), m_columnLabels, m_rowLabels, *m_matrix).toUtf8();
}

int MatrixModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_matrix->rows());
}

int MatrixModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_matrix->cols());
}

QVariant MatrixModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const double value = (*m_matrix)(index.row(), index.column());
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
        if (section >= m_matrix->cols())
            return {};
        return m_columnLabels.value(section);
    }
    if (section >= m_matrix->rows())
        return {};
    return m_rowLabels.value(section);
}

} // namespace attention
