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
    , m_note(new QLabel(this))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_values, 1);
    layout->addWidget(m_arrow);
    layout->addWidget(m_output, 1);
    layout->addWidget(m_note, 1);
    m_note->setWordWrap(true);
    m_note->setAlignment(Qt::AlignCenter);
    m_note->setMargin(12);
    m_note->hide();
    m_arrow->setAlignment(Qt::AlignCenter);
    QFont arrowFont = m_arrow->font();
    arrowFont.setPointSizeF(arrowFont.pointSizeF() * 1.6);
    m_arrow->setFont(arrowFont);
    connect(m_values, &HeatmapWidget::tokenSelected, this, &OutputView::tokenSelected);
    connect(m_output, &HeatmapWidget::tokenSelected, this, &OutputView::tokenSelected);
    retranslateUi();
}

OutputView::~OutputView() = default;

void OutputView::setScenario(std::shared_ptr<const Scenario> scenario, SharedResult result)
{
    m_tokens = int(scenario->tokenCount());
    m_noteShown = !scenario->drawsOutput();
    for (QWidget *part : {static_cast<QWidget *>(m_values), static_cast<QWidget *>(m_arrow),
                          static_cast<QWidget *>(m_output)})
        part->setVisible(!m_noteShown);
    m_note->setVisible(m_noteShown);
    if (m_noteShown) {
        retranslateUi();
        return;
    }
    m_values->setScenario(scenario, result);
    m_output->setScenario(scenario, result);
}

void OutputView::setSelectedToken(int row)
{
    m_values->setSelectedToken(row);
    m_output->setSelectedToken(row);
}

void OutputView::retranslateUi()
{
    m_arrow->setText(QStringLiteral("→"));
    m_arrow->setToolTip(tr("Each output row is the weighted sum of the value rows, with the "
                           "weights of that row's query."));
    m_note->setText(tr("The values are one-hot: token i's value is the i-th unit vector, so each "
                       "output row is that query's row of weights. With %1 tokens the output is "
                       "the weights heatmap itself, and it is not drawn twice.")
                        .arg(m_tokens));
}

void OutputView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

} // namespace attention
