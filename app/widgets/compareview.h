#pragma once

/// A second weights heatmap of the same scenario with one switch flipped (the causal mask,
/// dividing by √d, or the score scale set to 1×), to show both versions side by side.

#include "attention.h"
#include "scenario.h"

#include <QWidget>

class QComboBox;
class QLabel;

namespace attention {

class HeatmapWidget;

class CompareView : public QWidget
{
    Q_OBJECT

public:
    /// What differs from the document's scenario.
    enum class Flip
    {
        Causal,    ///< the causal mask on ↔ off
        SqrtD,     ///< dividing by √d on ↔ off
        UnitScale, ///< score scale 1×
    };

    explicit CompareView(QWidget *parent = nullptr);
    ~CompareView() override;

    /// Computes and shows the flipped version of `scenario`.
    void setScenario(const Scenario &scenario);
    void setSelectedRow(int row);
    void setFlip(Flip flip);
    Flip flip() const { return m_flip; }

    /// `scenario` with the switch flipped.
    static Scenario flipped(const Scenario &scenario, Flip flip);

    HeatmapWidget *heatmap() const { return m_heatmap; }
    QComboBox *flipComboBox() const { return m_combo; }

Q_SIGNALS:
    void rowClicked(int row);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void refresh();
    QString describe(const Scenario &shown) const;

    QLabel *m_label;
    QComboBox *m_combo;
    HeatmapWidget *m_heatmap;
    Scenario m_scenario;
    Flip m_flip = Flip::Causal;
};

} // namespace attention
