#pragma once

/// What the monkey checks after every action: the window's document is valid, its result is the
/// scenario's and every view shows it; and a fingerprint of a scenario for the undo record.

#include "scenario.h"

#include <QString>
#include <cstddef>

namespace attention {
class MainWindow;
}

namespace attention::test {

/// A fingerprint of everything a scenario holds, bit for bit: two scenarios with the same one are
/// equal (a chance collision aside); it stands for a state of the undo history.
std::size_t fingerprint(const Scenario &s);
/// The scenario in a few words, for a failure message.
QString describe(const Scenario &s);
/// Empty when the window's document is valid and every view shows it; else what is wrong.
QString problemIn(const MainWindow &window);

} // namespace attention::test
