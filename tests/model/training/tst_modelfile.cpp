// Tests of the model's weights file (safetensors): write → read round trips bit for bit, the
// layout read back by hand, a table of broken files (each made by corrupting a valid one) refused
// with a message naming the field or tensor, and saves that fail without harming the old file.

#include "language.h"
#include "modelfile.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>

#ifdef Q_OS_UNIX
#include <csignal>
#include <sys/resource.h>
#endif

using namespace attention;
using attention::tiny::ModelConfig;

namespace {

/// A small valid model whose weights are all different and include awkward floats.
ModelFile smallModel(bool mlp = true, int layers = 1)
{
    ModelFile model;
    model.config.vocabSize = 5;
    model.config.context = 3;
    model.config.dModel = 4;
    model.config.heads = 2;
    model.config.layers = layers;
    model.config.mlp = mlp;
    model.vocabulary = tiny::Vocabulary({U'\uFFFD', U'\n', U'，', U'床', U'\U0001F600'});
    model.metadata.corpusName = QStringLiteral("床前.txt");
    model.metadata.corpusSha256 = QString(64, QLatin1Char('a'));
    model.metadata.steps = 1234;
    model.metadata.seed = std::numeric_limits<quint64>::max();
    model.metadata.valLoss = 0.1 + 0.2; // not a short decimal
    const float specials[] = {-0.0f, std::numeric_limits<float>::denorm_min(),
                              std::numeric_limits<float>::max(), -1.0f / 3.0f};
    int counter = 0;
    for (const tiny::TensorSpec &spec : tiny::tensorLayout(model.config)) {
        std::vector<float> values(static_cast<std::size_t>(spec.elementCount()));
        for (float &x : values) {
            x = counter < 4 ? specials[counter] : std::sin(float(counter)) * 0.02f;
            ++counter;
        }
        model.tensors.push_back(std::move(values));
    }
    return model;
}

/// A valid file cut into its parts, to be changed and put together again.
struct Parts
{
    QJsonObject header;
    QByteArray data;

    QJsonObject metadata() const { return header.value(QLatin1String("__metadata__")).toObject(); }
    void setMetadata(const char *key, const QString &value)
    {
        QJsonObject m = metadata();
        m.insert(QLatin1String(key), value);
        header.insert(QLatin1String("__metadata__"), m);
    }
    void setTensorField(const char *tensor, const char *key, const QJsonValue &value)
    {
        QJsonObject entry = header.value(QLatin1String(tensor)).toObject();
        entry.insert(QLatin1String(key), value);
        header.insert(QLatin1String(tensor), entry);
    }
    QByteArray bytes() const
    {
        const QByteArray json = QJsonDocument(header).toJson(QJsonDocument::Compact);
        return lengthPrefix(quint64(json.size())) + json + data;
    }
    static QByteArray lengthPrefix(quint64 length)
    {
        QByteArray prefix(8, '\0');
        qToLittleEndian(length, prefix.data());
        return prefix;
    }
};

Parts split(const QByteArray &file)
{
    const quint64 length = qFromLittleEndian<quint64>(file.constData());
    return {QJsonDocument::fromJson(file.mid(8, qsizetype(length))).object(),
            file.mid(8 + qsizetype(length))};
}

QByteArray validFile()
{
    return modelToBytes(smallModel());
}

using Corruption = std::function<QByteArray()>;

/// The valid file after `change` to its parts.
Corruption changed(const std::function<void(Parts &)> &change)
{
    return [change]() {
        Parts parts = split(validFile());
        change(parts);
        return parts.bytes();
    };
}

Corruption metadataSet(const char *key, const QString &value)
{
    return changed([key, value](Parts &p) { p.setMetadata(key, value); });
}

/// The config JSON of smallModel() with `from` replaced by `to`.
Corruption configEdit(const char *from, const char *to)
{
    return changed([from, to](Parts &p) {
        QString config = p.metadata().value(QLatin1String("config")).toString();
        config.replace(QLatin1String(from), QLatin1String(to));
        p.setMetadata("config", config);
    });
}

/// The float at `index` of tok_emb (the first tensor) set to `x`.
Corruption weightSet(int index, float x)
{
    return changed([index, x](Parts &p) { qToLittleEndian(x, p.data.data() + 4 * index); });
}

QByteArray readAll(const QString &fileName)
{
    QFile file(fileName);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeAll(const QString &fileName, const QByteArray &bytes)
{
    QFile file(fileName);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

} // namespace

Q_DECLARE_METATYPE(Corruption)

class TestModelFile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void roundTrip_data();
    void roundTrip();
    void layoutByHand();
    void corpusHash();
    void pythonReadsTheFile();
    void readsFilesWrittenByPython_data();
    void readsFilesWrittenByPython();

    void refusals_data();
    void refusals();
    void largestConfigRefusedBeforeAllocation();
    void emptyFileIsSaidToBeEmpty();
    void loadNamesTheFile();
    void tensorsInAnotherOrderAreRead();

    void saveRefusesInvalidModel_data();
    void saveRefusesInvalidModel();
    void saveFailureKeepsOldFile();
};

void TestModelFile::roundTrip_data()
{
    QTest::addColumn<bool>("mlp");
    QTest::addColumn<int>("layers");
    QTest::newRow("one block with MLP") << true << 1;
    QTest::newRow("two blocks without MLP") << false << 2;
    QTest::newRow("four blocks with MLP") << true << 4;
}

void TestModelFile::roundTrip()
{
    QFETCH(bool, mlp);
    QFETCH(int, layers);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fileName = dir.filePath(QStringLiteral("model.safetensors"));
    const ModelFile model = smallModel(mlp, layers);
    QString error = QStringLiteral("stale");
    QVERIFY2(saveModel(model, fileName, &error), qPrintable(error));
    QVERIFY(error.isEmpty());
    const ModelReadResult read = loadModel(fileName);
    QVERIFY2(read.ok(), qPrintable(read.error));
    QVERIFY(read.model == model);
    // Bit for bit, -0.0 and the smallest subnormal included.
    QCOMPARE(std::signbit(read.model.tensors[0][0]), true);
    QCOMPARE(read.model.tensors[0][1], std::numeric_limits<float>::denorm_min());
    QCOMPARE(read.model.metadata.valLoss, 0.1 + 0.2);
    QCOMPARE(modelToBytes(read.model), readAll(fileName));
}

void TestModelFile::layoutByHand()
{
    // Read the file the way any safetensors reader would, without the code under test.
    const ModelFile model = smallModel();
    const QByteArray file = modelToBytes(model);
    const quint64 length = qFromLittleEndian<quint64>(file.constData());
    QCOMPARE((8 + length) % 8, quint64(0));
    QJsonParseError parseError;
    const QJsonObject header =
        QJsonDocument::fromJson(file.mid(8, qsizetype(length)), &parseError).object();
    QCOMPARE(parseError.error, QJsonParseError::NoError);
    const QJsonObject metadata = header.value(QLatin1String("__metadata__")).toObject();
    QCOMPARE(metadata.value(QLatin1String("format")).toString(),
             QStringLiteral("attention-lab-model"));
    QCOMPARE(metadata.value(QLatin1String("version")).toString(), QStringLiteral("1"));
    QCOMPARE(metadata.value(QLatin1String("steps")).toString(), QStringLiteral("1234"));
    QCOMPARE(metadata.value(QLatin1String("seed")).toString(),
             QStringLiteral("18446744073709551615"));
    const QJsonObject config =
        QJsonDocument::fromJson(metadata.value(QLatin1String("config")).toString().toUtf8())
            .object();
    QCOMPARE(config.size(), 6);
    QCOMPARE(config.value(QLatin1String("vocab_size")).toInt(), 5);
    QCOMPARE(config.value(QLatin1String("d_model")).toInt(), 4);
    QCOMPARE(config.value(QLatin1String("mlp")).toBool(), true);
    const QJsonArray vocab =
        QJsonDocument::fromJson(metadata.value(QLatin1String("vocab")).toString().toUtf8()).array();
    QCOMPARE(vocab.size(), 5);
    QCOMPARE(vocab.at(0).toString(), QStringLiteral("\uFFFD"));
    QCOMPARE(vocab.at(4).toString(), QString::fromUtf8("\xF0\x9F\x98\x80"));
    // 1 block with MLP: tok_emb, pos_emb, ln1 ×2, w_q/k/v/o, ln2 ×2, w_in, w_out, ln_f ×2.
    QCOMPARE(header.size(), 1 + 14);
    const QJsonObject wIn = header.value(QLatin1String("blocks.0.mlp.w_in")).toObject();
    QCOMPARE(wIn.value(QLatin1String("dtype")).toString(), QStringLiteral("F32"));
    QCOMPARE(wIn.value(QLatin1String("shape")).toArray(), (QJsonArray{4, 16}));
    // Row-major: w_in[1][2] is float 1·16 + 2 of the tensor's data.
    const QJsonArray offsets = wIn.value(QLatin1String("data_offsets")).toArray();
    const qsizetype begin = 8 + qsizetype(length) + offsets.at(0).toInteger();
    QCOMPARE(offsets.at(1).toInteger() - offsets.at(0).toInteger(), qint64(4 * 4 * 16));
    const float value = qFromLittleEndian<float>(file.constData() + begin + 4 * 18);
    QCOMPARE(value, model.tensors[10][18]);
    // The data ends the file.
    qint64 total = 0;
    for (const QString &key : header.keys())
        if (key != QLatin1String("__metadata__")) {
            const QJsonArray o =
                header.value(key).toObject().value(QLatin1String("data_offsets")).toArray();
            total += o.at(1).toInteger() - o.at(0).toInteger();
        }
    QCOMPARE(qint64(file.size()), qint64(8 + length) + total);
}

void TestModelFile::corpusHash()
{
    ModelMetadata metadata;
    setCorpus(metadata, QStringLiteral("tang300"), U"abc");
    QCOMPARE(metadata.corpusName, QStringLiteral("tang300"));
    // SHA-256("abc") from FIPS 180-2, appendix B.1.
    QCOMPARE(metadata.corpusSha256,
             QStringLiteral("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
}

void TestModelFile::pythonReadsTheFile()
{
    // An independent reader: Python's standard library, following the safetensors layout.
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (python.isEmpty())
        QSKIP("python3 is not installed");
    const char script[] = R"(
import json, struct, sys, math
data = open(sys.argv[1], 'rb').read()
n, = struct.unpack('<Q', data[:8])
header = json.loads(data[8:8 + n])
meta = header.pop('__metadata__')
config = json.loads(meta['config'])
vocab = json.loads(meta['vocab'])
body = data[8 + n:]
spans = sorted(tuple(t['data_offsets']) for t in header.values())
assert spans[0][0] == 0 and spans[-1][1] == len(body)
assert all(a[1] == b[0] for a, b in zip(spans, spans[1:]))
w_out = header['blocks.0.mlp.w_out']
assert w_out['dtype'] == 'F32' and w_out['shape'] == [4 * config['d_model'], config['d_model']]
begin, end = w_out['data_offsets']
values = struct.unpack('<%df' % ((end - begin) // 4), body[begin:end])
print(len(header), config['vocab_size'], len(vocab), ord(vocab[3]), repr(values[7]))
)";
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fileName = dir.filePath(QStringLiteral("model.safetensors"));
    const ModelFile model = smallModel();
    QVERIFY(saveModel(model, fileName));
    QProcess process;
    process.start(python, {QStringLiteral("-c"), QString::fromUtf8(script), fileName});
    QVERIFY(process.waitForFinished(60000));
    QCOMPARE(QString::fromUtf8(process.readAllStandardError()), QString());
    QCOMPARE(process.exitCode(), 0);
    // 14 tensors, V = 5, vocab[3] = 床 (U+5E8A), then w_out[1][3] (w_out is tensor 11).
    const QStringList got =
        QString::fromUtf8(process.readAllStandardOutput()).split(QLatin1Char(' '));
    QCOMPARE(got.mid(0, 4).join(QLatin1Char(' ')), QStringLiteral("14 5 5 %1").arg(0x5E8A));
    QCOMPARE(got.value(4).trimmed().toDouble(), double(model.tensors[11][7]));
}

void TestModelFile::readsFilesWrittenByPython_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QString>("message"); ///< the start of the error; empty when valid

    // The fuzzer's seeds, written by tests/fuzz/make_modelfile_corpus.py with Python's json and
    // struct modules: the valid ones must be read, each broken one refused for its own fault.
    const QDir seeds(QStringLiteral(MODELFILE_SEEDS));
    const auto row = [&seeds](const char *name, const char *message) {
        QTest::newRow(name) << seeds.filePath(QLatin1String(name)) << QString::fromUtf8(message);
    };
    row("valid-small.safetensors", "");
    row("valid-mlp.safetensors", "");
    row("valid-two-blocks.safetensors", "");
    row("broken-nan.safetensors", "tensor tok_emb: element 3 (row 1, column 1) is not finite");
    row("broken-shape.safetensors", "tensor pos_emb: shape [2, 1] disagrees with config");
    row("broken-offsets.safetensors", "tensor ln_f.bias: data_offsets [0, 8] overlap");
    row("broken-vocab.safetensors", "vocab[0]: expected the unknown character");
    row("broken-truncated.safetensors", "tensor ln_f.bias: data_offsets");
    row("broken-config-key.safetensors", "config: unknown field \"\\nlayers\"");
}

void TestModelFile::readsFilesWrittenByPython()
{
    QFETCH(QString, fileName);
    QFETCH(QString, message);
    const ModelReadResult result = loadModel(fileName);
    if (message.isEmpty()) {
        QVERIFY2(result.ok(), qPrintable(result.error));
        // The script fills the tensors, in layout order, with sin(i) · 0.02 for i = 0, 1, …
        int i = 0;
        for (const std::vector<float> &values : result.model.tensors)
            for (const float x : values)
                QCOMPARE(x, float(std::sin(double(i++)) * 0.02));
        QCOMPARE(result.model.metadata.steps, qint64(10));
        QCOMPARE(result.model.metadata.valLoss, 1.5);
        return;
    }
    QVERIFY(!result.ok());
    const QString expected = QDir::toNativeSeparators(fileName) + QStringLiteral(": ") + message;
    QVERIFY2(result.error.startsWith(expected), qPrintable(result.error));
}

void TestModelFile::initTestCase()
{
    // English as the programs show it: the plural forms ("1 character", "5 characters") come
    // from the English translation.
    static Language language;
    QVERIFY(language.setLanguage(QStringLiteral("en")));
}

void TestModelFile::largestConfigRefusedBeforeAllocation()
{
    // The largest model the limits allow (65536 characters, d_model 512, 4 layers) in a file
    // whose data is that of the small model: refused at the header's shapes, before the tensors
    // (over 300 MB) are allocated, which is the reader's last step.
    const QByteArray bytes = changed([](Parts &p) {
        p.setMetadata("config", QStringLiteral("{\"vocab_size\":65536,\"context\":256,"
                                               "\"d_model\":512,\"heads\":16,\"layers\":4,"
                                               "\"mlp\":true}"));
        QJsonArray vocab{QStringLiteral("\uFFFD")};
        for (char32_t c = 0x100; vocab.size() < 65536; c = c == 0xFEFE ? 0x10000 : c + 1)
            if (c < 0xD800 || c > 0xDFFF)
                vocab.append(QString::fromUcs4(&c, 1));
        p.setMetadata("vocab",
                      QString::fromUtf8(QJsonDocument(vocab).toJson(QJsonDocument::Compact)));
    })();
    const ModelReadResult result = parseModel(bytes);
    QVERIFY(!result.ok());
    QVERIFY2(result.error.startsWith(
                 QStringLiteral("tensor tok_emb: shape [5, 4] disagrees with config (expected "
                                "[65536, 512])")),
             qPrintable(result.error));
    QVERIFY(result.model.tensors.empty());
}

void TestModelFile::emptyFileIsSaidToBeEmpty()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fileName = dir.filePath(QStringLiteral("empty.safetensors"));
    QFile file(fileName);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    QCOMPARE(loadModel(fileName).error,
             QDir::toNativeSeparators(fileName) + QStringLiteral(": the file is empty"));
}

void TestModelFile::refusals_data()
{
    QTest::addColumn<Corruption>("corrupt");
    QTest::addColumn<QString>("message"); ///< the start of the error

    const auto row = [](const char *name, Corruption c, const char *message) {
        QTest::newRow(name) << c << QString::fromUtf8(message);
    };
    row(
        "too short for the length", [] { return QByteArray("abc"); }, "header: the file has 3");
    row(
        "length past the end", []() -> QByteArray { return Parts::lengthPrefix(100) + "{}"; },
        "header: the header length 100 runs past the end");
    row(
        "huge header", []() -> QByteArray { return Parts::lengthPrefix(quint64(1) << 40) + "{}"; },
        "header: the header length 1099511627776 is more than the 16 MiB");
    row(
        "header not JSON", []() -> QByteArray { return Parts::lengthPrefix(5) + "{abc}"; },
        "header: not valid JSON");
    row(
        "header not an object", []() -> QByteArray { return Parts::lengthPrefix(2) + "[]"; },
        "header: expected a JSON object");
    row("no metadata", changed([](Parts &p) { p.header.remove(QLatin1String("__metadata__")); }),
        "__metadata__: missing");
    row("metadata number", changed([](Parts &p) {
            QJsonObject m = p.metadata();
            m.insert(QLatin1String("steps"), 12);
            p.header.insert(QLatin1String("__metadata__"), m);
        }),
        "steps: expected a string, found the number 12");
    row("wrong format", metadataSet("format", QStringLiteral("pytorch")),
        "format: expected \"attention-lab-model\", found \"pytorch\"");
    row("version 2", metadataSet("version", QStringLiteral("2")),
        "version: unsupported version \"2\"");
    row("missing version", changed([](Parts &p) {
            QJsonObject m = p.metadata();
            m.remove(QLatin1String("version"));
            p.header.insert(QLatin1String("__metadata__"), m);
        }),
        "version: this metadata entry is missing");
    row("config not JSON", metadataSet("config", QStringLiteral("{heads: 2}")),
        "config: not valid JSON");
    row("config field missing", configEdit("\"heads\":2,", ""),
        "config.heads: this field is missing");
    row("config unknown field", configEdit("\"mlp\"", "\"dropout\":0,\"mlp\""),
        "config: unknown field \"dropout\"");
    row("config not integer", configEdit("\"layers\":1", "\"layers\":1.5"),
        "config.layers: expected an integer, found the number 1.5");
    row("config mlp not bool", configEdit("\"mlp\":true", "\"mlp\":1"),
        "config.mlp: expected true or false");
    row("config heads not a divisor", configEdit("\"heads\":2", "\"heads\":3"),
        "config.d_model: 4 is not a multiple of config.heads (3)");
    row("config context 0", configEdit("\"context\":3", "\"context\":0"),
        "config.context: 0 is outside 1 to 256");
    row("config layers 5", configEdit("\"layers\":1", "\"layers\":5"),
        "config.layers: 5 is outside 1 to 4");
    row("vocab shorter than config", configEdit("\"vocab_size\":5", "\"vocab_size\":6"),
        "vocab: 5 characters, but config.vocab_size is 6");
    row("vocab of one character", metadataSet("vocab", QString::fromUtf8(R"(["�"])")),
        "vocab: 1 character, but config.vocab_size is 5");
    row("vocab not an array", metadataSet("vocab", QStringLiteral("{\"0\": \"a\"}")),
        "vocab: expected a JSON array");
    row("vocab without U+FFFD first",
        metadataSet("vocab", QString::fromUtf8(R"(["?","\n","，","床","a"])")),
        "vocab[0]: expected the unknown character");
    row("vocab repeats", metadataSet("vocab", QString::fromUtf8(R"(["�","\n","床","床","a"])")),
        "vocab[3]: repeats vocab[2]");
    row("vocab two characters",
        metadataSet("vocab", QString::fromUtf8(R"(["�","\n","床前","月","a"])")),
        "vocab[2]: expected one character, found the string \"床前\"");
    row("vocab number", metadataSet("vocab", QString::fromUtf8(R"(["�",1,"，","床","a"])")),
        "vocab[1]: expected one character, found the number 1");
    row("corpus not object", metadataSet("corpus", QStringLiteral("[\"tang300\"]")),
        "corpus: expected a JSON object");
    row("corpus bad hash",
        metadataSet("corpus", QStringLiteral("{\"name\":\"tang300\",\"sha256\":\"ABC\"}")),
        "corpus.sha256: expected 64 lower-case hexadecimal digits, found \"ABC\"");
    row("negative steps", metadataSet("steps", QStringLiteral("-1")),
        "steps: expected a whole number of steps, found \"-1\"");
    row("seed too large", metadataSet("seed", QStringLiteral("18446744073709551616")),
        "seed: expected an integer from 0");
    row("val_loss nan", metadataSet("val_loss", QStringLiteral("nan")),
        "val_loss: expected a finite number, found \"nan\"");
    row("val_loss text", metadataSet("val_loss", QStringLiteral("low")),
        "val_loss: expected a finite number, found \"low\"");
    row("missing tensor", changed([](Parts &p) { p.header.remove(QLatin1String("ln_f.bias")); }),
        "tensor ln_f.bias: missing");
    row("extra tensor", changed([](Parts &p) {
            p.header.insert(QLatin1String("lm_head"), p.header.value(QLatin1String("ln_f.bias")));
        }),
        "tensor lm_head: not a tensor of this model");
    row("extra tensor with a line break in its name", changed([](Parts &p) {
            p.header.insert(QStringLiteral("ln_f\nbias"),
                            p.header.value(QLatin1String("ln_f.bias")));
        }),
        "tensor ln_f\\nbias: not a tensor of this model");
    row("MLP tensor of a model without MLP", configEdit("\"mlp\":true", "\"mlp\":false"),
        "tensor blocks.0.ln2.bias: not a tensor of this model");
    row("tensor not object", changed([](Parts &p) {
            p.header.insert(QLatin1String("pos_emb"), QJsonArray{1, 2});
        }),
        "tensor pos_emb: expected an object, found an array");
    row("tensor unknown field", changed([](Parts &p) { p.setTensorField("pos_emb", "scale", 1); }),
        "tensor pos_emb: unknown field \"scale\"");
    row("dtype F16", changed([](Parts &p) {
            p.setTensorField("blocks.0.attn.w_k", "dtype", QStringLiteral("F16"));
        }),
        "tensor blocks.0.attn.w_k: dtype is the string \"F16\", expected \"F32\"");
    row("shape transposed", changed([](Parts &p) {
            p.setTensorField("blocks.0.mlp.w_in", "shape", QJsonArray{16, 4});
        }),
        "tensor blocks.0.mlp.w_in: shape [16, 4] disagrees with config (expected [4, 16])");
    row("shape of 100000 extents", changed([](Parts &p) {
            p.setTensorField("tok_emb", "shape",
                             QJsonArray::fromVariantList(QVariantList(100000, 1)));
        }),
        // The first extents and the count, not a message of 300,000 characters.
        "tensor tok_emb: shape [1, 1, 1, 1, 1, 1, 1, 1, … (100000 extent");
    row("shape negative", changed([](Parts &p) {
            p.setTensorField("tok_emb", "shape", QJsonArray{-5, 4});
        }),
        "tensor tok_emb: shape holds the number -5");
    row("offsets reversed", changed([](Parts &p) {
            p.setTensorField("ln_f.gain", "data_offsets", QJsonArray{64, 48});
        }),
        "tensor ln_f.gain: data_offsets [64, 48] end before they begin");
    row("offsets one number",
        changed([](Parts &p) { p.setTensorField("ln_f.gain", "data_offsets", QJsonArray{64}); }),
        "tensor ln_f.gain: data_offsets must be two whole numbers");
    row("offsets wrong size", changed([](Parts &p) {
            p.setTensorField("tok_emb", "data_offsets", QJsonArray{0, 76});
        }),
        "tensor tok_emb: data_offsets [0, 76] hold 76 bytes, but shape [5, 4] needs 80");
    row("offsets overlap", changed([](Parts &p) {
            p.header.insert(QLatin1String("ln_f.bias"), p.header.value(QLatin1String("ln_f.gain")));
        }),
        "tensor ln_f.");
    row("data truncated", changed([](Parts &p) { p.data.chop(4); }),
        "tensor ln_f.bias: data_offsets");
    row("offsets far past the end", changed([](Parts &p) {
            p.setTensorField("ln_f.bias", "data_offsets", QJsonArray{1e15, 1e15 + 16});
        }),
        "tensor ln_f.bias: data_offsets [1000000000000000, 1000000000000016] run past the end");
    row("data after the last tensor", changed([](Parts &p) { p.data.append(8, '\0'); }),
        "header: 8 bytes of data follow the last tensor");
    row("gap between tensors", changed([](Parts &p) {
            // pos_emb moved 4 bytes on: a gap before it, and it overlaps the next tensor.
            const QJsonArray o = p.header.value(QLatin1String("pos_emb"))
                                     .toObject()
                                     .value(QLatin1String("data_offsets"))
                                     .toArray();
            p.setTensorField("pos_emb", "data_offsets",
                             QJsonArray{o.at(0).toInteger() + 4, o.at(1).toInteger() + 4});
        }),
        "tensor pos_emb: data_offsets begin at 84, leaving bytes 80 to 84 unused");
    row("NaN weight", weightSet(5, std::numeric_limits<float>::quiet_NaN()),
        "tensor tok_emb: element 5 (row 1, column 1) is not finite (nan)");
    row("infinite weight", weightSet(19, -std::numeric_limits<float>::infinity()),
        "tensor tok_emb: element 19 (row 4, column 3) is not finite (-inf)");
}

void TestModelFile::refusals()
{
    QFETCH(Corruption, corrupt);
    QFETCH(QString, message);
    const QByteArray bytes = corrupt();
    QVERIFY(bytes != validFile());
    const ModelReadResult result = parseModel(bytes);
    QVERIFY(!result.ok());
    QVERIFY2(result.error.startsWith(message), qPrintable(result.error));
    QVERIFY(!result.error.contains(QLatin1Char('\n')));
    // Nothing half-read comes back.
    QVERIFY(result.model.tensors.empty());
}

void TestModelFile::loadNamesTheFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fileName = dir.filePath(QStringLiteral("broken.safetensors"));
    QVERIFY(writeAll(fileName, weightSet(0, std::numeric_limits<float>::infinity())()));
    ModelReadResult result = loadModel(fileName);
    QVERIFY(!result.ok());
    QCOMPARE(result.error, QDir::toNativeSeparators(fileName) +
                               QStringLiteral(": tensor tok_emb: element 0 (row 0, column 0) is "
                                              "not finite (inf)"));
    const QString missing = dir.filePath(QStringLiteral("missing.safetensors"));
    result = loadModel(missing);
    QCOMPARE(result.error, QDir::toNativeSeparators(missing) + QStringLiteral(": no such file"));
    result = loadModel(dir.path());
    QVERIFY(result.error.startsWith(QDir::toNativeSeparators(dir.path()) + QStringLiteral(": ")));
}

void TestModelFile::tensorsInAnotherOrderAreRead()
{
    // The safetensors library orders the data its own way; any exact tiling is accepted.
    const ModelFile model = smallModel();
    Parts parts = split(modelToBytes(model));
    const auto offsetsOf = [&parts](const char *name) {
        return parts.header.value(QLatin1String(name))
            .toObject()
            .value(QLatin1String("data_offsets"))
            .toArray();
    };
    // Swap the data of ln_f.gain and ln_f.bias (same size, the last two).
    const QJsonArray gain = offsetsOf("ln_f.gain");
    const QJsonArray bias = offsetsOf("ln_f.bias");
    const qsizetype g = gain.at(0).toInteger();
    const qsizetype b = bias.at(0).toInteger();
    const QByteArray gainBytes = parts.data.mid(g, 16);
    parts.data.replace(g, 16, parts.data.mid(b, 16));
    parts.data.replace(b, 16, gainBytes);
    parts.setTensorField("ln_f.gain", "data_offsets", bias);
    parts.setTensorField("ln_f.bias", "data_offsets", gain);
    const ModelReadResult read = parseModel(parts.bytes());
    QVERIFY2(read.ok(), qPrintable(read.error));
    QVERIFY(read.model == model);
}

void TestModelFile::saveRefusesInvalidModel_data()
{
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("message");
    QTest::newRow("NaN weight")
        << 0 << QStringLiteral("tensor pos_emb: element 2 (row 0, column 2) is not finite (nan)");
    QTest::newRow("tensor too short")
        << 1 << QStringLiteral("tensor ln_f.bias: 3 values, but shape [4] needs 4");
    QTest::newRow("vocab size") << 2
                                << QStringLiteral(
                                       "vocab: 5 characters, but config.vocab_size is 7");
    QTest::newRow("bad config") << 3 << QStringLiteral("config.heads: 17 is outside 1 to 16");
    QTest::newRow("no corpus hash") << 4 << QStringLiteral("corpus.sha256: expected 64");
    QTest::newRow("infinite val_loss") << 5 << QStringLiteral("val_loss: must be");
}

void TestModelFile::saveRefusesInvalidModel()
{
    QFETCH(int, which);
    QFETCH(QString, message);
    ModelFile model = smallModel();
    switch (which) {
    case 0:
        model.tensors[1][2] = std::numeric_limits<float>::quiet_NaN();
        break;
    case 1:
        model.tensors.back().pop_back();
        break;
    case 2:
        model.config.vocabSize = 7;
        break;
    case 3:
        model.config.heads = 17;
        break;
    case 4:
        model.metadata.corpusSha256.clear();
        break;
    default:
        model.metadata.valLoss = std::numeric_limits<double>::infinity();
    }
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fileName = dir.filePath(QStringLiteral("model.safetensors"));
    QString error;
    QVERIFY(!saveModel(model, fileName, &error));
    const QString expected =
        QDir::toNativeSeparators(fileName) + QStringLiteral(": the model is not valid: ") + message;
    QVERIFY2(error.startsWith(expected), qPrintable(error));
    QVERIFY(!QFile::exists(fileName));
}

void TestModelFile::saveFailureKeepsOldFile()
{
#ifdef Q_OS_UNIX
    // A file size limit makes the write itself fail, for root too (EFBIG instead of SIGXFSZ).
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fileName = dir.filePath(QStringLiteral("model.safetensors"));
    QVERIFY(writeAll(fileName, "old content\n"));
    const ModelFile model = smallModel(true, 4);
    QVERIFY(modelToBytes(model).size() > 2048);

    rlimit old{};
    QCOMPARE(getrlimit(RLIMIT_FSIZE, &old), 0);
    rlimit limited = old;
    limited.rlim_cur = 2048;
    const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &limited), 0);
    QString error;
    const bool saved = saveModel(model, fileName, &error);
    setrlimit(RLIMIT_FSIZE, &old);
    std::signal(SIGXFSZ, oldHandler);

    QVERIFY(!saved);
    QVERIFY2(error.startsWith(QDir::toNativeSeparators(fileName) +
                              QStringLiteral(": cannot be written")),
             qPrintable(error));
    QCOMPARE(readAll(fileName), QByteArray("old content\n"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files),
             QStringList{QStringLiteral("model.safetensors")});
#else
    QSKIP("needs RLIMIT_FSIZE");
#endif
}

QTEST_GUILESS_MAIN(TestModelFile)
#include "tst_modelfile.moc"
