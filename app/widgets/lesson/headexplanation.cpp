#include "headexplanation.h"

#include "numberformat.h"

#include <QStringList>
#include <algorithm>

namespace attention {

namespace {

/// "(5, 16)"
QString shape(Index rows, Index columns)
{
    return NumberFormat::shape(rows, columns);
}

QString shape(const Matrix &m)
{
    return shape(m.rows(), m.cols());
}

/// The heatmap's name of a W: "W_q".
QString weightName(HeadPage::View view)
{
    switch (view) {
    case HeadPage::View::Wq:
    case HeadPage::View::Q:
        return QStringLiteral("W_q");
    case HeadPage::View::Wk:
    case HeadPage::View::K:
        return QStringLiteral("W_k");
    default:
        return QStringLiteral("W_v");
    }
}

/// "q", "k" or "v" for the projection views.
QString projectionName(HeadPage::View view)
{
    switch (view) {
    case HeadPage::View::Q:
        return QStringLiteral("q");
    case HeadPage::View::K:
        return QStringLiteral("k");
    default:
        return QStringLiteral("v");
    }
}

} // namespace

HeadExplanation::HeadExplanation(const Matrix &input, const Head &head, const HeadResult &result,
                                 std::uint64_t seed)
    : m_input(input)
    , m_head(head)
    , m_result(result)
    , m_seed(seed)
{}

const Matrix &HeadExplanation::weight(View view) const
{
    switch (view) {
    case View::Wq:
    case View::Q:
        return m_head.wq;
    case View::Wk:
    case View::K:
        return m_head.wk;
    default:
        return m_head.wv;
    }
}

const Matrix &HeadExplanation::projection(View view) const
{
    return view == View::Q ? m_result.q : view == View::K ? m_result.k : m_result.v;
}

QString HeadExplanation::title(View view) const
{
    switch (view) {
    case View::Input:
        return QStringLiteral("X ") + shape(m_input);
    case View::Wq:
    case View::Wk:
    case View::Wv:
        return weightName(view) + QLatin1Char(' ') + shape(weight(view));
    case View::Q:
    case View::K:
    case View::V:
        return projectionName(view) + QLatin1Char(' ') + shape(projection(view));
    case View::Weights:
        return tr("weights %1").arg(shape(m_result.attention.weights));
    case View::Output:
        return tr("output %1").arg(shape(m_result.attention.output));
    }
    return {};
}

QString HeadExplanation::caption(View view, bool causal) const
{
    switch (view) {
    case View::Input:
        return tr("input: N(0, 1) entries, seed %1").arg(m_seed);
    case View::Wq:
    case View::Wk:
    case View::Wv:
        return tr("N(0, 1) ÷ √%1").arg(QString::number(m_head.modelDim()));
    case View::Q:
    case View::K:
    case View::V:
        return projectionName(view) + QStringLiteral(" = X · ") + weightName(view);
    case View::Weights:
        return causal ? tr("softmax(q kᵀ ÷ √%1), causal mask").arg(m_head.headDim())
                      : tr("softmax(q kᵀ ÷ √%1), no mask").arg(m_head.headDim());
    case View::Output:
        return tr("output = weights · v");
    }
    return {};
}

QString HeadExplanation::readout() const
{
    return tr("X %1 → q, k, v each %2 → weights %3 → output %4")
        .arg(shape(m_input), shape(m_result.q), shape(m_result.attention.weights),
             shape(m_result.attention.output));
}

QString HeadExplanation::cell(View view, int row, int column) const
{
    const QString i = QString::number(row + 1);
    const QString j = QString::number(column + 1);
    switch (view) {
    case View::Input:
        return tr("X[%1, %2] = %3\nposition %1, feature %2: drawn from N(0, 1) with seed %4")
            .arg(i, j, NumberFormat::fixed(m_input(row, column), 4))
            .arg(m_seed);
    case View::Wq:
    case View::Wk:
    case View::Wv: {
        const Matrix &w = weight(view);
        return tr("%1[%2, %3] = %4\ndrawn from N(0, 1), divided by √%5; learned in training")
            .arg(weightName(view), i, j, NumberFormat::fixed(w(row, column), 4))
            .arg(m_head.modelDim());
    }
    case View::Q:
    case View::K:
    case View::V: {
        const Matrix &w = weight(view);
        const Matrix &m = projection(view);
        const QString name = projectionName(view);
        QStringList terms;
        constexpr Index shownTerms = 4;
        for (Index c = 0; c < std::min<Index>(m_head.modelDim(), shownTerms); ++c)
            terms.append(QStringLiteral("%1·%2").arg(NumberFormat::fixed(m_input(row, c), 4),
                                                     NumberFormat::fixed(w(c, column), 4)));
        if (m_head.modelDim() > shownTerms)
            terms.append(QStringLiteral("…"));
        return QStringLiteral("%1[%2, %3] = Σ X[%2, c] · %4[c, %3]\n= %5\n= %6")
            .arg(name, i, j, weightName(view), terms.join(QStringLiteral(" + ")),
                 NumberFormat::fixed(m(row, column), 4));
    }
    default:
        return {};
    }
}

QString HeadExplanation::row(View view, int row)
{
    const bool weights = view == View::Wq || view == View::Wk || view == View::Wv;
    return weights ? tr("Row %1: what input feature %1 adds to each column").arg(row + 1)
                   : tr("Position %1").arg(row + 1);
}

} // namespace attention
