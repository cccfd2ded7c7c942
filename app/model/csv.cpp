#include "csv.h"

#include "numberformat.h"

#include <QLocale>
#include <cmath>

namespace attention {

QString csvField(const QString &text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) &&
        !text.contains(QLatin1Char('\n')) && !text.contains(QLatin1Char('\r')))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QString csvNumber(double x)
{
    if (std::isnan(x))
        return QStringLiteral("nan");
    if (std::isinf(x))
        return x < 0 ? QStringLiteral("-inf") : QStringLiteral("inf");
    return NumberFormat::exact(x);
}

QString csvTable(const QString &corner, const QStringList &columnLabels,
                 const QStringList &rowLabels, const Matrix &m)
{
    QString text = csvField(corner);
    for (Index c = 0; c < m.cols(); ++c)
        text += QLatin1Char(',') + csvField(columnLabels.value(static_cast<int>(c)));
    text += QLatin1Char('\n');
    for (Index r = 0; r < m.rows(); ++r) {
        text += csvField(rowLabels.value(static_cast<int>(r)));
        for (Index c = 0; c < m.cols(); ++c)
            text += QLatin1Char(',') + csvNumber(m(r, c));
        text += QLatin1Char('\n');
    }
    return text;
}

} // namespace attention
