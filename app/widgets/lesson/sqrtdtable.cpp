// SqrtDPage's table: one row per dimension of tableDimensions() with d, the measured std of q·k,
// √d and the mean largest weight with and without dividing by √d; the current d's row in bold.

#include "numberformat.h"
#include "sqrtdpage.h"

#include <QFontMetrics>
#include <QHeaderView>
#include <QTableWidget>
#include <algorithm>
#include <cmath>

namespace attention {

namespace {

/// Table columns.
enum Column : int
{
    DimensionColumn,
    StdColumn,
    SqrtColumn,
    UnscaledColumn,
    ScaledColumn,
    ColumnCount,
};

} // namespace

void SqrtDPage::buildTable()
{
    m_table->setRowCount(int(tableDimensions().size()));
    m_table->setColumnCount(ColumnCount);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setFocusPolicy(Qt::NoFocus);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    for (const int narrow : {DimensionColumn, SqrtColumn})
        m_table->horizontalHeader()->setSectionResizeMode(narrow, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setDefaultAlignment(Qt::AlignCenter);
    for (int r = 0; r < m_table->rowCount(); ++r) {
        for (int c = 0; c < ColumnCount; ++c) {
            auto *item = new QTableWidgetItem;
            item->setTextAlignment(Qt::AlignCenter);
            m_table->setItem(r, c, item);
        }
        const int d = tableDimensions().at(r);
        m_table->item(r, DimensionColumn)->setText(QString::number(d));
        m_table->item(r, DimensionColumn)->setData(Qt::UserRole, double(d));
        m_table->item(r, SqrtColumn)->setText(NumberFormat::value(std::sqrt(double(d))));
        m_table->item(r, SqrtColumn)->setData(Qt::UserRole, std::sqrt(double(d)));
    }
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void SqrtDPage::retranslateTable()
{
    m_table->setHorizontalHeaderLabels({tr("d"), tr("std of q·k"), tr("√d"),
                                        tr("largest weight\nunscaled"),
                                        tr("largest weight\n÷ √d")});
    m_table->setToolTip(tr("The lesson's four dimensions, measured with the same trials as "
                           "the charts."));
}

void SqrtDPage::fitTable(const QFont &font)
{
    m_table->setFont(font);
    // The table's height fits its header and rows exactly, whatever the font.
    const int rowHeight = QFontMetrics(font).height() * 7 / 4;
    m_table->verticalHeader()->setDefaultSectionSize(rowHeight);
    m_table->horizontalHeader()->setFont(font);
    const int height = m_table->horizontalHeader()->sizeHint().height() +
                       rowHeight * m_table->rowCount() + 2 * m_table->frameWidth();
    m_table->setFixedHeight(height);
    // d and √d as wide as their contents, the others share the rest evenly: none narrower than
    // its header (the layout would squeeze them at the classroom zoom).
    const QHeaderView *header = m_table->horizontalHeader();
    const QAbstractItemView *cells = m_table; // sizeHintForColumn() is public there
    int width = 2 * m_table->frameWidth();
    int widest = 0;
    for (int c = 0; c < ColumnCount; ++c) {
        const int need = std::max(header->sectionSizeHint(c), cells->sizeHintForColumn(c));
        if (header->sectionResizeMode(c) == QHeaderView::Stretch)
            widest = std::max(widest, need);
        else
            width += need;
    }
    m_table->setMinimumWidth(width + 3 * widest); // three columns stretch
}

void SqrtDPage::refreshTable()
{
    const int current = dimension();
    for (int r = 0; r < m_table->rowCount(); ++r) {
        const int d = tableDimensions().at(r);
        const std::optional<SqrtDRow> row = measuredRow(int(dimensions().indexOf(d)));
        const auto set = [&](int column, std::optional<double> value) {
            QTableWidgetItem *item = m_table->item(r, column);
            item->setText(value ? NumberFormat::value(*value) : QStringLiteral("…"));
            item->setData(Qt::UserRole, value ? QVariant(*value) : QVariant());
        };
        set(StdColumn, row ? std::optional<double>(row->stdDev) : std::nullopt);
        set(UnscaledColumn, row ? std::optional<double>(row->maxWeightUnscaled) : std::nullopt);
        set(ScaledColumn, row ? std::optional<double>(row->maxWeightScaled) : std::nullopt);
        // The row of the current d stands out.
        for (int c = 0; c < ColumnCount; ++c) {
            QTableWidgetItem *item = m_table->item(r, c);
            QFont font = item->font();
            font.setBold(d == current);
            item->setFont(font);
        }
    }
}

} // namespace attention
