#include "averagingpage.h"

#include "heatmapwidget.h"
#include "lessonnumbers.h"
#include "numberformat.h"

#include <QEvent>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QJsonValue>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <cmath>

namespace attention {

namespace {

const QString poem = QStringLiteral("床前明月光疑是地上霜");

/// A large operator between two heatmaps.
QLabel *operatorLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    QFont font = label->font();
    font.setPointSizeF(font.pointSizeF() * 2.6);
    font.setBold(true);
    label->setFont(font);
    label->setAlignment(Qt::AlignCenter);
    return label;
}

QString vectorText(const RowVector &v)
{
    QStringList parts;
    for (Index i = 0; i < v.size(); ++i)
        parts.append(NumberFormat::value(v(i)));
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

} // namespace

AveragingPage::AveragingPage(QWidget *parent)
    : LessonPage(parent)
    , m_tokenLabel(new QLabel(this))
    , m_tokenSpin(new QSpinBox(this))
    , m_reroll(new QPushButton(this))
    , m_weights(new HeatmapWidget(HeatmapWidget::Kind::Weights, this))
    , m_times(operatorLabel(QStringLiteral("·"), this))
    , m_inputs(new HeatmapWidget(HeatmapWidget::Kind::Values, this))
    , m_equals(operatorLabel(QStringLiteral("="), this))
    , m_output(new HeatmapWidget(HeatmapWidget::Kind::Output, this))
    , m_readout(new QLabel(this))
{
    m_tokenSpin->setRange(1, maxTokens);
    m_tokenLabel->setBuddy(m_tokenSpin);
    m_readout->setWordWrap(true);
    m_readout->setTextFormat(Qt::RichText);
    m_readout->setFrameShape(QFrame::StyledPanel);
    m_readout->setMargin(6);
    QFont readoutFont = m_readout->font();
    readoutFont.setPointSizeF(readoutFont.pointSizeF() * 1.15);
    m_readout->setFont(readoutFont);

    auto *controls = new QHBoxLayout;
    controls->addWidget(m_tokenLabel);
    controls->addWidget(m_tokenSpin);
    controls->addSpacing(12);
    controls->addWidget(m_reroll);
    controls->addStretch(1);

    auto *product = new QHBoxLayout;
    product->addWidget(m_weights, 5);
    product->addWidget(m_times);
    product->addWidget(m_inputs, 4);
    product->addWidget(m_equals);
    product->addWidget(m_output, 4);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addLayout(product, 3);
    layout->addWidget(m_readout);
    layout->addStretch(1);

    connect(m_tokenSpin, &QSpinBox::valueChanged, this, &AveragingPage::setTokenCount);
    connect(m_reroll, &QPushButton::clicked, this, [this] { setSeed(m_seed + 1); });
    connect(m_weights, &HeatmapWidget::tokenSelected, this, &AveragingPage::setSelectedToken);
    connect(m_inputs, &HeatmapWidget::tokenSelected, this, &AveragingPage::setSelectedToken);
    connect(m_output, &HeatmapWidget::tokenSelected, this, &AveragingPage::setSelectedToken);

    retranslateUi();
    reset();
}

AveragingPage::~AveragingPage() = default;

QJsonObject AveragingPage::saveState() const
{
    return {{QStringLiteral("tokens"), tokenCount()},
            {QStringLiteral("seed"), QString::number(m_seed)},
            {QStringLiteral("row"), m_row}};
}

void AveragingPage::restoreState(const QJsonObject &state)
{
    reset();
    bool ok = false;
    const std::uint64_t seed = state.value(QStringLiteral("seed")).toString().toULongLong(&ok);
    if (ok)
        setSeed(seed);
    setTokenCount(state.value(QStringLiteral("tokens")).toInt(tokenCount()));
    setSelectedToken(state.value(QStringLiteral("row")).toInt(m_row));
}

void AveragingPage::reset()
{
    m_seed = 1;
    m_row = 2;
    m_scenario = Scenario();
    setTokenCount(5);
}

void AveragingPage::setTokenCount(int tokens)
{
    tokens = std::clamp(tokens, 1, maxTokens);
    if (tokens == tokenCount() && m_scenario.values && m_scenario.values->rows() == tokens)
        return;
    m_scenario.tokens.clear();
    for (int i = 0; i < tokens; ++i)
        m_scenario.tokens.append(poem.at(i));
    m_row = std::min(m_row, tokens - 1);
    rebuild();
}

void AveragingPage::setSeed(std::uint64_t seed)
{
    m_seed = seed;
    rebuild();
}

void AveragingPage::setSelectedToken(int row)
{
    if (row < 0 || row >= tokenCount())
        return;
    m_row = row;
    refresh();
}

double AveragingPage::meanDifference() const
{
    return averagingDifference(m_scenario, m_result, m_row);
}

void AveragingPage::retranslateUi()
{
    m_tokenLabel->setText(tr("&Tokens:"));
    m_tokenSpin->setToolTip(tr("How many characters of 床前明月光疑是地上霜 to average over"));
    m_reroll->setText(tr("New &random inputs"));
    m_reroll->setToolTip(tr("Draw other random input vectors x (seeded, so they can be found "
                            "again)"));
    m_weights->setCaption(tr("row i: 1/i on the first i tokens"));
    m_inputs->setTitle(tr("Inputs x"));
    m_inputs->setCaption(tr("one random vector per token"));
    m_output->setCaption(tr("output = weights · x"));
    refresh();
}

void AveragingPage::rebuild()
{
    const Index T = m_scenario.tokens.size();
    m_scenario = averagingScenario(m_scenario.tokens, inputDimension, m_seed);
    m_result = m_scenario.compute();
    m_weights->setScenario(m_scenario, m_result);
    m_inputs->setScenario(m_scenario, m_result);
    m_output->setScenario(m_scenario, m_result);
    if (m_tokenSpin->value() != int(T)) {
        const QSignalBlocker blocker(m_tokenSpin);
        m_tokenSpin->setValue(int(T));
    }
    refresh();
}

void AveragingPage::refresh()
{
    if (m_scenario.tokens.isEmpty())
        return;
    m_weights->setSelectedToken(m_row);
    m_output->setSelectedToken(m_row);
    m_inputs->setSelectedToken(-1);
    m_inputs->setHighlightedRows(0, m_row);

    const Index n = m_row + 1;
    QStringList averaged;
    for (Index i = 0; i < n; ++i)
        averaged.append(m_scenario.tokens.at(i));
    RowVector mean = m_scenario.values->topRows(n).colwise().mean();
    const double difference = meanDifference();
    const bool equal = difference < 1e-12;
    m_readout->setText(
        tr("Row %1 (%2) gives 1/%1 to each of %3. Their mean input is %4; row %1 of the output "
           "is %5. %6")
            .arg(n)
            .arg(m_scenario.tokens.at(m_row), averaged.join(QStringLiteral(" ")), vectorText(mean),
                 vectorText(m_result.outputMatrix().row(m_row)),
                 equal ? tr("<b style=\"color:#1a7f37\">✓ The same (largest difference "
                            "%1).</b>")
                             .arg(NumberFormat::difference(difference))
                       : tr("<b style=\"color:#c62828\">✗ Different by %1.</b>")
                             .arg(NumberFormat::difference(difference))));
}

} // namespace attention
