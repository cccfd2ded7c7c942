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

/// The first entry of `m` that is not finite or too large, described with its JSON path; row 0
/// of `m` is row `firstRow` of the field.
QString checkEntries(const Eigen::Ref<const Matrix> &m, const char *field, Index firstRow = 0)
{
    for (Index r = 0; r < m.rows(); ++r) {
        for (Index c = 0; c < m.cols(); ++c) {
            const double x = m(r, c);
            if (!std::isfinite(x))
                return entryPath(field, firstRow + r, c) +
                       QCoreApplication::translate("Scenario", ": must be a finite number");
            if (std::abs(x) > ScenarioLimits::maxMagnitude)
                return entryPath(field, firstRow + r, c) +
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

/// Equal values; one-hot values (absent) equal the T×T identity written out.
bool sameValues(const Scenario &a, const Scenario &b)
{
    if (a.values && b.values)
        return sameMatrix(*a.values, *b.values);
    const std::optional<Matrix> &given = a.values ? a.values : b.values;
    return !given || sameMatrix(*given, oneHotValues(given->rows()));
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

ScenarioResult Scenario::compute() const
{
    ScenarioResult result;
    result.scores = attentionScores(queries, keys, scoreOptions());
    result.weights = result.scores;
    softmaxRows(result.weights);
    if (values)
        result.output = result.weights * *values;
    return result;
}

Matrix Scenario::valueMatrix() const
{
    return values ? *values : oneHotValues(tokenCount());
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
    if (QString problem = checkTokenCount(T); !problem.isEmpty())
        return problem;
    for (int i = 0; i < tokens.size(); ++i)
        if (QString problem = checkTokenName(i, tokens.at(i)); !problem.isEmpty())
            return problem;
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
    if (values && values->rows() != T)
        return QCoreApplication::translate("Scenario", "values: %1 rows for %2 tokens")
            .arg(values->rows())
            .arg(T);
    if (values && (values->cols() < 1 || values->cols() > ScenarioLimits::maxDimension))
        return QCoreApplication::translate("Scenario", "values: width %1; it must be 1 to %2")
            .arg(values->cols())
            .arg(ScenarioLimits::maxDimension);
    if (!dimensionNames.isEmpty() && dimensionNames.size() != d)
        return QCoreApplication::translate("Scenario", "dimension_names: %1 names for dimension %2")
            .arg(dimensionNames.size())
            .arg(d);
    for (const auto &[matrix, field] : {std::pair{&queries, "queries"}, std::pair{&keys, "keys"},
                                        std::pair{values ? &*values : nullptr, "values"}}) {
        const QString problem = matrix ? checkEntries(*matrix, field) : QString();
        if (!problem.isEmpty())
            return problem;
    }
    return checkScoreScale(scoreScale);
}

bool Scenario::operator==(const Scenario &other) const
{
    return title == other.title && dimensionNames == other.dimensionNames &&
           tokens == other.tokens && sameMatrix(queries, other.queries) &&
           sameMatrix(keys, other.keys) && sameValues(*this, other) &&
           scoreScale == other.scoreScale && divideBySqrtD == other.divideBySqrtD &&
           causal == other.causal;
}

QString checkTokenCount(Index T)
{
    if (T < 1 || T > ScenarioLimits::maxTokens)
        return QCoreApplication::translate("Scenario",
                                           "tokens: %1 tokens; a scenario needs 1 to %2")
            .arg(T)
            .arg(ScenarioLimits::maxTokens);
    return {};
}

QString checkTokenName(Index index, const QString &name)
{
    if (name.trimmed().isEmpty())
        return QCoreApplication::translate("Scenario", "tokens[%1]: a token must not be empty")
            .arg(index);
    return {};
}

QString checkRow(const char *field, Index row, const Eigen::Ref<const RowVector> &vector)
{
    return checkEntries(vector, field, row);
}

QString checkScoreScale(double scale)
{
    if (!std::isfinite(scale) || scale < ScenarioLimits::minScale ||
        scale > ScenarioLimits::maxScale)
        return QCoreApplication::translate("Scenario", "score_scale: %1 is outside %2 to %3")
            .arg(displayNumber(scale), displayNumber(ScenarioLimits::minScale),
                 displayNumber(ScenarioLimits::maxScale));
    return {};
}

} // namespace attention
