#include "compareview.h"

#include "heatmapwidget.h"
#include "numberformat.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace attention {

CompareView::CompareView(QWidget *parent)
    : QWidget(parent)
    , m_label(new QLabel(this))
    , m_combo(new QComboBox(this))
    , m_heatmap(new HeatmapWidget(HeatmapWidget::Kind::Weights, this))
{
    auto *row = new QHBoxLayout;
    row->setContentsMargins(6, 0, 6, 0);
    row->addWidget(m_label);
    row->addWidget(m_combo, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(row);
    layout->addWidget(m_heatmap, 1);
    m_label->setBuddy(m_combo);
    for (int i = 0; i < 3; ++i)
        m_combo->addItem(QString());
    connect(m_combo, &QComboBox::currentIndexChanged, this,
            [this](int index) { setFlip(static_cast<Flip>(index)); });
    connect(m_heatmap, &HeatmapWidget::rowClicked, this, &CompareView::rowClicked);
    retranslateUi();
}

CompareView::~CompareView() = default;

Scenario CompareView::flipped(const Scenario &scenario, Flip flip)
{
    Scenario other = scenario;
    switch (flip) {
    case Flip::Causal:
        other.causal = !other.causal;
        break;
    case Flip::SqrtD:
        other.divideBySqrtD = !other.divideBySqrtD;
        break;
    case Flip::UnitScale:
        other.scoreScale = 1.0;
        break;
    }
    return other;
}

void CompareView::setScenario(const Scenario &scenario)
{
    // What the weights depend on; the values are not needed here.
    m_scenario.tokens = scenario.tokens;
    m_scenario.queries = scenario.queries;
    m_scenario.keys = scenario.keys;
    m_scenario.scoreScale = scenario.scoreScale;
    m_scenario.divideBySqrtD = scenario.divideBySqrtD;
    m_scenario.causal = scenario.causal;
    refresh();
}

void CompareView::setSelectedRow(int row)
{
    m_heatmap->setSelectedRow(row);
}

void CompareView::setFlip(Flip flip)
{
    m_flip = flip;
    if (m_combo->currentIndex() != int(flip)) {
        const QSignalBlocker blocker(m_combo);
        m_combo->setCurrentIndex(int(flip));
    }
    refresh();
}

void CompareView::refresh()
{
    if (m_scenario.tokens.isEmpty())
        return;
    const Scenario other = flipped(m_scenario, m_flip);
    // Only scores and weights: the heatmap shows weights, and the output would cost a T × T × d_v
    // product for nothing.
    AttentionResult result;
    result.scores = attentionScores(other.queries, other.keys, other.scoreOptions());
    result.weights = result.scores;
    softmaxRows(result.weights);
    m_heatmap->setScenario(other, result);
    m_heatmap->setCaption(describe(other));
}

QString CompareView::describe(const Scenario &shown) const
{
    QStringList parts;
    parts.append(shown.causal ? tr("causal mask on") : tr("causal mask off"));
    parts.append(shown.divideBySqrtD ? tr("÷ √d on") : tr("÷ √d off"));
    parts.append(tr("scale %1×").arg(NumberFormat::factor(shown.scoreScale)));
    return parts.join(tr(", "));
}

void CompareView::retranslateUi()
{
    m_label->setText(tr("Compare with:"));
    m_combo->setItemText(int(Flip::Causal), tr("the causal mask flipped"));
    m_combo->setItemText(int(Flip::SqrtD), tr("dividing by √d flipped"));
    m_combo->setItemText(int(Flip::UnitScale), tr("the score scale at 1×"));
    m_combo->setToolTip(tr("Which switch differs in this second heatmap of the same scenario."));
    m_combo->setStatusTip(m_combo->toolTip());
    refresh();
}

void CompareView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

} // namespace attention
