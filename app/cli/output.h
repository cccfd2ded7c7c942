#pragma once

/// What the commands print: plain text tables for people, JSON and CSV for programs.
///
/// Text goes to stdout as UTF-8. JSON is written with its keys in a fixed, documented order and a
/// matrix one row a line; numbers are the shortest text that reads back to the same double.

#include "types.h"

#include <QByteArray>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>
#include <utility>
#include <vector>

namespace attention::cli {

/// Writes `text` to stdout as UTF-8.
void printText(const QString &text);
/// Writes `bytes` to stdout unchanged.
void printBytes(const QByteArray &bytes);
/// Writes "attention-cli: <message>" and a newline to stderr.
void printError(const QString &message);

/// Columns of aligned text; widths count East Asian characters as two columns, as terminals show
/// them.
class TextTable
{
public:
    /// The first `leftColumns` columns are left-aligned (labels), the rest right-aligned (numbers).
    explicit TextTable(int leftColumns = 1)
        : m_leftColumns(leftColumns)
    {}

    void addRow(const QStringList &cells);
    /// The rows, each indented by `indent` spaces, columns two spaces apart, one line each.
    QString toString(int indent = 2) const;

private:
    int m_leftColumns;
    QList<QStringList> m_rows;
};

/// The number of terminal columns `text` takes (East Asian wide characters count two).
int displayWidth(const QString &text);
/// `text` followed by spaces up to `width` terminal columns.
QString padRight(const QString &text, int width);

/// `text` broken into lines of at most `width` columns: at spaces, or between East Asian
/// characters, which need none. Existing line breaks are kept.
QString wrapText(const QString &text, int width = 79);

/// A JSON object's fields in the order they are written: a key and its already-written value.
using JsonFields = std::vector<std::pair<QString, QByteArray>>;

/// Any JSON value on one line, written by QJsonDocument (strings escaped, numbers exact).
QByteArray jsonValue(const QJsonValue &value);
/// An array of strings on one line.
QByteArray jsonStrings(const QStringList &strings);
/// An array of numbers on one line, each as NumberFormat::json writes it.
QByteArray jsonNumbers(const std::vector<double> &numbers);
/// An object on one line: {"a": 1, "b": 2}.
QByteArray jsonInline(const JsonFields &fields);
/// An array whose elements (already written) stand one a line, indented as a top-level field.
QByteArray jsonLines(const QList<QByteArray> &elements);
/// A matrix as an array of rows, one row a line; entries that are not finite become null.
QByteArray jsonMatrix(const Matrix &matrix);
/// The top-level object, one field a line, ending with a newline.
QByteArray jsonDocument(const JsonFields &fields);

} // namespace attention::cli
