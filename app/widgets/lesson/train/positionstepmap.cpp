#include "positionstepmap.h"

#include "colormap.h"
#include "keptruns.h"
#include "numberformat.h"
#include "trainingsession.h"

#include <QEvent>
#include <QHelpEvent>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <algorithm>
#include <cmath>

namespace attention {

namespace {

const QColor scoreColor(0x94, 0x67, 0xbd);      // purple: neither loss chart line's colour
const QColor fallColor(0xd6, 0x5f, 0x00, 0x38); // the loss chart's fastest fall, faint orange
const QColor fallEdgeColor(0xd6, 0x5f, 0x00);

/// The heights of the parts, in lines of the widget's font.
constexpr double mapLines = 4.0;
constexpr double scoreLines = 2.5;
constexpr double gapLines = 0.4;

} // namespace

PositionStepMap::PositionStepMap(QWidget *parent)
    : QWidget(parent)
    , m_caption(new QLabel(this))
{
    m_caption->setWordWrap(true);
    m_caption->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    updateTexts();
}

PositionStepMap::RunMap PositionStepMap::mapOf(const std::vector<ValidationPoint> &validations,
                                               int totalSteps)
{
    RunMap map;
    for (const ValidationPoint &v : validations) {
        if (v.positionLosses.empty())
            continue;
        map.steps.push_back(v.step);
        map.losses.push_back(v.positionLosses);
        map.scores.push_back(tiny::inContextLearningScore(v.positionLosses));
    }
    map.fall = fastestFall(validations, totalSteps);
    return map;
}

std::vector<QPointF> PositionStepMap::scorePoints(const RunMap &map)
{
    std::vector<QPointF> points;
    for (std::size_t i = 0; i < map.steps.size(); ++i)
        if (std::isfinite(map.scores[i]))
            points.emplace_back(map.steps[i], map.scores[i]);
    return points;
}

void PositionStepMap::showSession(const TrainingSession &session, double stepEnd)
{
    RunMap current = mapOf(session.validations(), session.setup().settings.steps);
    if (m_shownRun >= int(m_keptMaps.size()))
        m_shownRun = -1;
    m_fadedScores.clear();
    for (int run = 0; run < int(m_keptMaps.size()); ++run)
        if (run != m_shownRun)
            m_fadedScores.push_back(m_keptScores[std::size_t(run)]);
    if (m_shownRun >= 0) {
        m_fadedScores.push_back(scorePoints(current));
        m_shown = m_keptMaps[std::size_t(m_shownRun)];
    } else {
        m_shown = std::move(current);
    }
    m_stepEnd = std::max(1.0, stepEnd);
    m_lossTop = std::log(std::max(2, session.vocabulary().size()));
    // The score strip runs from its lowest score (at least −0.5) to its highest (at least 0.1):
    // zero is always on it, so a score's sign reads at a glance.
    m_scoreLow = -0.5;
    m_scoreHigh = 0.1;
    std::vector<double> all = m_shown.scores;
    for (const std::vector<QPointF> &faded : m_fadedScores)
        for (const QPointF &point : faded)
            all.push_back(point.y());
    for (const double score : all)
        if (std::isfinite(score)) {
            m_scoreLow = std::min(m_scoreLow, score);
            m_scoreHigh = std::max(m_scoreHigh, score);
        }
    updateImage();
    updateTexts();
    update();
}

void PositionStepMap::setShownStep(int step)
{
    if (step != m_shownStep) {
        m_shownStep = step;
        update();
    }
}

void PositionStepMap::setKeptRuns(const std::vector<KeptRun> &runs, const QStringList &names)
{
    m_keptMaps.clear();
    m_keptScores.clear();
    for (const KeptRun &run : runs) {
        m_keptMaps.push_back(mapOf(run.validations, run.setup.settings.steps));
        m_keptScores.push_back(scorePoints(m_keptMaps.back()));
    }
    m_keptNames = names;
}

void PositionStepMap::setShownRun(int index)
{
    m_shownRun = index >= 0 && index < int(m_keptMaps.size()) ? index : -1;
}

void PositionStepMap::setPlotSpan(qreal left, qreal right)
{
    if (left == m_spanLeft && right == m_spanRight)
        return;
    m_spanLeft = left;
    m_spanRight = right;
    update();
}

QString PositionStepMap::captionText() const
{
    if (m_shownRun >= 0) {
        QString text = tr("The kept run %1: its loss at each position over training (dark: low); "
                          "under it, its in-context learning score, this run's faint.")
                           .arg(m_keptNames.value(m_shownRun));
        if (!m_shown.scores.empty() && std::isfinite(m_shown.scores.back()))
            text += QLatin1Char(' ') +
                    tr("It ended at %1 nats.").arg(NumberFormat::loss(m_shown.scores.back()));
        return text;
    }
    QString text = tr("Loss at each position over training (dark: low); under it, the in-context "
                      "learning score.");
    if (!m_shown.scores.empty() && std::isfinite(m_shown.scores.back()))
        text +=
            QLatin1Char(' ') + tr("Now %1 nats.").arg(NumberFormat::loss(m_shown.scores.back()));
    return text;
}

QString PositionStepMap::explanation() const
{
    return tr("A row per position of the validation windows (the first at the top), a column per "
              "validation, dark for a low loss (0 to %1 nats). The in-context learning score is "
              "the last quarter's loss less the second eighth's: it drops when the later "
              "positions, which see more of the text, are guessed better. The dashed lines and "
              "the shading mark where the validation loss fell fastest. Hover for the figures.")
        .arg(NumberFormat::loss(m_lossTop));
}

qreal PositionStepMap::xOf(double step) const
{
    qreal left = m_spanLeft;
    qreal right = m_spanRight;
    if (left < 0.0 || right <= left) {
        left = fontMetrics().horizontalAdvance(QStringLiteral("0000")) + 4;
        right = width() - 4;
    }
    return left + (right - left) * std::clamp(step / m_stepEnd, 0.0, 1.0);
}

QRectF PositionStepMap::mapRect() const
{
    const qreal line = fontMetrics().height();
    const qreal top = m_caption->geometry().bottom() + 1 + gapLines * line;
    return QRectF(xOf(0.0), top, xOf(m_stepEnd) - xOf(0.0), mapLines * line);
}

QRectF PositionStepMap::scoreRect() const
{
    const QRectF map = mapRect();
    const qreal line = fontMetrics().height();
    return QRectF(map.left(), map.bottom() + gapLines * line, map.width(), scoreLines * line);
}

qreal PositionStepMap::yOfScore(double score) const
{
    const QRectF strip = scoreRect();
    const double share = (m_scoreHigh - score) / std::max(1e-9, m_scoreHigh - m_scoreLow);
    return strip.top() + strip.height() * std::clamp(share, 0.0, 1.0);
}

QRectF PositionStepMap::cellRect(int column, int position) const
{
    if (column < 0 || column >= int(m_shown.steps.size()))
        return {};
    const int positions = int(m_shown.losses[std::size_t(column)].size());
    if (position < 0 || position >= positions)
        return {};
    const QRectF map = mapRect();
    const qreal from = xOf(column == 0 ? 0.0 : m_shown.steps[std::size_t(column) - 1]);
    const qreal to = xOf(m_shown.steps[std::size_t(column)]);
    const qreal row = map.height() / positions;
    return QRectF(from, map.top() + position * row, to - from, row);
}

QPointF PositionStepMap::scorePoint(int column) const
{
    if (column < 0 || column >= int(m_shown.scores.size()) ||
        !std::isfinite(m_shown.scores[std::size_t(column)]))
        return {};
    return QPointF(xOf(m_shown.steps[std::size_t(column)]),
                   yOfScore(m_shown.scores[std::size_t(column)]));
}

int PositionStepMap::columnAt(qreal x) const
{
    for (int column = 0; column < int(m_shown.steps.size()); ++column)
        if (x <= xOf(m_shown.steps[std::size_t(column)]))
            return x >= xOf(column == 0 ? 0.0 : m_shown.steps[std::size_t(column) - 1]) ? column
                                                                                        : -1;
    return -1;
}

QString PositionStepMap::hoverText(const QPointF &point) const
{
    const int column = columnAt(point.x());
    if (column < 0)
        return {};
    const QRectF map = mapRect();
    const int step = m_shown.steps[std::size_t(column)];
    if (map.contains(point)) {
        const std::vector<double> &losses = m_shown.losses[std::size_t(column)];
        const int position =
            std::clamp(int((point.y() - map.top()) / map.height() * double(losses.size())), 0,
                       int(losses.size()) - 1);
        return tr("Step %1, position %2: %3 nats")
            .arg(locale().toString(step))
            .arg(position + 1)
            .arg(NumberFormat::loss(losses[std::size_t(position)]));
    }
    const double score = m_shown.scores[std::size_t(column)];
    if (scoreRect().contains(point) && std::isfinite(score))
        return tr("Step %1: in-context learning score %2 nats")
            .arg(locale().toString(step), NumberFormat::loss(score));
    return {};
}

void PositionStepMap::updateImage()
{
    // One pixel a cell, painted scaled: a column per validation, a row per position.
    std::size_t positions = 0;
    for (const std::vector<double> &losses : m_shown.losses)
        positions = std::max(positions, losses.size());
    if (m_shown.losses.empty() || positions == 0) {
        m_image = QImage();
        return;
    }
    m_image = QImage(int(m_shown.losses.size()), int(positions), QImage::Format_RGB32);
    m_image.fill(palette().color(QPalette::Base));
    std::vector<QRgb> colours(positions);
    for (std::size_t column = 0; column < m_shown.losses.size(); ++column) {
        const std::vector<double> &losses = m_shown.losses[column];
        Colormap::colors(losses.data(), Index(losses.size()), 0.0, m_lossTop, colours.data());
        for (std::size_t position = 0; position < losses.size(); ++position)
            m_image.setPixel(int(column), int(position), colours[position]);
    }
}

void PositionStepMap::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    const QRectF map = mapRect();
    const QRectF strip = scoreRect();
    const QColor text = palette().color(QPalette::WindowText);
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawRect(map);
    painter.drawRect(strip);
    // Each column as wide as the steps its validation closes, so the columns lie under the loss
    // chart's points.
    for (int column = 0; column < m_image.width(); ++column) {
        const QRectF cells = cellRect(column, 0).united(
            cellRect(column, int(m_shown.losses[std::size_t(column)].size()) - 1));
        painter.drawImage(cells, m_image,
                          QRectF(column, 0, 1, qreal(m_shown.losses[std::size_t(column)].size())));
    }
    if (m_shown.fall.found()) {
        const QRectF band(QPointF(xOf(m_shown.fall.fromStep), strip.top()),
                          QPointF(xOf(m_shown.fall.toStep), strip.bottom()));
        painter.fillRect(band, fallColor);
        QPen edge(fallEdgeColor, 1.5, Qt::DashLine);
        painter.setPen(edge);
        for (const qreal x : {band.left(), band.right()})
            painter.drawLine(QPointF(x, map.top()), QPointF(x, map.bottom()));
    }
    // The score: a line through the validations, zero dashed, the other runs' faint.
    painter.setPen(QPen(palette().color(QPalette::Mid), 1.0, Qt::DashLine));
    painter.drawLine(QPointF(strip.left(), yOfScore(0.0)), QPointF(strip.right(), yOfScore(0.0)));
    painter.setRenderHint(QPainter::Antialiasing);
    QColor faint = scoreColor;
    faint.setAlpha(0x70);
    painter.setPen(QPen(faint, 2.0, Qt::DashLine));
    for (const std::vector<QPointF> &faded : m_fadedScores)
        for (std::size_t i = 1; i < faded.size(); ++i)
            painter.drawLine(QPointF(xOf(faded[i - 1].x()), yOfScore(faded[i - 1].y())),
                             QPointF(xOf(faded[i].x()), yOfScore(faded[i].y())));
    QPainterPath path;
    for (int column = 0; column < int(m_shown.scores.size()); ++column) {
        if (!std::isfinite(m_shown.scores[std::size_t(column)]))
            continue;
        const QPointF point = scorePoint(column);
        if (path.elementCount() == 0)
            path.moveTo(point);
        else
            path.lineTo(point);
    }
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(scoreColor, 2.0));
    painter.drawPath(path);
    if (m_shownStep >= 0) {
        painter.setPen(QPen(text, 1.0, Qt::DotLine));
        const qreal x = xOf(m_shownStep);
        painter.drawLine(QPointF(x, map.top()), QPointF(x, strip.bottom()));
    }
    paintLabels(painter, map, strip);
}

void PositionStepMap::paintLabels(QPainter &painter, const QRectF &map, const QRectF &strip) const
{
    // Left of the plots: the first and last position at the heatmap's top and bottom, the
    // score's zero and lowest value where they leave those room.
    if (m_shown.losses.empty())
        return;
    painter.setPen(palette().color(QPalette::WindowText));
    const QFontMetricsF metrics(font());
    const qreal labelRight = map.left() - 3;
    QList<QRectF> taken;
    const auto label = [&](qreal top, const QString &what) {
        const QRectF room(0, top, labelRight, metrics.height());
        for (const QRectF &other : std::as_const(taken))
            if (other.intersects(room))
                return;
        taken.append(room);
        painter.drawText(room, Qt::AlignRight | Qt::AlignVCenter, what);
    };
    label(map.top(), QStringLiteral("1"));
    label(map.bottom() - metrics.height(), locale().toString(int(m_shown.losses.back().size())));
    label(strip.bottom() - metrics.height(), locale().toString(m_scoreLow, 'f', 2));
    label(yOfScore(0.0) - metrics.height() / 2, QStringLiteral("0"));
}

bool PositionStepMap::event(QEvent *event)
{
    if (event->type() != QEvent::ToolTip)
        return QWidget::event(event);
    // A cell's or a score's figures; elsewhere the explanation (the tooltip).
    const auto *help = static_cast<QHelpEvent *>(event);
    const QString text = hoverText(help->pos());
    if (text.isEmpty())
        return QWidget::event(event);
    QToolTip::showText(help->globalPos(), text, this);
    return true;
}

QSize PositionStepMap::sizeHint() const
{
    const int line = fontMetrics().height();
    return QSize(20 * line, heightFor(std::max(width(), 20 * line)));
}

QSize PositionStepMap::minimumSizeHint() const
{
    return QSize(10 * fontMetrics().height(), minimumHeight());
}

int PositionStepMap::heightFor(int width) const
{
    // The caption's lines, the heatmap, the strip, and a line under it for the last position.
    return m_caption->heightForWidth(width) +
           int((mapLines + scoreLines + 2 * gapLines + 1.0) * fontMetrics().height());
}

void PositionStepMap::fitHeight()
{
    m_caption->setGeometry(0, 0, width(), m_caption->heightForWidth(width()));
    const int line = fontMetrics().height();
    const int needed = heightFor(std::max(width(), 10 * line));
    if (needed != minimumHeight()) {
        setMinimumHeight(needed);
        updateGeometry();
    }
}

void PositionStepMap::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitHeight();
}

void PositionStepMap::updateTexts()
{
    m_caption->setText(captionText());
    setToolTip(explanation());
    fitHeight();
    setAccessibleName(tr("Loss at each position over training"));
    QString description = captionText() + QLatin1Char(' ') + explanation();
    if (m_shown.fall.found())
        description += QLatin1Char(' ') + tr("The validation loss fell fastest between steps %1 "
                                             "and %2.")
                                              .arg(locale().toString(m_shown.fall.fromStep),
                                                   locale().toString(m_shown.fall.toStep));
    if (!m_shown.scores.empty() && std::isfinite(m_shown.scores.front()))
        description += QLatin1Char(' ') + tr("The first validation's score was %1 nats.")
                                              .arg(NumberFormat::loss(m_shown.scores.front()));
    setAccessibleDescription(description);
}

void PositionStepMap::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::FontChange)
        updateTexts();
    else if (event->type() == QEvent::PaletteChange)
        updateImage();
    QWidget::changeEvent(event);
}

} // namespace attention
