#include "positionlossview.h"

#include "numberformat.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QPainter>
#include <QToolTip>
#include <algorithm>

namespace attention {

namespace {

const QColor firstCopyColor(0x1f, 0x77, 0xb4);  // blue
const QColor secondCopyColor(0x2c, 0xa0, 0x2c); // green

} // namespace

/// The painted part: the bars and the characters under them; a hover names one.
class PositionLossView::Bars : public QWidget
{
public:
    explicit Bars(const PositionLossView *view)
        : m_view(view)
    {
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    }

    QSize sizeHint() const override
    {
        const int line = fontMetrics().height();
        return QSize(20 * line, line * 5 / 2);
    }
    QSize minimumSizeHint() const override
    {
        const int line = fontMetrics().height();
        return QSize(6 * line, line * 5 / 2);
    }

    /// The strip the bars stand in: all but the characters' line under it.
    QRectF plot() const
    {
        return QRectF(0, 0, width(), height() - QFontMetricsF(font()).height() * 1.1);
    }

    QRectF bar(int t) const
    {
        const std::vector<float> &losses = m_view->m_losses;
        if (t < 0 || t >= int(losses.size()))
            return {};
        const QRectF strip = plot();
        const qreal slot = strip.width() / qreal(losses.size());
        const qreal share = std::clamp(double(losses[std::size_t(t)]) / m_view->m_top, 0.0, 1.0);
        return QRectF(strip.left() + t * slot + slot * 0.1, strip.bottom() - strip.height() * share,
                      slot * 0.8, strip.height() * share);
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter painter(this);
        const QRectF strip = plot();
        painter.setPen(palette().color(QPalette::Mid));
        painter.drawLine(strip.bottomLeft(), strip.bottomRight());
        const std::vector<float> &losses = m_view->m_losses;
        if (losses.empty())
            return;
        const QStringList &characters = m_view->m_characters;
        const qreal slot = strip.width() / qreal(losses.size());
        const QFontMetricsF metrics(font());
        // The characters where each has room of its own, else none (the hover names them).
        const bool labels = slot >= metrics.height() * 0.9;
        painter.setPen(palette().color(QPalette::WindowText));
        for (int t = 0; t < int(losses.size()); ++t) {
            const bool second = m_view->m_copies && t >= m_view->m_copies->length;
            painter.fillRect(bar(t), second ? secondCopyColor : firstCopyColor);
            if (labels && t + 1 < characters.size())
                painter.drawText(QRectF(strip.left() + t * slot, strip.bottom(), slot,
                                        height() - strip.bottom()),
                                 Qt::AlignCenter, characters.at(t + 1));
        }
    }

    bool event(QEvent *event) override
    {
        if (event->type() != QEvent::ToolTip)
            return QWidget::event(event);
        const auto *help = static_cast<QHelpEvent *>(event);
        const std::vector<float> &losses = m_view->m_losses;
        const QStringList &characters = m_view->m_characters;
        const QRectF strip = plot();
        const int t = losses.empty()
                          ? -1
                          : int((help->pos().x() - strip.left()) / strip.width() * losses.size());
        if (t >= 0 && t < int(losses.size()) && t + 1 < characters.size()) {
            QToolTip::showText(help->globalPos(),
                               PositionLossView::tr("Predicting %1 after %2: %3 nats (−ln p)")
                                   .arg(characters.at(t + 1), characters.at(t),
                                        NumberFormat::loss(losses[std::size_t(t)])),
                               this);
        } else {
            QToolTip::hideText();
            event->ignore();
        }
        return true;
    }

private:
    const PositionLossView *m_view;
};

PositionLossView::PositionLossView(QWidget *parent)
    : QWidget(parent)
    , m_caption(new QLabel)
    , m_bars(new Bars(this))
{
    // The caption beside the bars, not above them: the strip costs the page as little height
    // as its bars need.
    m_caption->setWordWrap(true);
    m_caption->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_caption);
    layout->addWidget(m_bars, 1);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    updateTexts();
}

void PositionLossView::setLosses(const std::vector<float> &losses, const QStringList &characters,
                                 std::optional<tiny::CopyLosses> copies, double scaleTop)
{
    m_losses = losses;
    m_characters = characters;
    m_copies = copies;
    double top = scaleTop;
    for (const float loss : losses)
        top = std::max(top, double(loss));
    m_top = top > 0.0 ? top : 1.0;
    updateTexts();
    m_bars->update();
}

QString PositionLossView::captionText() const
{
    const QString what = tr("Loss of each next character (nats)");
    if (!m_copies)
        return what;
    return what + QStringLiteral(": ") +
           tr("first copy %1, second %2")
               .arg(NumberFormat::loss(m_copies->first), NumberFormat::loss(m_copies->second));
}

QRectF PositionLossView::barRect(int t) const
{
    return m_bars->bar(t).translated(m_bars->pos());
}

QRectF PositionLossView::plotRect() const
{
    return m_bars->plot().translated(m_bars->pos());
}

void PositionLossView::updateTexts()
{
    m_caption->setText(captionText());
    // About eleven characters wide: the caption wraps onto the bars' height.
    m_caption->setFixedWidth(fontMetrics().averageCharWidth() * 22);
    setAccessibleName(tr("Loss of each next character on the probe line"));
    QStringList values;
    for (std::size_t t = 0; t < m_losses.size() && int(t) + 1 < m_characters.size(); ++t)
        values.append(QStringLiteral("%1 %2").arg(m_characters.at(int(t) + 1),
                                                  NumberFormat::loss(m_losses[t])));
    setAccessibleDescription(captionText() + QLatin1Char(' ') + values.join(QStringLiteral(", ")));
}

void PositionLossView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::FontChange)
        updateTexts();
    QWidget::changeEvent(event);
}

} // namespace attention
