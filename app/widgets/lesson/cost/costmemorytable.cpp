#include "costmemorytable.h"

#include "numberformat.h"

#include <QHeaderView>
#include <algorithm>

namespace attention {

CostMemoryTable::CostMemoryTable(Quantity quantity, QWidget *parent)
    : QTableWidget(parent)
    , m_quantity(quantity)
{
    setColumnCount(firstKernelColumn + int(allKernels().size()));
    setColumnHidden(tableColumn, quantity == Quantity::Time);
    verticalHeader()->hide();
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionMode(QAbstractItemView::NoSelection);
    setFocusPolicy(Qt::NoFocus);
    horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
}

void CostMemoryTable::showRun(const CostPage::Run &run, bool running)
{
    setRowCount(int(run.lengths.size()));
    const QLocale here = locale();
    for (int row = 0; row < run.lengths.size(); ++row) {
        const int T = run.lengths.at(row);
        const qint64 bytes = CostPage::tableBytes(T);
        auto *lengthItem = new QTableWidgetItem(here.toString(T));
        lengthItem->setTextAlignment(Qt::AlignCenter);
        setItem(row, lengthColumn, lengthItem);

        auto *tableItem = new QTableWidgetItem(NumberFormat::memory(bytes));
        tableItem->setData(Qt::UserRole, bytes);
        tableItem->setTextAlignment(Qt::AlignCenter);
        tableItem->setToolTip(CostPage::tr("%1 × %1 scores × 4 bytes (float32) = %2 bytes")
                                  .arg(here.toString(T), here.toString(bytes)));
        setItem(row, tableColumn, tableItem);

        for (Kernel kernel : allKernels())
            setItem(row, firstKernelColumn + static_cast<int>(kernel),
                    kernelItem(run, T, kernel, running));
    }
    // As tall as its rows (at least three, at most every T), so the chart gets the rest.
    const int rows = std::clamp(int(run.lengths.size()), 3,
                                int(CostPage::lengthsUpTo(CostPage::largestLength).size()));
    setFixedHeight(horizontalHeader()->sizeHint().height() +
                   rows * verticalHeader()->defaultSectionSize() + 2 * frameWidth());
}

QTableWidgetItem *CostMemoryTable::kernelItem(const CostPage::Run &run, int T, Kernel kernel,
                                              bool running) const
{
    const QLocale here = locale();
    const QString title = CostPage::kernelTitle(kernel);
    auto *item = new QTableWidgetItem;
    item->setTextAlignment(Qt::AlignCenter);
    const auto found = std::find_if(run.points.cbegin(), run.points.cend(),
                                    [&](const auto &p) { return p.kernel == kernel && p.T == T; });
    if (found != run.points.cend() && m_quantity == Quantity::Time) {
        item->setText(CostPage::tr("%1 ms").arg(NumberFormat::milliseconds(found->ms)));
        item->setData(Qt::UserRole, found->ms);
    } else if (found != run.points.cend()) {
        item->setText(NumberFormat::memory(found->extraBytes));
        item->setData(Qt::UserRole, found->extraBytes);
    }
    if (found != run.points.cend()) {
        item->setToolTip(CostPage::tr("%1 at T = %2: %3 ms (median of %n run(s)), %4 bytes "
                                      "allocated",
                                      nullptr, found->runs)
                             .arg(title, here.toString(T), NumberFormat::milliseconds(found->ms),
                                  here.toString(found->extraBytes)));
    } else if (!run.kernels.contains(kernel)) {
        item->setText(CostPage::tr("—"));
        item->setToolTip(CostPage::tr("Not selected for this run."));
    } else if (T > CostPage::maxLength(kernel)) {
        item->setText(CostPage::tr("not timed"));
        item->setToolTip(CostPage::tr("%1 is timed up to T = %2 only.")
                             .arg(title, here.toString(CostPage::maxLength(kernel))));
    } else {
        item->setText(running ? CostPage::tr("…") : CostPage::tr("—"));
    }
    if (!item->data(Qt::UserRole).isValid())
        item->setForeground(palette().brush(QPalette::Disabled, QPalette::Text));
    return item;
}

void CostMemoryTable::retranslateUi()
{
    setHorizontalHeaderLabels(
        {CostPage::tr("T"), CostPage::tr("T×T table"), CostPage::kernelTitle(Kernel::Naive),
         CostPage::kernelTitle(Kernel::Materialized), CostPage::kernelTitle(Kernel::Tiled)});
}

void CostMemoryTable::applyFont(const QFont &font)
{
    horizontalHeader()->setFont(font);
    verticalHeader()->setDefaultSectionSize(QFontMetrics(font).height() + 12);
}

} // namespace attention
