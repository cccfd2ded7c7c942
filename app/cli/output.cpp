#include "output.h"

#include "numberformat.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <cmath>
#include <cstdio>

namespace attention::cli {

namespace {

/// East Asian wide and fullwidth ranges (Unicode UAX #11, the blocks this program can print).
bool isWide(char32_t c)
{
    return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) ||
           (c >= 0x3041 && c <= 0x33FF) || (c >= 0x3400 && c <= 0x4DBF) ||
           (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) ||
           (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
           (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
           (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x3FFFD);
}

} // namespace

void printText(const QString &text)
{
    printBytes(text.toUtf8());
}

void printBytes(const QByteArray &bytes)
{
    std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), stdout);
}

void printError(const QString &message)
{
    const QByteArray line = QStringLiteral("attention-cli: %1\n").arg(message).toUtf8();
    std::fflush(stdout);
    std::fwrite(line.constData(), 1, static_cast<std::size_t>(line.size()), stderr);
}

int displayWidth(const QString &text)
{
    int width = 0;
    for (char32_t c : text.toUcs4())
        width += isWide(c) ? 2 : 1;
    return width;
}

QString padRight(const QString &text, int width)
{
    return text + QString(std::max(0, width - displayWidth(text)), QLatin1Char(' '));
}

void TextTable::addRow(const QStringList &cells)
{
    m_rows.append(cells);
}

QString TextTable::toString(int indent) const
{
    QList<int> widths;
    for (const QStringList &row : m_rows) {
        for (int c = 0; c < row.size(); ++c) {
            if (c == widths.size())
                widths.append(0);
            widths[c] = std::max(widths[c], displayWidth(row[c]));
        }
    }
    QString text;
    for (const QStringList &row : m_rows) {
        QString line(indent, QLatin1Char(' '));
        for (int c = 0; c < row.size(); ++c) {
            const QString padding(widths[c] - displayWidth(row[c]), QLatin1Char(' '));
            if (c > 0)
                line += QStringLiteral("  ");
            line += c < m_leftColumns ? row[c] + padding : padding + row[c];
        }
        // The first column's padding would trail on a row that has nothing else.
        while (line.endsWith(QLatin1Char(' ')))
            line.chop(1);
        text += line + QLatin1Char('\n');
    }
    return text;
}

QString wrapText(const QString &text, int width)
{
    QStringList lines;
    for (const QString &paragraph : text.split(QLatin1Char('\n'))) {
        // Units that may not be split: a word, or one wide character with what sticks to it.
        QStringList units;
        QString word;
        for (char32_t c : paragraph.toUcs4()) {
            const QString character = QString::fromUcs4(&c, 1);
            if (c == U' ') {
                units.append(word + character);
                word.clear();
            } else if (isWide(c)) {
                if (!word.isEmpty())
                    units.append(word);
                units.append(character);
                word.clear();
            } else {
                word += character;
            }
        }
        units.append(word);

        QString line;
        for (const QString &unit : std::as_const(units)) {
            if (!line.isEmpty() && displayWidth(line + unit.trimmed()) > width) {
                lines.append(line.trimmed());
                line.clear();
            }
            line += unit;
        }
        lines.append(line.trimmed());
    }
    return lines.join(QLatin1Char('\n'));
}

QByteArray jsonValue(const QJsonValue &value)
{
    if (value.isArray())
        return QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact);
    if (value.isObject())
        return QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
    if (value.isDouble())
        return NumberFormat::json(value.toDouble());
    // A bare value: let QJsonDocument write it inside an array, then take the brackets off.
    const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return wrapped.mid(1, wrapped.size() - 2);
}

QByteArray jsonStrings(const QStringList &strings)
{
    QByteArray text = "[";
    for (int i = 0; i < strings.size(); ++i)
        text += (i > 0 ? ", " : "") + jsonValue(strings[i]);
    return text + ']';
}

QByteArray jsonNumbers(const std::vector<double> &numbers)
{
    QByteArray text = "[";
    for (std::size_t i = 0; i < numbers.size(); ++i)
        text += (i > 0 ? ", " : "") + NumberFormat::json(numbers[i]);
    return text + ']';
}

QByteArray jsonInline(const JsonFields &fields)
{
    QByteArray text = "{";
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i > 0)
            text += ", ";
        text += jsonValue(fields[i].first) + ": " + fields[i].second;
    }
    return text + '}';
}

QByteArray jsonLines(const QList<QByteArray> &elements)
{
    if (elements.isEmpty())
        return QByteArrayLiteral("[]");
    QByteArray text = "[\n";
    for (int i = 0; i < elements.size(); ++i)
        text += "        " + elements[i] + (i + 1 < elements.size() ? ",\n" : "\n");
    return text + "    ]";
}

QByteArray jsonMatrix(const Matrix &matrix)
{
    QList<QByteArray> rows;
    for (Index r = 0; r < matrix.rows(); ++r) {
        QByteArray row = "[";
        for (Index c = 0; c < matrix.cols(); ++c)
            row += (c > 0 ? ", " : "") + NumberFormat::json(matrix(r, c));
        rows.append(row + ']');
    }
    return jsonLines(rows);
}

QByteArray jsonDocument(const JsonFields &fields)
{
    QByteArray text = "{\n";
    for (std::size_t i = 0; i < fields.size(); ++i) {
        text += "    " + jsonValue(fields[i].first) + ": " + fields[i].second;
        text += i + 1 < fields.size() ? ",\n" : "\n";
    }
    return text + "}\n";
}

} // namespace attention::cli
