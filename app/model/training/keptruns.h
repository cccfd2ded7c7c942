#pragma once

/// Runs of step 7 kept to compare (issue 39's "Keep this run"): each run's setup, its training
/// loss (at most curvePoints points), and its validations (the loss, the loss at each position,
/// each head's induction ratio). The next run trains beside them; the loss chart and the score
/// strip draw the kept ones faint. At most maxKept are kept, the oldest dropped when another is
/// kept. They are saved as JSON in a file of their own (QSaveFile), so that they survive a
/// restart; a file that is not such a list is refused whole and leaves the kept runs as they
/// are.

#include "runvalidation.h"
#include "trainingsetup.h"

#include <QByteArray>
#include <QPointF>
#include <QString>
#include <optional>
#include <vector>

namespace attention {

class TrainingSession;

struct KeptRun
{
    TrainingSetup setup;
    int stepsDone = 0;
    std::vector<QPointF> trainLoss; ///< (step, mean loss of the steps up to it)
    std::vector<ValidationPoint> validations;

    /// The last validation's in-context learning score (NaN: none, or C < 8).
    double finalScore() const;
    /// The largest induction ratio of any head at the last validation (−1: none).
    double finalInduction() const;
};

/// The session's run as it is now; nothing before its first validation.
std::optional<KeptRun> keptRunOf(const TrainingSession &session);

class KeptRuns
{
public:
    static constexpr int maxKept = 3;
    /// The training loss of a kept run keeps at most this many points.
    static constexpr int curvePoints = 400;

    const std::vector<KeptRun> &runs() const { return m_runs; }
    bool isEmpty() const { return m_runs.empty(); }
    /// Keeps `run` after the others; returns the oldest, dropped when maxKept were kept.
    std::optional<KeptRun> keep(KeptRun run);
    void clear() { m_runs.clear(); }

    QByteArray toJson() const;
    /// The runs of toJson()'s text; nothing, with `error` naming what is wrong, for any other.
    static std::optional<KeptRuns> fromJson(const QByteArray &json, QString *error);

    /// Writes the file atomically (an empty list removes it); false with `error` on failure.
    bool save(const QString &fileName, QString *error) const;
    /// The runs in the file; empty when there is none; nothing, with `error`, when it is bad.
    static std::optional<KeptRuns> load(const QString &fileName, QString *error);
    /// Where step 7 keeps them: kept-runs.json in the application's data folder.
    static QString defaultFileName();

private:
    std::vector<KeptRun> m_runs;
};

} // namespace attention
