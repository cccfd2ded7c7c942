#include "dialogfolder.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace attention::dialogfolder {

namespace {

QString &lastFolder()
{
    static QString folder; // the GUI thread's only
    return folder;
}

} // namespace

QString start()
{
    if (!lastFolder().isEmpty() && QFileInfo(lastFolder()).isDir())
        return lastFolder();
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (!documents.isEmpty() && QFileInfo(documents).isDir())
        return documents;
    return QDir::homePath();
}

QString suggestion(const QString &fileName)
{
    return QDir(start()).filePath(fileName);
}

void use(const QString &fileName)
{
    if (!fileName.isEmpty())
        lastFolder() = QFileInfo(fileName).absolutePath();
}

QString last()
{
    return lastFolder();
}

void setLast(const QString &folder)
{
    lastFolder() = folder;
}

} // namespace attention::dialogfolder
