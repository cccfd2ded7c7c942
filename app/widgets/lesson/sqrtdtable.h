#pragma once

/// Step 4's table, as in the lesson: one row per dimension (16, 64, 256, 1024) with d, the
/// measured std of q·k, √d and the mean largest weight with and without dividing by √d; the
/// current d's row in bold, "…" where a figure is not measured yet. Qt::UserRole holds each
/// number as a double (invalid until measured). Its height fits its rows exactly at any font.

#include "sqrtdmeasurement.h"

#include <QList>
#include <QTableWidget>
#include <functional>
#include <optional>

namespace attention {

class SqrtDTable : public QTableWidget
{
    Q_OBJECT

public:
    /// The measured row at dimension d, if it has arrived.
    using RowAt = std::function<std::optional<SqrtDRow>(int d)>;

    /// A row per entry of `dimensions`.
    explicit SqrtDTable(const QList<int> &dimensions, QWidget *parent = nullptr);

    /// Writes each row's measured figures, the row of `currentDimension` in bold.
    void showRows(const RowAt &rowAt, int currentDimension);
    /// Sets the table's font and fits its height and minimum width to it.
    void fitToFont(const QFont &font);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();

    QList<int> m_dimensions;
};

} // namespace attention
