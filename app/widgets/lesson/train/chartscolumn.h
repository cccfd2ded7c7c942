#pragma once

/// The middle column of lesson step 7: the run's curves (the loss chart, the loss at each
/// position of the probe line under it) above the tabs of the selected head's panels, in a
/// splitter the learner can move. A window too short for their labels at its zoom scrolls the
/// column, never squeezes a chart under its neighbour; the column is never narrower than its
/// tabs and charts need.

#include <QScrollArea>

class QSplitter;
class QTabWidget;

namespace attention {

class ChartsColumn : public QScrollArea
{
    Q_OBJECT

public:
    /// Lays `curves` above `tabs`; the column takes both as its children.
    ChartsColumn(QWidget *curves, QTabWidget *tabs, QWidget *parent = nullptr);

    QSplitter *splitter() const { return m_splitter; }
    /// Keeps the column as wide as its content needs (the tabs' titles at full length, the
    /// charts' minimum) and room for the vertical scroll bar; after a font or language change.
    void fitWidth();

protected:
    void changeEvent(QEvent *event) override;

private:
    QSplitter *m_splitter;
    QTabWidget *m_tabs;
};

} // namespace attention
