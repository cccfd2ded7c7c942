#include "compareview.h"

#include "heatmapwidget.h"
#include "latestjob.h"
#include "numberformat.h"
#include "scenariodocument.h"
#include "tablepool.h"

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
    , m_job(new LatestJob(this))
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
    connect(m_heatmap, &HeatmapWidget::tokenSelected, this, &CompareView::tokenSelected);
    retranslateUi();
}

CompareView::~CompareView() = default;

void CompareView::setScenario(std::shared_ptr<const Scenario> scenario)
{
    m_scenario = std::move(scenario);
    refresh();
}

void CompareView::setScenario(const Scenario &scenario)
{
    setScenario(std::make_shared<const Scenario>(scenario));
}

void CompareView::setSelectedToken(int row)
{
    m_heatmap->setSelectedToken(row);
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
    if (!m_scenario)
        return;
    m_stale = !isVisible();
    if (m_stale) {
        m_job->cancel();
        return;
    }
    const std::shared_ptr<const Scenario> scenario = m_scenario;
    const Flip flip = m_flip;
    // The shown comparison's raw products serve this one when the queries and keys are the
    // same (a scale step); only they go to the worker.
    ScenarioResult previous;
    if (m_shown && m_shownResult && sameProducts(*scenario, *m_shown))
        previous.products = m_shownResult->products;
    const std::shared_ptr<const Scenario> before = previous.products ? m_shown : nullptr;
    const auto compute = [scenario, flip, before, previous = std::move(previous)] {
        return std::pair(std::make_shared<const Scenario>(flipped(*scenario, flip)),
                         shareResult(compareResult(*scenario, flip, before.get(), &previous)));
    };
    if (scenario->tokenCount() <= ScenarioDocument::synchronousTokens) {
        m_job->cancel();
        const auto [other, result] = compute();
        display(other, result);
        return;
    }
    m_job->start([this, compute](const LatestJob::Context &context) -> LatestJob::Delivery {
        if (context.isCancelled())
            return {};
        auto [other, result] = compute();
        return [this, other = std::move(other), result = std::move(result)] {
            display(other, result);
        };
    });
}

void CompareView::display(std::shared_ptr<const Scenario> flipped, SharedResult result)
{
    m_shown = flipped;
    m_shownResult = result;
    m_heatmap->setScenario(flipped, std::move(result));
    m_heatmap->setCaption(describe(*flipped));
}

QSize CompareView::sizeForCellSize(qreal cell) const
{
    const QSize heatmap = m_heatmap->sizeForCellSize(cell);
    const QSize whole = layout()->sizeHint();
    const QSize rest = whole - m_heatmap->sizeHint();
    return {std::max(heatmap.width(), whole.width()), rest.height() + heatmap.height()};
}

bool CompareView::isUpToDate() const
{
    return !m_stale && !m_job->isRunning();
}

void CompareView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale)
        refresh();
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
    // Not the same name as the main weights table: a screen reader lists both.
    m_heatmap->setAccessibleName(tr("Compared attention weights"));
    refresh();
}

void CompareView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

} // namespace attention
