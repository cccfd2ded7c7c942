#include "dimensionexperiment.h"

#include "presets.h"

#include <algorithm>
#include <cmath>

namespace attention {

int DimensionExperiment::stepOf(Index d)
{
    if (d <= 1)
        return 0;
    return std::clamp(int(std::lround(std::log2(double(d)))), 0, maxExponent);
}

bool DimensionExperiment::isRandom(const Scenario &scenario) const
{
    for (const auto &[queries, keys] : m_randomDraws)
        if (queries.rows() == scenario.queries.rows() &&
            queries.cols() == scenario.queries.cols() && queries == scenario.queries &&
            keys == scenario.keys)
            return true;
    return false;
}

Index DimensionExperiment::handMadeDimension(const Scenario &current) const
{
    return m_handMade ? m_handMade->dimension() : current.dimension();
}

std::optional<DimensionExperiment::Change> DimensionExperiment::request(const Scenario &current,
                                                                        Index d)
{
    const bool random = isRandom(current);
    if (!random)
        m_handMade = current; // a first request, or q and k were edited by hand since the draw
    if (!random && d == current.dimension())
        return std::nullopt;
    if (m_handMade && stepOf(d) == stepOf(m_handMade->dimension())) {
        Change change;
        change.kind = Change::Kind::RestoreHandMade;
        change.scenario = *m_handMade;
        change.scenario.scoreScale = current.scoreScale;
        change.scenario.divideBySqrtD = current.divideBySqrtD;
        change.scenario.causal = current.causal;
        return change;
    }
    if (random && d == current.dimension())
        return std::nullopt;
    return drawRandom(current, d);
}

DimensionExperiment::Change DimensionExperiment::reroll(const Scenario &current)
{
    ++m_seed;
    return drawRandom(current, current.dimension());
}

void DimensionExperiment::end()
{
    m_handMade.reset();
    m_randomDraws.clear();
}

DimensionExperiment::Change DimensionExperiment::drawRandom(const Scenario &current, Index d)
{
    Change change;
    Scenario &next = change.scenario;
    next = randomScenario(current.tokens, d, m_seed);
    next.title = m_handMade ? m_handMade->title : current.title;
    next.values = current.values;
    next.scoreScale = current.scoreScale;
    next.divideBySqrtD = current.divideBySqrtD;
    next.causal = current.causal;
    m_randomDraws.append({next.queries, next.keys});
    if (m_randomDraws.size() > maxRandomDraws)
        m_randomDraws.removeFirst();
    return change;
}

} // namespace attention
