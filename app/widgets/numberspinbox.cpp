#include "numberspinbox.h"

#include <QCoreApplication>
#include <QKeyEvent>
#include <QLocale>
#include <cmath>

namespace attention {

namespace {

/// A limit as the user would write it: 1000, -1000000, 0.5 (never 1e+06 or a group separator).
QString limitText(double x, QLocale locale)
{
    locale.setNumberOptions(QLocale::OmitGroupSeparator);
    return locale.toString(x, 'f', QLocale::FloatingPointShortest);
}

/// Why `text` cannot be a value in [minimum, maximum] (whole numbers only with `whole`); empty
/// when it can, and then `number` is it. Read in the box's locale first ("1,5" in German), then
/// the way C reads numbers ("1e9").
QString refusalReason(const QString &text, const QLocale &locale, double minimum, double maximum,
                      bool whole, double *number)
{
    if (text.isEmpty())
        return QCoreApplication::translate("NumberSpinBox", "The box is empty; type a number.");
    bool ok = false;
    double x = locale.toDouble(text, &ok);
    if (!ok)
        x = text.toDouble(&ok);
    if (!ok)
        return QCoreApplication::translate("NumberSpinBox", "“%1” is not a number.").arg(text);
    if (!std::isfinite(x))
        return QCoreApplication::translate("NumberSpinBox", "%1 is not a finite number.").arg(text);
    if (x < minimum || x > maximum)
        return QCoreApplication::translate("NumberSpinBox", "%1 is outside the range %2 to %3.")
            .arg(text, limitText(minimum, locale), limitText(maximum, locale));
    if (whole && x != std::floor(x))
        return QCoreApplication::translate("NumberSpinBox", "%1 is not a whole number.").arg(text);
    *number = x;
    return {};
}

bool isEnter(const QKeyEvent *event)
{
    return event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter;
}

} // namespace

NumberSpinBox::NumberSpinBox(QWidget *parent)
    : QDoubleSpinBox(parent)
{}

void NumberSpinBox::resolveTypedText()
{
    if (hasAcceptableInput())
        return;
    const QString text = cleanText();
    double number = 0.0;
    const QString reason =
        refusalReason(text, locale(), minimum(), maximum(), /*whole=*/false, &number);
    if (reason.isEmpty()) {
        setValue(number); // more decimals than shown: rounded, as the box shows it
        return;
    }
    Q_EMIT refused(text, reason);
    setValue(value()); // shows the value again
}

QValidator::State NumberSpinBox::validate(QString &text, int &position) const
{
    // Keep whatever is typed; resolveTypedText() takes it or says why not.
    const QValidator::State state = QDoubleSpinBox::validate(text, position);
    return state == QValidator::Invalid ? QValidator::Intermediate : state;
}

void NumberSpinBox::keyPressEvent(QKeyEvent *event)
{
    if (isEnter(event))
        resolveTypedText();
    QDoubleSpinBox::keyPressEvent(event);
}

void NumberSpinBox::focusOutEvent(QFocusEvent *event)
{
    resolveTypedText();
    QDoubleSpinBox::focusOutEvent(event);
}

IntegerSpinBox::IntegerSpinBox(QWidget *parent)
    : QSpinBox(parent)
{}

void IntegerSpinBox::resolveTypedText()
{
    if (hasAcceptableInput())
        return;
    const QString text = cleanText();
    double number = 0.0;
    const QString reason =
        refusalReason(text, locale(), minimum(), maximum(), /*whole=*/true, &number);
    if (reason.isEmpty()) {
        setValue(static_cast<int>(number));
        return;
    }
    Q_EMIT refused(text, reason);
    setValue(value());
}

QValidator::State IntegerSpinBox::validate(QString &text, int &position) const
{
    const QValidator::State state = QSpinBox::validate(text, position);
    return state == QValidator::Invalid ? QValidator::Intermediate : state;
}

void IntegerSpinBox::keyPressEvent(QKeyEvent *event)
{
    if (isEnter(event))
        resolveTypedText();
    QSpinBox::keyPressEvent(event);
}

void IntegerSpinBox::focusOutEvent(QFocusEvent *event)
{
    resolveTypedText();
    QSpinBox::focusOutEvent(event);
}

} // namespace attention
