#include "scenarioerror.h"

#include "numberformat.h"
#include "scenario.h"

#include <QCoreApplication>
#include <QLocale>
#include <cmath>

namespace attention {

namespace {

using Code = ScenarioError::Code;

/// A number in a message as the user would write it: 2000000, -0.5, 1e+300 (not 17 digits).
QString numberText(double x)
{
    if (std::isfinite(x) && x == std::floor(x) && std::abs(x) < 1e15)
        return QString::number(x, 'f', 0);
    return NumberFormat::exact(x);
}

/// A count, a width or a size.
QString whole(double x)
{
    return QString::number(static_cast<qint64>(x));
}

/// How a JSON value looks in a message: `the string "x"`, `the number 3`, `an array`, …
QString describe(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return QCoreApplication::translate("ScenarioFile", "the value %1")
            .arg(value.toBool() ? QStringLiteral("true") : QStringLiteral("false"));
    case QJsonValue::Double:
        return QCoreApplication::translate("ScenarioFile", "the number %1")
            .arg(numberText(value.toDouble()));
    case QJsonValue::String: {
        constexpr int shown = 40;
        QString text = value.toString();
        if (text.size() > shown)
            text = text.left(shown) + QStringLiteral("…");
        return QCoreApplication::translate("ScenarioFile", "the string \"%1\"").arg(text);
    }
    case QJsonValue::Array:
        return QCoreApplication::translate("ScenarioFile", "an array");
    case QJsonValue::Object:
        return QCoreApplication::translate("ScenarioFile", "an object");
    case QJsonValue::Undefined:
        break;
    }
    return QCoreApplication::translate("ScenarioFile", "nothing");
}

/// "<path>: <what>", or `what` alone when there is no path.
QString at(const ScenarioError &e, const QString &what)
{
    return e.path.isEmpty() ? what : e.path + QStringLiteral(": ") + what;
}

/// The error in words without the file name. The validator's texts hold their path (as the
/// translations have it); the reader's get it in front.
QString words(const ScenarioError &e)
{
    switch (e.code) {
    case Code::TokenCount:
        return QCoreApplication::translate("Scenario",
                                           "tokens: %1 tokens; a scenario needs 1 to %2")
            .arg(whole(e.value), whole(e.limit));
    case Code::EmptyToken:
        return QCoreApplication::translate("Scenario", "tokens[%1]: a token must not be empty")
            .arg(whole(e.value));
    case Code::QueryWidth:
        return QCoreApplication::translate("Scenario", "queries: dimension %1; d must be 1 to %2")
            .arg(whole(e.value), whole(e.limit));
    case Code::QueryRows:
        return QCoreApplication::translate("Scenario", "queries: %1 rows for %2 tokens")
            .arg(whole(e.value), whole(e.limit));
    case Code::KeyRows:
        return QCoreApplication::translate("Scenario", "keys: %1 rows for %2 tokens")
            .arg(whole(e.value), whole(e.limit));
    case Code::KeyWidth:
        return QCoreApplication::translate("Scenario", "keys: width %1, but queries have width %2")
            .arg(whole(e.value), whole(e.limit));
    case Code::ValueRows:
        return QCoreApplication::translate("Scenario", "values: %1 rows for %2 tokens")
            .arg(whole(e.value), whole(e.limit));
    case Code::ValueWidth:
        return QCoreApplication::translate("Scenario", "values: width %1; it must be 1 to %2")
            .arg(whole(e.value), whole(e.limit));
    case Code::DimensionNameCount:
        return QCoreApplication::translate("Scenario", "dimension_names: %1 names for dimension %2")
            .arg(whole(e.value), whole(e.limit));
    case Code::EntryNotFinite:
        return e.path + QCoreApplication::translate("Scenario", ": must be a finite number");
    case Code::EntryTooLarge:
        return e.path +
               QCoreApplication::translate("Scenario", ": %1 is larger in magnitude than %2")
                   .arg(numberText(e.value), numberText(e.limit));
    case Code::ScoreScale:
        return QCoreApplication::translate("Scenario", "score_scale: %1 is outside %2 to %3")
            .arg(numberText(e.value), numberText(ScenarioLimits::minScale),
                 numberText(ScenarioLimits::maxScale));

    case Code::FileTooLarge: {
        const qint64 mib = 1024 * 1024;
        const auto bytes = static_cast<qint64>(e.value);
        return at(
            e, QCoreApplication::translate(
                   "ScenarioFile", "%1 MiB is too large; a scenario file may have at most %2 MiB")
                   .arg((bytes + mib - 1) / mib)
                   .arg(static_cast<qint64>(e.limit) / mib));
    }
    case Code::InvalidJson:
        return at(e, QCoreApplication::translate("ScenarioFile",
                                                 "not valid JSON: %1 at offset %2 (line %3)")
                         .arg(e.detail, whole(e.value), whole(e.limit)));
    case Code::NumberOutOfRange:
        if (e.detail.isEmpty())
            return at(e, QCoreApplication::translate("ScenarioFile",
                                                     "the number is out of the range of a "
                                                     "double"));
        return at(e, QCoreApplication::translate("ScenarioFile",
                                                 "the number %1 is out of the range of a double")
                         .arg(e.detail));
    case Code::MissingField:
        return at(e, QCoreApplication::translate("ScenarioFile", "this field is missing"));
    case Code::UnknownField:
        return at(
            e, QCoreApplication::translate("ScenarioFile", "unknown field \"%1\"").arg(e.detail));
    case Code::ExpectedObject:
        return at(e, QCoreApplication::translate("ScenarioFile", "expected an object, found %1")
                         .arg(describe(e.found)));
    case Code::ExpectedArray:
        return at(e, QCoreApplication::translate("ScenarioFile", "expected an array, found %1")
                         .arg(describe(e.found)));
    case Code::ExpectedNumber:
        return at(e, QCoreApplication::translate("ScenarioFile", "expected a number, found %1")
                         .arg(describe(e.found)));
    case Code::ExpectedString:
        return at(e, QCoreApplication::translate("ScenarioFile", "expected a string, found %1")
                         .arg(describe(e.found)));
    case Code::ExpectedBool:
        return at(e, QCoreApplication::translate("ScenarioFile", "expected true or false, found %1")
                         .arg(describe(e.found)));
    case Code::UnpairedSurrogate:
        return at(e, QCoreApplication::translate("ScenarioFile",
                                                 "not valid Unicode: an unpaired surrogate"));
    case Code::WrongFormat:
        return at(e, QCoreApplication::translate("ScenarioFile", "expected \"%1\", found %2")
                         .arg(e.detail, describe(e.found)));
    case Code::UnsupportedVersion:
        return at(e, QCoreApplication::translate(
                         "ScenarioFile", "unsupported version %1; this program reads version %2")
                         .arg(numberText(e.value), numberText(e.limit)));
    case Code::RowCount:
        return at(
            e, QCoreApplication::translate("ScenarioFile", "%1 rows, expected %2 (one per token)")
                   .arg(whole(e.value), whole(e.limit)));
    case Code::RowWidthOutOfRange:
        return at(e,
                  QCoreApplication::translate("ScenarioFile", "width %1; rows need 1 to %2 numbers")
                      .arg(whole(e.value), whole(e.limit)));
    case Code::RowWidthMismatch:
        return at(e, QCoreApplication::translate("ScenarioFile",
                                                 "width %1, expected %2 (the width of %3)")
                         .arg(whole(e.value), whole(e.limit), e.detail));

    case Code::NoFileName:
        return at(e, QCoreApplication::translate("ScenarioFile", "No scenario file name given."));
    case Code::NoSuchFile:
        return at(e, QCoreApplication::translate("ScenarioFile", "no such file"));
    case Code::IsDirectory:
        return at(
            e, QCoreApplication::translate("ScenarioFile", "is a directory, not a scenario file"));
    case Code::NotRegularFile:
        return at(e, QCoreApplication::translate("ScenarioFile", "is not a regular file"));
    case Code::CannotRead:
        return at(e,
                  QCoreApplication::translate("ScenarioFile", "cannot be read: %1").arg(e.detail));
    case Code::EmptyFile:
        return at(e, QCoreApplication::translate("ScenarioFile", "the file is empty"));
    }
    return {};
}

} // namespace

QString scenarioErrorText(const ScenarioError &error)
{
    const QString text = words(error);
    return error.file.isEmpty() ? text : error.file + QStringLiteral(": ") + text;
}

QString scenarioErrorText(const std::optional<ScenarioError> &error)
{
    return error ? scenarioErrorText(*error) : QString();
}

} // namespace attention
