#pragma once

/// Step 6's saved state as JSON: the lengths and kernels of a timing run, and a whole run with
/// its measured points. Reading keeps what is valid and leaves out the rest (a point with a
/// field missing or out of range, a kernel it does not know), so that a damaged settings file
/// opens the page with what it can trust.
///
///     {"lengths": [250, 500…], "kernels": ["naive", …], "d", "causal", "threads",
///      "points": [{"kernel", "T", "ms", "extra_bytes", "runs"}]}

#include "costmeasurement.h"

#include <QJsonArray>
#include <QJsonObject>
#include <optional>

namespace attention {

/// `lengths` sorted, without duplicates, inside 1…costLargestLength.
QList<int> cleanCostLengths(QList<int> lengths);

QJsonArray costLengthsToJson(const QList<int> &lengths);
/// The valid lengths of a JSON array, as they come; empty for anything else.
QList<int> costLengthsFromJson(const QJsonValue &value);
QJsonArray costKernelsToJson(const QList<Kernel> &kernels);
/// The known kernels of a JSON array, in the order of allKernels(); nothing if not an array.
std::optional<QList<Kernel>> costKernelsFromJson(const QJsonValue &value);

QJsonObject costRunToJson(const CostRun &run);
/// The run of `object`: its points, its lengths and kernels completed by what the points need,
/// d (else `defaultDimension`), the mask, and its threads (else every core).
CostRun costRunFromJson(const QJsonObject &object, int defaultDimension);

} // namespace attention
