#pragma once

/// The last step of attention: the values v beside the output = weights · v, one row per token.

#include "scenario.h"

#include <QWidget>

class QLabel;

namespace attention {

class HeatmapWidget;

class OutputView : public QWidget
{
    Q_OBJECT

public:
    explicit OutputView(QWidget *parent = nullptr);
    ~OutputView() override;

    /// Past this many tokens, one-hot values (a T × T identity) and their output (the weights
    /// again) are not drawn; a note says why (Scenario::drawsOutput()).
    static constexpr int maxOneHotTokens = int(Scenario::maxDrawnOneHotTokens);

    /// Shows the values and the output of `result` (or the note, see maxOneHotTokens).
    void setScenario(std::shared_ptr<const Scenario> scenario, SharedResult result);
    /// True when the note stands in for the two heatmaps.
    bool isNoteShown() const { return m_noteShown; }
    void setSelectedToken(int token);

    HeatmapWidget *valuesHeatmap() const { return m_values; }
    HeatmapWidget *outputHeatmap() const { return m_output; }

Q_SIGNALS:
    void tokenSelected(int token);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();

    HeatmapWidget *m_values;
    QLabel *m_arrow;

    HeatmapWidget *m_output;
    QLabel *m_note;
    int m_tokens = 0;
    bool m_noteShown = false;
};

} // namespace attention
