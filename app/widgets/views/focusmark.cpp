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

FocusMark::~FocusMark()
{
    // The widget may still send events while it deletes its children (this one among them).
    m_widget->removeEventFilter(this);
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
    // A crisp ring of frameWidth pixels along the widget's edges.
    QPainter painter(this);
    const QColor colour = palette().color(QPalette::Highlight);
    const QRect r = rect();
    painter.fillRect(QRect(r.left(), r.top(), r.width(), frameWidth), colour);
    painter.fillRect(QRect(r.left(), r.bottom() - frameWidth + 1, r.width(), frameWidth), colour);
    painter.fillRect(QRect(r.left(), r.top(), frameWidth, r.height()), colour);
    painter.fillRect(QRect(r.right() - frameWidth + 1, r.top(), frameWidth, r.height()), colour);
}

} // namespace attention
