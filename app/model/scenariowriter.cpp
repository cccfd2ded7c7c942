// Writing scenario files: the JSON text, by hand so that each matrix row is one line, and the
// atomic save. Reading is in scenariofile.cpp.

#include "atomicfile.h"
#include "numberformat.h"
#include "scenariofile.h"
#include "scenariofileformat.h"

#include <QCoreApplication>
#include <QDir>
#include <QLocale>
#include <cmath>

namespace attention {

using namespace scenariofileformat;

namespace {

/// A JSON string literal: UTF-8, with quotes, backslashes and control characters escaped.
QByteArray quoted(const QString &text)
{
    QByteArray out;
    const QByteArray utf8 = text.toUtf8();
    out.reserve(utf8.size() + 2);
    out += '"';
    for (const char c : utf8) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20)
                out += "\\u00" + QByteArray::number(static_cast<int>(c), 16).rightJustified(2, '0');
            else
                out += c;
        }
    }
    out += '"';
    return out;
}

QByteArray stringsJson(const QStringList &strings)
{
    QByteArray out = "[";
    for (int i = 0; i < strings.size(); ++i)
        out += (i > 0 ? ", " : "") + quoted(strings.at(i));
    return out + ']';
}

/// One row per line, indented under its field.
QByteArray matrixJson(const Matrix &m)
{
    QByteArray out = "[";
    for (Index r = 0; r < m.rows(); ++r) {
        out += r > 0 ? ",\n        [" : "\n        [";
        for (Index c = 0; c < m.cols(); ++c)
            out += (c > 0 ? ", " : "") + NumberFormat::json(m(r, c));
        out += ']';
    }
    return out + (m.rows() > 0 ? "\n    ]" : "]");
}

} // namespace

QByteArray scenarioToJson(const Scenario &scenario)
{
    QByteArray out = "{\n";
    const auto field = [&out](const char *name, const QByteArray &json, bool last = false) {
        out += "    " + quoted(QLatin1String(name)) + ": " + json + (last ? "\n" : ",\n");
    };
    field("format", quoted(formatName()));
    field("version", QByteArray::number(formatVersion));
    if (!scenario.title.isEmpty())
        field("title", quoted(scenario.title));
    if (!scenario.dimensionNames.isEmpty())
        field("dimension_names", stringsJson(scenario.dimensionNames));
    field("tokens", stringsJson(scenario.tokens));
    field("queries", matrixJson(scenario.queries));
    field("keys", matrixJson(scenario.keys));
    if (!scenario.hasOneHotValues())
        field("values", matrixJson(*scenario.values));
    field("score_scale", NumberFormat::json(scenario.scoreScale));
    field("divide_by_sqrt_d", scenario.divideBySqrtD ? "true" : "false");
    field("causal", scenario.causal ? "true" : "false", true);
    return out + "}\n";
}

bool saveScenario(const Scenario &scenario, const QString &fileName, QString *error)
{
    const QString name = QDir::toNativeSeparators(fileName);
    const auto failed = [&name, error](const QString &what) {
        if (error)
            *error = name + QStringLiteral(": ") + what;
        return false;
    };
    if (const auto problem = scenario.validate())
        return failed(QCoreApplication::translate("ScenarioFile", "the scenario is not valid: %1")
                          .arg(scenarioErrorText(*problem)));

    const QByteArray json = scenarioToJson(scenario);
    if (json.size() > maxFileBytes) // it could not be opened again
        return failed(scenarioErrorText(tooLarge({}, json.size())));
    QString reason;
    if (!writeFileAtomically(fileName, json, &reason))
        return failed(
            QCoreApplication::translate("ScenarioFile", "cannot be written: %1").arg(reason));
    if (error)
        error->clear();
    return true;
}

} // namespace attention
