#include "modelfiletext.h"

#include "numberformat.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>
#include <QStringList>
#include <algorithm>
#include <climits>
#include <cmath>

namespace attention::modelfile {

QLatin1String formatName()
{
    return QLatin1String("attention-lab-model");
}

QLatin1String metadataKey()
{
    return QLatin1String("__metadata__");
}

QString tensorPath(const std::string &name)
{
    return QCoreApplication::translate("ModelFile", "tensor %1").arg(QString::fromStdString(name));
}

QString shapeText(const std::vector<long> &shape)
{
    // A shape from a file may have millions of extents; a message shows the first few.
    constexpr std::size_t shown = 8;
    QStringList parts;
    for (std::size_t i = 0; i < shape.size() && i < shown; ++i)
        parts.append(QString::number(shape[i]));
    // (A template argument among translate()'s arguments sends lupdate's parser into a loop.)
    const int extents = shape.size() > std::size_t(INT_MAX) ? INT_MAX : int(shape.size());
    if (shape.size() > shown)
        parts.append(
            QCoreApplication::translate("ModelFile", "… (%n extent(s))", nullptr, extents));
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

/// Text from the file as a message shows it: on one line (control characters written as JSON
/// escapes such as \n) and cut after 40 characters.
QString printable(const QString &text)
{
    constexpr int shown = 40;
    QString out;
    for (const QChar c : text.left(shown)) {
        if (c == QLatin1Char('\n'))
            out += QStringLiteral("\\n");
        else if (c.unicode() < 0x20 || c.unicode() == 0x7F ||
                 c.category() == QChar::Separator_Line ||
                 c.category() == QChar::Separator_Paragraph)
            out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return text.size() > shown ? out + QStringLiteral("…") : out;
}

/// A metadata value or JSON string as a message shows it, in quotes.
QString quotedText(const QString &text)
{
    return QLatin1Char('"') + printable(text) + QLatin1Char('"');
}

QString describe(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double:
        return QCoreApplication::translate("ModelFile", "the number %1")
            .arg(NumberFormat::exact(value.toDouble()));
    case QJsonValue::String:
        return QCoreApplication::translate("ModelFile", "the string %1")
            .arg(quotedText(value.toString()));
    case QJsonValue::Array:
        return QCoreApplication::translate("ModelFile", "an array");
    case QJsonValue::Object:
        return QCoreApplication::translate("ModelFile", "an object");
    case QJsonValue::Undefined:
        break;
    }
    return QCoreApplication::translate("ModelFile", "nothing");
}

/// The message for a config that breaks a limit of tiny::checkConfig.
QString configProblem(const tiny::ModelConfig &config, tiny::ConfigError error)
{
    const auto outside = [](const char *field, int value, int min, int max) -> QString {
        return QStringLiteral("config.") + QLatin1String(field) + QStringLiteral(": ") +
               QCoreApplication::translate("ModelFile", "%1 is outside %2 to %3")
                   .arg(value)
                   .arg(min)
                   .arg(max);
    };
    switch (error) {
    case tiny::ConfigError::VocabSize:
        return outside("vocab_size", config.vocabSize, 1, 65536);
    case tiny::ConfigError::Context:
        return outside("context", config.context, 1, 256);
    case tiny::ConfigError::DModel:
        return outside("d_model", config.dModel, 1, 512);
    case tiny::ConfigError::Heads:
        return outside("heads", config.heads, 1, 16);
    case tiny::ConfigError::Layers:
        return outside("layers", config.layers, 1, 4);
    case tiny::ConfigError::DModelNotMultipleOfHeads:
        return QStringLiteral("config.d_model: ") +
               QCoreApplication::translate("ModelFile", "%1 is not a multiple of config.heads (%2)")
                   .arg(config.dModel)
                   .arg(config.heads);
    }
    return QStringLiteral("config: ") + QCoreApplication::translate("ModelFile", "not valid");
}

bool isSha256(const QString &text)
{
    static const QRegularExpression hex(QStringLiteral("^[0-9a-f]{64}$"));
    return hex.match(text).hasMatch();
}

namespace {

/// A float's position in a message: "element 5 (row 1, column 2)" or "element 5".
QString elementText(const tiny::TensorSpec &spec, std::size_t index)
{
    if (spec.shape.size() == 2) {
        const auto cols = static_cast<std::size_t>(spec.shape[1]);
        return QCoreApplication::translate("ModelFile", "element %1 (row %2, column %3)")
            .arg(index)
            .arg(index / cols)
            .arg(index % cols);
    }
    return QCoreApplication::translate("ModelFile", "element %1").arg(index);
}

} // namespace

/// The first weight of `values` that is not finite, as "<tensor>: <what>", or an empty string.
QString nonFinite(const tiny::TensorSpec &spec, const std::vector<float> &values)
{
    const auto it =
        std::find_if(values.begin(), values.end(), [](float x) { return !std::isfinite(x); });
    if (it == values.end())
        return {};
    return tensorPath(spec.name) + QStringLiteral(": ") +
           QCoreApplication::translate("ModelFile", "%1 is not finite (%2)")
               .arg(elementText(spec, std::size_t(it - values.begin())),
                    std::isnan(*it) ? QStringLiteral("nan")
                                    : (*it > 0 ? QStringLiteral("inf") : QStringLiteral("-inf")));
}

} // namespace attention::modelfile
