#include "config.h"

#include <algorithm>

namespace attention::tiny {

bool ModelConfig::operator==(const ModelConfig &other) const
{
    return vocabSize == other.vocabSize && context == other.context && dModel == other.dModel &&
           heads == other.heads && layers == other.layers && mlp == other.mlp;
}

std::optional<ConfigError> checkConfig(const ModelConfig &config)
{
    if (config.vocabSize < 1 || config.vocabSize > 65536)
        return ConfigError::VocabSize;
    if (config.context < 1 || config.context > 256)
        return ConfigError::Context;
    if (config.dModel < 1 || config.dModel > 512)
        return ConfigError::DModel;
    if (config.heads < 1 || config.heads > 16)
        return ConfigError::Heads;
    if (config.layers < 1 || config.layers > 4)
        return ConfigError::Layers;
    if (config.dModel % config.heads != 0)
        return ConfigError::DModelNotMultipleOfHeads;
    return std::nullopt;
}

long TensorSpec::elementCount() const
{
    long count = 1;
    for (const long extent : shape)
        count *= extent;
    return count;
}

std::vector<TensorSpec> tensorLayout(const ModelConfig &config)
{
    const long d = config.dModel;
    std::vector<TensorSpec> layout{
        {"tok_emb", {config.vocabSize, d}},
        {"pos_emb", {config.context, d}},
    };
    for (int l = 0; l < config.layers; ++l) {
        const std::string block = "blocks." + std::to_string(l) + '.';
        layout.push_back({block + "ln1.gain", {d}});
        layout.push_back({block + "ln1.bias", {d}});
        for (const char *name : {"w_q", "w_k", "w_v", "w_o"})
            layout.push_back({block + "attn." + name, {d, d}});
        if (config.mlp) {
            layout.push_back({block + "ln2.gain", {d}});
            layout.push_back({block + "ln2.bias", {d}});
            layout.push_back({block + "mlp.w_in", {d, 4 * d}});
            layout.push_back({block + "mlp.w_out", {4 * d, d}});
        }
    }
    layout.push_back({"ln_f.gain", {d}});
    layout.push_back({"ln_f.bias", {d}});
    return layout;
}

bool allInVocabulary(const std::vector<int> &ids, int vocabSize)
{
    return std::all_of(ids.begin(), ids.end(),
                       [vocabSize](int id) { return inVocabulary(id, vocabSize); });
}

} // namespace attention::tiny
