#pragma once

/// Step 2, queries and keys: the lesson's hand-made 2-D vectors for 床前明月光 in the plane,
/// the chosen query's dot products and softmax weights, and the score-scale slider.

#include "lessonpage.h"

#include <QStringList>

class QLabel;

namespace attention {

class ControlsPanel;
class ScenarioDocument;
class VectorPlane;
class WeightsChart;

class QueryKeyPage : public LessonPage
{
    Q_OBJECT

public:
    explicit QueryKeyPage(QWidget *parent = nullptr);
    ~QueryKeyPage() override;

    QJsonObject saveState() const override;
    void restoreState(const QJsonObject &state) override;
    void reset() override;
    int exerciseCount() const override { return 1; }
    /// Exercise 1: 光's query becomes [0, 1] (one undoable step) and 光 is selected.
    void startExercise(int index) override;
    QUndoStack *undoStack() const override;
    void startOver() override;

    ScenarioDocument *document() const { return m_document; }
    /// The query whose scores and weights are shown (starts at 光, the last token).
    int selectedToken() const { return m_selected; }
    void setSelectedToken(int token);

    ControlsPanel *controls() const { return m_controls; }
    VectorPlane *plane() const { return m_plane; }
    WeightsChart *chart() const { return m_chart; }
    /// The table of the selected query's dot products, scaled scores and weights.
    QLabel *readout() const { return m_readout; }

protected:
private:
    void retranslateUi() override;
    void documentChanged();
    void updateReadout();

    ScenarioDocument *m_document;
    ControlsPanel *m_controls;
    VectorPlane *m_plane;
    WeightsChart *m_chart;
    QLabel *m_readout;
    int m_selected = 4;
    QStringList m_presetNames; ///< the preset's dimension names, in the language they were made
};

} // namespace attention
