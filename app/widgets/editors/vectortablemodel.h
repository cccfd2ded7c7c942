#pragma once

/// The table of every token's query, key and value, over the document's scenario.
///
/// Rows are tokens (T). Columns are the token's name, then q₁…q_d, k₁…k_d, v₁…v_dv:
///
///     column 0              token name (editable: renames the token)
///     1 … d                 query entries
///     d + 1 … 2d            key entries
///     2d + 1 … 2d + d_v     value entries
///
/// Qt::EditRole gives doubles (QString for the name); Qt::DisplayRole formatted numbers;
/// Qt::ToolTipRole says what the cell is. Edits go through the document's setters, so each is
/// one undoable step; a refused edit returns false and emits editRefused() with the reason.
/// The model resets only when T, d or d_v change; otherwise a document change is one
/// dataChanged() over the whole table.

#include "scenariodocument.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QLocale>
#include <QPointer>

namespace attention {

/// The colour that marks queries, keys and values in every vector view (Okabe–Ito colours,
/// distinguishable with the common colour-vision deficiencies): blue, vermillion, green.
QColor vectorKindColor(VectorKind kind);

class VectorTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    /// Which part of a row a column shows.
    enum class Part
    {
        Name,
        Query,
        Key,
        Value
    };

    /// What one column shows: a part and, for the vector parts, the entry within the vector.
    struct Column
    {
        Part part = Part::Name;
        Index entry = -1; ///< 0-based entry of the vector; −1 for the name column
    };

    explicit VectorTableModel(ScenarioDocument *document, QObject *parent = nullptr);

    ScenarioDocument *document() const { return m_document; }

    /// The part and entry column `column` shows (the name column for an out-of-range column).
    Column columnAt(int column) const;
    /// The column of entry `entry` of the `kind` vectors, or −1 if there is none.
    int columnOf(VectorKind kind, Index entry) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

public Q_SLOTS:
    /// Re-reads every header and cell (after a language change, the texts are retranslated).
    void refresh();

Q_SIGNALS:
    /// An edit of `index` was refused; `reason` says why, in the user's language.
    void editRefused(const QModelIndex &index, const QString &reason);

private:
    void documentChanged();
    QString headerText(const Column &column) const;
    QString headerToolTip(const Column &column) const;
    QString cellToolTip(int row, const Column &column) const;

    QPointer<ScenarioDocument> m_document;
    // The shape the views know; differs from the scenario's only between a change and the reset.
    int m_rows = 0;
    int m_dimension = 0;
    int m_valueDimension = 0;
    QStringList m_dimensionNames; ///< as last shown in the headers
    /// The scenario the cells last showed: a change of the scale or a switch repaints nothing.
    std::shared_ptr<const Scenario> m_shown;
};

} // namespace attention
