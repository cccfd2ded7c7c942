#include "chartscolumn.h"

#include <QEvent>
#include <QScrollBar>
#include <QSplitter>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>

namespace attention {

ChartsColumn::ChartsColumn(QWidget *curves, QTabWidget *tabs, QWidget *parent)
    : QScrollArea(parent)
    , m_splitter(new QSplitter(Qt::Vertical))
    , m_tabs(tabs)
{
    // Each tab as wide as its title: the column is widened for them, never cuts one short.
    tabs->tabBar()->setExpanding(false);
    tabs->setElideMode(Qt::ElideNone);
    tabs->setUsesScrollButtons(false);
    m_splitter->addWidget(curves);
    m_splitter->addWidget(tabs);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setSizes({600, 400});
    m_splitter->setChildrenCollapsible(false);
    setWidget(m_splitter);
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    // Only a container: Tab goes to its charts and panels, not to it.
    setFocusPolicy(Qt::NoFocus);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    fitWidth();
}

void ChartsColumn::fitWidth()
{
    const int content =
        std::max(m_splitter->minimumSizeHint().width(), m_tabs->tabBar()->sizeHint().width());
    setMinimumWidth(content + style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 2);
}

void ChartsColumn::changeEvent(QEvent *event)
{
    QScrollArea::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::LanguageChange)
        fitWidth();
}

} // namespace attention
