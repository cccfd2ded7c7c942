#include "outputview.h"

#include "heatmapwidget.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>

namespace attention {

OutputView::OutputView(QWidget *parent)
    : QWidget(parent)
    , m_values(new HeatmapWidget(HeatmapWidget::Kind::Values, this))
    , m_arrow(new QLabel(this))
    , m_output(new HeatmapWidget(HeatmapWidget::Kind::Output, this))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_values, 1);
    layout->addWidget(m_arrow);
    layout->addWidget(m_output, 1);
    m_arrow->setAlignment(Qt::AlignCenter);
    QFont arrowFont = m_arrow->font();
    arrowFont.setPointSizeF(arrowFont.pointSizeF() * 1.6);
    m_arrow->setFont(arrowFont);
    connect(m_values, &HeatmapWidget::rowClicked, this, &OutputView::rowClicked);
    connect(m_output, &HeatmapWidget::rowClicked, this, &OutputView::rowClicked);
    retranslateUi();
}

OutputView::~OutputView() = default;

void OutputView::setScenario(std::shared_ptr<const Scenario> scenario, SharedResult result)
{
    m_values->setScenario(scenario, result);
    m_output->setScenario(scenario, result);
}

void OutputView::setSelectedRow(int row)
{
    m_values->setSelectedRow(row);
    m_output->setSelectedRow(row);
}

void OutputView::retranslateUi()
{
    m_arrow->setText(QStringLiteral("→"));
    m_arrow->setToolTip(tr("Each output row is the weighted sum of the value rows, with the "
                           "weights of that row's query."));
}

void OutputView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

} // namespace attention
