#pragma once

/// The numbers the views and the command-line tool show, formatted in one place. Each function
/// names where it is used, so a number reads the same everywhere it appears (in a window or in a
/// terminal), and a change is made once. Qt Core only: attention-cli links it without widgets.

#include <QByteArray>
#include <QLocale>
#include <QString>

namespace attention::NumberFormat {

// By meaning: what the number is says how it reads, in the window and in the terminal alike, in
// the default locale (QLocale(), which Language sets to the interface's language in the app and
// in attention-cli).

/// An attention weight or a probability: two decimals, "0.34"; one that rounds to zero is
/// "0.00".
QString weight(double value);

/// A vector's entry, a dot product, a score or a standard deviation: two decimals with a real
/// minus sign, "−0.86"; one that rounds to zero is "0.00".
QString value(double v);

/// A loss in nats: four decimals, "5.7503".
QString loss(double nats);

/// A change of loss, its sign always written: "+0.3450", "−0.0012" (a real minus sign).
QString lossChange(double nats);

/// A ratio, such as a head's weight over a uniform head's: one decimal, "4.8" (the texts around
/// it write the ×).
QString ratio(double value);

/// A rate, training steps or billions of operations per second: one decimal, "29.6".
QString rate(double perSecond);

/// A time a run took, in seconds: one decimal, "60.1" (the texts around it write the unit).
QString seconds(double seconds);

/// A share from 0 to 1 read to three decimals, such as a punctuation F1 score: "0.683".
QString proportion(double value);

/// A count of operations or numbers that a refusal of the command line names: three significant
/// digits, in e-notation once large, as code prints it in any language: "512", "2.05e+09".
QString operations(double count);

// By form: the views' own layouts.

/// Fixed `decimals` for heatmap cells and tables: "−1.50" with a real minus sign, "0.00" rather
/// than "−0.00", and "−∞", "∞", "NaN" for the non-finite.
QString fixed(double value, int decimals);

/// fixed() with two decimals, or two significant digits when two decimals would show 0
/// ("0.0012"): the numbers of a heatmap's tooltip.
QString brief(double value);

/// A matrix's shape: "(5, 16)".
QString shape(qint64 rows, qint64 columns);

/// A factor without needless zeros or group separators, up to four significant digits: 5, 0.5,
/// 2.25, 1000.
QString factor(double value);

/// An entry of the vector table: four decimals at most, trailing zeros dropped down to two
/// (1 → "1.00", 0.125 → "0.125"), no "−0.00", in `locale` without group separators.
QString entry(double value, const QLocale &locale = QLocale());

/// A tick of the vector plane's axes: up to six significant digits in the default locale.
QString tick(double value);

/// A time in milliseconds with three or four significant digits and never an exponent, with
/// the locale's group separator: "0.671", "5.39", "20.5", "1,050".
QString milliseconds(double ms);

/// A size in memory in one kind of unit, so that a column of them compares at a glance: KiB,
/// MiB or GiB (never bytes), three significant digits: "0.98 KiB", "4.00 KiB", "61.0 MiB",
/// "1.50 GiB"; 0 is "0 KiB".
QString memory(qint64 bytes);

/// A time still to wait, rounded up to whole seconds and written as a person would say it:
/// "45 s", "12 min 5 s", "3 h 20 min" (seconds dropped past an hour), the units translated
/// (context "NumberFormat").
QString duration(double seconds);

/// A fitted slope with two decimals: "2.03".
QString slope(double value);

/// A difference or an error that should be tiny: two significant digits, in e-notation once
/// small, as code prints it: "1.2e-07", "2.2e-16", "0.05", "0" (the lesson's checks against a
/// reference).
QString difference(double value);

/// The shortest text that reads back as exactly `value`, in the C locale ("0.1", "1e-07",
/// "2000000"): what the project's files (JSON, CSV) hold and what a message quotes of a file.
QString exact(double value);

/// exact() for JSON, which has no NaN or infinity: those are null.
QByteArray json(double value);

/// The shortest text that reads back as `value` in `locale`, without group separators: the
/// limits a number entry or the vector table names when it refuses a value.
QString shortest(double value, QLocale locale);

} // namespace attention::NumberFormat
