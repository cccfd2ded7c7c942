#include "recentfiles.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMenu>

namespace attention {

RecentFiles::RecentFiles(QMenu *menu, QObject *parent)
    : QObject(parent)
    , m_menu(menu)
    , m_clearAction(new QAction(this))
{
    connect(m_clearAction, &QAction::triggered, this, &RecentFiles::clear);
    rebuildMenu();
}

void RecentFiles::setFiles(const QStringList &files)
{
    m_files = files;
    rebuildMenu();
}

void RecentFiles::add(const QString &fileName)
{
    const QString path = QFileInfo(fileName).absoluteFilePath();
    m_files.removeAll(path);
    m_files.prepend(path);
    while (m_files.size() > maxCount)
        m_files.removeLast();
    rebuildMenu();
    Q_EMIT changed();
}

void RecentFiles::clear()
{
    m_files.clear();
    rebuildMenu();
    Q_EMIT changed();
}

void RecentFiles::retranslateUi()
{
    m_clearAction->setText(tr("&Clear List"));
    rebuildMenu();
}

void RecentFiles::rebuildMenu()
{
    m_menu->clear();
    for (int i = 0; i < m_files.size(); ++i) {
        const QString path = m_files.at(i);
        QAction *action =
            m_menu->addAction(QStringLiteral("&%1  %2").arg(i + 1).arg(QFileInfo(path).fileName()));
        action->setStatusTip(QDir::toNativeSeparators(path));
        action->setToolTip(QDir::toNativeSeparators(path));
        connect(action, &QAction::triggered, this, [this, path] { Q_EMIT openRequested(path); });
    }
    if (!m_files.isEmpty())
        m_menu->addSeparator();
    m_menu->addAction(m_clearAction);
    m_clearAction->setEnabled(!m_files.isEmpty());
}

} // namespace attention
