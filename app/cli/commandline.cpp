#include "commandline.h"

#include "isa.h"
#include "numberformat.h"
#include "output.h"

#include <Eigen/Core>
#include <QCoreApplication>
#include <cmath>
#include <limits>

namespace attention::cli {

namespace {

/// True when `text` is a plain decimal number without sign: digits only, at least one.
bool isDigits(const QString &text)
{
    if (text.isEmpty())
        return false;
    for (QChar c : text)
        if (c < QLatin1Char('0') || c > QLatin1Char('9'))
            return false;
    return true;
}

/// The value of a string of digits, or `tooLarge` when it has more than nine significant digits
/// (nine cannot overflow; anything longer is out of every range we accept anyway).
qint64 digitsValue(const QString &digits, qint64 tooLarge)
{
    qsizetype first = 0;
    while (first + 1 < digits.size() && digits.at(first) == QLatin1Char('0'))
        ++first;
    const QString significant = digits.mid(first);
    return significant.size() > 9 ? tooLarge : significant.toLongLong();
}

/// How an option is written on our command lines: --T, --seed (Qt also accepts -T).
QString optionName(const QString &name)
{
    return QStringLiteral("--") + name;
}

} // namespace

QString helpHint(const QString &command)
{
    const QString program = QStringLiteral("attention-cli");
    return Cli::tr("see %1 --help")
        .arg(command.isEmpty() ? program : program + QLatin1Char(' ') + command);
}

QString versionText()
{
    return QStringLiteral("attention-cli %1\n").arg(QLatin1String(ATTENTION_LAB_VERSION)) +
           Cli::tr("Qt %1 (built with %2), Eigen %3.%4.%5\n")
               .arg(QLatin1String(qVersion()), QLatin1String(QT_VERSION_STR))
               .arg(EIGEN_WORLD_VERSION)
               .arg(EIGEN_MAJOR_VERSION)
               .arg(EIGEN_MINOR_VERSION) +
           Cli::tr("%1 kernels\n").arg(QLatin1String(attention::isaName(attention::activeIsa()))) +
           Cli::tr("Licensed under the MIT License.\n");
}

CommandLine::CommandLine(const QString &command, const QString &description)
    : m_command(command)
{
    m_parser.setApplicationDescription(wrapText(description));
    m_parser.addOption(QCommandLineOption({QStringLiteral("h"), QStringLiteral("help")},
                                          Cli::tr("Show this help.")));
    m_parser.addOption(
        QCommandLineOption(QStringLiteral("version"), Cli::tr("Show the version and exit.")));
}

void CommandLine::addOption(const QCommandLineOption &option)
{
    m_parser.addOption(option);
    if (!option.valueName().isEmpty())
        m_valueOptions.append(option.names().constLast());
}

void CommandLine::addPositional(const QString &name, const QString &description,
                                const QString &syntax)
{
    m_parser.addPositionalArgument(name, description, syntax);
    m_positionalSyntax += QLatin1Char(' ') + syntax;
}

bool CommandLine::parse(const QStringList &arguments)
{
    if (!m_parser.parse(arguments)) {
        const QStringList unknown = m_parser.unknownOptionNames();
        if (!unknown.isEmpty()) {
            const QString name = unknown.constFirst();
            fail(Cli::tr("unknown option %1")
                     .arg((name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name));
        }
        QString error = m_parser.errorText();
        if (error.endsWith(QLatin1Char('.')))
            error.chop(1);
        fail(error);
    }
    if (m_parser.isSet(QStringLiteral("help"))) {
        // Qt's first line names the executable as it was started; ours names the command.
        QString help = m_parser.helpText();
        help.remove(0, help.indexOf(QLatin1Char('\n')));
        printText(
            Cli::tr("Usage: attention-cli %1 [options]%2").arg(m_command, m_positionalSyntax) +
            help);
        return false;
    }
    if (m_parser.isSet(QStringLiteral("version"))) {
        printText(versionText());
        return false;
    }
    for (const QString &name : std::as_const(m_valueOptions))
        if (m_parser.values(name).size() > 1)
            fail(Cli::tr("%1 is given more than once").arg(optionName(name)));
    return true;
}

bool CommandLine::isSet(const QString &name) const
{
    return m_parser.isSet(name);
}

QStringList CommandLine::positionalArguments(int allowed) const
{
    const QStringList arguments = m_parser.positionalArguments();
    if (arguments.size() > allowed)
        fail(Cli::tr("unexpected argument \"%1\"").arg(arguments.at(allowed)));
    return arguments;
}

QString CommandLine::value(const QString &name, const QString &fallback) const
{
    return m_parser.isSet(name) ? m_parser.value(name) : fallback;
}

std::vector<Index> CommandLine::integerList(const QString &name, Index min, Index max,
                                            const std::vector<Index> &fallback) const
{
    if (!m_parser.isSet(name))
        return fallback;
    const QString text = m_parser.value(name);
    std::vector<Index> list;
    for (const QString &item : text.split(QLatin1Char(','))) {
        if (!isDigits(item))
            fail(Cli::tr("%1: \"%2\" is not a list of positive integers")
                     .arg(optionName(name), text));
        const qint64 number = digitsValue(item, max + 1);
        if (number < min || number > max)
            fail(Cli::tr("%1: %2 is outside %3 to %4")
                     .arg(optionName(name), item)
                     .arg(min)
                     .arg(max));
        list.push_back(static_cast<Index>(number));
    }
    return list;
}

Index CommandLine::integer(const QString &name, Index min, Index max, Index fallback) const
{
    if (!m_parser.isSet(name))
        return fallback;
    const QString text = m_parser.value(name);
    if (!isDigits(text))
        fail(Cli::tr("%1: \"%2\" is not a whole number from %3 to %4")
                 .arg(optionName(name), text)
                 .arg(min)
                 .arg(max));
    const qint64 number = digitsValue(text, max + 1);
    if (number < min || number > max)
        fail(Cli::tr("%1: %2 is outside %3 to %4").arg(optionName(name), text).arg(min).arg(max));
    return static_cast<Index>(number);
}

std::uint64_t CommandLine::unsignedInteger(const QString &name, std::uint64_t fallback) const
{
    if (!m_parser.isSet(name))
        return fallback;
    const QString text = m_parser.value(name);
    bool ok = isDigits(text);
    const std::uint64_t number = ok ? text.toULongLong(&ok) : 0;
    if (!ok)
        fail(Cli::tr("%1: \"%2\" is not a whole number from 0 to %3")
                 .arg(optionName(name), text)
                 .arg(std::numeric_limits<std::uint64_t>::max()));
    return number;
}

double CommandLine::number(const QString &name, double min, double max, double fallback) const
{
    if (!m_parser.isSet(name))
        return fallback;
    const QString text = m_parser.value(name);
    bool ok = false;
    const double number = text.toDouble(&ok);
    if (!ok || !std::isfinite(number) || number < min || number > max)
        fail(Cli::tr("%1: \"%2\" is not a number from %3 to %4")
                 .arg(optionName(name), text)
                 .arg(NumberFormat::shortest(min, QLocale()),
                      NumberFormat::shortest(max, QLocale())));
    return number;
}

QString CommandLine::choice(const QString &name, const QStringList &choices,
                            const QString &fallback) const
{
    if (!m_parser.isSet(name))
        return fallback;
    const QString text = m_parser.value(name);
    if (!choices.contains(text))
        fail(Cli::tr("%1: \"%2\" is not one of %3")
                 .arg(optionName(name), text, choices.join(QStringLiteral(", "))));
    return text;
}

std::optional<bool> CommandLine::toggle(const QString &on, const QString &off) const
{
    const bool isOn = m_parser.isSet(on);
    const bool isOff = m_parser.isSet(off);
    if (isOn && isOff)
        fail(Cli::tr("%1 and %2 contradict each other").arg(optionName(on), optionName(off)));
    if (isOn || isOff)
        return isOn;
    return std::nullopt;
}

void CommandLine::fail(const QString &what) const
{
    //: What is wrong; see attention-cli COMMAND --help
    throw Failure{ExitUsage, Cli::tr("%1; %2").arg(what, helpHint(m_command))};
}

} // namespace attention::cli
