// attention-cli grad and eval against an independent reference, run as a user would: a model of
// two layers with the MLP is trained here, then every tensor of grad's file is checked at its
// largest entry and two seeded ones against central differences of the reference loss, and
// every position of eval is checked against the reference's probabilities.
//
// The reference is tests/core/tinyreference.h: the spec's model written out with plain loops in
// double, on the weights read from the model file here (float32, by tensor name). attention-cli
// computes eval and grad in double too and writes the gradient as float32, so the only expected
// differences are float32 rounding of the gradient (6e-8 relative) and the central difference's
// own error (about 1e-10 with h = 1e-5).

#include "clirun.h"
#include "modelreference.h"
#include "tinyreference.h"
#include "verifynear.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

using namespace modelreference;
using attention::Index;
using attention::tiny::Parameters;

namespace {

/// One tensor of the reference parameters under its file name.
struct NamedTensor
{
    QString name;
    double *data = nullptr;
    Index size = 0;
};

/// The reference parameters' tensors by the spec's file names (written out here, not taken from
/// the program's layout, so that a mix-up of names there shows).
std::vector<NamedTensor> namedTensors(Parameters<double> &p)
{
    std::vector<NamedTensor> out;
    const auto add = [&out](const QString &name, auto &tensor) {
        out.push_back({name, tensor.data(), Index(tensor.size())});
    };
    add(QStringLiteral("tok_emb"), p.tokEmb);
    add(QStringLiteral("pos_emb"), p.posEmb);
    for (std::size_t l = 0; l < p.blocks.size(); ++l) {
        auto &b = p.blocks[l];
        const QString prefix = QStringLiteral("blocks.%1.").arg(l);
        add(prefix + QStringLiteral("ln1.gain"), b.ln1Gain);
        add(prefix + QStringLiteral("ln1.bias"), b.ln1Bias);
        add(prefix + QStringLiteral("attn.w_q"), b.wQ);
        add(prefix + QStringLiteral("attn.w_k"), b.wK);
        add(prefix + QStringLiteral("attn.w_v"), b.wV);
        add(prefix + QStringLiteral("attn.w_o"), b.wO);
        if (p.config.mlp) {
            add(prefix + QStringLiteral("ln2.gain"), b.ln2Gain);
            add(prefix + QStringLiteral("ln2.bias"), b.ln2Bias);
            add(prefix + QStringLiteral("mlp.w_in"), b.wIn);
            add(prefix + QStringLiteral("mlp.w_out"), b.wOut);
        }
    }
    add(QStringLiteral("ln_f.gain"), p.lnFGain);
    add(QStringLiteral("ln_f.bias"), p.lnFBias);
    return out;
}

/// Three entries of a gradient tensor: its largest in magnitude and two others drawn with a
/// seeded generator (distinct when the tensor has three entries or more).
std::vector<int> entriesToCheck(const std::vector<float> &g, unsigned seed)
{
    int largest = 0;
    for (int i = 0; i < int(g.size()); ++i)
        if (std::abs(g[std::size_t(i)]) > std::abs(g[std::size_t(largest)]))
            largest = i;
    std::vector<int> entries{largest};
    std::mt19937 generator(seed);
    std::uniform_int_distribution<int> pick(0, int(g.size()) - 1);
    while (entries.size() < 3) {
        const int i = pick(generator);
        if (std::find(entries.begin(), entries.end(), i) == entries.end() || g.size() < 3)
            entries.push_back(i);
    }
    return entries;
}

/// The probability of every id at every position, softmax of the reference logits. (T, V)
attention::Matrix referenceProbabilities(const attention::Matrix &logits)
{
    attention::Matrix p(logits.rows(), logits.cols());
    for (Index t = 0; t < logits.rows(); ++t) {
        double maximum = -INFINITY, sum = 0.0;
        for (Index i = 0; i < logits.cols(); ++i)
            maximum = std::max(maximum, logits(t, i));
        for (Index i = 0; i < logits.cols(); ++i)
            sum += (p(t, i) = std::exp(logits(t, i) - maximum));
        p.row(t) /= sum;
    }
    return p;
}

/// True when `listed` holds distinct ids in descending order of probability and no other id is
/// more likely than the last of them.
bool areMostLikely(const attention::RowVector &probabilities, const std::vector<int> &listed)
{
    for (std::size_t i = 0; i < listed.size(); ++i)
        if (listed[i] < 0 || (i > 0 && !(probabilities(listed[i]) <= probabilities(listed[i - 1]))))
            return false;
    for (Index id = 0; id < probabilities.size(); ++id)
        if (std::find(listed.begin(), listed.end(), int(id)) == listed.end() &&
            !(probabilities(id) <= probabilities(listed.back())))
            return false;
    return true;
}

} // namespace

class TestCliGrad : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void gradMatchesCentralDifferencesEveryTensor();
    void evalMatchesReferenceAtEveryPosition();

private:
    Run run(const QStringList &arguments) const;
    std::vector<int> idsOf(const QString &text) const;

    QTemporaryDir m_dir;
    QString m_model;
    SafeTensors m_file;
    QStringList m_vocab;
    Parameters<double> m_reference; ///< the model's weights, in double
};

Run TestCliGrad::run(const QStringList &arguments) const
{
    return runProgram(QStringLiteral(ATTENTION_CLI), arguments, QStringLiteral("C.UTF-8"), 300000);
}

std::vector<int> TestCliGrad::idsOf(const QString &text) const
{
    std::vector<int> ids;
    for (char32_t c : text.toStdU32String())
        ids.push_back(std::max(0, int(m_vocab.indexOf(QString::fromStdU32String({c})))));
    return ids;
}

void TestCliGrad::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFileInfo(QStringLiteral(ATTENTION_CLI)).isExecutable(), ATTENTION_CLI);
    const QString line = QStringLiteral("床前明月光，疑是地上霜。举头望明月，低头思故乡。");
    const QString corpus =
        writeTestFile(m_dir, QStringLiteral("poem.txt"),
                      QString(line + line + QStringLiteral("\n\n")).repeated(5).toUtf8());
    m_model = m_dir.filePath(QStringLiteral("model.safetensors"));
    const Run r = run({QStringLiteral("train"),
                       QStringLiteral("--corpus"),
                       corpus,
                       QStringLiteral("--steps"),
                       QStringLiteral("150"),
                       QStringLiteral("--batch"),
                       QStringLiteral("8"),
                       QStringLiteral("--context"),
                       QStringLiteral("8"),
                       QStringLiteral("--d-model"),
                       QStringLiteral("16"),
                       QStringLiteral("--heads"),
                       QStringLiteral("2"),
                       QStringLiteral("--layers"),
                       QStringLiteral("2"),
                       QStringLiteral("--lr"),
                       QStringLiteral("0.01"),
                       QStringLiteral("--warmup"),
                       QStringLiteral("10"),
                       QStringLiteral("--eval-every"),
                       QStringLiteral("150"),
                       QStringLiteral("--seed"),
                       QStringLiteral("7"),
                       QStringLiteral("--threads"),
                       QStringLiteral("1"),
                       QStringLiteral("--out"),
                       m_model});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(m_file.read(m_model));
    const QJsonObject metadata = m_file.header.value(QLatin1String("__metadata__")).toObject();
    const QJsonObject config = parseObject(metadata.value(QLatin1String("config")).toString());
    for (const QJsonValue &c :
         QJsonDocument::fromJson(metadata.value(QLatin1String("vocab")).toString().toUtf8())
             .array())
        m_vocab.append(c.toString());
    const auto field = [&config](const char *name) { return config.value(QLatin1String(name)); };
    m_reference = Parameters<double>::zeros({field("vocab_size").toInt(), field("context").toInt(),
                                             field("d_model").toInt(), field("heads").toInt(),
                                             field("layers").toInt(), field("mlp").toBool()});
    QCOMPARE(m_reference.config.layers, 2);
    QCOMPARE(m_vocab.size(), m_reference.config.vocabSize);
    for (const NamedTensor &tensor : namedTensors(m_reference)) {
        const std::vector<float> values = m_file.tensor(tensor.name);
        QCOMPARE(Index(values.size()), tensor.size);
        std::copy(values.begin(), values.end(), tensor.data);
    }
}

void TestCliGrad::gradMatchesCentralDifferencesEveryTensor()
{
    const QString text = QStringLiteral("床前明月光，疑是"); // the whole context
    const std::vector<int> ids = idsOf(text);
    const QString gradientFile = m_dir.filePath(QStringLiteral("grad.safetensors"));
    const Run r = run({QStringLiteral("grad"), QStringLiteral("--model"), m_model,
                       QStringLiteral("--text"), text, QStringLiteral("--out"), gradientFile});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    SafeTensors gradient;
    QVERIFY(gradient.read(gradientFile));
    // Every tensor of the model file and nothing else, with its shape (24 for 2 layers + MLP).
    QStringList names = m_file.header.keys(), gradientNames = gradient.header.keys();
    QCOMPARE(names.size(), 24 + 1);
    QCOMPARE(gradientNames, names);
    for (const QString &name : names)
        if (name != QLatin1String("__metadata__"))
            QCOMPARE(gradient.header.value(name).toObject().value(QLatin1String("shape")),
                     m_file.header.value(name).toObject().value(QLatin1String("shape")));

    Parameters<double> p = m_reference;
    const auto loss = [&p, &ids] { return tinytest::referenceForward(p, ids).loss; };
    VERIFY_NEAR(parseObject(r.out).value(QLatin1String("loss")).toDouble(), loss(), 1e-12);
    QStringList failures;
    unsigned seed = 1;
    double worst = 0.0; // the largest |grad − central difference| / the tensor's scale
    for (const NamedTensor &tensor : namedTensors(p)) {
        const std::vector<float> g = gradient.tensor(tensor.name);
        QCOMPARE(Index(g.size()), tensor.size);
        double scale = 0.0; // the tensor's largest gradient, from the reference
        std::vector<std::pair<int, double>> checked;
        for (int i : entriesToCheck(g, seed++)) {
            const auto numeric = tinytest::numericGradient(loss, tensor.data + i, 1);
            checked.emplace_back(i, numeric[0]);
            scale = std::max(scale, std::abs(numeric[0]));
        }
        for (const auto &[i, expected] : checked) {
            const double actual = g[std::size_t(i)];
            worst = std::max(worst, std::abs(actual - expected) / scale);
            if (!(std::abs(actual - expected) <= 1e-6 * scale + 1e-9))
                failures << QStringLiteral("%1[%2]: grad %3, central difference %4")
                                .arg(tensor.name)
                                .arg(i)
                                .arg(actual, 0, 'g', 9)
                                .arg(expected, 0, 'g', 9);
        }
        if (!(scale > 1e-6))
            failures << tensor.name + QStringLiteral(": no entry moves the loss");
    }
    qInfo("%d tensors, 3 entries each: max |grad - central difference| / scale %.3g",
          int(names.size() - 1), worst);
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
}

void TestCliGrad::evalMatchesReferenceAtEveryPosition()
{
    const QString text = QStringLiteral("明月光，疑是地上"); // text the model knows: each next
    const std::vector<int> ids = idsOf(text);                // character is among its top five
    const Run r =
        run({QStringLiteral("eval"), QStringLiteral("--model"), m_model, QStringLiteral("--text"),
             text, QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject eval = parseObject(r.out);
    const auto reference = tinytest::referenceForward(m_reference, ids);
    const attention::Matrix p = referenceProbabilities(reference.logits);
    const QJsonArray next = eval.value(QLatin1String("next")).toArray();
    const int T = int(ids.size());
    QCOMPARE(next.size(), T);
    double sum = 0.0, worst = 0.0;
    for (int t = 0; t < T; ++t) {
        const QJsonArray top = next.at(t).toObject().value(QLatin1String("top")).toArray();
        QCOMPARE(top.size(), 5);
        std::vector<int> listed; // eval's five ids, each p checked against the reference
        for (const QJsonValue &entry : top) {
            listed.push_back(int(m_vocab.indexOf(entry[QLatin1String("char")].toString())));
            VERIFY_NEAR(entry[QLatin1String("p")].toDouble(), p(t, listed.back()), 1e-12);
        }
        QVERIFY2(areMostLikely(p.row(t), listed), qPrintable(QStringLiteral("position %1").arg(t)));
        const auto found = std::find(listed.begin(), listed.end(), t + 1 < T ? ids[t + 1] : -1);
        // −log p of the next character, from eval's top five
        const double nextLoss =
            found == listed.end()
                ? NAN
                : -std::log(top.at(found - listed.begin())[QLatin1String("p")].toDouble());
        if (t + 1 == T)
            break;
        QVERIFY2(std::isfinite(nextLoss), qPrintable(QStringLiteral("position %1").arg(t)));
        const double expected = -std::log(p(t, ids[std::size_t(t + 1)]));
        VERIFY_NEAR(nextLoss, expected, 1e-10);
        // `losses` holds each position's −ln p of the next character: the reference's.
        VERIFY_NEAR(eval.value(QLatin1String("losses")).toArray().at(t).toDouble(), expected,
                    1e-12);
        worst = std::max(worst, std::abs(nextLoss - expected));
        sum += nextLoss;
    }
    qInfo("per-position -log p: max difference from the reference %.3g", worst);
    QCOMPARE(eval.value(QLatin1String("losses")).toArray().size(), T - 1);
    // Its in-context learning score: the mean over positions ⌊3C/4⌋ … C − 1 minus the mean over
    // ⌊C/8⌋ … ⌊C/4⌋ − 1, C = T − 1 = 7 predictions: none (fewer than 8).
    QCOMPARE(T - 1, 7);
    QVERIFY(!eval.contains(QLatin1String("icl_score")));
    VERIFY_NEAR(eval.value(QLatin1String("loss")).toDouble(), reference.loss, 1e-12);
    VERIFY_NEAR(sum / (T - 1), reference.loss, 1e-10);
    const QJsonArray attention = eval.value(QLatin1String("attention")).toArray();
    QCOMPARE(attention.size(), 2);
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 2; ++h)
            for (int i = 0; i < T; ++i)
                for (int j = 0; j < T; ++j)
                    VERIFY_NEAR(attention[l][h][i][j].toDouble(),
                                reference.attention[std::size_t(l)][std::size_t(h)](i, j), 1e-12);
}

QTEST_GUILESS_MAIN(TestCliGrad)
#include "tst_cli_grad.moc"
