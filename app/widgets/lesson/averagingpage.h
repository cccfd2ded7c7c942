#pragma once

/// Step 1, averaging: the uniform causal weight matrix times random inputs x. Choosing a row
/// frames the inputs it averages and checks that its output row equals their mean.

#include "lessonpage.h"
#include "scenario.h"

#include <cstdint>

class QLabel;
class QPushButton;
class QSpinBox;

namespace attention {

class HeatmapWidget;

class AveragingPage : public LessonPage
{
    Q_OBJECT

public:
    static constexpr int maxTokens = 10; ///< 床前明月光疑是地上霜
    static constexpr Index inputDimension = 4;

    explicit AveragingPage(QWidget *parent = nullptr);
    ~AveragingPage() override;

    QJsonObject saveState() const override;
    void restoreState(const QJsonObject &state) override;
    void reset() override;

    /// T tokens with seeded random inputs x (T, 4), each row averaging itself and those before.
    void setTokenCount(int tokens);
    int tokenCount() const { return int(m_scenario.tokenCount()); }
    /// New random inputs from `seed`.
    void setSeed(std::uint64_t seed);
    std::uint64_t seed() const { return m_seed; }
    /// Highlights row `row` (0-based) and the inputs it averages.
    void setSelectedToken(int token);
    int selectedToken() const { return m_row; }

    /// The scenario shown: zero queries and keys, causal, values = x.
    const Scenario &scenario() const { return m_scenario; }
    HeatmapWidget *weightsHeatmap() const { return m_weights; }
    HeatmapWidget *inputsHeatmap() const { return m_inputs; }
    HeatmapWidget *outputHeatmap() const { return m_output; }
    QSpinBox *tokenSpinBox() const { return m_tokenSpin; }
    QPushButton *rerollButton() const { return m_reroll; }
    /// The check under the heatmaps: the chosen row's output against the mean of its inputs.
    QLabel *readout() const { return m_readout; }
    /// The largest difference between the chosen output row and the mean computed on its own.
    double meanDifference() const;

protected:
private:
    void retranslateUi() override;
    void rebuild();
    void refresh();

    QLabel *m_tokenLabel;
    QSpinBox *m_tokenSpin;
    QPushButton *m_reroll;
    HeatmapWidget *m_weights;
    QLabel *m_times;
    HeatmapWidget *m_inputs;
    QLabel *m_equals;
    HeatmapWidget *m_output;
    QLabel *m_readout;
    Scenario m_scenario;
    ScenarioResult m_result;
    std::uint64_t m_seed = 1;
    int m_row = 2; // 明, as in the lesson
};

} // namespace attention
