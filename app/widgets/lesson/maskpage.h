#pragma once

/// Step 3, the causal mask: seeded random q and k (d = 8) for 床前明月光, scores divided by √d,
/// the mask switch, and the weights with the mask flipped next to them.

#include "lessonpage.h"

#include <cstdint>

class QLabel;
class QPushButton;

namespace attention {

class CompareView;
class ControlsPanel;
class HeatmapWidget;
class ScenarioDocument;

class MaskPage : public LessonPage
{
    Q_OBJECT

public:
    static constexpr int dimension = 8;

    explicit MaskPage(QWidget *parent = nullptr);
    ~MaskPage() override;

    QJsonObject saveState() const override;
    void restoreState(const QJsonObject &state) override;
    void reset() override;
    QUndoStack *undoStack() const override;
    void startOver() override;

    ScenarioDocument *document() const { return m_document; }
    /// The seed of the random q and k shown; a re-roll adds one (an undoable step).
    std::uint64_t seed() const { return m_seed; }
    void reroll();

    ControlsPanel *controls() const { return m_controls; }
    QPushButton *rerollButton() const { return m_reroll; }
    HeatmapWidget *scoresHeatmap() const { return m_scores; }
    HeatmapWidget *weightsHeatmap() const { return m_weights; }
    CompareView *compareView() const { return m_compare; }
    /// The check under the heatmaps: masked cells, their weights, the row sums.
    QLabel *readout() const { return m_readout; }

protected:
private:
    void retranslateUi() override;
    void documentChanged();
    void setSelectedToken(int token);

    ScenarioDocument *m_document;
    ControlsPanel *m_controls;
    QPushButton *m_reroll;
    HeatmapWidget *m_scores;
    HeatmapWidget *m_weights;
    CompareView *m_compare;
    QLabel *m_readout;
    std::uint64_t m_seed = 3;
    int m_row = 4;
};

} // namespace attention
