#pragma once

/// Step 7's ablation: what each head is worth, as bars of how much the validation loss rises
/// when that head alone is switched off (its output zeroed before the output projection) beside
/// the knock-out matrix (KnockoutTable), and the validation loss with the heads the learner
/// switched off against the loss with every head on. The numbers come from
/// ModelInspector::measureWorth, on the latest weights: a snapshot of the history keeps each
/// head's pattern, not the weights to switch a head off in, so while the history slider shows an
/// earlier step a note says which step the figures are of.

#include "modelinspector.h"

#include <QWidget>
#include <optional>

class QLabel;

namespace attention {

class BarChartView;
class KnockoutTable;

class HeadWorthPanel : public QWidget
{
    Q_OBJECT

public:
    explicit HeadWorthPanel(QWidget *parent = nullptr);

    /// Shows `worth` (null: nothing measured yet).
    void showWorth(const HeadsWorth *worth);
    /// The line under the bars: the loss with the switched-off heads against every head on.
    QString lossText() const;

    BarChartView *chart() const { return m_chart; }
    QLabel *lossLabel() const { return m_loss; }
    KnockoutTable *knockout() const { return m_knockout; }

    /// Whether the history shows the latest step (HistoryView::snapshotShown; the figures name
    /// their own step).
    void setLatestShown(bool latest);
    QLabel *pastNote() const { return m_pastNote; }

    void retranslateUi();

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateTexts();

    std::optional<HeadsWorth> m_worth;
    QLabel *m_caption;
    BarChartView *m_chart;
    QLabel *m_loss;
    KnockoutTable *m_knockout;
    QLabel *m_pastNote;
    bool m_latest = true;
};

} // namespace attention
