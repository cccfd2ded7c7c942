// core/tiny against PyTorch, with no torch at test time: the committed fixture in
// tests/core/fixtures (made by make_torch_fixture.py with Debian's python3-torch) holds two small
// models as our weights file and, for one text, PyTorch's float64 logits, loss, attention of
// every head of every layer and the gradient of the loss for every tensor.
//
// Our model runs in double (the precision the gradient checks use) and in float (what training,
// the app and attention-cli run). A quantity's difference is max |ours − torch| / max |torch|
// over its entries: relative to its own scale, so entries near zero (masked attention, small
// gradients) neither hide nor inflate an error. The double run must agree to 1e-6, the float run
// to what float32 arithmetic reaches (see floatTolerance). A misreading of the spec (GELU's
// form, LayerNorm's epsilon, 1/√d_head, the tied output) moves these by far more.

#include "modelfile.h"
#include "tiny/inference.h"
#include "tiny/model.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <cmath>
#include <map>

using namespace attention::tiny;
using attention::Index;

namespace {

/// The double run: 1e-6 relative, the bound issue 23 sets (it measures about 3e-15).
constexpr double doubleTolerance = 1e-6;
/// float32 keeps 24 bits (6e-8); through two layers, LayerNorms and softmaxes the differences
/// measure below 2e-6 (see the figures this test prints), so 1e-5 leaves room and still catches
/// each misreading above.
constexpr double floatTolerance = 1e-5;

struct Fixture
{
    attention::ModelFile model;
    Parameters<float> parameters;
    std::vector<int> ids;
    QJsonObject reference;
};

QString fixturePath(const QString &name, const char *suffix)
{
    return QStringLiteral(TORCH_FIXTURE_DIR "/torch_%1.%2").arg(name, QLatin1String(suffix));
}

/// The fixture `name`; an empty string, or what is wrong with it.
QString loadFixture(const QString &name, Fixture &fixture)
{
    const auto read = attention::loadModel(fixturePath(name, "safetensors"));
    if (!read.ok())
        return read.error;
    fixture.model = read.model;
    const auto parameters = importTensors(read.model.config, read.model.tensors);
    if (!parameters)
        return QStringLiteral("the weights do not import");
    fixture.parameters = *parameters;
    QFile file(fixturePath(name, "json"));
    if (!file.open(QIODevice::ReadOnly))
        return file.fileName() + QStringLiteral(": ") + file.errorString();
    fixture.reference = QJsonDocument::fromJson(file.readAll()).object();
    const QString text = fixture.reference.value(QLatin1String("text")).toString();
    fixture.ids = read.model.vocabulary.encode(text.toStdU32String());
    return {};
}

/// Every number of a nested JSON array, in row-major order.
void flatten(const QJsonValue &value, std::vector<double> &out)
{
    if (value.isArray()) {
        for (const QJsonValue &item : value.toArray())
            flatten(item, out);
        return;
    }
    out.push_back(value.toDouble(NAN));
}

std::vector<double> numbers(const QJsonValue &value)
{
    std::vector<double> out;
    flatten(value, out);
    return out;
}

/// max |actual − expected| / max |expected|; infinity when the sizes differ or a number is NaN.
template<typename Scalar>
double difference(const Scalar *actual, Index size, const std::vector<double> &expected)
{
    if (std::size_t(size) != expected.size() || expected.empty())
        return INFINITY;
    double worst = 0.0, scale = 0.0;
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const double gap = std::abs(double(actual[i]) - expected[i]);
        if (!(gap <= worst)) // also true for NaN: NaN becomes the worst
            worst = std::isnan(gap) ? INFINITY : gap;
        scale = std::max(scale, std::abs(expected[i]));
    }
    return scale > 0.0 ? worst / scale : worst;
}

/// One run of our model on a fixture: each quantity's difference from PyTorch, by name.
using Differences = std::map<QString, double>;

/// The largest difference seen per quantity and precision, printed at the end.
std::map<QString, double> g_worst;

template<typename Scalar>
void addGradients(const Fixture &fixture, const Parameters<Scalar> &gradients, Differences &out)
{
    const QJsonObject expected = fixture.reference.value(QLatin1String("gradients")).toObject();
    const auto layout = tensorLayout(fixture.parameters.config);
    const auto views = gradients.tensors();
    for (std::size_t i = 0; i < layout.size(); ++i) {
        const QString name = QString::fromStdString(layout[i].name);
        out[QStringLiteral("grad ") + name] =
            difference(views[i].data, views[i].size, numbers(expected.value(name)));
    }
}

void addLoss(const Fixture &fixture, double loss, Differences &out)
{
    out[QStringLiteral("loss")] =
        difference(&loss, 1, {fixture.reference.value(QLatin1String("loss")).toDouble(NAN)});
}

/// Head h of layer l as PyTorch gave it, (T, T) row-major.
std::vector<double> referenceHead(const Fixture &fixture, int layer, int head)
{
    return numbers(
        fixture.reference.value(QLatin1String("attention")).toArray().at(layer).toArray().at(head));
}

/// Activations for the fixture's sequence: its ids, each position's next id as its target.
/// `fused`: training's pass, the output layer in blocks of 5 rows.
template<typename Scalar>
Activations<Scalar> sequenceActivations(const Fixture &fixture, bool fused)
{
    Activations<Scalar> acts;
    acts.ids = fixture.ids;
    acts.targets.assign(fixture.ids.begin() + 1, fixture.ids.end());
    acts.targets.push_back(-1);
    acts.output = fused ? OutputPass::Training : OutputPass::Logits;
    acts.outputBlockRows = 5;
    return acts;
}

/// The double run: modelForward, modelLoss and modelBackward as the gradient checks drive them
/// (with `fused`, as training does: no logits to compare).
Differences runDouble(const Fixture &fixture, bool fused)
{
    const Parameters<double> p = fixture.parameters.cast<double>();
    const int tokens = int(fixture.ids.size());
    Activations<double> acts = sequenceActivations<double>(fixture, fused);
    modelForward(p, BatchShape{1, tokens}, acts);
    Differences out;
    if (!fused)
        out[QStringLiteral("logits")] =
            difference(acts.logits.data(), acts.logits.size(),
                       numbers(fixture.reference.value(QLatin1String("logits"))));
    for (int l = 0; l < p.config.layers; ++l)
        for (int h = 0; h < p.config.heads; ++h) {
            const auto block =
                acts.blocks[std::size_t(l)].attention.weights.block(h * tokens, 0, tokens, tokens);
            const MatrixT<double> head = block; // contiguous, row-major
            out[QStringLiteral("attention L%1 H%2").arg(l + 1).arg(h + 1)] =
                difference(head.data(), head.size(), referenceHead(fixture, l, h));
        }
    addLoss(fixture, modelLoss(acts), out);
    auto gradients = Parameters<double>::zeros(p.config);
    modelBackward(p, acts, gradients);
    addGradients(fixture, gradients, out);
    return out;
}

/// The float training pass as Trainer::step runs it on the active CPU path's copy: the output
/// layer fused, then modelLoss and modelBackward.
Differences runTrainingPass(const Fixture &fixture)
{
    const int tokens = int(fixture.ids.size());
    Activations<float> acts = sequenceActivations<float>(fixture, true);
    modelForward(fixture.parameters, BatchShape{1, tokens}, acts);
    Differences out;
    addLoss(fixture, modelLoss(acts), out);
    auto gradients = Parameters<float>::zeros(fixture.parameters.config);
    modelBackward(fixture.parameters, acts, gradients);
    addGradients(fixture, gradients, out);
    return out;
}

/// The float run: analyseSequence and sequenceGradient, what attention-cli eval and grad call.
Differences runFloat(const Fixture &fixture)
{
    Differences out;
    const auto analysis = analyseSequence(fixture.parameters, fixture.ids);
    const auto gradient = sequenceGradient(fixture.parameters, fixture.ids);
    if (!analysis || !gradient)
        return {{QStringLiteral("the run was refused"), INFINITY}};
    out[QStringLiteral("logits")] =
        difference(analysis->logits.data(), analysis->logits.size(),
                   numbers(fixture.reference.value(QLatin1String("logits"))));
    const ModelConfig &config = fixture.parameters.config;
    const auto &weights = analysis->attention; // [layer][head]: a missing one is a failure
    for (int l = 0; l < config.layers; ++l)
        for (int h = 0; h < config.heads; ++h) {
            const bool present =
                std::size_t(l) < weights.size() && std::size_t(h) < weights[std::size_t(l)].size();
            const attention::MatrixF head =
                present ? weights[std::size_t(l)][std::size_t(h)] : attention::MatrixF();
            out[QStringLiteral("attention L%1 H%2").arg(l + 1).arg(h + 1)] =
                difference(head.data(), head.size(), referenceHead(fixture, l, h));
        }
    addLoss(fixture, analysis->loss, out);
    const double gradientLoss = gradient->loss;
    out[QStringLiteral("loss of sequenceGradient")] = difference(
        &gradientLoss, 1, {fixture.reference.value(QLatin1String("loss")).toDouble(NAN)});
    addGradients(fixture, gradient->gradient, out);
    return out;
}

/// The quantity a name belongs to in the summary: logits, loss, attention or gradients.
QString quantity(const QString &name)
{
    return name.section(QLatin1Char(' '), 0, 0);
}

/// What is beyond tolerance, short enough for one failure line: every logits, loss and attention
/// difference by name, then how many gradients and the worst of them. Records the worst per
/// quantity.
QString beyond(const Differences &differences, double tolerance, const QString &precision)
{
    QStringList failures;
    int gradients = 0, gradientsBeyond = 0;
    QString worstGradient;
    double worstGradientValue = -1.0;
    for (const auto &[name, value] : differences) {
        double &worst = g_worst[precision + QLatin1Char(' ') + quantity(name)];
        worst = std::isnan(value) ? INFINITY : std::max(worst, value);
        const bool gradient = quantity(name) == QLatin1String("grad");
        gradients += gradient ? 1 : 0;
        if (value <= tolerance)
            continue;
        const QString figure = QStringLiteral("%1 %2").arg(name).arg(value, 0, 'g', 3);
        if (!gradient) {
            failures << figure;
        } else if (++gradientsBeyond, !(value <= worstGradientValue)) {
            worstGradient = figure;
            worstGradientValue = value;
        }
    }
    if (gradientsBeyond > 0)
        failures << QStringLiteral("%1 of %2 gradients, worst %3")
                        .arg(gradientsBeyond)
                        .arg(gradients)
                        .arg(worstGradient);
    if (failures.isEmpty())
        return {};
    return QStringLiteral("relative difference from PyTorch above %1: ").arg(tolerance, 0, 'g', 3) +
           failures.join(QStringLiteral("; "));
}

/// The current data row's fixture run by `run` (a Differences of it): beyond() of the result, or
/// why the fixture could not be read.
template<typename Run>
QString fixtureFailures(const Run &run, double tolerance, const QString &precision)
{
    QFETCH(QString, name);
    Fixture fixture;
    const QString error = loadFixture(name, fixture);
    return error.isEmpty() ? beyond(run(fixture), tolerance, precision) : error;
}

} // namespace

class TestTorchFixture : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fixtureIsOurModelFile_data();
    void fixtureIsOurModelFile();
    void doubleMatchesTorch_data();
    void doubleMatchesTorch();
    void floatMatchesTorch_data();
    void floatMatchesTorch();
    void trainingPassMatchesTorch_data();
    void trainingPassMatchesTorch();
    void cleanupTestCase();
};

void TestTorchFixture::fixtureIsOurModelFile_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("mlp");
    QTest::newRow("2 layers with MLP") << QStringLiteral("mlp") << true;
    QTest::newRow("2 layers without MLP") << QStringLiteral("nomlp") << false;
}

void TestTorchFixture::fixtureIsOurModelFile()
{
    QFETCH(QString, name);
    QFETCH(bool, mlp);
    Fixture fixture;
    const QString error = loadFixture(name, fixture);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const ModelConfig &config = fixture.model.config;
    QCOMPARE(config.layers, 2);
    QCOMPARE(config.mlp, mlp);
    QVERIFY(config.heads > 1); // so that 1/√d_head and 1/√d_model differ
    // PyTorch's ids are ours: the same vocabulary and text.
    std::vector<int> torchIds;
    for (const QJsonValue &id : fixture.reference.value(QLatin1String("ids")).toArray())
        torchIds.push_back(id.toInt(-1));
    QCOMPARE(torchIds, fixture.ids);
    QCOMPARE(int(fixture.ids.size()), config.context);
    // Every tensor moves the loss, so an error in any gradient shows against its own scale.
    const QJsonObject gradients = fixture.reference.value(QLatin1String("gradients")).toObject();
    const auto layout = tensorLayout(config);
    QCOMPARE(gradients.size(), qsizetype(layout.size()));
    for (const auto &spec : layout) {
        const auto g = numbers(gradients.value(QString::fromStdString(spec.name)));
        QCOMPARE(qint64(g.size()), qint64(spec.elementCount()));
        double largest = 0.0;
        for (double x : g)
            largest = std::max(largest, std::abs(x));
        QVERIFY2(largest > 1e-3, spec.name.c_str());
    }
}

void TestTorchFixture::doubleMatchesTorch_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("fused");
    QTest::newRow("2 layers with MLP") << QStringLiteral("mlp") << false;
    QTest::newRow("2 layers without MLP") << QStringLiteral("nomlp") << false;
    QTest::newRow("2 layers with MLP, output fused") << QStringLiteral("mlp") << true;
    QTest::newRow("2 layers without MLP, output fused") << QStringLiteral("nomlp") << true;
}

void TestTorchFixture::doubleMatchesTorch()
{
    QFETCH(bool, fused);
    const QString failures =
        fixtureFailures([fused](const Fixture &fixture) { return runDouble(fixture, fused); },
                        doubleTolerance, QStringLiteral("double"));
    QVERIFY2(failures.isEmpty(), qPrintable(failures));
}

void TestTorchFixture::floatMatchesTorch_data()
{
    fixtureIsOurModelFile_data();
}

void TestTorchFixture::floatMatchesTorch()
{
    const QString failures = fixtureFailures(runFloat, floatTolerance, QStringLiteral("float"));
    QVERIFY2(failures.isEmpty(), qPrintable(failures));
}

void TestTorchFixture::trainingPassMatchesTorch_data()
{
    fixtureIsOurModelFile_data();
}

void TestTorchFixture::trainingPassMatchesTorch()
{
    const QString failures =
        fixtureFailures(runTrainingPass, floatTolerance, QStringLiteral("float training"));
    QVERIFY2(failures.isEmpty(), qPrintable(failures));
}

void TestTorchFixture::cleanupTestCase()
{
    for (const auto &[name, worst] : g_worst)
        qInfo("%s: max relative difference from PyTorch %.3g", qPrintable(name), worst);
}

QTEST_GUILESS_MAIN(TestTorchFixture)
#include "tst_torchfixture.moc"
