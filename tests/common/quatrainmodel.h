#pragma once

/// quatrainmodel::write(file, seed, corpus): a model file of random weights over the characters
/// of a quatrain (床前明月光，疑是地上霜。举头望明月，低头思故乡。), the default shape of two
/// layers, said to be trained on `corpus` (唐诗三百首 unless given) for 1,000 steps. Its characters
/// are not the corpus's: step 7 measures its heads on the probe line.

#include "modelfile.h"
#include "tiny/model.h"

#include <QString>
#include <vector>

namespace quatrainmodel {

inline bool write(const QString &file, unsigned seed,
                  const QString &corpus = QStringLiteral("tang300"))
{
    attention::ModelFile model;
    model.vocabulary = attention::tiny::Vocabulary(std::vector<char32_t>{
        U'\uFFFD', U'，', U'。', U'床', U'前', U'明', U'月', U'光', U'疑', U'是',
        U'地',     U'上', U'霜', U'举', U'头', U'望', U'低', U'思', U'故', U'乡'});
    model.config.vocabSize = model.vocabulary.size();
    model.config.layers = 2;
    model.tensors =
        attention::tiny::exportTensors(attention::tiny::initParameters(model.config, seed));
    attention::setCorpus(model.metadata, corpus, U"床前明月光，疑是地上霜。");
    model.metadata.steps = 1000;
    model.metadata.valLoss = 5.7;
    return attention::saveModel(model, file);
}

} // namespace quatrainmodel
