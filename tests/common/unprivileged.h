#pragma once

/// Permission checks that run for real when the tests run as root (as CI does): root reads and
/// writes whatever the permissions say, so a test of "a read-only folder keeps the old file" would
/// prove nothing there. `Unprivileged` switches the effective user and group of the whole process
/// to `nobody` for its lifetime and back to root after (the saved IDs stay root's); for any
/// other user it does nothing. Files the test prepares must be reachable by `nobody`: use
/// `makeReachable()` on the temporary folders they live in, and `giveToNobody()` on the files and
/// folders the check is about, so that their owner's permissions are the ones that count.
///
///     const Unprivileged guard;
///     if (!guard.ok())
///         QSKIP(guard.whyNot()); // printed as SKIP: scripts/test.sh lists the skipped checks
///     ... the check, as an ordinary user ...

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QtGlobal>

#ifdef Q_OS_UNIX
#include <grp.h>
#include <pwd.h>
#include <sys/types.h>
#include <unistd.h>
#include <vector>
#endif

class Unprivileged
{
public:
    Unprivileged()
    {
#ifdef Q_OS_UNIX
        if (geteuid() != 0 || getuid() != 0)
            return; // already an ordinary user
        const passwd *nobody = getpwnam("nobody");
        const uid_t uid = nobody ? nobody->pw_uid : 65534;
        const gid_t gid = nobody ? nobody->pw_gid : 65534;
        m_touched = true;
        m_gid = getegid();
        const int groupCount = getgroups(0, nullptr);
        m_groups.resize(groupCount > 0 ? std::size_t(groupCount) : 0);
        if (groupCount < 0 ||
            (groupCount > 0 && getgroups(groupCount, m_groups.data()) != groupCount)) {
            m_why = QByteArrayLiteral("running as root and cannot read the supplementary groups: "
                                      "permissions cannot be checked");
            m_touched = false;
            return;
        }
        // Real and effective IDs both (access(), which QFileInfo::isWritable() uses, asks the real
        // one), the saved ones kept at root's to come back. Groups first, while still root.
        m_groupsChanged = setgroups(0, nullptr) == 0;
        m_groupChanged = m_groupsChanged && setresgid(gid, gid, -1) == 0;
        m_userChanged = m_groupChanged && setresuid(uid, uid, -1) == 0;
        if (!m_userChanged) {
            m_why = QByteArrayLiteral("running as root without the right to become nobody "
                                      "(CAP_SETUID, CAP_SETGID): permissions cannot be checked");
            restore();
            return;
        }
        m_switched = true;
#endif
    }
    ~Unprivileged()
    {
        restore();
    }
    Unprivileged(const Unprivileged &) = delete;
    Unprivileged &operator=(const Unprivileged &) = delete;

    /// Whether the process now runs as a user whom permissions stop.
    bool ok() const
    {
        return m_why.isEmpty();
    }
    /// Why not, for QSKIP.
    const char *whyNot() const
    {
        return m_why.constData();
    }
    /// Whether the guard switched from root to nobody.
    bool switched() const
    {
        return m_switched;
    }

    /// Lets every user pass through `folder` (root's temporary folders are private); call it
    /// before the switch.
    static bool makeReachable(const QString &folder)
    {
        return QFile::setPermissions(folder, QFile::permissions(folder) | QFile::ExeOther |
                                                 QFile::ExeGroup | QFile::ReadOther |
                                                 QFile::ReadGroup);
    }

    /// As root, makes nobody the owner of `path`, so that nobody meets the fixture as an ordinary
    /// user meets their own files (the owner's permission bits apply); otherwise does nothing.
    static bool giveToNobody(const QString &path)
    {
#ifdef Q_OS_UNIX
        if (geteuid() != 0)
            return true;
        const passwd *nobody = getpwnam("nobody");
        return chown(QFile::encodeName(path).constData(), nobody ? nobody->pw_uid : 65534,
                     nobody ? nobody->pw_gid : 65534) == 0;
#else
        Q_UNUSED(path);
        return true;
#endif
    }

private:
    void restore()
    {
#ifdef Q_OS_UNIX
        if (!m_touched)
            return;
        // Back to root, undoing only what was done: the user first (the saved ID allows it),
        // then the group and the groups.
        if ((m_userChanged && setresuid(0, 0, -1) != 0) ||
            (m_groupChanged && setresgid(m_gid, m_gid, -1) != 0) ||
            (m_groupsChanged && setgroups(m_groups.size(), m_groups.data()) != 0))
            qFatal("Unprivileged: cannot become root again");
        m_userChanged = m_groupChanged = m_groupsChanged = false;
        m_touched = false;
        m_switched = false;
#endif
    }

#ifdef Q_OS_UNIX
    std::vector<gid_t> m_groups;
    gid_t m_gid = 0;
    bool m_touched = false; ///< identities may have changed, to restore
    bool m_groupsChanged = false;
    bool m_groupChanged = false;
    bool m_userChanged = false;
#endif
    QByteArray m_why;
    bool m_switched = false;
};
