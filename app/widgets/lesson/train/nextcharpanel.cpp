#include "nextcharpanel.h"

#include "barchartview.h"
#include "numberformat.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace attention {

NextCharPanel::NextCharPanel(ModelInspector *inspector, QWidget *parent)
    : QWidget(parent)
    , m_inspector(inspector)
    , m_caption(new QLabel)
    , m_rareNote(new QLabel)
    , m_chart(new BarChartView(QColor(0x1f, 0x77, 0xb4)))
    , m_temperatureLabel(new QLabel)
    , m_slider(new QSlider(Qt::Horizontal))
    , m_temperatureNote(new QLabel)
    , m_promptLabel(new QLabel)
    , m_prompt(new QLineEdit(QStringLiteral("床前")))
    , m_seedLabel(new QLabel)
    , m_seed(new QSpinBox)
    , m_sample(new QPushButton)
    , m_output(new QLabel)
{
    m_caption->setWordWrap(true);
    m_rareNote->setWordWrap(true);
    m_rareNote->setVisible(false);
    m_chart->valueAxis()->setLabelFormat(QStringLiteral("%.2f"));

    m_slider->setRange(0, sliderSteps);
    m_slider->setPageStep(sliderSteps / 10);
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_slider->setTickInterval(sliderSteps / 2);
    m_slider->setValue(sliderValue(1.0));
    m_temperatureNote->setWordWrap(true);
    m_seed->setRange(0, 1'000'000);
    m_seed->setValue(1);
    m_output->setWordWrap(true);
    m_output->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_prompt->setMaxLength(256);

    auto *temperature = new QHBoxLayout;
    temperature->addWidget(m_temperatureLabel);
    temperature->addWidget(m_slider, 1);
    auto *sample = new QHBoxLayout;
    sample->addWidget(m_promptLabel);
    sample->addWidget(m_prompt, 1);
    sample->addWidget(m_seedLabel);
    sample->addWidget(m_seed);
    sample->addWidget(m_sample);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_caption);
    layout->addWidget(m_chart, 1);
    layout->addWidget(m_rareNote);
    layout->addLayout(temperature);
    layout->addWidget(m_temperatureNote);
    layout->addLayout(sample);
    layout->addWidget(m_output);

    connect(m_slider, &QSlider::valueChanged, this,
            [this](int value) { setTemperature(temperatureAt(value)); });
    connect(m_sample, &QPushButton::clicked, this, &NextCharPanel::sample);
    connect(m_prompt, &QLineEdit::returnPressed, this, &NextCharPanel::sample);
    connect(m_inspector, &ModelInspector::nextPredicted, this, &NextCharPanel::showPrediction);
    connect(m_inspector, &ModelInspector::sampled, this, &NextCharPanel::showSample);
    retranslateUi();
}

int NextCharPanel::sliderValue(double temperature)
{
    const double t =
        std::log(std::clamp(temperature, minTemperature, maxTemperature) / minTemperature) /
        std::log(maxTemperature / minTemperature);
    return int(std::lround(t * sliderSteps));
}

double NextCharPanel::temperatureAt(int value)
{
    const double t = std::clamp(value, 0, sliderSteps) / double(sliderSteps);
    const double temperature = minTemperature * std::pow(maxTemperature / minTemperature, t);
    // Two significant digits, so that the middle is exactly 1.
    const double magnitude = std::pow(10.0, std::floor(std::log10(temperature)) - 1);
    return std::round(temperature / magnitude) * magnitude;
}

void NextCharPanel::showModel(SharedModel model, const tiny::Vocabulary *vocabulary,
                              const std::vector<int> &ids, int position)
{
    m_model = std::move(model);
    m_vocabulary = vocabulary;
    m_ids = ids;
    m_position = position;
    updateBars();
}

void NextCharPanel::setTemperature(double temperature)
{
    temperature = std::clamp(temperature, minTemperature, maxTemperature);
    if (temperature == m_temperature)
        return;
    m_temperature = temperature;
    {
        const QSignalBlocker blocker(m_slider);
        m_slider->setValue(sliderValue(temperature));
    }
    retranslateUi(); // the label's number, and the bars at the new temperature
    Q_EMIT temperatureChanged(temperature);
}

QString NextCharPanel::prompt() const
{
    return m_prompt->text();
}

void NextCharPanel::setPrompt(const QString &prompt)
{
    m_prompt->setText(prompt);
}

quint64 NextCharPanel::seed() const
{
    return quint64(m_seed->value());
}

void NextCharPanel::setSeed(quint64 seed)
{
    m_seed->setValue(int(std::min<quint64>(seed, quint64(m_seed->maximum()))));
}

QString NextCharPanel::characterText(int id) const
{
    if (!m_vocabulary || id < 0 || id >= m_vocabulary->size())
        return {};
    if (id == 0) // every character seen too seldom to have an id of its own
        return tr("rare");
    const char32_t c = m_vocabulary->character(id);
    if (c == U'\n')
        return QStringLiteral("⏎");
    if (c == U' ')
        return QStringLiteral("␣");
    return QString::fromUcs4(&c, 1);
}

void NextCharPanel::updateBars()
{
    const int position = m_position < 0 ? int(m_ids.size()) - 1 : m_position;
    const bool known = position >= 0 && position < int(m_ids.size());
    if (known && m_ids[std::size_t(position)] == 0)
        m_caption->setText(tr("After a character the model does not know (position %1), the "
                              "probability of each next character:")
                               .arg(position + 1));
    else if (known)
        m_caption->setText(tr("After “%1” (position %2), the probability of each next "
                              "character:")
                               .arg(characterText(m_ids[std::size_t(position)]))
                               .arg(position + 1));
    else
        m_caption->setText(tr("Pick a position in the heads to see what the model expects next."));
    std::vector<int> context;
    if (m_model && known)
        context.assign(m_ids.begin(), m_ids.begin() + position + 1);
    // An empty context clears the bars at once (the inspector publishes no prediction).
    m_inspector->predictNext(m_model, std::move(context), m_temperature, topCount);
}

void NextCharPanel::showPrediction()
{
    m_characters.clear();
    m_probabilities.clear();
    const SharedNextPrediction prediction = m_inspector->nextPrediction();
    if (prediction && prediction->model == m_model)
        for (std::size_t i = 0; i < prediction->ids.size(); ++i) {
            m_characters.append(characterText(prediction->ids[i]));
            m_probabilities.append(prediction->probabilities[i]);
        }
    m_chart->setBars(m_characters, m_probabilities);
    m_rareNote->setVisible(prediction && prediction->model == m_model &&
                           std::find(prediction->ids.begin(), prediction->ids.end(), 0) !=
                               prediction->ids.end());
    // The scale follows the likeliest character (in tenths), so an unsure model's bars show.
    const double top = m_probabilities.isEmpty() ? 1.0 : m_probabilities.front();
    m_chart->valueAxis()->setRange(0.0, std::clamp(std::ceil(top * 10.0) / 10.0, 0.1, 1.0));
    m_chart->valueAxis()->applyNiceNumbers();
}

void NextCharPanel::sample()
{
    m_sampledText.clear();
    std::vector<int> prompt;
    if (m_model && m_vocabulary)
        for (const char32_t c : m_prompt->text().toStdU32String())
            prompt.push_back(m_vocabulary->idOf(c));
    if (m_model && prompt.empty())
        m_output->setText(tr("Type a prompt to continue."));
    else
        m_output->clear();
    m_sampledPrompt = m_prompt->text();
    m_inspector->sample(m_model, std::move(prompt), sampleLength, m_temperature, seed());
}

void NextCharPanel::showSample()
{
    const SharedSampledText sampled = m_inspector->sampledText();
    if (!sampled || sampled->model != m_model)
        return;
    m_sampledText.clear();
    for (const int id : sampled->ids)
        m_sampledText += characterText(id);
    m_output->setText(QStringLiteral("<b>%1</b>%2")
                          .arg(m_sampledPrompt.toHtmlEscaped(), m_sampledText.toHtmlEscaped()));
}

void NextCharPanel::retranslateUi()
{
    m_temperatureLabel->setText(tr("Temperature %1").arg(NumberFormat::factor(m_temperature)));
    m_slider->setToolTip(tr("Temperature from %1 to %2; Page Up and Page Down move by a tenth.")
                             .arg(locale().toString(minTemperature))
                             .arg(locale().toString(maxTemperature)));
    m_temperatureNote->setText(
        tr("The logits are divided by the temperature before softmax: the score scale of step 2 "
           "at %1×. Low temperatures sharpen the choice onto the likeliest character, high ones "
           "flatten it.")
            .arg(NumberFormat::factor(1.0 / m_temperature)));
    m_promptLabel->setText(tr("Prompt"));
    m_seedLabel->setText(tr("Seed"));
    m_sample->setText(tr("Sample"));
    m_sample->setToolTip(
        tr("Continues the prompt by %1 characters, each drawn at this temperature.")
            .arg(sampleLength));
    m_chart->setAccessibleName(tr("Probability of each next character"));
    m_chart->setToolTip(tr("“rare” stands for every character the model saw too seldom to learn "
                           "on its own; Sample never draws it."));
    m_rareNote->setText(tr("“rare” is no single character: it is all the characters the model saw "
                           "too seldom to learn on its own, counted together as one. Sample "
                           "never draws it."));
    updateBars();
}

} // namespace attention
