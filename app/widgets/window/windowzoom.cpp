#include "windowzoom.h"

#include <QAction>
#include <QApplication>
#include <QMainWindow>
#include <QStatusBar>
#include <array>
#include <cmath>

namespace attention {

namespace {

constexpr std::array<double, 10> zoomFactors = {0.8, 0.9, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0, 2.5, 3.0};

} // namespace

WindowZoom::WindowZoom(QMainWindow *window)
    : QObject(window)
    , m_window(window)
    , m_baseFont(QApplication::font())
    , m_index(stepIndexOf(1.0))
    , m_zoomIn(new QAction(this))
    , m_zoomOut(new QAction(this))
    , m_reset(new QAction(this))
{
    m_zoomIn->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::Key_Equal), QKeySequence(Qt::CTRL | Qt::Key_Plus)});
    connect(m_zoomIn, &QAction::triggered, this, [this] { zoomBy(1); });
    m_zoomOut->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Minus));
    connect(m_zoomOut, &QAction::triggered, this, [this] { zoomBy(-1); });
    m_reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    connect(m_reset, &QAction::triggered, this, [this] { setZoom(1.0); });
}

int WindowZoom::stepIndexOf(double zoom)
{
    int best = 0;
    for (int i = 0; i < int(zoomFactors.size()); ++i)
        if (std::abs(zoomFactors[i] - zoom) < std::abs(zoomFactors[best] - zoom))
            best = i;
    return best;
}

void WindowZoom::setZoom(double zoom)
{
    const int best = stepIndexOf(zoom);
    m_index = best;
    QFont font = m_baseFont;
    if (m_baseFont.pointSizeF() > 0)
        font.setPointSizeF(m_baseFont.pointSizeF() * zoomFactors[best]);
    else
        font.setPixelSize(int(std::lround(m_baseFont.pixelSize() * zoomFactors[best])));
    m_window->setFont(font);
    m_zoomIn->setEnabled(best + 1 < int(zoomFactors.size()));
    m_zoomOut->setEnabled(best > 0);
    Q_EMIT changed();
}

double WindowZoom::zoom() const
{
    return zoomFactors[m_index];
}

void WindowZoom::zoomBy(int steps)
{
    const int index = std::clamp(m_index + steps, 0, int(zoomFactors.size()) - 1);
    setZoom(zoomFactors[index]);
    m_window->statusBar()->showMessage(tr("Zoom %1%").arg(int(std::lround(zoom() * 100))), 2000);
}

void WindowZoom::retranslateUi()
{
    m_zoomIn->setText(tr("Zoom &In"));
    m_zoomIn->setStatusTip(tr("Larger text and cells, for a projector"));
    m_zoomOut->setText(tr("Zoom &Out"));
    m_zoomOut->setStatusTip(tr("Smaller text and cells"));
    m_reset->setText(tr("&Reset Zoom"));
    m_reset->setStatusTip(tr("Normal text size"));
}

} // namespace attention
