#pragma once

/// The tables of CostPage (step 6), one row per T of a run. The memory table: what a float32 T×T
/// score table takes beside what each kernel really allocated beyond q, k, v and the output. The
/// time table: each kernel's measured time of one pass, the numbers exercise 3 compares. They
/// only show a CostPage::Run; the page measures and owns it.

#include "costpage.h"

#include <QTableWidget>

namespace attention {

class CostMemoryTable : public QTableWidget
{
public:
    /// Columns: T, the T×T table, then one per kernel in the order of allKernels().
    static constexpr int lengthColumn = 0;
    static constexpr int tableColumn = 1;
    static constexpr int firstKernelColumn = 2;

    /// What the kernels' cells hold (Qt::UserRole: the bytes as a whole number, or the
    /// milliseconds as a double). The time table hides the T×T table's column.
    enum class Quantity
    {
        Memory,
        Time
    };

    explicit CostMemoryTable(Quantity quantity, QWidget *parent = nullptr);

    /// One row per T of `run`; while `running`, the cells still to be measured show "…".
    /// The table is as tall as its rows (at least three, at most every T).
    void showRun(const CostPage::Run &run, bool running);
    void retranslateUi();
    /// Headers and row height for `font`; showRun() again afterwards fits the height.
    void applyFont(const QFont &font);

private:
    QTableWidgetItem *kernelItem(const CostPage::Run &run, int T, Kernel kernel,
                                 bool running) const;

    Quantity m_quantity;
};

} // namespace attention
