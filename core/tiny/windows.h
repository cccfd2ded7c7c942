#pragma once

/// The one loop over a text's windows: every measurement of a model over a text (the validation
/// loss, the loss at each position, the head roles, ablation) cuts the text the same way and
/// runs the model over it here (docs/tiny-model.md, "Validation loss").
///
/// A text longer than the context is cut as for val_loss: with C the context and M the text's
/// length, window j holds positions jC … jC + C − 1 and predicts jC + 1 … jC + C; there are
/// ⌊(M − 1) / C⌋ windows. A text of at most C characters (a probe line) is one window of all of
/// it, whose last position predicts nothing.

#include "tiny/model.h"

#include <functional>
#include <vector>

namespace attention::tiny {

/// How a text is cut: `windows` windows of `tokens` positions, window j starting at j · tokens.
struct WindowCut
{
    long windows = 0;
    int tokens = 0;
};

/// The cut of a text of `length` characters for a model of `context`: at most `maxWindows`
/// windows from the first (all when 0). No window for an empty text.
WindowCut cutWindows(long length, int context, long maxWindows = 0);

/// Called after each pass with the index of its first window, how many windows it ran and the
/// activations: acts.ids and acts.targets (−1 where a position predicts nothing) of those
/// windows, the attention weights of every block and the output the pass asked for (the logits,
/// which modelLoss() turns into the losses, or the losses themselves). Returning false stops the
/// loop.
using WindowVisitor = std::function<bool(long firstWindow, int count, Activations<float> &acts)>;

/// Runs the model over the windows of `ids` cut by `cut`, `batch` windows a pass (at least one),
/// and hands each pass to `visit`; `output` is what each pass makes after the blocks
/// (OutputPass::BlocksOnly: no logits, no losses). False when the visitor stopped the loop or an id
/// is out of range (checked before anything runs); true otherwise.
bool forEachWindowBatch(const Parameters<float> &parameters, const std::vector<int> &ids,
                        WindowCut cut, int batch, OutputPass output, const WindowVisitor &visit);

} // namespace attention::tiny
