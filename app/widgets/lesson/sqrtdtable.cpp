#include "sqrtdtable.h"

#include "numberformat.h"

#include <QEvent>
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

SqrtDTable::SqrtDTable(const QList<int> &dimensions, QWidget *parent)
    : QTableWidget(parent)
    , m_dimensions(dimensions)
{
    setRowCount(int(m_dimensions.size()));
    setColumnCount(ColumnCount);
    verticalHeader()->hide();
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionMode(QAbstractItemView::NoSelection);
    setFocusPolicy(Qt::NoFocus);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    for (const int narrow : {DimensionColumn, SqrtColumn})
        horizontalHeader()->setSectionResizeMode(narrow, QHeaderView::ResizeToContents);
    horizontalHeader()->setDefaultAlignment(Qt::AlignCenter);
    for (int r = 0; r < rowCount(); ++r) {
        for (int c = 0; c < ColumnCount; ++c) {
            auto *item = new QTableWidgetItem;
            item->setTextAlignment(Qt::AlignCenter);
            setItem(r, c, item);
        }
        const int d = m_dimensions.at(r);
        item(r, DimensionColumn)->setText(QString::number(d));
        item(r, DimensionColumn)->setData(Qt::UserRole, double(d));
        item(r, SqrtColumn)->setText(NumberFormat::value(std::sqrt(double(d))));
        item(r, SqrtColumn)->setData(Qt::UserRole, std::sqrt(double(d)));
    }
    verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    retranslateUi();
}

void SqrtDTable::retranslateUi()
{
    setHorizontalHeaderLabels({tr("d"), tr("std of q·k"), tr("√d"), tr("largest weight\nunscaled"),
                               tr("largest weight\n÷ √d")});
    setToolTip(tr("The lesson's four dimensions, measured with the same trials as "
                  "the charts."));
}

void SqrtDTable::fitToFont(const QFont &font)
{
    setFont(font);
    // The table's height fits its header and rows exactly, whatever the font.
    const int rowHeight = QFontMetrics(font).height() * 7 / 4;
    verticalHeader()->setDefaultSectionSize(rowHeight);
    horizontalHeader()->setFont(font);
    const int height =
        horizontalHeader()->sizeHint().height() + rowHeight * rowCount() + 2 * frameWidth();
    setFixedHeight(height);
    // d and √d as wide as their contents, the others share the rest evenly: none narrower than
    // its header (the layout would squeeze them at the classroom zoom).
    const QHeaderView *header = horizontalHeader();
    const QAbstractItemView *cells = this; // sizeHintForColumn() is public there
    int width = 2 * frameWidth();
    int widest = 0;
    for (int c = 0; c < ColumnCount; ++c) {
        const int need = std::max(header->sectionSizeHint(c), cells->sizeHintForColumn(c));
        if (header->sectionResizeMode(c) == QHeaderView::Stretch)
            widest = std::max(widest, need);
        else
            width += need;
    }
    setMinimumWidth(width + 3 * widest); // three columns stretch
}

void SqrtDTable::showRows(const RowAt &rowAt, int currentDimension)
{
    for (int r = 0; r < rowCount(); ++r) {
        const int d = m_dimensions.at(r);
        const std::optional<SqrtDRow> row = rowAt(d);
        const auto set = [&](int column, std::optional<double> value) {
            QTableWidgetItem *cell = item(r, column);
            cell->setText(value ? NumberFormat::value(*value) : QStringLiteral("…"));
            cell->setData(Qt::UserRole, value ? QVariant(*value) : QVariant());
        };
        set(StdColumn, row ? std::optional<double>(row->stdDev) : std::nullopt);
        set(UnscaledColumn, row ? std::optional<double>(row->maxWeightUnscaled) : std::nullopt);
        set(ScaledColumn, row ? std::optional<double>(row->maxWeightScaled) : std::nullopt);
        // The row of the current d stands out.
        for (int c = 0; c < ColumnCount; ++c) {
            QTableWidgetItem *cell = item(r, c);
            QFont font = cell->font();
            font.setBold(d == currentDimension);
            cell->setFont(font);
        }
    }
}

void SqrtDTable::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QTableWidget::changeEvent(event);
}

} // namespace attention
