#pragma once

/// The last step of attention: the values v beside the output = weights · v, one row per token.

#include "attention.h"
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

    void setScenario(std::shared_ptr<const Scenario> scenario, SharedResult result);
    void setSelectedRow(int row);

    HeatmapWidget *valuesHeatmap() const { return m_values; }
    HeatmapWidget *outputHeatmap() const { return m_output; }

Q_SIGNALS:
    void rowClicked(int row);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();

    HeatmapWidget *m_values;
    QLabel *m_arrow;
    HeatmapWidget *m_output;
};

} // namespace attention
