#pragma once

/// Step 7's knock-out matrix, under "What each head is worth": a row per head switched off alone
/// (and a first row with every head on), its columns what that costs (the validation loss's and
/// the in-context learning score's change) and the induction ratio of each head of the next
/// layer without it (tiny::headsReport). A cell whose ratio fell below half its every-head-on
/// value is marked. Under the table a verdict names the strongest induction head of layer 2 and
/// up and the earlier head whose knock-out weakens it most, with both figures: the learner reads
/// off which layer-1 head the induction head depends on.

#include "modelinspector.h"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace attention {

class KnockoutTable : public QWidget
{
    Q_OBJECT

public:
    explicit KnockoutTable(QWidget *parent = nullptr);

    /// Shows `worth`'s report (null: nothing measured yet).
    void showWorth(const HeadsWorth *worth);
    /// The verdict under the table; empty before a measure.
    QString verdictText() const;

    QTableWidget *table() const { return m_table; }
    QLabel *verdict() const { return m_verdict; }
    void retranslateUi();

protected:
    void changeEvent(QEvent *event) override;

private:
    void fillTable();

    std::optional<tiny::HeadsReport> m_report;
    QTableWidget *m_table;
    QLabel *m_verdict;
};

} // namespace attention
