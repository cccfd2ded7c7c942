#include "knockouttable.h"

#include "numberformat.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>

namespace attention {

namespace {

const QColor weakenedColor(0xf4, 0xc7, 0xc3); // a light red: the knock-out took the ratio away

QString headName(int layer, int head)
{
    return QStringLiteral("%1.%2").arg(layer + 1).arg(head + 1);
}

QTableWidgetItem *cell(const QString &text)
{
    auto *item = new QTableWidgetItem(text);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    return item;
}

QString ratioText(double ratio)
{
    return NumberFormat::ratio(ratio) + QStringLiteral("×");
}

} // namespace

KnockoutTable::KnockoutTable(QWidget *parent)
    : QWidget(parent)
    , m_table(new QTableWidget(this))
    , m_verdict(new QLabel(this))
{
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_verdict);
    retranslateUi();
}

void KnockoutTable::showWorth(const HeadsWorth *worth)
{
    m_report.reset();
    if (worth)
        m_report = worth->report;
    fillTable();
}

void KnockoutTable::fillTable()
{
    m_table->clear();
    const int layers = m_report ? int(m_report->knockouts.size()) : 0;
    const int heads = layers > 0 ? int(m_report->knockouts[0].size()) : 0;
    const bool matrix = layers > 1;
    // Short headers, so that the matrix fits beside the bars; the tooltip says what they are.
    // In two layers the next layer's heads have their names; deeper, each row's next layer.
    QStringList columns{tr("Loss"), tr("Score")};
    for (int h = 0; matrix && h < heads; ++h)
        columns.append(layers == 2 ? headName(1, h) + QStringLiteral(" ×")
                                   : tr("Next layer's\nhead %1").arg(h + 1));
    m_table->setColumnCount(int(columns.size()));
    m_table->setHorizontalHeaderLabels(columns);
    m_table->setRowCount(m_report ? 1 + layers * heads : 0);
    if (m_report) {
        // The first row: every head on, the score itself and layer 2's induction ratios.
        QStringList rows{tr("none off")};
        m_table->setItem(0, 0, cell(QStringLiteral("–")));
        m_table->setItem(0, 1,
                         cell(std::isfinite(m_report->iclScore)
                                  ? NumberFormat::loss(m_report->iclScore)
                                  : QStringLiteral("–")));
        for (int h = 0; matrix && h < heads; ++h)
            m_table->setItem(
                0, 2 + h,
                cell(ratioText(m_report->roles[1][std::size_t(h)][tiny::Role::Induction].ratio())));
        for (int l = 0; l < layers; ++l)
            for (int h = 0; h < heads; ++h) {
                const int row = 1 + l * heads + h;
                rows.append(tr("%1 off").arg(headName(l, h)));
                const tiny::HeadKnockout &off = m_report->knockouts[std::size_t(l)][std::size_t(h)];
                m_table->setItem(row, 0, cell(NumberFormat::lossChange(off.valLossIncrease)));
                m_table->setItem(row, 1,
                                 cell(std::isfinite(off.iclScoreChange)
                                          ? NumberFormat::lossChange(off.iclScoreChange)
                                          : QStringLiteral("–")));
                for (int next = 0; matrix && next < heads; ++next) {
                    if (off.inductionAfter.empty()) {
                        m_table->setItem(row, 2 + next, cell(QStringLiteral("–")));
                        continue;
                    }
                    const double after = off.inductionAfter[std::size_t(next)];
                    const double before =
                        m_report
                            ->roles[std::size_t(l) + 1][std::size_t(next)][tiny::Role::Induction]
                            .ratio();
                    QTableWidgetItem *item = cell(ratioText(after));
                    if (before >= tiny::namedRoleMinRatio && after < before / 2.0) {
                        item->setBackground(weakenedColor);
                        item->setForeground(Qt::black);
                    }
                    m_table->setItem(row, 2 + next, item);
                }
            }
        m_table->setVerticalHeaderLabels(rows);
    }
    m_verdict->setText(verdictText());
    m_table->setAccessibleDescription(verdictText());
}

QString KnockoutTable::verdictText() const
{
    if (!m_report)
        return {};
    if (m_report->roles.size() < 2)
        return tr("One layer: no head reads what an earlier head wrote, so there is no induction "
                  "circuit to knock out.");
    // The induction head: of the heads of layer 2 and up whose role line names induction (the
    // one rule of tiny::HeadRoles::named), the one that reads the earlier copy most.
    tiny::RoleLeader leader;
    for (std::size_t l = 1; l < m_report->roles.size(); ++l)
        for (std::size_t h = 0; h < m_report->roles[l].size(); ++h) {
            const tiny::HeadRoles &roles = m_report->roles[l][h];
            const double ratio = roles[tiny::Role::Induction].ratio();
            if (roles.named() == tiny::Role::Induction &&
                (leader.head.first < 0 || ratio > leader.ratio))
                leader = {{int(l), int(h)}, ratio};
        }
    if (leader.head.first < 0) {
        const tiny::RoleLeader most =
            tiny::roleLeader(m_report->roles, tiny::Role::Induction, /*fromLayer=*/1);
        return tr("No head of layer 2 and up plays the induction role yet (the most on the "
                  "character after the earlier copy, %1, %2; a role from %3).")
            .arg(most.head.first < 0 ? QStringLiteral("–")
                                     : headName(most.head.first, most.head.second),
                 ratioText(std::max(0.0, most.ratio)), ratioText(tiny::namedRoleMinRatio));
    }
    // The head of the layer before whose knock-out leaves the induction head weakest.
    const int source = leader.head.first - 1;
    int weakest = 0;
    double lowest = INFINITY;
    for (int h = 0; h < int(m_report->knockouts[std::size_t(source)].size()); ++h) {
        const double after = m_report->knockouts[std::size_t(source)][std::size_t(h)]
                                 .inductionAfter[std::size_t(leader.head.second)];
        if (after < lowest) {
            lowest = after;
            weakest = h;
        }
    }
    const QString reader = headName(leader.head.first, leader.head.second);
    const QString writer = headName(source, weakest);
    if (tiny::shownRatio(lowest) < tiny::namedRoleMinRatio)
        return tr("Head %1 is the induction head (%2). With head %3 off it falls to %4: it "
                  "reads what %3 writes, the two heads form the circuit.")
            .arg(reader, ratioText(leader.ratio), writer, ratioText(lowest));
    return tr("Head %1 is the induction head (%2). No single head of the layer before takes it "
              "below %3: with head %4 off, the most, it is still %5.")
        .arg(reader, ratioText(leader.ratio), ratioText(tiny::namedRoleMinRatio), writer,
             ratioText(lowest));
}

void KnockoutTable::retranslateUi()
{
    m_table->setAccessibleName(tr("Knock-out matrix"));
    m_table->setToolTip(
        tr("Each row switches one head off alone. Loss: how much the validation loss rises. "
           "Score: how the in-context learning score moves (up: the later positions lose what "
           "they read earlier in the text; the first row gives the score itself). The next "
           "layer's columns: each of its heads' induction ratio without this head; red where it "
           "fell below half."));
    fillTable();
}

void KnockoutTable::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

} // namespace attention
