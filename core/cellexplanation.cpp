#include "cellexplanation.h"

#include <cmath>
#include <limits>

namespace attention {

namespace {

/// Below this row maximum every e^score of the row is a finite, printable number.
constexpr double printableExponent = 700.0;

} // namespace

CellExplanation explainCell(const Eigen::Ref<const RowVector> &query,
                            const Eigen::Ref<const RowVector> &key,
                            const Eigen::Ref<const RowVector> &scoreRow, Index column,
                            const ScoreOptions &options)
{
    CellExplanation cell;
    const RowVector terms = query.cwiseProduct(key); // (d)
    cell.dotTerms.assign(terms.data(), terms.data() + terms.size());
    cell.dot = query.dot(key);
    cell.scale = effectiveScale(options, query.size());
    cell.score = scoreRow(column);
    cell.masked = cell.score == -std::numeric_limits<double>::infinity();
    cell.rowMax = scoreRow.maxCoeff();
    for (Index j = 0; j < scoreRow.size(); ++j)
        cell.shiftedSum += std::exp(scoreRow(j) - cell.rowMax); // e^−∞ = 0
    cell.shiftedExp = std::exp(cell.score - cell.rowMax);
    cell.weight = softmax(scoreRow)(column);
    if (cell.rowMax < printableExponent) {
        double sum = 0.0;
        for (Index j = 0; j < scoreRow.size(); ++j)
            sum += std::exp(scoreRow(j)); // e^−∞ = 0
        cell.exp = std::exp(cell.score);
        cell.expSum = sum;
    }
    return cell;
}

} // namespace attention
