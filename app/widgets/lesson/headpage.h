#pragma once

/// Step 5 of the lesson, a complete head: seeded random inputs X (T, d_model) and weights
/// W_q, W_k, W_v (d_model, d_head) give q, k, v = X W_q, X W_k, X W_v (T, d_head), the attention
/// weights (T, T) and the output (T, d_head), each shown as a heatmap with its shape.
///
/// The numbers come from attention::Random(seed): X first, row by row, then Head::random's W_q,
/// W_k, W_v; `attention-cli lesson --section 5` and the random-head preset draw the same way with
/// seed 5, T 5, d_model 16, d_head 8 (this page's defaults). A badge shows the largest difference
/// between the head's output and an independent reference with PyTorch's
/// scaled_dot_product_attention semantics (is_causal = the page's switch), computed in double, or
/// in float32 like PyTorch's default. The lesson's exercise 2 turns the causal mask off.
///
/// Everything is tiny (T ≤ 32, d ≤ 64), so it is computed at once on the GUI thread.

#include "headexperiment.h"
#include "lessonpage.h"

#include <array>
#include <cstdint>

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QPushButton;
class QSpinBox;

namespace attention {

class HeatmapWidget;

class HeadPage : public LessonPage
{
    Q_OBJECT

public:
    /// The heatmaps, in the order they are laid out.
    enum class View
    {
        Input,   ///< X (T, d_model)
        Wq,      ///< W_q (d_model, d_head)
        Wk,      ///< W_k (d_model, d_head)
        Wv,      ///< W_v (d_model, d_head)
        Q,       ///< q = X W_q (T, d_head)
        K,       ///< k = X W_k (T, d_head)
        V,       ///< v = X W_v (T, d_head)
        Weights, ///< softmax(q kᵀ / √d_head, mask) (T, T)
        Output,  ///< weights · v (T, d_head)
    };
    static constexpr int viewCount = 9;

    /// How the badge's output is computed; the reference is always double.
    using Precision = HeadPrecision;

    // The lesson's figures and the controls' limits.
    static constexpr int defaultModelDim = 16;
    static constexpr int defaultHeadDim = 8;
    static constexpr int defaultLength = 5;
    static constexpr std::uint64_t defaultSeed = 5; ///< the CLI's and the random-head preset's
    static constexpr int maxDim = 64;               ///< 1 ≤ d_model, d_head ≤ 64
    static constexpr int maxLength = 32;            ///< 1 ≤ T ≤ 32
    static constexpr int maxSeed = 999999;          ///< 0 ≤ seed ≤ 999999
    /// The badge is green when the difference is at most this: double gives ~1e-15.
    static constexpr double doubleTolerance = 1e-12;
    /// float32 gives ~1e-7 at the defaults and up to a few 1e-6 at the largest sizes.
    static constexpr double float32Tolerance = 1e-5;

    explicit HeadPage(QWidget *parent = nullptr);
    ~HeadPage() override;

    QJsonObject saveState() const override;
    void restoreState(const QJsonObject &state) override;
    void reset() override;
    int exerciseCount() const override { return 1; }
    /// Exercise 2: the same head without the causal mask, checked against is_causal = false.
    void startExercise(int index) override;

    int modelDim() const { return m_modelDim; }
    int headDim() const { return m_headDim; }
    int length() const { return m_length; }
    std::uint64_t seed() const { return m_seed; }
    bool isCausal() const { return m_causal; }
    Precision precision() const { return m_precision; }
    /// The tolerance of the current precision.
    double tolerance() const;

    /// Setters clamp to the limits and recompute (once, only when something changed).
    void setModelDim(int dModel);
    void setHeadDim(int dHead);
    void setLength(int T);
    void setSeed(std::uint64_t seed);
    void setCausal(bool causal);
    void setPrecision(Precision precision);
    /// A new random seed (what the Re-roll button does).
    void reroll();

    /// What is shown.
    const Matrix &input() const { return m_input; }
    const Head &head() const { return m_head; }
    const HeadResult &result() const { return m_result; }
    /// referenceAttention(q, k, v, isCausal()).
    const Matrix &reference() const { return m_reference; }
    /// The largest |output − reference| in the current precision, as the badge shows it.
    double difference() const { return m_difference; }
    bool withinTolerance() const { return m_difference <= tolerance(); }

    HeatmapWidget *heatmap(View view) const { return m_heatmaps[static_cast<int>(view)]; }
    QLabel *badge() const { return m_badge; }
    QLabel *readout() const { return m_readout; }
    QSpinBox *modelDimBox() const { return m_modelDimBox; }
    QSpinBox *headDimBox() const { return m_headDimBox; }
    QSpinBox *lengthBox() const { return m_lengthBox; }
    QSpinBox *seedBox() const { return m_seedBox; }
    QPushButton *rerollButton() const { return m_rerollButton; }
    QCheckBox *causalBox() const { return m_causalBox; }
    QComboBox *precisionBox() const { return m_precisionBox; }

Q_SIGNALS:
    /// The shown numbers were recomputed.
    void changed();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    // The constructor's parts, in the order it calls them.
    void setUpControls();
    void createHeatmaps();
    void buildLayout();
    void connectControls();

    void recompute();
    void updateControls();
    void updateViews();
    /// Shares the room between the heatmaps so that all have cells of one size.
    void balanceRows();
    void setSelectedToken(int token);

    // Texts and tooltips (the heatmaps' words are HeadExplanation's).
    void retranslateUi() override;
    void updateTexts();

    int m_modelDim = defaultModelDim;
    int m_headDim = defaultHeadDim;
    int m_length = defaultLength;
    std::uint64_t m_seed = defaultSeed;
    bool m_causal = true;
    Precision m_precision = Precision::Double;

    Matrix m_input; ///< X (T, d_model)
    Head m_head;
    HeadResult m_result;
    Matrix m_reference;
    double m_difference = 0.0;

    QLabel *m_modelDimLabel;
    QSpinBox *m_modelDimBox;
    QLabel *m_headDimLabel;
    QSpinBox *m_headDimBox;
    QLabel *m_lengthLabel;
    QSpinBox *m_lengthBox;
    QLabel *m_seedLabel;
    QSpinBox *m_seedBox;
    QPushButton *m_rerollButton;
    QCheckBox *m_causalBox;
    QLabel *m_precisionLabel;
    QComboBox *m_precisionBox;
    QLabel *m_badge;
    QLabel *m_readout;
    QHBoxLayout *m_topRow;    ///< X, W_q, W_k, W_v
    QHBoxLayout *m_bottomRow; ///< q, k, v, weights, output
    std::array<HeatmapWidget *, viewCount> m_heatmaps{};
};

} // namespace attention
