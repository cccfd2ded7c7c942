#pragma once

/// The words of step 5's heatmaps: each one's title (its name and shape) and formula, the line
/// that follows X through the head, and the tooltips that say where each number of X, a W or
/// q, k, v comes from ("q[2, 1] = Σ X[2, c] · W_q[c, 1] = …").

#include "headpage.h"

#include <QCoreApplication>
#include <QString>

namespace attention {

class HeadExplanation
{
    // The strings keep the context they had while they lived in the page.
    Q_DECLARE_TR_FUNCTIONS(attention::HeadPage)

public:
    using View = HeadPage::View;

    /// Explains the head `head` of input `input` (drawn with `seed`) and what it gave, `result`.
    HeadExplanation(const Matrix &input, const Head &head, const HeadResult &result,
                    std::uint64_t seed);

    /// "X (5, 16)", "W_q (16, 8)", "weights (5, 5)"…
    QString title(View view) const;
    /// The line under the title: how the matrix is made ("q = X · W_q").
    QString caption(View view, bool causal) const;
    /// "X (5, 16) → q, k, v each (5, 8) → weights (5, 5) → output (5, 8)"
    QString readout() const;
    /// The tooltip of cell (row, column) of X, a W or q, k, v; empty for the other views.
    QString cell(View view, int row, int column) const;
    /// The tooltip of row `row`'s label: a position, or an input feature for a W.
    static QString row(View view, int row);

private:
    /// W_q, W_k or W_v for a W view or its projection's view.
    const Matrix &weight(View view) const;
    /// q, k or v for their views.
    const Matrix &projection(View view) const;

    const Matrix &m_input;
    const Head &m_head;
    const HeadResult &m_result;
    std::uint64_t m_seed;
};

} // namespace attention
