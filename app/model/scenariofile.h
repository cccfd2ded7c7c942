#pragma once

/// Reading and writing scenario files (JSON, "format": "attention-lab-scenario", version 1).
///
/// Reading validates everything and refuses a file as a whole: the message names the file, the
/// JSON path of the offending entry (`queries[4][1]`) and what is wrong. Writing goes through
/// QSaveFile, so a failed save leaves the previous file intact.

#include "scenario.h"

#include <QByteArray>
#include <QString>

namespace attention {

struct ScenarioReadResult
{
    Scenario scenario;                    ///< valid only when ok()
    std::optional<ScenarioError> problem; ///< why the text or file was refused
    /// The problem in words: "<path>: <what is wrong>", or "<file>: <path>: <what is wrong>".
    QString error;

    bool ok() const { return !problem; }
};

/// Parses and validates the JSON text of a scenario.
ScenarioReadResult parseScenario(const QByteArray &json);
/// Reads and validates a scenario file; errors start with the file name.
ScenarioReadResult loadScenario(const QString &fileName);

/// The scenario as an indented JSON document (values omitted when they are one-hot).
QByteArray scenarioToJson(const Scenario &scenario);
/// Writes atomically. On failure returns false, sets `error` and leaves any old file untouched.
bool saveScenario(const Scenario &scenario, const QString &fileName, QString *error = nullptr);

} // namespace attention
