#include "numberspinbox.h"

#include "numberformat.h"

#include <QCoreApplication>
#include <QKeyEvent>
#include <QLineEdit>
#include <QLocale>
#include <QRegularExpression>
#include <cmath>

namespace attention {

namespace {

/// True when `text` is written as a number with an exponent ("1e-999"), whatever its size.
bool looksLikeANumber(const QString &text)
{
    static const QRegularExpression number(
        QStringLiteral("^\\s*[+-]?(\\d+\\.?\\d*|\\.\\d+)[eE][+-]?\\d+\\s*$"));
    return number.match(text).hasMatch();
}

/// True when `text` holds the locale's group separator where it is not also the decimal mark.
/// Qt reads "1,5" in English as 15; the boxes never show group separators, so one that was typed
/// is far more likely a decimal comma than a thousands mark, and is refused rather than guessed.
bool hasGroupSeparator(const QString &text, const QLocale &locale)
{
    const QString group = locale.groupSeparator();
    return !group.isEmpty() && group != locale.decimalPoint() && text.contains(group);
}

/// Why `text` cannot be a value in [minimum, maximum] (whole numbers only with `whole`); empty
/// when it can, and then `number` is it. Read in the box's locale first ("1,5" in German), then
/// the way C reads numbers ("1e9").
QString refusalReason(const QString &text, const QLocale &locale, double minimum, double maximum,
                      bool whole, double *number)
{
    if (text.isEmpty())
        return QCoreApplication::translate("NumberSpinBox", "The box is empty; type a number.");
    if (hasGroupSeparator(text, locale))
        return QCoreApplication::translate(
                   "NumberSpinBox",
                   "“%1” holds a group separator (%2): type the number without it, with %3 as "
                   "the decimal mark.")
            .arg(text, locale.groupSeparator(), locale.decimalPoint());
    bool ok = false;
    double x = locale.toDouble(text, &ok);
    if (!ok)
        x = text.toDouble(&ok);
    // Qt reads a number too large for a double ("1e999") as ±infinity, and one too close to 0
    // ("1e-999") as 0, both with ok false: they are numbers, only not ones a double can hold.
    if (!ok && std::isinf(x))
        return QCoreApplication::translate("NumberSpinBox", "%1 is outside the range %2 to %3.")
            .arg(text, NumberFormat::shortest(minimum, locale),
                 NumberFormat::shortest(maximum, locale));
    if (!ok && looksLikeANumber(text))
        return QCoreApplication::translate("NumberSpinBox",
                                           "%1 is too close to 0 to be held; type 0 instead.")
            .arg(text);
    if (!ok)
        return QCoreApplication::translate("NumberSpinBox", "“%1” is not a number.").arg(text);
    if (!std::isfinite(x))
        return QCoreApplication::translate("NumberSpinBox", "%1 is not a finite number.").arg(text);
    if (x < minimum || x > maximum)
        return QCoreApplication::translate("NumberSpinBox", "%1 is outside the range %2 to %3.")
            .arg(text, NumberFormat::shortest(minimum, locale),
                 NumberFormat::shortest(maximum, locale));
    if (whole && x != std::floor(x))
        return QCoreApplication::translate("NumberSpinBox", "%1 is not a whole number.").arg(text);
    *number = x;
    return {};
}

bool isEnter(const QKeyEvent *event)
{
    return event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter;
}

/// resolveTypedText() of either box (`edit` is its line edit, which only the box may reach):
/// the typed text taken if it is a number in range (whole ones only when `whole`), else refused
/// with the reason and the value shown again.
template<typename Box>
void resolveTyped(Box &box, QLineEdit *edit, bool whole)
{
    if (!edit->isModified())
        return; // nothing typed since the box last showed its value
    if (box.hasAcceptableInput() && !hasGroupSeparator(box.cleanText(), box.locale())) {
        Q_EMIT box.taken();
        return;
    }
    const QString text = box.cleanText();
    double number = 0.0;
    const QString reason =
        refusalReason(text, box.locale(), box.minimum(), box.maximum(), whole, &number);
    if (reason.isEmpty()) {
        // A double with more decimals than shown is rounded, as the box shows it.
        box.setValue(static_cast<decltype(box.value())>(number));
        Q_EMIT box.taken();
        return;
    }
    Q_EMIT box.refused(text, reason);
    box.setValue(box.value()); // shows the value again
    edit->setModified(false);
}

} // namespace

NumberSpinBox::NumberSpinBox(QWidget *parent)
    : QDoubleSpinBox(parent)
{}

void NumberSpinBox::resolveTypedText()
{
    resolveTyped(*this, lineEdit(), /*whole=*/false);
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
    resolveTyped(*this, lineEdit(), /*whole=*/true);
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
