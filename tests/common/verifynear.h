#pragma once

/// NaN-safe comparisons for Qt Test, the only way the tests compare floating point:
///
/// VERIFY_NEAR(actual, expected, tolerance): two numbers, |actual − expected| ≤ tolerance.
/// VERIFY_ALL_NEAR(actual, expected, tolerance): entry by entry, for Eigen matrices, vectors,
/// arrays and expressions, std::vector and QList of numbers (a vector may be compared with an
/// Eigen row or column of the same length).
///
/// Both fail when any number compared, or the tolerance, is NaN or infinite (a NaN makes every
/// comparison false and Eigen's maxCoeff() may skip it, so "largest difference < tol" can pass on
/// NaN), on a negative tolerance and on different shapes; the message names the first bad entry
/// (row-major) and both values in full. verifynear::scalarMismatch and verifynear::allMismatch
/// return that message (empty when near) for tests that check the checks themselves;
/// verifynear::apart is the NaN-safe "these differ" for checks that something changed.

#include <QList>
#include <QString>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <vector>

namespace verifynear {

/// Numbers read out of a matrix, a vector or a list, row-major.
struct Entries
{
    long rows = 0;
    long cols = 0;
    bool flat = false; ///< a std::vector or QList: indexed by one number
    std::vector<double> values;

    bool isVector() const { return flat || rows == 1 || cols == 1; }
};

/// An Eigen dense object or expression (anything with eval(), rows(), cols() and (i, j)).
template<typename Matrix>
auto entries(const Matrix &matrix) -> decltype(matrix.eval()(0, 0), Entries())
{
    const auto evaluated = matrix.eval();
    Entries e;
    e.rows = long(evaluated.rows());
    e.cols = long(evaluated.cols());
    e.values.reserve(std::size_t(e.rows * e.cols));
    for (long r = 0; r < e.rows; ++r)
        for (long c = 0; c < e.cols; ++c)
            e.values.push_back(double(evaluated(r, c)));
    return e;
}

template<typename Number>
Entries entries(const std::vector<Number> &list)
{
    return {long(list.size()), 1, true, std::vector<double>(list.begin(), list.end())};
}

template<typename Number>
Entries entries(const QList<Number> &list)
{
    return {long(list.size()), 1, true, std::vector<double>(list.begin(), list.end())};
}

inline QString number(double x)
{
    return QString::number(x, 'g', 17);
}

/// Empty when the tolerance is a finite number ≥ 0, else why not.
inline QString badTolerance(double tolerance)
{
    if (std::isfinite(tolerance) && tolerance >= 0.0)
        return {};
    return QStringLiteral("tolerance %1 is not a finite number >= 0").arg(number(tolerance));
}

/// Whether a and e are finite and |a − e| ≤ tolerance.
inline bool near(double a, double e, double tolerance)
{
    return std::isfinite(a) && std::isfinite(e) && std::abs(a - e) <= tolerance;
}

/// Empty when actual is near expected (see the file's comment), else the failure message.
inline QString scalarMismatch(const char *name, double actual, double expected, double tolerance)
{
    const QString tol = badTolerance(tolerance);
    if (!tol.isEmpty())
        return QStringLiteral("%1: %2").arg(QLatin1String(name), tol);
    if (near(actual, expected, tolerance))
        return {};
    return QStringLiteral("%1 = %2, expected %3 within %4")
        .arg(QLatin1String(name), number(actual), number(expected), number(tolerance));
}

/// Whether a and e are compared as lists, entry i with entry i: a std::vector or QList with a
/// vector of any kind.
inline bool comparedFlat(const Entries &a, const Entries &e)
{
    return a.isVector() && e.isVector() && (a.flat || e.flat);
}

inline bool sameShape(const Entries &a, const Entries &e)
{
    return comparedFlat(a, e) ? a.values.size() == e.values.size()
                              : a.rows == e.rows && a.cols == e.cols;
}

/// Empty when every entry of actual is near the same entry of expected, else the message.
inline QString entriesMismatch(const char *name, const Entries &a, const Entries &e,
                               double tolerance)
{
    const QString tol = badTolerance(tolerance);
    if (!tol.isEmpty())
        return QStringLiteral("%1: %2").arg(QLatin1String(name), tol);
    const bool flat = comparedFlat(a, e);
    if (!sameShape(a, e))
        return QStringLiteral("%1 is %2×%3, expected %4×%5")
            .arg(QLatin1String(name))
            .arg(a.rows)
            .arg(a.cols)
            .arg(e.rows)
            .arg(e.cols);
    std::size_t bad = 0;
    std::size_t first = a.values.size();
    for (std::size_t i = 0; i < a.values.size(); ++i)
        if (!near(a.values[i], e.values[i], tolerance)) {
            first = std::min(first, i);
            ++bad;
        }
    if (bad == 0)
        return {};
    const long cols = std::max(a.cols, 1L);
    const QString index =
        flat ? QStringLiteral("[%1]").arg(first)
             : QStringLiteral("(%1, %2)").arg(long(first) / cols).arg(long(first) % cols);
    return QStringLiteral("%1%2 = %3, expected %4 within %5 (%6 of %7 entries not near)")
        .arg(QLatin1String(name), index, number(a.values[first]), number(e.values[first]),
             number(tolerance))
        .arg(bad)
        .arg(a.values.size());
}

template<typename Actual, typename Expected>
QString allMismatch(const char *name, const Actual &actual, const Expected &expected,
                    double tolerance)
{
    return entriesMismatch(name, entries(actual), entries(expected), tolerance);
}

/// Whether actual and expected are all finite, of one shape and differ by more than tolerance
/// somewhere: for checks that something changed, which a NaN or an infinity must not pass.
template<typename Actual, typename Expected>
bool apart(const Actual &actual, const Expected &expected, double tolerance)
{
    const Entries a = entries(actual);
    const Entries e = entries(expected);
    const auto finite = [](const Entries &x) {
        return std::all_of(x.values.begin(), x.values.end(),
                           [](double v) { return std::isfinite(v); });
    };
    return badTolerance(tolerance).isEmpty() && finite(a) && finite(e) && sameShape(a, e) &&
           !entriesMismatch("", a, e, tolerance).isEmpty();
}

} // namespace verifynear

#define VERIFY_NEAR(actual, expected, tolerance)                                                   \
    do {                                                                                           \
        const QString verifyNearMessage_ =                                                         \
            verifynear::scalarMismatch(#actual, (actual), (expected), (tolerance));                \
        QVERIFY2(verifyNearMessage_.isEmpty(), qPrintable(verifyNearMessage_));                    \
    } while (false)

#define VERIFY_ALL_NEAR(actual, expected, tolerance)                                               \
    do {                                                                                           \
        const QString verifyNearMessage_ =                                                         \
            verifynear::allMismatch(#actual, (actual), (expected), (tolerance));                   \
        QVERIFY2(verifyNearMessage_.isEmpty(), qPrintable(verifyNearMessage_));                    \
    } while (false)
