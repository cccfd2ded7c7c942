#pragma once

/// What the model commands (train, eval, grad, sample) need from the tiny model, in one place.
///
/// The commands in traincommand.cpp and modelcommands.cpp parse, check and print; this thin layer
/// hands their requests to the core (core/tiny: model, inference, trainer) and to the weights
/// file (app/model/training/modelfile.h). eval and grad run in double precision on the file's
/// float32 weights, so that their numbers can be checked against central differences and other
/// tools.

#include "modelfile.h"
#include "tiny/headroles.h"
#include "tiny/model.h"
#include "types.h"

#include <QString>
#include <cstdint>
#include <optional>
#include <vector>

namespace attention::cli {

class CommandLine;

/// A model file, read and checked, with its weights ready for the core.
struct TinyModel
{
    ModelFile file;
    tiny::Parameters<float> parameters;

    const tiny::ModelConfig &config() const { return file.config; }
    /// The character of an id, as text.
    QString character(int id) const;
};

/// Reads a model file; on failure returns nothing and sets `error` (names the file and what is
/// wrong). `tang` names the long-trained 全唐诗 model that ships with the app (shippedModelPath).
std::optional<TinyModel> readTinyModel(const QString &path, QString *error);

/// The --model option: a weights file, or `tang`.
void addModelOption(CommandLine &line);

/// The heads of `--ablate L.H[,L.H…]` (1-based), 0-based; nothing with `error` set when the text
/// is not such a list or names a head the model does not have.
std::optional<std::vector<tiny::HeadIndex>>
parseHeads(const QString &text, const tiny::ModelConfig &config, QString *error);
/// Writes a gradient with the model's tensor names and shapes (metadata: format
/// `attention-lab-gradient`, the loss and the text), atomically.
bool writeTinyGradient(const QString &path, const TinyModel &model,
                       const std::vector<std::vector<float>> &gradient, double loss,
                       const QString &text, QString *error);

/// The ids of `text` in the model's vocabulary: a character without an id becomes 0.
std::vector<int> encodeText(const TinyModel &model, const QString &text);

/// One forward pass over `ids` (2 … context of them), in double precision.
struct TinyForward
{
    double loss = 0.0;          ///< mean over the T − 1 predictions in the text
    std::vector<double> losses; ///< [t], t = 0 … T − 2: −ln p of the character after position t
    std::vector<std::vector<Matrix>> attention; ///< [layer][head] (T, T)
    Matrix probabilities;                       ///< (T, V): the next character's distribution
};
TinyForward forwardText(const TinyModel &model, const std::vector<int> &ids);
/// ∂loss/∂tensor for every tensor, in layout order, for the loss of forwardText() (which is
/// returned in `loss`).
std::vector<std::vector<float>> gradientOfText(const TinyModel &model, const std::vector<int> &ids,
                                               double *loss);
/// `length` ids sampled after `prompt` (not empty) at `temperature` (0: the most likely id each
/// time), seeded; the model sees the last `context` ids.
std::vector<int> sampleIds(const TinyModel &model, const std::vector<int> &prompt, int length,
                           double temperature, std::uint64_t seed);

} // namespace attention::cli
