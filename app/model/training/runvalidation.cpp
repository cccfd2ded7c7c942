#include "runvalidation.h"

#include <algorithm>

namespace attention {

double ValidationPoint::strongestLaterInduction() const
{
    double strongest = -1.0;
    for (std::size_t l = 1; l < induction.size(); ++l)
        for (const double ratio : induction[l])
            strongest = std::max(strongest, ratio);
    return strongest;
}

RunValidation::RunValidation(const tiny::PreparedCorpus &corpus, int context)
    : m_valIds(corpus.valIds)
    , m_punctuation(tiny::punctuationIds(corpus.vocabulary))
{
    const std::size_t length =
        std::min(m_valIds.size(), std::size_t(inductionWindows) * std::size_t(context) + 1);
    m_inductionText.assign(m_valIds.begin(), m_valIds.begin() + std::ptrdiff_t(length));
    m_inductionKeys = tiny::roleKeys(m_inductionText, corpus.vocabulary);
}

std::optional<ValidationPoint> RunValidation::validate(tiny::Trainer &trainer, int step) const
{
    std::optional<tiny::Evaluation> evaluation = trainer.evaluate(m_valIds, m_punctuation);
    if (!evaluation)
        return std::nullopt;
    ValidationPoint point{step, evaluation->valLoss, std::move(evaluation->positionLosses), {}};
    if (const auto roles = tiny::measureRoles(trainer.parameters(), m_inductionText,
                                              m_inductionKeys, inductionWindows))
        for (const auto &layer : *roles) {
            point.induction.emplace_back();
            for (const tiny::HeadRoles &head : layer)
                point.induction.back().push_back(head[tiny::Role::Induction].ratio());
        }
    return point;
}

tiny::LossFall fastestFall(const std::vector<ValidationPoint> &validations, int steps)
{
    std::vector<tiny::CurvePoint> points;
    for (const ValidationPoint &v : validations)
        points.push_back({v.step, v.loss});
    return tiny::steepestFall(points, std::max(1, steps / 4));
}

} // namespace attention
