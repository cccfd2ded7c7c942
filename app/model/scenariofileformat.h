#pragma once

/// What the reader (scenariofile.cpp) and the writer (scenariowriter.cpp) of scenario files
/// share: the format's name and version and the size limit. Internal to attention_model.

#include "scenarioerror.h"

#include <QLatin1String>
#include <QString>

namespace attention::scenariofileformat {

/// A scenario file larger than this is refused before it is read, and is not written. It holds
/// about ten million full-precision numbers, far more than a lesson needs, although the largest
/// scenarios the limits allow (4096 tokens, d = 4096) would not fit.
constexpr qint64 maxFileBytes = qint64(256) * 1024 * 1024;
constexpr int formatVersion = 1;

inline QLatin1String formatName()
{
    return QLatin1String("attention-lab-scenario");
}

/// A text or file of `bytes` bytes, more than may be read (or written).
ScenarioError tooLarge(const QString &path, qint64 bytes);

} // namespace attention::scenariofileformat
