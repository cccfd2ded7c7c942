#pragma once

// Running attention-cli from a test: what the tests of tests/cli share.

#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

/// One run of a program: its exit code (−1 when it crashed or timed out) and its output.
struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

/// Runs `program` with `arguments` in `locale` (LC_ALL and LANG, no LANGUAGE), waiting at most
/// `timeoutMs`; a program still running then is killed.
inline Run runProgram(const QString &program, const QStringList &arguments, const QString &locale,
                      int timeoutMs)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("LC_ALL"), locale);
    environment.insert(QStringLiteral("LANG"), locale);
    environment.remove(QStringLiteral("LANGUAGE"));
    process.setProcessEnvironment(environment);
    process.start(program, arguments);
    Run result;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

/// Writes `contents` to `name` in `dir` and returns its path; a failed write ends the test.
inline QString writeTestFile(const QTemporaryDir &dir, const QString &name,
                             const QByteArray &contents)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(contents) != contents.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}
