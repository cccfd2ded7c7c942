#pragma once

/// Keyboard focus checks shared by the window and lesson tests: the Tab chain as a user walks it,
/// and whether a widget looks different while it has the focus.

#include <QApplication>
#include <QImage>
#include <QList>
#include <QString>
#include <QStringList>
#include <QTest>
#include <QWidget>

namespace focuschain {

/// The widgets Tab visits from `first` (which must have the focus), in order, until the focus
/// comes back to `first` or `limit` presses; the focus is on `first` again afterwards when the
/// chain wraps.
inline QList<QWidget *> walk(QWidget *first, int limit = 200)
{
    QList<QWidget *> chain;
    QWidget *current = first;
    for (int i = 0; i < limit && current; ++i) {
        chain.append(current);
        QTest::keyClick(current, Qt::Key_Tab);
        current = QApplication::focusWidget();
        if (current == first)
            break;
    }
    return chain;
}

/// A name for messages: class, object name, and the text or tooltip that tells it apart.
inline QString describe(const QWidget *widget)
{
    QString name = QString::fromLatin1(widget->metaObject()->className());
    if (!widget->objectName().isEmpty())
        name += QLatin1Char('#') + widget->objectName();
    if (!widget->accessibleName().isEmpty())
        name += QStringLiteral(" \"%1\"").arg(widget->accessibleName());
    else if (!widget->toolTip().isEmpty())
        name += QStringLiteral(" \"%1\"").arg(widget->toolTip().left(40));
    if (const QWidget *parent = widget->parentWidget())
        name += QStringLiteral(" in ") + QString::fromLatin1(parent->metaObject()->className());
    return name;
}

/// Whether `widget` draws differently with the keyboard focus than without it: grabbed focused
/// (as Tab leaves it) and with no focus in the window.
inline bool focusShows(QWidget *widget)
{
    widget->setFocus(Qt::TabFocusReason);
    QCoreApplication::processEvents();
    const QImage focused = widget->grab().toImage();
    widget->clearFocus();
    QCoreApplication::processEvents();
    const QImage unfocused = widget->grab().toImage();
    widget->setFocus(Qt::TabFocusReason);
    return focused != unfocused;
}

/// The widgets of `chain` that show no focus.
inline QStringList withoutFocusMark(const QList<QWidget *> &chain)
{
    QStringList invisible;
    for (QWidget *widget : chain)
        if (!focusShows(widget))
            invisible.append(describe(widget));
    return invisible;
}

} // namespace focuschain
