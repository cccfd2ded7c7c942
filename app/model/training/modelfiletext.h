#pragma once

/// Internal to the weights file (modelfile.cpp, modelfilereader.cpp): the format's constants and
/// the pieces of its messages, translated in the context "ModelFile".

#include "tiny/config.h"

#include <QJsonValue>
#include <QLatin1String>
#include <QString>
#include <string>
#include <vector>

namespace attention::modelfile {

constexpr int formatVersion = 1;

QLatin1String formatName();
QLatin1String metadataKey();

/// "tensor blocks.0.attn.w_q".
QString tensorPath(const std::string &name);
/// "[64, 256]".
QString shapeText(const std::vector<long> &shape);
/// Text from the file as a message shows it: on one line (control characters written as JSON
/// escapes such as \n) and cut after 40 characters.
QString printable(const QString &text);
/// The same in quotes.
QString quotedText(const QString &text);
/// How a JSON value looks in a message: `the number 3`, `the string "x"`, `an array`, …
QString describe(const QJsonValue &value);
/// "config.<field>: <what>" for a config that breaks a limit of tiny::checkConfig.
QString configProblem(const tiny::ModelConfig &config, tiny::ConfigError error);
/// 64 lower-case hexadecimal digits.
bool isSha256(const QString &text);
/// The first weight of `values` that is not finite, as "<tensor>: <what>", or an empty string.
QString nonFinite(const tiny::TensorSpec &spec, const std::vector<float> &values);

} // namespace attention::modelfile
