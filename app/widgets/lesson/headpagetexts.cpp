// HeadPage's words: the controls' labels and tooltips, the heatmaps' titles and captions, the
// badge and the readout, and the tooltips that say where each number of X, a W or q, k, v
// comes from.

#include "headpage.h"
#include "heatmapwidget.h"
#include "numberformat.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHelpEvent>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QToolTip>
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

void HeadPage::retranslateUi()
{
    m_modelDimLabel->setText(tr("d_model"));
    m_modelDimBox->setToolTip(tr("Width of each input vector x (1 to %1)").arg(maxDim));
    m_headDimLabel->setText(tr("d_head"));
    m_headDimBox->setToolTip(tr("Width of q, k and v (1 to %1)").arg(maxDim));
    m_lengthLabel->setText(tr("T"));
    m_lengthBox->setToolTip(tr("Number of positions in the sequence (1 to %1)").arg(maxLength));
    m_seedLabel->setText(tr("Seed"));
    m_seedBox->setToolTip(tr("The same seed always draws the same X and W (seed %1, T %2, d_model "
                             "%3, d_head %4 are the numbers of attention-cli lesson --section 5)")
                              .arg(defaultSeed)
                              .arg(defaultLength)
                              .arg(defaultModelDim)
                              .arg(defaultHeadDim));
    m_rerollButton->setText(tr("Re-roll"));
    m_rerollButton->setToolTip(tr("Draw a new seed: new inputs and new weight matrices"));
    m_causalBox->setText(tr("Causal mask"));
    m_causalBox->setToolTip(tr("Each position sees only itself and the positions before it"));
    m_precisionLabel->setText(tr("Precision of the check"));
    m_precisionBox->setItemText(0, tr("double"));
    m_precisionBox->setItemText(1, tr("float32, like PyTorch"));
    m_precisionBox->setToolTip(tr("Precision of the output compared with the reference; the "
                                  "reference and the heatmaps are always double"));
    m_badge->setToolTip(
        tr("The largest absolute difference between this head's output and an independent "
           "reference written with plain loops and the semantics of PyTorch's "
           "scaled_dot_product_attention (scale 1/√d_head, is_causal as the mask switch)"));
    updateTexts();
}

void HeadPage::updateTexts()
{
    const QString dModel = QString::number(m_modelDim);
    heatmap(View::Input)->setTitle(QStringLiteral("X ") + shape(m_input));
    heatmap(View::Input)->setCaption(tr("input: N(0, 1) entries, seed %1").arg(m_seed));
    for (View view : {View::Wq, View::Wk, View::Wv}) {
        const Matrix &w = view == View::Wq ? m_head.wq : view == View::Wk ? m_head.wk : m_head.wv;
        heatmap(view)->setTitle(weightName(view) + QLatin1Char(' ') + shape(w));
        heatmap(view)->setCaption(tr("N(0, 1) ÷ √%1").arg(dModel));
    }
    for (View view : {View::Q, View::K, View::V}) {
        const Matrix &m = view == View::Q ? m_result.q : view == View::K ? m_result.k : m_result.v;
        heatmap(view)->setTitle(projectionName(view) + QLatin1Char(' ') + shape(m));
        heatmap(view)->setCaption(projectionName(view) + QStringLiteral(" = X · ") +
                                  weightName(view));
    }
    heatmap(View::Weights)->setTitle(tr("weights %1").arg(shape(m_result.attention.weights)));
    heatmap(View::Weights)
        ->setCaption(m_causal ? tr("softmax(q kᵀ ÷ √%1), causal mask").arg(m_headDim)
                              : tr("softmax(q kᵀ ÷ √%1), no mask").arg(m_headDim));
    heatmap(View::Output)->setTitle(tr("output %1").arg(shape(m_result.attention.output)));
    heatmap(View::Output)->setCaption(tr("output = weights · v"));

    const QString isCausal = m_causal ? QStringLiteral("True") : QStringLiteral("False");
    const QString precision = m_precision == Precision::Float32 ? tr("float32") : tr("double");
    const bool ok = withinTolerance();
    const QString limit = NumberFormat::difference(tolerance()); // "1e-12"
    const QString verdict = ok ? tr("✓ within %1").arg(limit) : tr("✗ above %1").arg(limit);
    m_badge->setText(
        tr("output (%1) vs. reference (is_causal=%2): largest difference %3 %4")
            .arg(precision, isCausal, NumberFormat::difference(m_difference), verdict));
    m_badge->setStyleSheet(
        QStringLiteral("QLabel { background: %1; color: white; font-weight: bold; "
                       "border-radius: 4px; padding: 3px 8px; }")
            .arg(ok ? QStringLiteral("#2e7d32") : QStringLiteral("#c62828")));
    m_badge->setProperty("withinTolerance", ok);

    m_readout->setText(tr("X %1 → q, k, v each %2 → weights %3 → output %4")
                           .arg(shape(m_input), shape(m_result.q),
                                shape(m_result.attention.weights),
                                shape(m_result.attention.output)));
}

QString HeadPage::cellText(View view, int row, int column) const
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
        const Matrix &w = view == View::Wq ? m_head.wq : view == View::Wk ? m_head.wk : m_head.wv;
        return tr("%1[%2, %3] = %4\ndrawn from N(0, 1), divided by √%5; learned in training")
            .arg(weightName(view), i, j, NumberFormat::fixed(w(row, column), 4))
            .arg(m_modelDim);
    }
    case View::Q:
    case View::K:
    case View::V: {
        const Matrix &w = view == View::Q ? m_head.wq : view == View::K ? m_head.wk : m_head.wv;
        const Matrix &m = view == View::Q ? m_result.q : view == View::K ? m_result.k : m_result.v;
        const QString name = projectionName(view);
        QStringList terms;
        constexpr Index shownTerms = 4;
        for (Index c = 0; c < std::min<Index>(m_modelDim, shownTerms); ++c)
            terms.append(QStringLiteral("%1·%2").arg(NumberFormat::fixed(m_input(row, c), 4),
                                                     NumberFormat::fixed(w(c, column), 4)));
        if (m_modelDim > shownTerms)
            terms.append(QStringLiteral("…"));
        return QStringLiteral("%1[%2, %3] = Σ X[%2, c] · %4[c, %3]\n= %5\n= %6")
            .arg(name, i, j, weightName(view), terms.join(QStringLiteral(" + ")),
                 NumberFormat::fixed(m(row, column), 4));
    }
    default:
        return {};
    }
}

bool HeadPage::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::ToolTip)
        return LessonPage::eventFilter(watched, event);
    const auto found = std::find(m_heatmaps.begin(), m_heatmaps.end(), watched);
    if (found == m_heatmaps.end())
        return LessonPage::eventFilter(watched, event);
    const View view = View(found - m_heatmaps.begin());
    HeatmapWidget *widget = *found;
    auto *help = static_cast<QHelpEvent *>(event);
    if (const auto cell = widget->mapping().cellAt(help->pos())) {
        QToolTip::showText(help->globalPos(), cellText(view, cell->row, cell->column), widget,
                           widget->mapping().cellRect(cell->row, cell->column).toAlignedRect());
    } else if (const auto row = widget->mapping().rowAt(help->pos())) {
        const bool weights = view == View::Wq || view == View::Wk || view == View::Wv;
        const QString text =
            weights ? tr("Row %1: what input feature %1 adds to each column").arg(*row + 1)
                    : tr("Position %1").arg(*row + 1);
        QToolTip::showText(help->globalPos(), text, widget,
                           widget->mapping().rowRect(*row).toAlignedRect());
    } else {
        QToolTip::hideText();
    }
    return true;
}

void HeadPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    LessonPage::changeEvent(event);
}

} // namespace attention
