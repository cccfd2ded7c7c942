#include "atomicfile.h"

#include <QSaveFile>

namespace attention {

bool writeFileAtomically(const QString &fileName, const QByteArray &bytes, QString *reason)
{
    const auto failed = [reason](const QString &why) {
        if (reason)
            *reason = why;
        return false;
    };
    QSaveFile file(fileName);
    // Unbuffered, and written in a loop: Qt 6.4 reports a short write (disk full, file size
    // limit) of a buffered QSaveFile nowhere, and commit() would then replace the old file with a
    // truncated one. Here a short write is retried, and the retry fails with the system's reason.
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return failed(file.errorString());
    for (qint64 written = 0; written < bytes.size();) {
        const qint64 count = file.write(bytes.constData() + written, bytes.size() - written);
        if (count <= 0) {
            const QString why = file.errorString();
            file.cancelWriting();
            return failed(why);
        }
        written += count;
    }
    if (!file.commit())
        return failed(file.errorString());
    return true;
}

} // namespace attention
