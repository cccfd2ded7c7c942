#include "numberformat.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace attention::NumberFormat {

namespace {

constexpr QChar minusSign(u'\u2212');

/// "-0.00" → "0.00"; any other leading '-' → a real minus sign.
QString withMinusSign(QString text)
{
    if (!text.startsWith(QLatin1Char('-')))
        return text;
    bool allZero = true;
    for (QChar c : text)
        if (c.isDigit() && c != QLatin1Char('0'))
            allZero = false;
    if (allZero)
        text.remove(0, 1);
    else
        text.replace(0, 1, minusSign);
    return text;
}

/// `value` with `decimals` in the default locale (Language's): the one rule of the meanings.
QString inDefaultLocale(double value, int decimals)
{
    return QLocale().toString(value, 'f', decimals);
}

} // namespace

QString weight(double value)
{
    return NumberFormat::value(value); // the same form; a weight is never negative
}

QString value(double v)
{
    return withMinusSign(inDefaultLocale(v, 2));
}

QString loss(double nats)
{
    return inDefaultLocale(nats, 4);
}

QString lossChange(double nats)
{
    const QString text = withMinusSign(inDefaultLocale(nats, 4)); // "−0.0000" is "0.0000"
    return text.startsWith(minusSign) ? text : QLatin1Char('+') + text;
}

QString ratio(double value)
{
    return inDefaultLocale(value, 1);
}

QString rate(double perSecond)
{
    return inDefaultLocale(perSecond, 1);
}

QString seconds(double seconds)
{
    return inDefaultLocale(seconds, 1);
}

QString proportion(double value)
{
    return inDefaultLocale(value, 3);
}

QString operations(double count)
{
    // As difference(): as code prints it, the limits of options written in code.
    return QString::number(count, 'g', 3);
}

QString fixed(double value, int decimals)
{
    if (std::isinf(value))
        return value < 0 ? QStringLiteral("−∞") : QStringLiteral("∞");
    if (std::isnan(value))
        return QStringLiteral("NaN");
    return withMinusSign(QString::number(value, 'f', decimals));
}

QString brief(double value)
{
    if (value != 0.0 && std::isfinite(value) && std::abs(value) < 0.005)
        return QString::number(value, 'g', 2).replace(QLatin1Char('-'), minusSign);
    return fixed(value, 2);
}

QString shape(qint64 rows, qint64 columns)
{
    return QStringLiteral("(%1, %2)").arg(rows).arg(columns);
}

QString factor(double value)
{
    QLocale plain;
    plain.setNumberOptions(QLocale::OmitGroupSeparator);
    return plain.toString(value, 'g', 4);
}

QString entry(double value, const QLocale &locale)
{
    const double tenThousandths = std::round(value * 1e4);
    if (tenThousandths == 0.0)
        value = 0.0; // no "-0.00"
    int decimals = 4;
    while (decimals > 2 && std::fmod(tenThousandths, std::pow(10.0, 4 - decimals + 1)) == 0.0)
        --decimals;
    QLocale plain = locale;
    plain.setNumberOptions(QLocale::OmitGroupSeparator);
    return plain.toString(value, 'f', decimals);
}

QString tick(double value)
{
    return QLocale().toString(value, 'g', 6);
}

QString milliseconds(double ms)
{
    const QLocale locale;
    const int decimals = ms >= 100 ? 0 : ms >= 10 ? 1 : ms >= 1 ? 2 : 3;
    return locale.toString(ms, 'f', decimals);
}

QString memory(qint64 bytes)
{
    const QLocale locale;
    if (bytes == 0)
        return QStringLiteral("0 KiB");
    static const char *const units[] = {"KiB", "MiB", "GiB"};
    double value = double(bytes) / 1024.0;
    int unit = 0;
    while (std::abs(value) >= 1024.0 && unit < 2) {
        value /= 1024.0;
        ++unit;
    }
    const double magnitude = std::abs(value);
    const int decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2;
    return locale.toString(value, 'f', decimals) + QLatin1Char(' ') + QLatin1String(units[unit]);
}

QString duration(double seconds)
{
    const QLocale locale;
    const auto total = qint64(std::ceil(std::max(0.0, seconds)));
    const qint64 hours = total / 3600;
    const qint64 minutes = total % 3600 / 60;
    const qint64 rest = total % 60;
    const auto number = [&locale](qint64 n) { return locale.toString(n); };
    if (hours > 0)
        return QCoreApplication::translate("NumberFormat", "%1 h %2 min")
            .arg(number(hours), number(minutes));
    if (minutes > 0)
        return QCoreApplication::translate("NumberFormat", "%1 min %2 s")
            .arg(number(minutes), number(rest));
    return QCoreApplication::translate("NumberFormat", "%1 s").arg(number(rest));
}

QString slope(double value)
{
    return inDefaultLocale(value, 2);
}

QString difference(double value)
{
    // As code prints it, in any language: QLocale would write "1.2E-07".
    return QString::number(value, 'g', 2);
}

QString exact(double value)
{
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

QByteArray json(double value)
{
    if (!std::isfinite(value))
        return QByteArrayLiteral("null");
    return QByteArray::number(value, 'g', QLocale::FloatingPointShortest);
}

QString shortest(double value, QLocale locale)
{
    locale.setNumberOptions(QLocale::OmitGroupSeparator);
    return locale.toString(value, 'f', QLocale::FloatingPointShortest);
}

} // namespace attention::NumberFormat
