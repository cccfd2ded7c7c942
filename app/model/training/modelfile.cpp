#include "modelfile.h"

#include "atomicfile.h"
#include "modelfilereader.h"
#include "modelfiletext.h"
#include "numberformat.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtEndian>
#include <cmath>
#include <cstring>

namespace attention {

using namespace modelfile;

namespace {

QByteArray compactJson(const QJsonValue &value)
{
    const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return wrapped.mid(1, wrapped.size() - 2);
}

/// The config in the spec's key order.
QByteArray configJson(const tiny::ModelConfig &c)
{
    return "{\"vocab_size\":" + QByteArray::number(c.vocabSize) +
           ",\"context\":" + QByteArray::number(c.context) +
           ",\"d_model\":" + QByteArray::number(c.dModel) +
           ",\"heads\":" + QByteArray::number(c.heads) +
           ",\"layers\":" + QByteArray::number(c.layers) +
           ",\"mlp\":" + (c.mlp ? "true" : "false") + '}';
}

QJsonObject metadataObject(const ModelFile &model)
{
    QJsonArray vocab;
    for (const char32_t c : model.vocabulary.characters())
        vocab.append(QString::fromUcs4(&c, 1));
    QJsonObject corpus{{QStringLiteral("name"), model.metadata.corpusName},
                       {QStringLiteral("sha256"), model.metadata.corpusSha256}};
    return {
        {QStringLiteral("format"), formatName()},
        {QStringLiteral("version"), QString::number(formatVersion)},
        {QStringLiteral("config"), QString::fromUtf8(configJson(model.config))},
        {QStringLiteral("vocab"), QString::fromUtf8(compactJson(vocab))},
        {QStringLiteral("corpus"), QString::fromUtf8(compactJson(corpus))},
        {QStringLiteral("steps"), QString::number(model.metadata.steps)},
        {QStringLiteral("seed"), QString::number(model.metadata.seed)},
        {QStringLiteral("val_loss"), NumberFormat::exact(model.metadata.valLoss)},
    };
}

} // namespace

bool ModelMetadata::operator==(const ModelMetadata &other) const
{
    return corpusName == other.corpusName && corpusSha256 == other.corpusSha256 &&
           steps == other.steps && seed == other.seed && valLoss == other.valLoss;
}

bool ModelFile::operator==(const ModelFile &other) const
{
    if (!(config == other.config && vocabulary == other.vocabulary && metadata == other.metadata &&
          tensors.size() == other.tensors.size()))
        return false;
    for (std::size_t i = 0; i < tensors.size(); ++i)
        if (tensors[i].size() != other.tensors[i].size() ||
            std::memcmp(tensors[i].data(), other.tensors[i].data(),
                        tensors[i].size() * sizeof(float)) != 0)
            return false;
    return true;
}

void setCorpus(ModelMetadata &metadata, const QString &name, const std::u32string &text)
{
    const std::string utf8 = tiny::encodeUtf8(text);
    metadata.corpusName = name;
    metadata.corpusSha256 = QString::fromLatin1(
        QCryptographicHash::hash(QByteArrayView(utf8.data(), qsizetype(utf8.size())),
                                 QCryptographicHash::Sha256)
            .toHex());
}

ModelReadResult parseModel(const QByteArray &bytes)
{
    ModelReadResult result;
    if (bytes.size() > maxModelFileBytes) {
        result.error =
            QStringLiteral("header: ") +
            QCoreApplication::translate(
                "ModelFile", "the file has %1 bytes; a model file may have at most %2 MiB")
                .arg(bytes.size())
                .arg(maxModelFileBytes / (1024 * 1024));
        return result;
    }
    ModelFile model;
    result.error = modelfile::readModel(bytes, model);
    if (result.ok())
        result.model = std::move(model);
    return result;
}

ModelReadResult loadModel(const QString &fileName)
{
    const QString name = QDir::toNativeSeparators(fileName);
    const auto failed = [&name](const QString &what) {
        ModelReadResult result;
        result.error = name + QStringLiteral(": ") + what;
        return result;
    };
    const QFileInfo info(fileName);
    if (fileName.isEmpty())
        return failed(QCoreApplication::translate("ModelFile", "no model file name given"));
    if (!info.exists())
        return failed(QCoreApplication::translate("ModelFile", "no such file"));
    if (!info.isFile())
        return failed(QCoreApplication::translate("ModelFile", "is not a regular file"));
    if (info.size() > maxModelFileBytes)
        return failed(
            QCoreApplication::translate(
                "ModelFile", "the file has %1 bytes; a model file may have at most %2 MiB")
                .arg(info.size())
                .arg(maxModelFileBytes / (1024 * 1024)));
    QFile file(fileName);
    if (!file.open(QIODevice::ReadOnly))
        return failed(
            QCoreApplication::translate("ModelFile", "cannot be read: %1").arg(file.errorString()));
    const QByteArray bytes = file.read(maxModelFileBytes + 1);
    if (file.error() != QFileDevice::NoError)
        return failed(
            QCoreApplication::translate("ModelFile", "cannot be read: %1").arg(file.errorString()));
    if (bytes.isEmpty())
        return failed(QCoreApplication::translate("ModelFile", "the file is empty"));
    ModelReadResult result = parseModel(bytes);
    if (!result.ok())
        result.error = name + QStringLiteral(": ") + result.error;
    return result;
}

QString checkModel(const ModelFile &model)
{
    if (const auto problem = tiny::checkConfig(model.config))
        return configProblem(model.config, *problem);
    if (model.vocabulary.size() != model.config.vocabSize)
        return QStringLiteral("vocab: ") +
               QCoreApplication::translate("ModelFile",
                                           "%n character(s), but config.vocab_size is %1", nullptr,
                                           int(model.vocabulary.size()))
                   .arg(model.config.vocabSize);
    if (!model.vocabulary.isValid())
        return QStringLiteral("vocab: ") +
               QCoreApplication::translate("ModelFile",
                                           "must start with U+FFFD and hold no character twice");
    if (!isSha256(model.metadata.corpusSha256))
        return QStringLiteral("corpus.sha256: ") +
               QCoreApplication::translate("ModelFile",
                                           "expected 64 lower-case hexadecimal digits");
    if (model.metadata.steps < 0)
        return QStringLiteral("steps: ") +
               QCoreApplication::translate("ModelFile", "must not be negative");
    if (!std::isfinite(model.metadata.valLoss))
        return QStringLiteral("val_loss: ") +
               QCoreApplication::translate("ModelFile", "must be a finite number");
    const std::vector<tiny::TensorSpec> layout = tiny::tensorLayout(model.config);
    if (model.tensors.size() != layout.size())
        return QStringLiteral("tensors: ") +
               QCoreApplication::translate("ModelFile", "%1 tensors, expected %2")
                   .arg(model.tensors.size())
                   .arg(layout.size());
    for (std::size_t i = 0; i < layout.size(); ++i) {
        if (model.tensors[i].size() != std::size_t(layout[i].elementCount()))
            return tensorPath(layout[i].name) + QStringLiteral(": ") +
                   QCoreApplication::translate("ModelFile", "%1 values, but shape %2 needs %3")
                       .arg(model.tensors[i].size())
                       .arg(shapeText(layout[i].shape))
                       .arg(layout[i].elementCount());
        const QString problem = nonFinite(layout[i], model.tensors[i]);
        if (!problem.isEmpty())
            return problem;
    }
    return {};
}

QByteArray modelToBytes(const ModelFile &model)
{
    return safetensorsBytes(model.config, metadataObject(model), model.tensors);
}

QByteArray safetensorsBytes(const tiny::ModelConfig &config, const QJsonObject &metadata,
                            const std::vector<std::vector<float>> &tensors)
{
    const std::vector<tiny::TensorSpec> layout = tiny::tensorLayout(config);
    QJsonObject header{{metadataKey(), metadata}};
    qint64 offset = 0;
    for (const tiny::TensorSpec &spec : layout) {
        QJsonArray shape;
        for (const long extent : spec.shape)
            shape.append(qint64(extent));
        const qint64 end = offset + 4 * qint64(spec.elementCount());
        header.insert(QString::fromStdString(spec.name),
                      QJsonObject{{QStringLiteral("dtype"), QStringLiteral("F32")},
                                  {QStringLiteral("shape"), shape},
                                  {QStringLiteral("data_offsets"), QJsonArray{offset, end}}});
        offset = end;
    }
    QByteArray json = QJsonDocument(header).toJson(QJsonDocument::Compact);
    json.append((8 - json.size() % 8) % 8, ' '); // the data starts 8-byte aligned
    QByteArray bytes(8, '\0');
    qToLittleEndian<quint64>(quint64(json.size()), bytes.data());
    bytes.reserve(8 + json.size() + offset);
    bytes += json;
    for (const std::vector<float> &values : tensors) {
        const qsizetype start = bytes.size();
        bytes.resize(start + qsizetype(4 * values.size()));
        for (std::size_t i = 0; i < values.size(); ++i)
            qToLittleEndian<float>(values[i], bytes.data() + start + 4 * i);
    }
    return bytes;
}

bool saveModel(const ModelFile &model, const QString &fileName, QString *error)
{
    const QString name = QDir::toNativeSeparators(fileName);
    const auto failed = [&name, error](const QString &what) {
        if (error)
            *error = name + QStringLiteral(": ") + what;
        return false;
    };
    const QString problem = checkModel(model);
    if (!problem.isEmpty())
        return failed(
            QCoreApplication::translate("ModelFile", "the model is not valid: %1").arg(problem));
    QString reason;
    if (!writeFileAtomically(fileName, modelToBytes(model), &reason))
        return failed(
            QCoreApplication::translate("ModelFile", "cannot be written: %1").arg(reason));
    if (error)
        error->clear();
    return true;
}

} // namespace attention