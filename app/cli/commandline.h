#pragma once

/// One command's command line: QCommandLineParser plus the checks every command needs.
///
/// Anything the command does not accept (an unknown option, a missing value, a number out of
/// range, an option given twice) throws Failure with exit code 2 and one line that says what is
/// wrong and points to the command's --help; main() prints it on stderr.

#include "types.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <vector>

namespace attention::cli {

/// The translation context of the command line: help texts, errors, table headings.
struct Cli
{
    Q_DECLARE_TR_FUNCTIONS(Cli)
};

/// The exit codes of attention-cli (architecture, "attention-cli").
enum ExitCode : int
{
    ExitSuccess = 0,
    ExitFailure = 1,  ///< the machine failed us (out of memory, stdout closed)
    ExitUsage = 2,    ///< bad command line
    ExitBadInput = 3, ///< invalid input file
};

/// Ends the program: main() prints "attention-cli: <message>" on stderr and exits with `code`.
struct Failure
{
    ExitCode code = ExitFailure;
    QString message;
};

/// "see attention-cli COMMAND --help" (or "see attention-cli --help" for no command).
QString helpHint(const QString &command = {});
/// The text of --version: the program's version, then Qt's and Eigen's, then the license.
QString versionText();

class CommandLine
{
public:
    /// `command` is the command's name ("bench"); `description` opens its --help.
    CommandLine(const QString &command, const QString &description);

    void addOption(const QCommandLineOption &option);
    /// A positional argument, for the help text: its name, description and usage syntax.
    void addPositional(const QString &name, const QString &description, const QString &syntax);

    /// Parses `arguments`: the command's name, then what follows it. Returns false when --help or
    /// --version was given and has been printed; throws Failure on anything it does not accept.
    bool parse(const QStringList &arguments);

    bool isSet(const QString &name) const;
    /// The positional arguments, after refusing any beyond the first `allowed`.
    QStringList positionalArguments(int allowed = 0) const;
    /// The value of --name, or `fallback` when it is absent.
    QString value(const QString &name, const QString &fallback = {}) const;
    /// A comma-separated list of integers in [min, max], such as --T 1000,2000,4000.
    std::vector<Index> integerList(const QString &name, Index min, Index max,
                                   const std::vector<Index> &fallback) const;
    /// An integer in [min, max].
    Index integer(const QString &name, Index min, Index max, Index fallback) const;
    /// Any integer from 0 to 2⁶⁴ − 1 (a seed).
    std::uint64_t unsignedInteger(const QString &name, std::uint64_t fallback) const;
    /// A finite number in [min, max].
    double number(const QString &name, double min, double max, double fallback) const;
    /// One of `choices`.
    QString choice(const QString &name, const QStringList &choices, const QString &fallback) const;
    /// A pair of switches such as --causal / --no-causal: true, false, or nothing when neither is
    /// given. Giving both is an error.
    std::optional<bool> toggle(const QString &on, const QString &off) const;

    /// Throws Failure(ExitUsage) with "<what>; see attention-cli <command> --help".
    [[noreturn]] void fail(const QString &what) const;

private:
    QString m_command;
    QString m_positionalSyntax;
    QCommandLineParser m_parser;
    QStringList m_valueOptions; ///< options that take a value: each may be given once
};

} // namespace attention::cli
