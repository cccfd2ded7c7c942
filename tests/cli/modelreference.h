#pragma once

/// What tst_cli_model reads and computes without the program: safetensors files taken apart
/// with QJsonDocument and memcpy, tang300 cut into poems with QString, and the spec's unigram
/// baseline with a std::map.

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <cmath>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace modelreference {

/// A safetensors file as this test reads it: the header and the float32 data after it.
struct SafeTensors
{
    QJsonObject header;
    QByteArray prefix; ///< the 8-byte length and the header, unchanged
    QByteArray data;

    bool read(const QString &path)
    {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return false;
        const QByteArray bytes = file.readAll();
        if (bytes.size() < 8)
            return false;
        quint64 length = 0;
        for (int i = 7; i >= 0; --i)
            length = (length << 8) | quint8(bytes[i]);
        if (length > quint64(bytes.size() - 8))
            return false;
        prefix = bytes.left(8 + int(length));
        header = QJsonDocument::fromJson(bytes.mid(8, int(length))).object();
        data = bytes.mid(8 + int(length));
        return !header.isEmpty();
    }
    std::vector<float> tensor(const QString &name) const
    {
        const QJsonArray offsets =
            header.value(name).toObject().value(QLatin1String("data_offsets")).toArray();
        const int begin = offsets.at(0).toInt(), end = offsets.at(1).toInt();
        std::vector<float> values(std::size_t(end - begin) / 4);
        std::memcpy(values.data(), data.constData() + begin, std::size_t(end - begin));
        return values;
    }
    /// Overwrites element `index` of tensor `name` with `value` (little-endian float32).
    void set(const QString &name, int index, float value)
    {
        const int begin = header.value(name)
                              .toObject()
                              .value(QLatin1String("data_offsets"))
                              .toArray()
                              .at(0)
                              .toInt();
        std::memcpy(data.data() + begin + 4 * index, &value, 4);
    }
    bool write(const QString &path) const
    {
        QFile file(path);
        return file.open(QIODevice::WriteOnly) &&
               file.write(prefix + data) == prefix.size() + data.size();
    }
};

inline QJsonObject parseObject(const QString &text)
{
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

/// tang300 as the spec cuts it, read here without the program: poems in file order, the two
/// first lines of each entry dropped, the others trimmed and joined, plus "\n".
inline QStringList tang300Documents()
{
    QFile file(QStringLiteral("/usr/share/games/fortunes/tang300"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QStringList documents;
    QStringList entry;
    QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
    lines.append(QStringLiteral("%"));
    for (const QString &line : std::as_const(lines)) {
        if (line != QLatin1String("%")) {
            entry.append(line);
            continue;
        }
        QString poem;
        for (int i = 2; i < entry.size(); ++i)
            poem += entry[i].trimmed();
        if (!poem.isEmpty())
            documents.append(poem + QLatin1Char('\n'));
        entry.clear();
    }
    return documents;
}

/// The spec's unigram baseline of a document list with at least 10 documents.
inline double unigramValLoss(const QStringList &documents, int *vocabSize)
{
    std::u32string train, val;
    for (int i = 0; i < documents.size(); ++i)
        (i % 10 == 9 ? val : train) += documents[i].toStdU32String();
    std::map<char32_t, long> counts;
    for (char32_t c : train)
        ++counts[c];
    std::map<char32_t, long> idCounts; // U+0 stands for the unknown id here
    long vocab = 1;
    for (const auto &[c, n] : counts)
        vocab += n >= 2 ? 1 : 0;
    for (char32_t c : train)
        ++idCounts[counts[c] >= 2 ? c : U'\0'];
    double sum = 0.0;
    for (char32_t c : val) {
        const char32_t id = counts.count(c) && counts[c] >= 2 ? c : U'\0';
        sum -= std::log(double(idCounts[id] + 1) / double(train.size() + vocab));
    }
    *vocabSize = int(vocab);
    return sum / double(val.size());
}

} // namespace modelreference
