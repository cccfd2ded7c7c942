#pragma once

/// A second weights heatmap of the same scenario with one switch flipped (the causal mask,
/// dividing by √d, or the score scale set to 1×), to show both versions side by side.
///
/// The second pass (compareResult() in app/model) runs only while the view is shown: a scenario
/// given to a hidden view is kept (shared, not copied) and computed when the view is next shown.
/// Past ScenarioDocument::synchronousTokens it runs on its own worker (LatestJob), beside the
/// document's, and only the latest scenario's result is shown.

#include "comparison.h"

#include <QWidget>
#include <memory>

class QComboBox;
class QLabel;

namespace attention {

class HeatmapWidget;
class LatestJob;

class CompareView : public QWidget
{
    Q_OBJECT

public:
    explicit CompareView(QWidget *parent = nullptr);
    ~CompareView() override;

    /// Shows the flipped version of `scenario`: computed now if the view is shown, else when it
    /// is next shown.
    void setScenario(std::shared_ptr<const Scenario> scenario);
    void setScenario(const Scenario &scenario);
    void setSelectedToken(int token);
    void setFlip(Flip flip);
    Flip flip() const { return m_flip; }

    /// True when the heatmap shows the current scenario and flip (false while hidden after a
    /// change).
    bool isUpToDate() const;

    HeatmapWidget *heatmap() const { return m_heatmap; }
    /// The view's size when the heatmap's cells are `cell` pixels a side (the choice of switch
    /// above it included).
    QSize sizeForCellSize(qreal cell) const;
    QComboBox *flipComboBox() const { return m_combo; }

Q_SIGNALS:
    void tokenSelected(int token);

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void retranslateUi();
    void refresh();
    QString describe(const Scenario &shown) const;
    void display(std::shared_ptr<const Scenario> flipped, SharedResult result);

    QLabel *m_label;
    QComboBox *m_combo;
    HeatmapWidget *m_heatmap;
    LatestJob *m_job;
    std::shared_ptr<const Scenario> m_scenario;
    Flip m_flip = Flip::Causal;
    bool m_stale = false; ///< m_scenario or m_flip changed while hidden
    /// The flipped scenario and result shown: the next comparison reuses their raw products.
    std::shared_ptr<const Scenario> m_shown;
    SharedResult m_shownResult;
};

} // namespace attention
