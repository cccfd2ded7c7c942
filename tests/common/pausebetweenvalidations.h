#pragma once

/// pauseBetweenValidations(session, steps): trains `session` and pauses it until the latest
/// weights are not the best ones, for tests of saving either. A pause validates nothing, so a
/// run paused between two validations has latest weights that are not the best; a pause right
/// on a validated best step is tried again (at most eight times). Each try runs at least
/// `steps` more steps. True once the latest weights differ from the best.

#include "trainingsession.h"

#include <QTest>

namespace sessionpause {

inline bool pauseBetweenValidations(attention::TrainingSession &session, int steps)
{
    for (int attempt = 0; attempt < 8; ++attempt) {
        const int from = session.stepsDone();
        session.train();
        if (!QTest::qWaitFor([&] { return session.stepsDone() >= from + steps; }, 60000))
            return false;
        session.pauseAndWait();
        if (session.bestModel() && session.bestModel()->step != session.model()->step)
            return true;
    }
    return false;
}

} // namespace sessionpause
