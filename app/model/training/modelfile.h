#pragma once

/// Reading and writing the tiny model's weights file: safetensors (docs/tiny-model.md,
/// "The weights file").
///
/// Layout: an 8-byte little-endian header length N, N bytes of JSON, then the raw little-endian
/// float32 data, row-major. The header maps every tensor name to {"dtype": "F32", "shape",
/// "data_offsets": [begin, end]} (offsets from the start of the data) and holds `__metadata__`,
/// whose values are strings: format, version, config, vocab, corpus, steps, seed, val_loss.
/// The writer stores the tensors in tensorLayout() order, back to back; the reader accepts any
/// order as long as the tensors tile the data exactly, as the safetensors library itself does.
///
/// Reading validates everything and refuses a file as a whole, with one message naming the file,
/// the field or tensor and what is wrong; a refused read returns no model, so the caller's data
/// stays as it was. Writing goes through QSaveFile: a failed save leaves any old file intact.

#include "tiny/config.h"
#include "tiny/corpus.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <cstdint>
#include <vector>

namespace attention {

/// The `__metadata__` entries besides format, version, config and vocab.
struct ModelMetadata
{
    QString corpusName;   ///< "tang300", "song100" or the text file's name
    QString corpusSha256; ///< of the corpus text (documents concatenated) as UTF-8, lower-case hex
    qint64 steps = 0;     ///< training steps done (≥ 0)
    quint64 seed = 0;
    double valLoss = 0.0; ///< finite

    bool operator==(const ModelMetadata &other) const;
};

/// A whole model as the file holds it.
struct ModelFile
{
    tiny::ModelConfig config;
    tiny::Vocabulary vocabulary; ///< config.vocabSize characters, id order
    ModelMetadata metadata;
    /// One row-major array per tensor of tiny::tensorLayout(config), in that order.
    std::vector<std::vector<float>> tensors;

    bool operator==(const ModelFile &other) const; ///< bit-identical weights
};

struct ModelReadResult
{
    ModelFile model; ///< valid only when ok()
    QString error;   ///< "<file>: <field or tensor>: <what is wrong>"

    bool ok() const { return error.isEmpty(); }
};

/// A header (the JSON after the length) longer than this is refused.
constexpr qint64 maxModelHeaderBytes = qint64(16) * 1024 * 1024;
/// A model file larger than this is refused before it is read (the largest model the limits
/// allow takes about 190 MB).
constexpr qint64 maxModelFileBytes = qint64(512) * 1024 * 1024;

/// The corpus entry of the metadata: `name` and the SHA-256 of `text` encoded as UTF-8.
void setCorpus(ModelMetadata &metadata, const QString &name, const std::u32string &text);

/// Parses and validates the bytes of a model file; errors start with the field or tensor.
ModelReadResult parseModel(const QByteArray &bytes);
/// Reads and validates a model file; errors start with the file name.
ModelReadResult loadModel(const QString &fileName);

/// What makes `model` unfit to be written ("<field or tensor>: <what>"), or an empty string.
QString checkModel(const ModelFile &model);
/// The file's bytes. `model` must pass checkModel().
QByteArray modelToBytes(const ModelFile &model);
/// The safetensors bytes of `tensors`, laid out as tiny::tensorLayout(config) names and shapes
/// them, with `metadata` under "__metadata__": a model file's, or attention-cli grad's gradient.
QByteArray safetensorsBytes(const tiny::ModelConfig &config, const QJsonObject &metadata,
                            const std::vector<std::vector<float>> &tensors);
/// Checks and writes atomically. On failure returns false, sets `error` ("<file>: …") and leaves
/// any old file untouched.
bool saveModel(const ModelFile &model, const QString &fileName, QString *error = nullptr);

} // namespace attention
