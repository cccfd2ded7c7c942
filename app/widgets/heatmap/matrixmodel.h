#pragma once

/// A read-only table model over one matrix of the attention pass (scores, weights, output),
/// with the tokens as headers. The heatmaps paint from it and tests read from it.

#include "scenario.h" // ScaledTable: a result's scores and weights

#include <QAbstractTableModel>
#include <QStringList>
#include <memory>

namespace attention {

class MatrixModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Role : int
    {
        /// The entry as a double (−∞ for masked scores); DisplayRole gives it as text.
        ValueRole = Qt::UserRole + 1,
    };

    explicit MatrixModel(QObject *parent = nullptr);

    /// Shows `table` (rows × columns) with these header labels (one per row / column).
    /// Emits dataChanged when the shape and labels stay, headerDataChanged when only labels
    /// change, and resets the model when the shape changes.
    void setTable(ScaledTable table, const QStringList &rowLabels, const QStringList &columnLabels);
    /// The same for a matrix that is not shared yet (copies it once).
    void setMatrix(const Eigen::Ref<const Matrix> &matrix, const QStringList &rowLabels,
                   const QStringList &columnLabels);
    /// The shown table, read through the shared pointer (a result's, never a copy).
    const ScaledTable &table() const { return m_table; }
    const QStringList &rowLabels() const { return m_rowLabels; }
    const QStringList &columnLabels() const { return m_columnLabels; }

    /// Digits after the decimal point in DisplayRole (2 by default).
    void setDecimals(int decimals);
    int decimals() const { return m_decimals; }

    /// The matrix as CSV: a header row (an empty corner, then the column labels) and one row per
    /// row label; −∞ is written "-inf", numbers with full precision.
    QByteArray toCsv() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    ScaledTable m_table;
    QStringList m_rowLabels;
    QStringList m_columnLabels;
    int m_decimals = 2;
};

} // namespace attention
