#include "focusmark.h"

#include <QEvent>
#include <QPainter>

namespace attention {

FocusMark::FocusMark(QWidget *widget)
    : QWidget(widget)
    , m_widget(widget)
{
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    widget->installEventFilter(this);
    follow();
}

FocusMark *FocusMark::install(QWidget *widget)
{
    Q_ASSERT(widget);
    return new FocusMark(widget);
}

bool FocusMark::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_widget) {
        switch (event->type()) {
        case QEvent::FocusIn:
        case QEvent::FocusOut:
        case QEvent::Resize:
        case QEvent::ChildAdded: // a later child (a scroll area's viewport) must stay below
            follow();
            break;
        default:
            break;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void FocusMark::follow()
{
    setGeometry(m_widget->rect());
    setVisible(m_widget->hasFocus());
    raise();
}

void FocusMark::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setPen(QPen(palette().color(QPalette::Highlight), frameWidth));
    painter.setBrush(Qt::NoBrush);
    const qreal inset = frameWidth / 2.0;
    painter.drawRect(QRectF(rect()).adjusted(inset, inset, -inset, -inset));
}

} // namespace attention
