#include "tiny/windows.h"

#include <algorithm>

namespace attention::tiny {

WindowCut cutWindows(long length, int context, long maxWindows)
{
    WindowCut cut;
    if (length < 1 || context < 1)
        return cut;
    if (length <= context) {
        cut.windows = 1;
        cut.tokens = int(length);
    } else {
        cut.windows = (length - 1) / context;
        cut.tokens = context;
    }
    if (maxWindows > 0)
        cut.windows = std::min(cut.windows, maxWindows);
    return cut;
}

bool forEachWindowBatch(const Parameters<float> &parameters, const std::vector<int> &ids,
                        WindowCut cut, int batch, OutputPass output, const WindowVisitor &visit)
{
    if (!allInVocabulary(ids, parameters.config.vocabSize))
        return false;
    const long length = long(ids.size());
    cut.windows = std::min(cut.windows, cut.tokens > 0 ? length / cut.tokens : 0L);
    if (cut.tokens > parameters.config.context)
        return false;
    Activations<float> acts;
    acts.output = output;
    const long perPass = std::max(1, batch);
    for (long first = 0; first < cut.windows; first += perPass) {
        const int count = int(std::min(perPass, cut.windows - first));
        const BatchShape shape{count, cut.tokens};
        acts.ids.resize(std::size_t(shape.rows()));
        acts.targets.resize(std::size_t(shape.rows()));
        for (Index n = 0; n < shape.rows(); ++n) {
            const long position = first * cut.tokens + long(n);
            acts.ids[std::size_t(n)] = ids[std::size_t(position)];
            acts.targets[std::size_t(n)] =
                position + 1 < length ? ids[std::size_t(position + 1)] : -1;
        }
        modelForward(parameters, shape, acts);
        if (!visit(first, count, acts))
            return false;
    }
    return true;
}

} // namespace attention::tiny
