#include "matrixmodel.h"

#include <cmath>

namespace attention {

namespace {

/// RFC 4180 quoting: only when the field needs it.
QString csvField(const QString &text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) &&
        !text.contains(QLatin1Char('\n')) && !text.contains(QLatin1Char('\r')))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QString csvNumber(double value)
{
    if (std::isinf(value))
        return value < 0 ? QStringLiteral("-inf") : QStringLiteral("inf");
    return QString::number(value, 'g', 17);
}

} // namespace

MatrixModel::MatrixModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void MatrixModel::setMatrix(const Eigen::Ref<const Matrix> &matrix, const QStringList &rowLabels,
                            const QStringList &columnLabels)
{
    const bool sameShape = matrix.rows() == m_matrix.rows() && matrix.cols() == m_matrix.cols();
    if (!sameShape) {
        beginResetModel();
        m_matrix = matrix;
        m_rowLabels = rowLabels;
        m_columnLabels = columnLabels;
        endResetModel();
        return;
    }
    m_matrix = matrix;
    if (rowLabels != m_rowLabels) {
        m_rowLabels = rowLabels;
        if (m_matrix.rows() > 0)
            Q_EMIT headerDataChanged(Qt::Vertical, 0, int(m_matrix.rows()) - 1);
    }
    if (columnLabels != m_columnLabels) {
        m_columnLabels = columnLabels;
        if (m_matrix.cols() > 0)
            Q_EMIT headerDataChanged(Qt::Horizontal, 0, int(m_matrix.cols()) - 1);
    }
    if (m_matrix.size() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1),
                           {Qt::DisplayRole, ValueRole});
}

void MatrixModel::setDecimals(int decimals)
{
    if (decimals == m_decimals)
        return;
    m_decimals = decimals;
    if (m_matrix.size() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1),
                           {Qt::DisplayRole});
}

QString MatrixModel::formatValue(double value, int decimals)
{
    if (std::isinf(value))
        return value < 0 ? QStringLiteral("−∞") : QStringLiteral("∞");
    if (std::isnan(value))
        return QStringLiteral("NaN");
    QString text = QString::number(value, 'f', decimals);
    if (text.startsWith(QLatin1Char('-'))) {
        // "-0.00" is zero: show it without a sign.
        bool allZero = true;
        for (QChar c : text)
            if (c.isDigit() && c != QLatin1Char('0'))
                allZero = false;
        if (allZero)
            text.remove(0, 1);
        else
            text.replace(0, 1, QChar(0x2212));
    }
    return text;
}

QByteArray MatrixModel::toCsv() const
{
    QString csv;
    for (int c = 0; c < m_matrix.cols(); ++c)
        csv += QLatin1Char(',') + csvField(m_columnLabels.value(c));
    csv += QLatin1Char('\n');
    for (int r = 0; r < m_matrix.rows(); ++r) {
        csv += csvField(m_rowLabels.value(r));
        for (int c = 0; c < m_matrix.cols(); ++c)
            csv += QLatin1Char(',') + csvNumber(m_matrix(r, c));
        csv += QLatin1Char('\n');
    }
    return csv.toUtf8();
}

int MatrixModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_matrix.rows());
}

int MatrixModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_matrix.cols());
}

QVariant MatrixModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const double value = m_matrix(index.row(), index.column());
    switch (role) {
    case Qt::DisplayRole:
        return formatValue(value, m_decimals);
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
        if (section >= m_matrix.cols())
            return {};
        return m_columnLabels.value(section);
    }
    if (section >= m_matrix.rows())
        return {};
    return m_rowLabels.value(section);
}

} // namespace attention
