#include "weightschart.h"

#include "colormap.h"
#include "focusmark.h"
#include "numberformat.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QEvent>
#include <QGraphicsSimpleTextItem>
#include <QSet>
#include <QValueAxis>

namespace attention {

namespace {

/// Up to this many keys each bar carries its value and its token.
constexpr int maxLabelledBars = 16;
constexpr int maxNamedCategories = 32;

} // namespace

WeightsChart::WeightsChart(QWidget *parent)
    : QChartView(parent)
    , m_series(new QBarSeries)
    , m_set(new QBarSet(QString()))
    , m_keyAxis(new QBarCategoryAxis)
    , m_weightAxis(new QValueAxis)
{
    // The view made a chart of its own; use it (setChart() would release it without deleting).
    QChart *chart = this->chart();
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->hide();
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);

    m_set->setColor(QColor(Colormap::viridis(0.45)));
    m_set->setBorderColor(QColor(Colormap::viridis(0.3)));
    m_series->append(m_set);
    m_series->setBarWidth(0.7);
    // The values above the bars are items of our own (updateValueLabels()).
    m_series->setLabelsVisible(false);
    chart->addSeries(m_series);
    connect(chart, &QChart::plotAreaChanged, this, &WeightsChart::updateValueLabels);

    m_weightAxis->setRange(0.0, 1.0);
    m_weightAxis->setTickCount(6);
    m_weightAxis->setLabelFormat(QStringLiteral("%.1f"));
    chart->addAxis(m_keyAxis, Qt::AlignBottom);
    chart->addAxis(m_weightAxis, Qt::AlignLeft);
    m_series->attachAxis(m_keyAxis);
    m_series->attachAxis(m_weightAxis);

    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(220, 160);
    FocusMark::install(this); // a Tab stop, for reading it with a screen reader
    applyFonts();
    retranslateUi();
}

WeightsChart::~WeightsChart() = default;

void WeightsChart::retranslateUi()
{
    const QString token = m_tokens.value(m_selectedToken);
    chart()->setTitle(token.isEmpty() ? tr("Weights of the selected query")
                                      : tr("Weights of %1's query over the keys").arg(token));
    m_weightAxis->setTitleText(tr("weight"));
    const int group = keysPerBar(int(m_tokens.size()));
    m_keyAxis->setTitleText(
        group > 1 ? tr("keys 1 to %1; each bar: the largest of %2").arg(m_tokens.size()).arg(group)
        : m_tokens.size() > maxNamedCategories ? tr("keys 1 to %1").arg(m_tokens.size())
                                               : tr("keys"));
    setToolTip(tr("The selected query's weights: how much it takes from each key. Click a "
                  "heatmap row to choose another query."));
    setStatusTip(tr("Bar chart of the selected query's weights over the keys (0 to 1)."));
}

void WeightsChart::applyFonts()
{
    QFont titleFont = font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(font().pointSizeF() * 1.1);
    chart()->setTitleFont(titleFont);
    for (QAbstractAxis *axis :
         {static_cast<QAbstractAxis *>(m_keyAxis), static_cast<QAbstractAxis *>(m_weightAxis)}) {
        axis->setLabelsFont(font());
        axis->setTitleFont(font());
    }
    updateValueLabels();
}

void WeightsChart::setScenario(const Scenario &scenario, SharedResult result)
{
    const bool tokensChanged = scenario.tokens != m_tokens;
    m_tokens = scenario.tokens;
    m_result = std::move(result);
    if (m_selectedToken >= m_result->weights.rows())
        m_selectedToken = int(m_result->weights.rows()) - 1;
    if (m_selectedToken < 0)
        m_selectedToken = 0;
    if (tokensChanged) {
        updateCategories();
        retranslateUi();
    }
    updateBars();
}

void WeightsChart::setSelectedToken(int row)
{
    if (row < 0 || row >= m_result->weights.rows() || row == m_selectedToken)
        return;
    m_selectedToken = row;
    updateBars();
    retranslateUi();
}

void WeightsChart::updateCategories()
{
    QStringList categories;
    const bool named = m_tokens.size() <= maxNamedCategories;
    const int T = int(m_tokens.size());
    const int group = keysPerBar(T);
    if (group > 1) { // a bar's keys: "9–16"
        for (int first = 0; first < T; first += group)
            categories.append(
                QStringLiteral("%1–%2").arg(first + 1).arg(std::min(T, first + group)));
        m_keyAxis->setCategories(categories);
        showKeyLabels(false);
        return;
    }
    // Categories must be unique: number repeated tokens.
    QSet<QString> seen;
    for (int i = 0; i < m_tokens.size(); ++i) {
        QString category = named ? m_tokens.at(i) : QString::number(i + 1);
        if (seen.contains(category))
            category = QStringLiteral("%1 (%2)").arg(category).arg(i + 1);
        seen.insert(category);
        categories.append(category);
    }
    m_keyAxis->setCategories(categories);
    showKeyLabels(named);
}

void WeightsChart::updateBars()
{
    const Matrix &weights = m_result->weights;
    const int T = int(weights.cols());
    if (weights.rows() == 0) {
        m_set->remove(0, m_set->count());
        updateValueLabels();
        return;
    }
    const auto row = weights.row(m_selectedToken);
    const int group = keysPerBar(T);
    const int bars = (T + group - 1) / group;
    QList<qreal> values(bars);
    for (int b = 0; b < bars; ++b)
        values[b] = row.segment(b * group, std::min(group, T - b * group)).maxCoeff();
    // Each QBarSet::replace() lays the whole series out again. With few bars that is cheap and
    // keeps the value labels; with many, the new values go in as one list (two layouts in all,
    // whatever T is), unless only one bar changed.
    if (m_set->count() == bars) {
        int changed = 0;
        for (int b = 0; b < bars; ++b)
            changed += m_set->at(b) != values[b] ? 1 : 0;
        if (changed == 0)
            return;
        if (changed == 1 || bars <= maxLabelledBars) {
            for (int b = 0; b < bars; ++b)
                if (m_set->at(b) != values[b])
                    m_set->replace(b, values[b]);
            updateValueLabels();
            return;
        }
    }
    m_set->remove(0, m_set->count());
    m_set->append(values);
    updateValueLabels();
}

void WeightsChart::updateValueLabels()
{
    const int bars = keysPerBar(int(m_tokens.size())) == 1 && m_set->count() <= maxLabelledBars
                         ? int(m_set->count())
                         : 0;
    while (int(m_valueLabels.size()) > bars) {
        delete m_valueLabels.back();
        m_valueLabels.pop_back();
    }
    while (int(m_valueLabels.size()) < bars)
        m_valueLabels.push_back(new QGraphicsSimpleTextItem(chart()));
    // On the chart's background, in its text colour (the theme's white labels could not be read).
    const QBrush brush(palette().color(QPalette::WindowText));
    for (int b = 0; b < bars; ++b) {
        QGraphicsSimpleTextItem *label = m_valueLabels[std::size_t(b)];
        label->setFont(font());
        label->setBrush(brush);
        label->setText(NumberFormat::weight(m_set->at(b)));
        const QPointF top = chart()->mapToPosition(QPointF(b, m_set->at(b)), m_series);
        const QRectF box = label->boundingRect();
        label->setPos(top.x() - box.width() / 2, top.y() - box.height() - 1);
        label->setZValue(10);
    }
}

QStringList WeightsChart::valueLabels() const
{
    QStringList texts;
    for (const QGraphicsSimpleTextItem *label : m_valueLabels)
        texts.append(label->text());
    return texts;
}

void WeightsChart::showKeyLabels(bool show)
{
    // Hidden labels are drawn transparent rather than turned off: Qt Charts leaves an axis
    // without labels too little height for its title, which it then cuts to "...".
    if (!m_keyLabelsBrush)
        m_keyLabelsBrush = m_keyAxis->labelsBrush(); // the theme's
    m_keyAxis->setLabelsBrush(show ? *m_keyLabelsBrush : QBrush(Qt::transparent));
}

void WeightsChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    else if (event->type() == QEvent::FontChange)
        applyFonts();
    else if (event->type() == QEvent::PaletteChange)
        updateValueLabels();
    QChartView::changeEvent(event);
}

} // namespace attention
