#include "tinymodel.h"

#include "atomicfile.h"
#include "commandline.h"
#include "datafiles.h"
#include "numberformat.h"
#include "tiny/inference.h"

#include <QJsonObject>
#include <cmath>

namespace attention::cli {

namespace {

/// The forward pass over one window in double precision; acts keeps its caches.
void forwardDouble(const tiny::Parameters<double> &parameters, const std::vector<int> &ids,
                   tiny::Activations<double> &acts)
{
    acts.ids = ids;
    acts.targets.assign(ids.begin() + 1, ids.end());
    acts.targets.push_back(-1); // the last position has no next character in the text
    tiny::modelForward(parameters, tiny::BatchShape{1, int(ids.size())}, acts);
}

} // namespace

QString TinyModel::character(int id) const
{
    const char32_t c = file.vocabulary.character(id);
    return QString::fromUcs4(&c, 1);
}

std::optional<TinyModel> readTinyModel(const QString &path, QString *error)
{
    ModelReadResult read = loadModel(path == QLatin1String("tang") ? shippedModelPath() : path);
    if (!read.ok()) {
        *error = read.error;
        return std::nullopt;
    }
    std::optional<tiny::Parameters<float>> parameters =
        tiny::importTensors(read.model.config, read.model.tensors);
    if (!parameters) { // loadModel checks the same; this would be a disagreement between them
        *error = Cli::tr("%1: the weights do not fit the model's config").arg(path);
        return std::nullopt;
    }
    return TinyModel{std::move(read.model), std::move(*parameters)};
}

void addModelOption(CommandLine &line)
{
    line.addOption({QStringLiteral("model"),
                    Cli::tr("The weights file, written by train --out; tang: the long-trained "
                            "全唐诗 model that ships with Attention Lab."),
                    QStringLiteral("MODEL.safetensors|tang")});
}

std::optional<std::vector<tiny::HeadIndex>>
parseHeads(const QString &text, const tiny::ModelConfig &config, QString *error)
{
    std::vector<tiny::HeadIndex> heads;
    for (const QString &item : text.split(QLatin1Char(','))) {
        const QStringList parts = item.trimmed().split(QLatin1Char('.'));
        bool layerOk = false, headOk = false;
        const int layer = parts.size() == 2 ? parts[0].toInt(&layerOk) : 0;
        const int head = parts.size() == 2 ? parts[1].toInt(&headOk) : 0;
        if (!layerOk || !headOk) {
            *error = Cli::tr("\"%1\" is not a head: write LAYER.HEAD, such as 2.3").arg(item);
            return std::nullopt;
        }
        if (!tiny::validHead(config, {layer - 1, head - 1})) {
            *error = Cli::tr("the model has no head %1.%2: its layers are 1 to %3, its heads 1 "
                             "to %4")
                         .arg(layer)
                         .arg(head)
                         .arg(config.layers)
                         .arg(config.heads);
            return std::nullopt;
        }
        heads.emplace_back(layer - 1, head - 1);
    }
    return heads;
}

bool writeTinyGradient(const QString &path, const TinyModel &model,
                       const std::vector<std::vector<float>> &gradient, double loss,
                       const QString &text, QString *error)
{
    const QJsonObject metadata{{QStringLiteral("format"), QStringLiteral("attention-lab-gradient")},
                               {QStringLiteral("version"), QStringLiteral("1")},
                               {QStringLiteral("loss"), NumberFormat::exact(loss)},
                               {QStringLiteral("text"), text}};
    const QByteArray bytes = safetensorsBytes(model.config(), metadata, gradient);
    QString reason;
    if (!writeFileAtomically(path, bytes, &reason)) {
        *error = QStringLiteral("%1: %2").arg(path, reason);
        return false;
    }
    return true;
}

std::vector<int> encodeText(const TinyModel &model, const QString &text)
{
    std::vector<int> ids;
    for (char32_t c : text.toUcs4())
        ids.push_back(c == tiny::unknownCharacter ? 0 : model.file.vocabulary.idOf(c));
    return ids;
}

TinyForward forwardText(const TinyModel &model, const std::vector<int> &ids)
{
    const tiny::Parameters<double> parameters = model.parameters.cast<double>();
    tiny::Activations<double> acts;
    forwardDouble(parameters, ids, acts);
    const Index tokens = Index(ids.size());
    TinyForward result;
    for (const tiny::BlockActivations<double> &block : acts.blocks) {
        std::vector<Matrix> heads;
        for (int h = 0; h < model.config().heads; ++h) // weights: (heads · T, T) for one window
            heads.push_back(block.attention.weights.block(h * tokens, 0, tokens, tokens));
        result.attention.push_back(std::move(heads));
    }
    // Row softmax of the logits, the row maximum subtracted first.
    result.probabilities = acts.logits;
    for (Index t = 0; t < tokens; ++t) {
        auto row = result.probabilities.row(t);
        row = (row.array() - row.maxCoeff()).exp().matrix();
        row /= row.sum();
    }
    result.loss = tiny::modelLoss(acts);
    result.losses.assign(acts.rowLosses.begin(), acts.rowLosses.end() - 1);
    return result;
}

std::vector<std::vector<float>> gradientOfText(const TinyModel &model, const std::vector<int> &ids,
                                               double *loss)
{
    const tiny::Parameters<double> parameters = model.parameters.cast<double>();
    tiny::Activations<double> acts;
    forwardDouble(parameters, ids, acts);
    *loss = tiny::modelLoss(acts);
    tiny::Parameters<double> gradient = tiny::Parameters<double>::zeros(model.config());
    tiny::modelBackward(parameters, acts, gradient);
    return tiny::exportTensors(gradient.cast<float>());
}

std::vector<int> sampleIds(const TinyModel &model, const std::vector<int> &prompt, int length,
                           double temperature, std::uint64_t seed)
{
    return tiny::sampleContinuation(model.parameters, prompt, length, temperature, seed)
        .value_or(std::vector<int>{});
}

} // namespace attention::cli
