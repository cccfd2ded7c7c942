#include "autosave.h"

#include "scenariodocument.h"
#include "scenariofile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTimer>

namespace attention {

namespace {

constexpr int defaultInterval = 500;
constexpr int defaultMaxDelay = 2000;

QString nameFileOf(const QString &path)
{
    return path.left(path.size() - int(qstrlen(".json"))) + QStringLiteral(".name");
}

QString lockFileOf(const QString &path)
{
    return path.left(path.size() - int(qstrlen(".json"))) + QStringLiteral(".lock");
}

} // namespace

Autosave::Autosave(ScenarioDocument *document, QObject *parent)
    : QObject(parent)
    , m_document(document)
    , m_timer(new QTimer(this))
    , m_deadline(new QTimer(this))
{
    m_timer->setSingleShot(true);
    m_timer->setInterval(defaultInterval);
    m_deadline->setSingleShot(true);
    m_deadline->setInterval(defaultMaxDelay);
    const QString base = QStringLiteral("%1-%2")
                             .arg(QCoreApplication::applicationPid())
                             .arg(QDateTime::currentMSecsSinceEpoch());
    m_path = QDir(directory()).filePath(base + QStringLiteral(".json"));
    m_lock = std::make_unique<QLockFile>(lockFileOf(m_path));
    if (QDir().mkpath(directory()))
        m_lock->tryLock(0);
    connect(m_timer, &QTimer::timeout, this, &Autosave::write);
    connect(m_deadline, &QTimer::timeout, this, &Autosave::write);
    connect(document, &ScenarioDocument::changed, this, &Autosave::documentChanged);
    connect(document, &ScenarioDocument::modifiedChanged, this, &Autosave::documentChanged);
    connect(document, &QObject::destroyed, this, [this] {
        m_document = nullptr;
        m_timer->stop();
        m_deadline->stop();
    });
}

Autosave::~Autosave()
{
    // A clean exit: whatever was not saved was declined by the user.
    remove();
}

void Autosave::setInterval(int milliseconds)
{
    m_timer->setInterval(milliseconds);
}

int Autosave::interval() const
{
    return m_timer->interval();
}

void Autosave::setMaxDelay(int milliseconds)
{
    m_deadline->setInterval(milliseconds);
}

int Autosave::maxDelay() const
{
    return m_deadline->interval();
}

QString Autosave::directory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/autosave");
}

std::optional<AutosaveRecovery> Autosave::pendingRecovery()
{
    const QFileInfoList files =
        QDir(directory())
            .entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Time); // newest first
    for (const QFileInfo &info : files) {
        const QString path = info.absoluteFilePath();
        // Taking the lock succeeds only when its owner is gone (a lock of a process that is not
        // running any more is stale and removed); the lock goes again when `lock` is destroyed.
        QLockFile lock(lockFileOf(path));
        lock.setStaleLockTime(0);
        if (!lock.tryLock(0))
            continue;
        const ScenarioReadResult read = loadScenario(path);
        if (!read.ok())
            continue;
        AutosaveRecovery recovery{read.scenario, {}, info.lastModified(), path};
        QFile name(nameFileOf(path));
        if (name.open(QIODevice::ReadOnly))
            recovery.fileName = QString::fromUtf8(name.readAll());
        return recovery;
    }
    return std::nullopt;
}

void Autosave::discard(const AutosaveRecovery &recovery)
{
    QFile::remove(recovery.path);
    QFile::remove(nameFileOf(recovery.path));
}

void Autosave::documentChanged()
{
    if (m_document && m_document->isModified()) {
        m_timer->start();
        if (!m_deadline->isActive())
            m_deadline->start();
    } else
        remove();
}

void Autosave::write()
{
    m_timer->stop();
    m_deadline->stop();
    if (!m_document || !m_document->isModified()) {
        remove();
        return;
    }
    if (!QDir().mkpath(directory()))
        return;
    QSaveFile name(nameFileOf(m_path));
    if (name.open(QIODevice::WriteOnly)) {
        name.write(m_document->fileName().toUtf8());
        name.commit();
    }
    if (saveScenario(m_document->scenario(), m_path))
        Q_EMIT saved();
}

void Autosave::remove()
{
    m_timer->stop();
    m_deadline->stop();
    QFile::remove(m_path);
    QFile::remove(nameFileOf(m_path));
}

} // namespace attention
