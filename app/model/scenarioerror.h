#pragma once

/// Why a scenario, or the text or file it was read from, is refused: a plain value.
///
/// The validator (Scenario::validate() and the check* functions) and the file reader
/// (parseScenario(), loadScenario()) say what is wrong as a ScenarioError; scenarioErrorText() is
/// the one place that turns one into words, in the interface language. Code can test the code,
/// the JSON path and the numbers; people read the text.

#include <QJsonValue>
#include <QString>
#include <optional>

namespace attention {

struct ScenarioError
{
    /// Every refusal, with the fields its message uses. Counts, widths and sizes are in `value`
    /// and `limit` as whole numbers.
    enum class Code
    {
        // The validator: a scenario that is not within the limits or not consistent.
        TokenCount,         ///< value tokens; limit = ScenarioLimits::maxTokens
        EmptyToken,         ///< token number `value` is empty or blank
        QueryWidth,         ///< the queries' width `value` (d) is not 1 … limit
        QueryRows,          ///< `value` rows of queries for `limit` tokens
        KeyRows,            ///< `value` rows of keys for `limit` tokens
        KeyWidth,           ///< keys `value` wide, queries `limit` wide
        ValueRows,          ///< `value` rows of values for `limit` tokens
        ValueWidth,         ///< the values' width `value` is not 1 … limit
        DimensionNameCount, ///< `value` dimension names for dimension `limit`
        EntryNotFinite,     ///< the entry at `path` is NaN or infinite
        EntryTooLarge,      ///< the entry at `path`, `value`, is larger in magnitude than `limit`
        ScoreScale,         ///< the score scale `value` is outside the limits

        // The reader: a text that is not a scenario file.
        FileTooLarge,       ///< `value` bytes, more than `limit`
        InvalidJson,        ///< QJsonDocument's reason in `detail`, at byte `value`, line `limit`
        NumberOutOfRange,   ///< a number too large for a double; as written in `detail`, if known
        MissingField,       ///< the field at `path` is required
        UnknownField,       ///< the root holds the field `detail`, which version 1 does not know
        ExpectedObject,     ///< `found` where an object should be
        ExpectedArray,      ///< `found` where an array should be
        ExpectedNumber,     ///< `found` where a number should be
        ExpectedString,     ///< `found` where a string should be
        ExpectedBool,       ///< `found` where true or false should be
        UnpairedSurrogate,  ///< a string holds half a surrogate pair, which UTF-8 cannot hold
        WrongFormat,        ///< "format" is `found`, not `detail`
        UnsupportedVersion, ///< version `value`; this program reads version `limit`
        RowCount,           ///< `value` rows where there should be `limit`, one per token
        RowWidthOutOfRange, ///< a first row `value` wide, not 1 … limit
        RowWidthMismatch,   ///< a row `value` wide, not `limit`, the width of `detail`

        // Opening a file (loadScenario); `path` is empty.
        NoFileName,     ///< no file name was given
        NoSuchFile,     ///< nothing exists under the name
        IsDirectory,    ///< the name is a directory
        NotRegularFile, ///< the name is neither a file nor a directory (a device, a pipe…)
        CannotRead,     ///< the system's reason in `detail`
        EmptyFile,      ///< the file holds nothing but white space
    };
    /// The last code, for a test that walks them all.
    static constexpr Code lastCode = Code::EmptyFile;

    Code code = Code::InvalidJson;
    QString path;     ///< JSON path of what is wrong: "queries[4][1]", "tokens", "(root)"; or empty
    double value = 0; ///< the number that is wrong: a count, a width, an entry, a version, a size
    double limit = 0; ///< what `value` should be, or the bound it should stay within
    QString detail;   ///< text the message quotes as it is: a field name, a number, a reason
    QJsonValue found; ///< what stands where something else should be
    QString file;     ///< the file that was read, shown first; empty for a text or a scenario
};

/// The error in words, in the interface language: "<file>: <path>: <what is wrong>", the file
/// and the path each left out when empty.
QString scenarioErrorText(const ScenarioError &error);
/// The error in words, or an empty string when there is none.
QString scenarioErrorText(const std::optional<ScenarioError> &error);

} // namespace attention
