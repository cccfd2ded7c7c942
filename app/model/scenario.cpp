#include "scenario.h"

#include <QCoreApplication>
#include <QLocale>
#include <cmath>

namespace attention {

namespace {

QString entryPath(const char *field, Index row, Index col)
{
    return QStringLiteral("%1[%2][%3]").arg(QLatin1String(field)).arg(row).arg(col);
}

/// A number in a message as the user would write it: 2000000, -0.5, 1e+300 (not 17 digits).
QString displayNumber(double x)
{
    if (std::isfinite(x) && x == std::floor(x) && std::abs(x) < 1e15)
        return QString::number(x, 'f', 0);
    return QString::number(x, 'g', QLocale::FloatingPointShortest);
}

/// The first entry of `m` that is not finite or too large, described with its JSON path.
QString checkEntries(const Matrix &m, const char *field)
{
    for (Index r = 0; r < m.rows(); ++r) {
        for (Index c = 0; c < m.cols(); ++c) {
            const double x = m(r, c);
            if (!std::isfinite(x))
                return entryPath(field, r, c) +
                       QCoreApplication::translate("Scenario", ": must be a finite number");
            if (std::abs(x) > ScenarioLimits::maxMagnitude)
                return entryPath(field, r, c) +
                       QCoreApplication::translate("Scenario",
                                                   ": %1 is larger in magnitude than %2")
                           .arg(displayNumber(x), displayNumber(ScenarioLimits::maxMagnitude));
        }
    }
    return {};
}

bool sameMatrix(const Matrix &a, const Matrix &b)
{
    return a.rows() == b.rows() && a.cols() == b.cols() && a == b;
}

} // namespace

ScoreOptions Scenario::scoreOptions() const
{
    ScoreOptions options;
    options.scoreScale = scoreScale;
    options.divideBySqrtD = divideBySqrtD;
    options.causal = causal;
    return options;
}

AttentionResult Scenario::compute() const
{
    return attend(queries, keys, values, scoreOptions());
}

bool Scenario::hasOneHotValues() const
{
    return values.rows() == tokenCount() && values.cols() == tokenCount() && values.isIdentity(0.0);
}

QString Scenario::dimensionName(Index i) const
{
    if (i >= 0 && i < dimensionNames.size())
        return dimensionNames.at(static_cast<int>(i));
    return QStringLiteral("d%1").arg(i + 1);
}

QString Scenario::validate() const
{
    const Index T = tokenCount();
    if (T < 1 || T > ScenarioLimits::maxTokens)
        return QCoreApplication::translate("Scenario",
                                           "tokens: %1 tokens; a scenario needs 1 to %2")
            .arg(T)
            .arg(ScenarioLimits::maxTokens);
    for (int i = 0; i < tokens.size(); ++i)
        if (tokens.at(i).trimmed().isEmpty())
            return QCoreApplication::translate("Scenario", "tokens[%1]: a token must not be empty")
                .arg(i);
    const Index d = queries.cols();
    if (d < 1 || d > ScenarioLimits::maxDimension)
        return QCoreApplication::translate("Scenario", "queries: dimension %1; d must be 1 to %2")
            .arg(d)
            .arg(ScenarioLimits::maxDimension);
    if (queries.rows() != T)
        return QCoreApplication::translate("Scenario", "queries: %1 rows for %2 tokens")
            .arg(queries.rows())
            .arg(T);
    if (keys.rows() != T)
        return QCoreApplication::translate("Scenario", "keys: %1 rows for %2 tokens")
            .arg(keys.rows())
            .arg(T);
    if (keys.cols() != d)
        return QCoreApplication::translate("Scenario", "keys: width %1, but queries have width %2")
            .arg(keys.cols())
            .arg(d);
    if (values.rows() != T)
        return QCoreApplication::translate("Scenario", "values: %1 rows for %2 tokens")
            .arg(values.rows())
            .arg(T);
    if (values.cols() < 1 || values.cols() > ScenarioLimits::maxDimension)
        return QCoreApplication::translate("Scenario", "values: width %1; it must be 1 to %2")
            .arg(values.cols())
            .arg(ScenarioLimits::maxDimension);
    if (!dimensionNames.isEmpty() && dimensionNames.size() != d)
        return QCoreApplication::translate("Scenario", "dimension_names: %1 names for dimension %2")
            .arg(dimensionNames.size())
            .arg(d);
    for (const auto &[matrix, field] :
         {std::pair{&queries, "queries"}, std::pair{&keys, "keys"}, std::pair{&values, "values"}}) {
        const QString problem = checkEntries(*matrix, field);
        if (!problem.isEmpty())
            return problem;
    }
    if (!std::isfinite(scoreScale) || scoreScale < ScenarioLimits::minScale ||
        scoreScale > ScenarioLimits::maxScale)
        return QCoreApplication::translate("Scenario", "score_scale: %1 is outside %2 to %3")
            .arg(displayNumber(scoreScale), displayNumber(ScenarioLimits::minScale),
                 displayNumber(ScenarioLimits::maxScale));
    return {};
}

bool Scenario::operator==(const Scenario &other) const
{
    return title == other.title && dimensionNames == other.dimensionNames &&
           tokens == other.tokens && sameMatrix(queries, other.queries) &&
           sameMatrix(keys, other.keys) && sameMatrix(values, other.values) &&
           scoreScale == other.scoreScale && divideBySqrtD == other.divideBySqrtD &&
           causal == other.causal;
}

} // namespace attention
