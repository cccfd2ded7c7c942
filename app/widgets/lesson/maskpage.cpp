#include "maskpage.h"

#include "compareview.h"
#include "controlspanel.h"
#include "heatmapwidget.h"
#include "lessonnumbers.h"
#include "numberformat.h"
#include "presets.h"
#include "scenariodocument.h"
#include "scenariofile.h"

#include <QEvent>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QUndoStack>
#include <QVBoxLayout>
#include <algorithm>

namespace attention {

namespace {

Scenario maskScenario(std::uint64_t seed)
{
    Scenario s = randomScenario({QStringLiteral("床"), QStringLiteral("前"), QStringLiteral("明"),
                                 QStringLiteral("月"), QStringLiteral("光")},
                                MaskPage::dimension, seed);
    s.divideBySqrtD = true;
    s.causal = true;
    return s;
}

} // namespace

MaskPage::MaskPage(QWidget *parent)
    : LessonPage(parent)
    , m_document(new ScenarioDocument(this))
    , m_controls(new ControlsPanel(this))
    , m_reroll(new QPushButton(this))
    , m_scores(new HeatmapWidget(HeatmapWidget::Kind::Scores, this))
    , m_weights(new HeatmapWidget(HeatmapWidget::Kind::Weights, this))
    , m_compare(new CompareView(this))
    , m_readout(new QLabel(this))
{
    m_controls->setSectionVisible(ControlsPanel::Section::Dimension, false);
    m_compare->setFlip(Flip::Causal);
    m_readout->setWordWrap(true);
    m_readout->setTextFormat(Qt::RichText);
    m_readout->setFrameShape(QFrame::StyledPanel);
    m_readout->setMargin(6);
    QFont readoutFont = m_readout->font();
    readoutFont.setPointSizeF(readoutFont.pointSizeF() * 1.15);
    m_readout->setFont(readoutFont);

    auto *top = new QHBoxLayout;
    top->addWidget(m_controls, 1);
    top->addWidget(m_reroll);

    auto *views = new QHBoxLayout;
    views->addWidget(m_scores, 1);
    views->addWidget(m_weights, 1);
    views->addWidget(m_compare, 1);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addLayout(views, 3);
    layout->addWidget(m_readout);
    layout->addStretch(1);

    connect(m_document, &ScenarioDocument::changed, this, &MaskPage::documentChanged);
    connectControls(m_controls, m_document);
    connect(m_reroll, &QPushButton::clicked, this, &MaskPage::reroll);
    for (HeatmapWidget *heatmap : {m_scores, m_weights})
        connect(heatmap, &HeatmapWidget::tokenSelected, this, &MaskPage::setSelectedToken);
    connect(m_compare, &CompareView::tokenSelected, this, &MaskPage::setSelectedToken);

    retranslateUi();
    reset();
}

MaskPage::~MaskPage() = default;

QJsonObject MaskPage::saveState() const
{
    return {{QStringLiteral("scenario"), QString::fromUtf8(scenarioToJson(m_document->scenario()))},
            {QStringLiteral("seed"), QString::number(m_seed)},
            {QStringLiteral("row"), m_row}};
}

void MaskPage::restoreState(const QJsonObject &state)
{
    reset();
    bool ok = false;
    const std::uint64_t seed = state.value(QStringLiteral("seed")).toString().toULongLong(&ok);
    if (ok)
        m_seed = seed;
    const ScenarioReadResult read =
        parseScenario(state.value(QStringLiteral("scenario")).toString().toUtf8());
    m_document->reset(read.ok() ? read.scenario : maskScenario(m_seed));
    setSelectedToken(state.value(QStringLiteral("row")).toInt(m_row));
}

void MaskPage::reset()
{
    m_seed = 3;
    m_row = 4;
    m_document->reset(maskScenario(m_seed));
}

void MaskPage::startOver()
{
    m_seed = 3;
    m_document->replace(maskScenario(m_seed), tr("Start the step over"));
    setSelectedToken(4);
}

QUndoStack *MaskPage::undoStack() const
{
    return m_document->undoStack();
}

void MaskPage::reroll()
{
    // New q and k; the switches and the scale stay as the learner set them.
    Scenario next = maskScenario(++m_seed);
    const Scenario &current = m_document->scenario();
    next.causal = current.causal;
    next.divideBySqrtD = current.divideBySqrtD;
    next.scoreScale = current.scoreScale;
    m_document->replace(next, tr("Re-roll q and k"));
}

void MaskPage::retranslateUi()
{
    m_reroll->setText(tr("&Re-roll q and k"));
    m_reroll->setToolTip(tr("Draw new random queries and keys (seeded; undoable)"));
    documentChanged();
}

void MaskPage::setSelectedToken(int row)
{
    if (row < 0 || row >= m_document->scenario().tokenCount())
        return;
    m_row = row;
    m_scores->setSelectedToken(row);
    m_weights->setSelectedToken(row);
    m_compare->setSelectedToken(row);
}

void MaskPage::documentChanged()
{
    const Scenario &scenario = m_document->scenario();
    const ScenarioResult &result = m_document->result();
    if (result.weights.rows() == 0)
        return;
    m_controls->setScenario(scenario);
    m_scores->setScenario(m_document->computedScenario(), m_document->sharedResult());
    m_weights->setScenario(m_document->computedScenario(), m_document->sharedResult());
    m_compare->setScenario(m_document->computedScenario());
    setSelectedToken(std::min(m_row, int(scenario.tokenCount()) - 1));

    // What the mask did, checked on the numbers shown.
    const MaskSummary mask = summarizeMask(result);
    const QString sums = tr("Every row's weights sum to 1 (largest error %1).")
                             .arg(NumberFormat::difference(mask.worstRowSum));
    m_readout->setText(
        scenario.causal
            ? tr("Mask on: %1 scores above the diagonal are −∞, and their weights are exactly %2. "
                 "%3")
                  .arg(mask.masked)
                  .arg(NumberFormat::difference(mask.aboveDiagonal), sums)
            : tr("Mask off: every token sees every other one, the later ones too; the largest "
                 "weight above the diagonal is %1. %2")
                  .arg(NumberFormat::weight(mask.aboveDiagonal), sums));
}

} // namespace attention
