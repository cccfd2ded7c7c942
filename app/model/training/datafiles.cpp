#include "datafiles.h"

#include <QCoreApplication>
#include <QDir>

namespace attention {

QString dataDirectory()
{
    if (const QString set = qEnvironmentVariable("ATTENTION_LAB_DATA"); !set.isEmpty())
        return set;
    return QDir::cleanPath(QCoreApplication::applicationDirPath() +
                           QStringLiteral("/../share/attention-lab"));
}

QString corpusDirectory()
{
    return dataDirectory() + QStringLiteral("/corpora");
}

QString shippedModelPath()
{
    return dataDirectory() + QStringLiteral("/models/tang.safetensors");
}

} // namespace attention
