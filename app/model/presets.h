#pragma once

/// The built-in scenarios: the lesson's examples, ready to load.

#include "scenario.h"

#include <QStringList>
#include <optional>

namespace attention {

/// Preset names in menu order: "lesson", "exercise1", "average", "random-head", …
QStringList presetNames();
/// The preset called `name`, or nothing for an unknown name.
std::optional<Scenario> preset(const QString &name);
/// A one-line description of a preset, translated (context "Presets").
QString presetDescription(const QString &name);

/// A scenario of seeded random N(0, 1) queries and keys of width d for `tokens`, with one-hot
/// values, the way the lesson's causal step draws them. Same seed, same numbers everywhere.
Scenario randomScenario(const QStringList &tokens, Index d, std::uint64_t seed);

} // namespace attention
