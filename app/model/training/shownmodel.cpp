#include "shownmodel.h"

#include <algorithm>

namespace attention {

bool HeadsOff::set(std::vector<tiny::HeadIndex> off, const tiny::ModelConfig &config)
{
    off.erase(
        std::remove_if(off.begin(), off.end(),
                       [&config](const auto &head) { return !tiny::validHead(config, head); }),
        off.end());
    if (off == m_heads)
        return false;
    m_heads = std::move(off);
    m_from.reset(); // the model with them off is made again
    return true;
}

void HeadsOff::update(const SharedModel &model, const std::vector<int> &probe)
{
    if (m_heads.empty() || !model) {
        m_from.reset();
        m_model.reset();
        m_snapshot.reset();
        return;
    }
    // The same model with the same heads off keeps its pointer (an answer computed for it, a
    // sample, still counts as the shown model's); only the probe's snapshot is new.
    if (model != m_from) {
        auto withOff = std::make_shared<SessionModel>();
        withOff->parameters = tiny::withHeadsOff(model->parameters, m_heads);
        withOff->step = model->step;
        m_model = std::move(withOff);
        m_from = model;
    }
    m_snapshot = attentionSnapshot(m_model->parameters, probe, m_model->step);
}

} // namespace attention
