#include "presets.h"

#include "head.h"
#include "random.h"

#include <QCoreApplication>

namespace attention {

namespace {

QStringList lessonTokens()
{
    return {QStringLiteral("床"), QStringLiteral("前"), QStringLiteral("明"), QStringLiteral("月"),
            QStringLiteral("光")};
}

/// 床前明月光 on two hand-made dimensions, "sky" and "position".
///
/// The keys and 光's query [1, 0] are the lesson's. The other queries are ours, chosen so that
/// every row tells a small story: 床 (a place) and 前 (a direction) look for position words, so
/// they attend to each other; 明 (bright) and 月 (moon) look for sky words, so they attend to
/// each other and to 光.
Scenario lessonScenario()
{
    Scenario s;
    s.title = QStringLiteral("床前明月光");
    // Names of the two hand-made dimensions, in the interface's language when the preset is made.
    s.dimensionNames = {QCoreApplication::translate("Presets", "sky"),
                        QCoreApplication::translate("Presets", "position")};
    s.tokens = lessonTokens();
    s.queries.resize(5, 2);
    s.queries << 0.0, 1.0, // 床 looks for a position
        0.0, 1.0,          // 前 looks for a position
        1.0, 0.0,          // 明 looks for the sky
        1.0, 0.0,          // 月 looks for the sky
        1.0, 0.0;          // 光 looks for the sky (the lesson's query)
    s.keys.resize(5, 2);
    s.keys << 0.1, 0.9, // 床: a place
        0.0, 1.0,       // 前: a direction
        0.9, 0.1,       // 明: bright, of the sky and light
        1.0, 0.0,       // 月: a thing in the sky
        0.8, 0.2;       // 光: light
    return s;           // one-hot values
}

/// The lesson's first exercise: 光 looks for position instead of sky.
Scenario exercise1Scenario()
{
    Scenario s = lessonScenario();
    s.title = QStringLiteral("床前明月光 — 光 · [0, 1]");
    s.queries.row(4) << 0.0, 1.0;
    return s;
}

/// Step 1: all scores equal, so the causal softmax is the uniform average of the visible rows.
/// The values are seeded random 4-dimensional vectors, like the lesson's x, so each output row
/// is visibly the mean of the values above it.
Scenario averageScenario()
{
    Scenario s;
    s.title = QCoreApplication::translate("Presets", "床前明月光 — average");
    s.tokens = lessonTokens();
    s.queries = Matrix::Zero(5, 2);
    s.keys = Matrix::Zero(5, 2);
    Random rng(1);
    s.values = rng.normalMatrix(5, 4);
    s.causal = true;
    return s;
}

/// Steps 3 and 5: one head (d_model 16, d_head 8) over seeded random inputs, causal, scaled by √d.
Scenario randomHeadScenario()
{
    const RandomHead drawn = drawRandomHead(); // the lesson's T 5, d_model 16, d_head 8, seed 5
    const Head &head = drawn.head;
    Scenario s;
    s.title = QCoreApplication::translate("Presets", "床前明月光 — random head");
    s.tokens = lessonTokens();
    s.queries = drawn.x * head.wq;
    s.keys = drawn.x * head.wk;
    s.values = drawn.x * head.wv;
    s.divideBySqrtD = true;
    s.causal = true;
    return s;
}

/// The lesson's scores multiplied by 5: softmax concentrates on 月.
Scenario sharpScenario()
{
    Scenario s = lessonScenario();
    s.title = QStringLiteral("床前明月光 × 5");
    s.scoreScale = 5.0;
    return s;
}

} // namespace

QStringList presetNames()
{
    return {QStringLiteral("lesson"), QStringLiteral("exercise1"), QStringLiteral("sharp"),
            QStringLiteral("average"), QStringLiteral("random-head")};
}

std::optional<Scenario> preset(const QString &name)
{
    if (name == QLatin1String("lesson"))
        return lessonScenario();
    if (name == QLatin1String("exercise1"))
        return exercise1Scenario();
    if (name == QLatin1String("sharp"))
        return sharpScenario();
    if (name == QLatin1String("average"))
        return averageScenario();
    if (name == QLatin1String("random-head"))
        return randomHeadScenario();
    return std::nullopt;
}

QString presetDescription(const QString &name)
{
    if (name == QLatin1String("lesson"))
        return QCoreApplication::translate(
            "Presets", "床前明月光 with hand-made queries and keys; 光 looks for the sky");
    if (name == QLatin1String("exercise1"))
        return QCoreApplication::translate("Presets",
                                           "Exercise 1: 光 looks for position, query [0, 1]");
    if (name == QLatin1String("sharp"))
        return QCoreApplication::translate("Presets",
                                           "The lesson's scores multiplied by 5: softmax sharpens");
    if (name == QLatin1String("average"))
        return QCoreApplication::translate(
            "Presets", "Step 1: every position averages itself and the positions before it");
    if (name == QLatin1String("random-head"))
        return QCoreApplication::translate(
            "Presets", "A seeded single head: d_model 16, d_head 8, causal, scaled by √d");
    return {};
}

Scenario randomScenario(const QStringList &tokens, Index d, std::uint64_t seed)
{
    Random rng(seed);
    Scenario s;
    s.tokens = tokens;
    s.queries = rng.normalMatrix(tokens.size(), d);
    s.keys = rng.normalMatrix(tokens.size(), d);
    return s; // one-hot values
}

} // namespace attention
