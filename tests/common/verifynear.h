#pragma once

/// VERIFY_NEAR(actual, expected, tolerance): a Qt Test check that |actual − expected| ≤ tolerance,
/// printing both numbers in full when it fails.

#include <QString>
#include <QTest>
#include <cmath>

#define VERIFY_NEAR(actual, expected, tolerance)                                                   \
    do {                                                                                           \
        const double actual_ = (actual);                                                           \
        const double expected_ = (expected);                                                       \
        const double tolerance_ = (tolerance);                                                     \
        QVERIFY2(std::abs(actual_ - expected_) <= tolerance_,                                      \
                 qPrintable(QStringLiteral("%1 = %2, expected %3 within %4")                       \
                                .arg(QLatin1String(#actual))                                       \
                                .arg(actual_, 0, 'g', 17)                                          \
                                .arg(expected_, 0, 'g', 17)                                        \
                                .arg(tolerance_, 0, 'g', 3)));                                     \
    } while (false)
