#pragma once

/// The shape of the tiny character Transformer and the list of its tensors
/// (docs/tiny-model.md, "The model" and "The weights file").
///
/// Everything that reads or writes a model agrees on this one list: the trainer lays its
/// parameters out in this order, the safetensors file names and shapes come from it, and a file
/// is checked against it.

#include <optional>
#include <string>
#include <vector>

namespace attention::tiny {

struct ModelConfig
{
    int vocabSize = 0;
    int context = 32;
    int dModel = 64;
    int heads = 4;
    int layers = 1;
    bool mlp = true;

    int dHead() const { return dModel / heads; }
    bool operator==(const ModelConfig &other) const;
};

/// The spec's limits: context 1–256, d_model 1–512 and a multiple of heads, heads 1–16,
/// layers 1–4, vocabulary 1–65,536.
enum class ConfigError
{
    VocabSize,
    Context,
    DModel,
    Heads,
    Layers,
    DModelNotMultipleOfHeads,
};

/// The first limit `config` breaks, or nothing when it is a valid model.
std::optional<ConfigError> checkConfig(const ModelConfig &config);

/// True when `id` names a character of a vocabulary of `vocabSize`: 0 … vocabSize − 1.
inline bool inVocabulary(int id, int vocabSize)
{
    return id >= 0 && id < vocabSize;
}
/// True when every id of `ids` does (an empty list does): the check before any pass reads them.
bool allInVocabulary(const std::vector<int> &ids, int vocabSize);

/// One tensor of the model: its file name and shape, (rows, cols) or (length).
struct TensorSpec
{
    std::string name;
    std::vector<long> shape;

    long elementCount() const;
};

/// Every tensor of a model with this config, in the spec's order (tok_emb, pos_emb, each block's
/// ln1, attention, ln2 and MLP, ln_f). Matrices are stored row-major, like the file.
std::vector<TensorSpec> tensorLayout(const ModelConfig &config);

} // namespace attention::tiny
