#include "modelfilereader.h"

#include "modelfiletext.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QRegularExpression>
#include <QtEndian>
#include <algorithm>
#include <cmath>
#include <map>

namespace attention::modelfile {

namespace {

constexpr double maxJsonInteger = 9007199254740992.0; // 2⁵³: beyond, a double skips integers

/// Where one tensor's data lies, from its header entry.
struct Extent
{
    std::size_t layoutIndex = 0;
    qint64 begin = 0;
    qint64 end = 0;
};

/// Reads a parsed header and the data after it into a ModelFile, stopping at the first problem.
class Reader
{
public:
    Reader(QJsonObject header, const char *data, qint64 dataSize)
        : m_header(std::move(header))
        , m_data(data)
        , m_dataSize(dataSize)
    {}

    bool read(ModelFile &model)
    {
        return readMetadata(model) && readTensorEntries(model.config) && checkTiling() &&
               readWeights(model);
    }

    QString error() const { return m_error; }

private:
    bool fail(const QString &path, const QString &what)
    {
        m_error = path + QStringLiteral(": ") + what;
        return false;
    }

    bool fail(const QString &message)
    {
        m_error = message;
        return false;
    }

    /// The string `name` of __metadata__.
    bool metadataString(const QJsonObject &metadata, const char *name, QString &text)
    {
        const QJsonValue value = metadata.value(QLatin1String(name));
        if (value.isUndefined())
            return fail(QLatin1String(name),
                        QCoreApplication::translate("ModelFile", "this metadata entry is missing"));
        if (!value.isString())
            return fail(QLatin1String(name),
                        QCoreApplication::translate("ModelFile", "expected a string, found %1")
                            .arg(describe(value)));
        text = value.toString();
        return true;
    }

    /// A metadata string that holds JSON: an object or an array.
    bool metadataJson(const QJsonObject &metadata, const char *name, QJsonDocument &document)
    {
        QString text;
        if (!metadataString(metadata, name, text))
            return false;
        QJsonParseError parseError;
        document = QJsonDocument::fromJson(text.toUtf8(), &parseError);
        if (parseError.error != QJsonParseError::NoError)
            return fail(QLatin1String(name),
                        QCoreApplication::translate("ModelFile", "not valid JSON: %1 at offset %2")
                            .arg(parseError.errorString())
                            .arg(parseError.offset));
        return true;
    }

    bool readMetadata(ModelFile &model)
    {
        const QJsonValue value = m_header.value(metadataKey());
        if (!value.isObject())
            return fail(metadataKey(), value.isUndefined()
                                           ? QCoreApplication::translate("ModelFile", "missing")
                                           : QCoreApplication::translate(
                                                 "ModelFile", "expected an object, found %1")
                                                 .arg(describe(value)));
        const QJsonObject metadata = value.toObject();
        return readFormat(metadata) && readConfig(metadata, model.config) &&
               readVocab(metadata, model.config, model.vocabulary) &&
               readCorpus(metadata, model.metadata) && readNumbers(metadata, model.metadata);
    }

    bool readFormat(const QJsonObject &metadata)
    {
        QString format;
        QString version;
        if (!metadataString(metadata, "format", format))
            return false;
        if (format != formatName())
            return fail(QStringLiteral("format"),
                        QCoreApplication::translate("ModelFile", "expected \"%1\", found %2")
                            .arg(formatName(), quotedText(format)));
        if (!metadataString(metadata, "version", version))
            return false;
        if (version != QString::number(formatVersion))
            return fail(QStringLiteral("version"),
                        QCoreApplication::translate(
                            "ModelFile", "unsupported version %1; this program reads version %2")
                            .arg(quotedText(version))
                            .arg(formatVersion));
        return true;
    }

    bool configInteger(const QJsonObject &object, const char *name, int &x)
    {
        const QString path = QStringLiteral("config.") + QLatin1String(name);
        const QJsonValue value = object.value(QLatin1String(name));
        if (value.isUndefined())
            return fail(path, QCoreApplication::translate("ModelFile", "this field is missing"));
        const double d = value.toDouble(0.5);
        if (!value.isDouble() || d != std::floor(d) || std::abs(d) > 1e9)
            return fail(path,
                        QCoreApplication::translate("ModelFile", "expected an integer, found %1")
                            .arg(describe(value)));
        x = static_cast<int>(d);
        return true;
    }

    bool readConfig(const QJsonObject &metadata, tiny::ModelConfig &config)
    {
        QJsonDocument document;
        if (!metadataJson(metadata, "config", document))
            return false;
        if (!document.isObject())
            return fail(QStringLiteral("config"),
                        QCoreApplication::translate("ModelFile", "expected a JSON object"));
        const QJsonObject object = document.object();
        const QStringList known{QStringLiteral("vocab_size"), QStringLiteral("context"),
                                QStringLiteral("d_model"),    QStringLiteral("heads"),
                                QStringLiteral("layers"),     QStringLiteral("mlp")};
        for (const QString &key : object.keys())
            if (!known.contains(key))
                return fail(QStringLiteral("config"),
                            QCoreApplication::translate("ModelFile", "unknown field \"%1\"")
                                .arg(printable(key)));
        if (!configInteger(object, "vocab_size", config.vocabSize) ||
            !configInteger(object, "context", config.context) ||
            !configInteger(object, "d_model", config.dModel) ||
            !configInteger(object, "heads", config.heads) ||
            !configInteger(object, "layers", config.layers))
            return false;
        const QJsonValue mlp = object.value(QLatin1String("mlp"));
        if (!mlp.isBool())
            return fail(
                QStringLiteral("config.mlp"),
                mlp.isUndefined()
                    ? QCoreApplication::translate("ModelFile", "this field is missing")
                    : QCoreApplication::translate("ModelFile", "expected true or false, found %1")
                          .arg(describe(mlp)));
        config.mlp = mlp.toBool();
        if (const auto problem = tiny::checkConfig(config))
            return fail(configProblem(config, *problem));
        return true;
    }

    bool readVocab(const QJsonObject &metadata, const tiny::ModelConfig &config,
                   tiny::Vocabulary &vocabulary)
    {
        QJsonDocument document;
        if (!metadataJson(metadata, "vocab", document))
            return false;
        if (!document.isArray())
            return fail(QStringLiteral("vocab"),
                        QCoreApplication::translate("ModelFile", "expected a JSON array"));
        const QJsonArray array = document.array();
        if (array.size() != config.vocabSize)
            return fail(QStringLiteral("vocab"),
                        QCoreApplication::translate("ModelFile",
                                                    "%n character(s), but config.vocab_size is %1",
                                                    nullptr, int(array.size()))
                            .arg(config.vocabSize));
        std::vector<char32_t> characters;
        std::map<char32_t, qsizetype> seen;
        for (qsizetype i = 0; i < array.size(); ++i) {
            const QString path = QStringLiteral("vocab[%1]").arg(i);
            const QList<uint> ucs4 = array.at(i).toString().toUcs4();
            if (!array.at(i).isString() || ucs4.size() != 1 ||
                !array.at(i).toString().isValidUtf16())
                return fail(path, QCoreApplication::translate("ModelFile",
                                                              "expected one character, found %1")
                                      .arg(describe(array.at(i))));
            const char32_t c = ucs4.front();
            if (i == 0 && c != tiny::unknownCharacter)
                return fail(path,
                            QCoreApplication::translate(
                                "ModelFile", "expected the unknown character \"\uFFFD\" (U+FFFD)"));
            if (const auto it = seen.find(c); it != seen.end())
                return fail(
                    path,
                    QCoreApplication::translate("ModelFile", "repeats vocab[%1]").arg(it->second));
            seen.emplace(c, i);
            characters.push_back(c);
        }
        vocabulary = tiny::Vocabulary(std::move(characters));
        return true;
    }

    bool readCorpus(const QJsonObject &metadata, ModelMetadata &out)
    {
        QJsonDocument document;
        if (!metadataJson(metadata, "corpus", document))
            return false;
        const QJsonObject object = document.object();
        const QJsonValue name = object.value(QLatin1String("name"));
        const QJsonValue sha = object.value(QLatin1String("sha256"));
        if (!document.isObject() || object.size() != 2 || !name.isString() || !sha.isString())
            return fail(QStringLiteral("corpus"),
                        QCoreApplication::translate(
                            "ModelFile", "expected a JSON object {\"name\": …, \"sha256\": …}"));
        if (!isSha256(sha.toString()))
            return fail(QStringLiteral("corpus.sha256"),
                        QCoreApplication::translate(
                            "ModelFile", "expected 64 lower-case hexadecimal digits, found %1")
                            .arg(quotedText(sha.toString())));
        out.corpusName = name.toString();
        out.corpusSha256 = sha.toString();
        return true;
    }

    bool readNumbers(const QJsonObject &metadata, ModelMetadata &out)
    {
        static const QRegularExpression digits(QStringLiteral("^[0-9]{1,20}$"));
        QString steps;
        QString seed;
        QString valLoss;
        bool ok = false;
        if (!metadataString(metadata, "steps", steps))
            return false;
        out.steps = digits.match(steps).hasMatch() ? steps.toLongLong(&ok) : 0;
        if (!ok)
            return fail(QStringLiteral("steps"),
                        QCoreApplication::translate("ModelFile",
                                                    "expected a whole number of steps, found %1")
                            .arg(quotedText(steps)));
        if (!metadataString(metadata, "seed", seed))
            return false;
        out.seed = digits.match(seed).hasMatch() ? seed.toULongLong(&ok) : (ok = false, 0);
        if (!ok)
            return fail(QStringLiteral("seed"),
                        QCoreApplication::translate(
                            "ModelFile", "expected an integer from 0 to 2⁶⁴ − 1, found %1")
                            .arg(quotedText(seed)));
        if (!metadataString(metadata, "val_loss", valLoss))
            return false;
        out.valLoss = valLoss.toDouble(&ok);
        if (!ok || !std::isfinite(out.valLoss))
            return fail(
                QStringLiteral("val_loss"),
                QCoreApplication::translate("ModelFile", "expected a finite number, found %1")
                    .arg(quotedText(valLoss)));
        return true;
    }

    /// A JSON number that is a whole number from 0 to 2⁵³.
    static bool isCount(const QJsonValue &value)
    {
        const double x = value.toDouble(-1.0);
        return value.isDouble() && x >= 0 && x <= maxJsonInteger && x == std::floor(x);
    }

    bool readTensorEntry(const tiny::TensorSpec &spec, const QJsonValue &value, Extent &extent)
    {
        const QString path = tensorPath(spec.name);
        const QJsonObject entry = value.toObject();
        if (!value.isObject())
            return fail(path,
                        QCoreApplication::translate("ModelFile", "expected an object, found %1")
                            .arg(describe(value)));
        for (const QString &key : entry.keys())
            if (key != QLatin1String("dtype") && key != QLatin1String("shape") &&
                key != QLatin1String("data_offsets"))
                return fail(path, QCoreApplication::translate("ModelFile", "unknown field \"%1\"")
                                      .arg(printable(key)));
        const QJsonValue dtype = entry.value(QLatin1String("dtype"));
        if (dtype.toString() != QLatin1String("F32"))
            return fail(path,
                        QCoreApplication::translate("ModelFile", "dtype is %1, expected \"F32\"")
                            .arg(describe(dtype)));
        const QJsonArray shape = entry.value(QLatin1String("shape")).toArray();
        std::vector<long> found;
        for (const QJsonValue &extentValue : shape) {
            if (!isCount(extentValue))
                return fail(path, QCoreApplication::translate(
                                      "ModelFile", "shape holds %1, expected whole numbers")
                                      .arg(describe(extentValue)));
            found.push_back(static_cast<long>(std::min(extentValue.toDouble(), 1e15)));
        }
        if (!entry.value(QLatin1String("shape")).isArray() || found != spec.shape)
            return fail(path, QCoreApplication::translate(
                                  "ModelFile", "shape %1 disagrees with config (expected %2)")
                                  .arg(entry.value(QLatin1String("shape")).isArray()
                                           ? shapeText(found)
                                           : describe(entry.value(QLatin1String("shape"))),
                                       shapeText(spec.shape)));
        return readOffsets(spec, entry.value(QLatin1String("data_offsets")), extent);
    }

    bool readOffsets(const tiny::TensorSpec &spec, const QJsonValue &value, Extent &extent)
    {
        const QString path = tensorPath(spec.name);
        const QJsonArray offsets = value.toArray();
        if (!value.isArray() || offsets.size() != 2 || !isCount(offsets.at(0)) ||
            !isCount(offsets.at(1)))
            return fail(path,
                        QCoreApplication::translate(
                            "ModelFile", "data_offsets must be two whole numbers [begin, end]"));
        extent.begin = static_cast<qint64>(offsets.at(0).toDouble());
        extent.end = static_cast<qint64>(offsets.at(1).toDouble());
        if (extent.end < extent.begin)
            return fail(path, QCoreApplication::translate(
                                  "ModelFile", "data_offsets [%1, %2] end before they begin")
                                  .arg(extent.begin)
                                  .arg(extent.end));
        if (extent.end > m_dataSize)
            return fail(path, QCoreApplication::translate(
                                  "ModelFile", "data_offsets [%1, %2] run past the end of the file "
                                               "(the data has %3 bytes)")
                                  .arg(extent.begin)
                                  .arg(extent.end)
                                  .arg(m_dataSize));
        const qint64 expected = 4 * static_cast<qint64>(spec.elementCount());
        if (extent.end - extent.begin != expected)
            return fail(
                path, QCoreApplication::translate(
                          "ModelFile", "data_offsets [%1, %2] hold %3 bytes, but shape %4 needs %5")
                          .arg(extent.begin)
                          .arg(extent.end)
                          .arg(extent.end - extent.begin)
                          .arg(shapeText(spec.shape))
                          .arg(expected));
        return true;
    }

    bool readTensorEntries(const tiny::ModelConfig &config)
    {
        m_layout = tiny::tensorLayout(config);
        for (const QString &key : m_header.keys()) {
            const bool known =
                key == metadataKey() ||
                std::any_of(m_layout.begin(), m_layout.end(), [&key](const tiny::TensorSpec &s) {
                    return key == QString::fromStdString(s.name);
                });
            if (!known)
                return fail(
                    QCoreApplication::translate("ModelFile", "tensor %1").arg(printable(key)),
                    QCoreApplication::translate("ModelFile", "not a tensor of this model"));
        }
        for (std::size_t i = 0; i < m_layout.size(); ++i) {
            const QJsonValue value = m_header.value(QString::fromStdString(m_layout[i].name));
            if (value.isUndefined())
                return fail(tensorPath(m_layout[i].name),
                            QCoreApplication::translate("ModelFile", "missing"));
            Extent extent;
            extent.layoutIndex = i;
            if (!readTensorEntry(m_layout[i], value, extent))
                return false;
            m_extents.push_back(extent);
        }
        return true;
    }

    /// The tensors must cover the data exactly: no overlap, no gap, nothing after the last.
    bool checkTiling()
    {
        std::vector<Extent> sorted = m_extents;
        std::sort(sorted.begin(), sorted.end(),
                  [](const Extent &a, const Extent &b) { return a.begin < b.begin; });
        qint64 position = 0;
        const tiny::TensorSpec *previous = nullptr;
        for (const Extent &extent : sorted) {
            const tiny::TensorSpec &spec = m_layout[extent.layoutIndex];
            if (extent.begin < position)
                return fail(tensorPath(spec.name),
                            QCoreApplication::translate("ModelFile",
                                                        "data_offsets [%1, %2] overlap those of %3")
                                .arg(extent.begin)
                                .arg(extent.end)
                                .arg(QString::fromStdString(previous->name)));
            if (extent.begin > position)
                return fail(
                    tensorPath(spec.name),
                    QCoreApplication::translate(
                        "ModelFile", "data_offsets begin at %1, leaving bytes %2 to %1 unused")
                        .arg(extent.begin)
                        .arg(position));
            position = extent.end;
            previous = &spec;
        }
        if (position != m_dataSize)
            return fail(
                QStringLiteral("header"),
                QCoreApplication::translate("ModelFile", "%1 bytes of data follow the last tensor")
                    .arg(m_dataSize - position));
        return true;
    }

    bool readWeights(ModelFile &model)
    {
        model.tensors.assign(m_layout.size(), {});
        for (const Extent &extent : m_extents) {
            const tiny::TensorSpec &spec = m_layout[extent.layoutIndex];
            std::vector<float> &values = model.tensors[extent.layoutIndex];
            values.resize(static_cast<std::size_t>(spec.elementCount()));
            const char *source = m_data + extent.begin;
            for (std::size_t i = 0; i < values.size(); ++i)
                values[i] = qFromLittleEndian<float>(source + 4 * i);
            const QString problem = nonFinite(spec, values);
            if (!problem.isEmpty())
                return fail(problem);
        }
        return true;
    }

    QJsonObject m_header;
    const char *m_data;
    qint64 m_dataSize;
    std::vector<tiny::TensorSpec> m_layout;
    std::vector<Extent> m_extents; ///< in layout order
    QString m_error;
};

/// The header length and the JSON object after it, or a message.
QString readHeader(const QByteArray &bytes, QJsonObject &header, qint64 &headerEnd)
{
    const QString where = QStringLiteral("header: ");
    if (bytes.size() < 8)
        return where +
               QCoreApplication::translate(
                   "ModelFile", "the file has %1 bytes, too few for the 8-byte header length")
                   .arg(bytes.size());
    const quint64 length = qFromLittleEndian<quint64>(bytes.constData());
    if (length > quint64(maxModelHeaderBytes))
        return where + QCoreApplication::translate(
                           "ModelFile", "the header length %1 is more than the %2 MiB allowed")
                           .arg(length)
                           .arg(maxModelHeaderBytes / (1024 * 1024));
    if (qint64(length) > bytes.size() - 8)
        return where +
               QCoreApplication::translate(
                   "ModelFile", "the header length %1 runs past the end of the file (%2 bytes)")
                   .arg(length)
                   .arg(bytes.size());
    QJsonParseError parseError;
    const QJsonDocument document =
        QJsonDocument::fromJson(bytes.mid(8, qsizetype(length)), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return where + QCoreApplication::translate("ModelFile", "not valid JSON: %1 at offset %2")
                           .arg(parseError.errorString())
                           .arg(8 + parseError.offset);
    if (!document.isObject())
        return where + QCoreApplication::translate("ModelFile", "expected a JSON object");
    header = document.object();
    headerEnd = 8 + qint64(length);
    return {};
}

} // namespace

QString readModel(const QByteArray &bytes, ModelFile &model)
{
    QJsonObject header;
    qint64 headerEnd = 0;
    const QString problem = readHeader(bytes, header, headerEnd);
    if (!problem.isEmpty())
        return problem;
    Reader reader(std::move(header), bytes.constData() + headerEnd, bytes.size() - headerEnd);
    return reader.read(model) ? QString() : reader.error();
}

} // namespace attention::modelfile
