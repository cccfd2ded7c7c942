#pragma once

/// Internal to the weights file: reads the bytes of a file into a ModelFile (modelfile.h).

#include "modelfile.h"

#include <QByteArray>
#include <QString>

namespace attention::modelfile {

/// Validates `bytes` as a whole and fills `model`; returns the first problem ("<field or
/// tensor>: <what>"), or an empty string. On a problem, `model` may be partly filled.
QString readModel(const QByteArray &bytes, ModelFile &model);

} // namespace attention::modelfile
