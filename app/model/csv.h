#pragma once

/// CSV for matrices (RFC 4180): what the app's "Export as CSV" and `attention-cli weights
/// --format csv` write.

#include "types.h"

#include <QString>
#include <QStringList>

namespace attention {

/// One CSV field, quoted only when it holds a comma, a quote or a line break.
QString csvField(const QString &text);
/// A number: the shortest text that reads back exactly; "-inf", "inf" or "nan" otherwise.
QString csvNumber(double x);
/// A table: a header row (`corner`, then the column labels) and one row per matrix row, led by
/// its label. Labels are quoted as needed; missing labels are left empty.
QString csvTable(const QString &corner, const QStringList &columnLabels,
                 const QStringList &rowLabels, const Matrix &m);

} // namespace attention
