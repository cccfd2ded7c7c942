#pragma once

/// The model lesson step 7 shows: shared read-only weights with their step, and the same model
/// with the heads the learner switched off (ablation), with its snapshot on the probe line, so
/// that the grid, the losses at each position and the inspection show the model without them.

#include "snapshothistory.h"
#include "tiny/headroles.h"
#include "tiny/model.h"

#include <memory>
#include <vector>

namespace attention {

/// A model as the page shows it: shape, characters and weights, shared read-only.
struct SessionModel
{
    tiny::Parameters<float> parameters;
    int step = 0; ///< training steps behind these weights
};
using SharedModel = std::shared_ptr<const SessionModel>;

/// The heads switched off of the shown model, and what the model is with them off.
class HeadsOff
{
public:
    /// Keeps those of `off` that a model of `config` has, in order; false when that is the set
    /// already switched off.
    bool set(std::vector<tiny::HeadIndex> off, const tiny::ModelConfig &config);
    void clear()
    {
        m_heads.clear();
        m_from.reset();
    }
    /// Makes the model with the heads off and its snapshot on `probe` again, for `model`.
    void update(const SharedModel &model, const std::vector<int> &probe);

    const std::vector<tiny::HeadIndex> &heads() const { return m_heads; }
    /// The model with the heads off (null when none is).
    SharedModel model() const { return m_model; }
    /// Its snapshot on the probe line (null when no head is off).
    SharedSnapshot snapshot() const { return m_snapshot; }

private:
    std::vector<tiny::HeadIndex> m_heads;
    SharedModel m_from; ///< the model m_model was made from
    SharedModel m_model;
    SharedSnapshot m_snapshot;
};

} // namespace attention
