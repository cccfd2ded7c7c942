#include "headworthpanel.h"

#include "barchartview.h"
#include "knockouttable.h"
#include "numberformat.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>

namespace attention {

HeadWorthPanel::HeadWorthPanel(QWidget *parent)
    : QWidget(parent)
    , m_caption(new QLabel)
    , m_chart(new BarChartView(QColor(0xd6, 0x27, 0x28)))
    , m_loss(new QLabel)
    , m_knockout(new KnockoutTable)
    , m_pastNote(new QLabel)
{
    m_caption->setWordWrap(true);
    m_loss->setWordWrap(true);
    m_pastNote->setWordWrap(true);
    m_pastNote->setVisible(false);
    m_chart->valueAxis()->setLabelFormat(QStringLiteral("%.2f"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_caption);
    layout->addWidget(m_pastNote);
    // The bars beside the knock-out matrix: each head's cost, then what it does to the next layer.
    auto *row = new QHBoxLayout;
    row->addWidget(m_chart, 2);
    row->addWidget(m_knockout, 3);
    layout->addLayout(row, 1);
    layout->addWidget(m_loss);
    retranslateUi();
}

void HeadWorthPanel::showWorth(const HeadsWorth *worth)
{
    m_worth.reset();
    if (worth)
        m_worth = *worth;
    QStringList names;
    QList<qreal> values;
    double low = 0.0, high = 0.0;
    const auto &knockouts =
        worth ? worth->report.knockouts : std::vector<std::vector<tiny::HeadKnockout>>{};
    for (std::size_t l = 0; l < knockouts.size(); ++l)
        for (std::size_t h = 0; h < knockouts[l].size(); ++h) {
            const double increase = knockouts[l][h].valLossIncrease;
            names.append(QStringLiteral("%1.%2").arg(l + 1).arg(h + 1));
            values.append(increase);
            low = std::min(low, increase);
            high = std::max(high, increase);
        }
    m_chart->setBars(names, values);
    m_knockout->showWorth(worth);
    // From 0 (or a little below, for a head the model does better without) to a round number.
    m_chart->valueAxis()->setRange(low < -0.005 ? low : 0.0, std::max(0.05, high));
    m_chart->valueAxis()->applyNiceNumbers();
    updateTexts();
}

QString HeadWorthPanel::lossText() const
{
    if (!m_worth)
        return tr("Measured once the model has a validation text to read.");
    const QString all = NumberFormat::loss(m_worth->valLoss());
    if (m_worth->off.empty())
        return tr("Validation loss with every head on: %1. Switch heads off in the selected "
                  "head's tab to see what the model does without them.")
            .arg(all);
    QStringList off;
    for (const tiny::HeadIndex &head : m_worth->off)
        off.append(QStringLiteral("%1.%2").arg(head.first + 1).arg(head.second + 1));
    const double rise = m_worth->valLossWithOff - m_worth->valLoss();
    return tr("With %1 switched off the validation loss is %2, against %3 with every head on "
              "(%4).")
        .arg(off.join(QStringLiteral(", ")), NumberFormat::loss(m_worth->valLossWithOff), all,
             NumberFormat::lossChange(rise));
}

void HeadWorthPanel::setLatestShown(bool latest)
{
    m_latest = latest;
    updateTexts();
}

void HeadWorthPanel::updateTexts()
{
    m_caption->setText(
        m_worth ? tr("How much the validation loss rises when one head alone is switched off "
                     "(its output set to zero), over the first %1 characters of the validation "
                     "text with the weights of step %2: the taller the bar, the more the model "
                     "needs that head.")
                      .arg(locale().toString(qlonglong(m_worth->predictions)))
                      .arg(locale().toString(m_worth->model ? m_worth->model->step : 0))
                : tr("How much the validation loss rises when one head alone is switched off."));
    m_loss->setText(lossText());
    m_pastNote->setVisible(!m_latest && m_worth);
    if (m_worth)
        m_pastNote->setText(
            tr("The grid shows an earlier step. These figures are the latest weights' (step "
               "%1): a step of the history keeps each head's pattern, not the weights a head "
               "is switched off in.")
                .arg(locale().toString(m_worth->model ? m_worth->model->step : 0)));
}

void HeadWorthPanel::retranslateUi()
{
    m_chart->setAccessibleName(tr("Validation loss increase by head switched off"));
    m_knockout->retranslateUi();
    updateTexts();
}

void HeadWorthPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LocaleChange)
        updateTexts();
    QWidget::changeEvent(event);
}

} // namespace attention
