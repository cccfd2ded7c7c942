// Reading scenario files: parse, check every field and refuse a file as a whole with a path to
// what is wrong. The writer is in scenariowriter.cpp, what both share in scenariofileformat.h.

#include "scenariofile.h"

#include "jsonscan.h"
#include "scenariofileformat.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QJsonValue>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <vector>

namespace attention {

using namespace scenariofileformat;

ScenarioError scenariofileformat::tooLarge(const QString &path, qint64 bytes)
{
    ScenarioError error;
    error.code = ScenarioError::Code::FileTooLarge;
    error.path = path;
    error.value = double(bytes);
    error.limit = double(maxFileBytes);
    return error;
}

namespace {

/// The fields of a version 1 file, in the order they are written.
const char *const knownFields[] = {"format",      "version",          "title", "dimension_names",
                                   "tokens",      "queries",          "keys",  "values",
                                   "score_scale", "divide_by_sqrt_d", "causal"};

QString rootPath()
{
    return QStringLiteral("(root)");
}

QString elementPath(const QString &parent, qsizetype index)
{
    return parent + QLatin1Char('[') + QString::number(index) + QLatin1Char(']');
}

using Code = ScenarioError::Code;

/// The error `code` at `path`; the caller fills in the fields its message needs.
ScenarioError refusal(Code code, const QString &path)
{
    ScenarioError error;
    error.code = code;
    error.path = path;
    return error;
}

/// `found` at `path`, where something else (`code` says what) should be.
ScenarioError unexpected(Code code, const QString &path, const QJsonValue &found)
{
    ScenarioError error = refusal(code, path);
    error.found = found;
    return error;
}

// --- Parse errors ------------------------------------------------------------------------------

/// The JSON path of the value being read at `offset`, for a text the parser accepted up to there.
///
/// Walks the text keeping a stack of open arrays (with the index of the current element) and
/// objects (with the current key); strings are skipped as a whole, so brackets inside them do not
/// count.
QString pathAt(const QByteArray &json, qsizetype offset)
{
    struct Frame
    {
        bool object = false;
        bool expectKey = false;
        qsizetype index = 0;
        QString key;
    };
    std::vector<Frame> frames;
    for (qsizetype i = 0; i < offset && i < json.size(); ++i) {
        switch (json.at(i)) {
        case '"': {
            qsizetype end = i + 1;
            while (end < json.size() && json.at(end) != '"')
                end += json.at(end) == '\\' ? 2 : 1;
            if (!frames.empty() && frames.back().object && frames.back().expectKey) {
                const QByteArray literal = '[' + json.mid(i, end - i + 1) + ']';
                frames.back().key = QJsonDocument::fromJson(literal).array().at(0).toString();
                frames.back().expectKey = false;
            }
            i = end;
            break;
        }
        case '{':
            frames.push_back({true, true, 0, {}});
            break;
        case '[':
            frames.push_back({false, false, 0, {}});
            break;
        case '}':
        case ']':
            if (!frames.empty())
                frames.pop_back();
            break;
        case ',':
            if (!frames.empty()) {
                if (frames.back().object)
                    frames.back().expectKey = true;
                else
                    ++frames.back().index;
            }
            break;
        default:
            break;
        }
    }
    QString path;
    for (const Frame &frame : frames) {
        if (!frame.object)
            path = elementPath(path, frame.index);
        else if (!frame.key.isEmpty())
            path += (path.isEmpty() ? QString() : QStringLiteral(".")) + frame.key;
    }
    if (path.isEmpty())
        return rootPath();
    if (path.startsWith(QLatin1Char('[')))
        return rootPath() + path;
    return path;
}

bool isNumberCharacter(char c)
{
    return (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.' || c == 'e' || c == 'E';
}

/// The error for a text QJsonDocument refused. A well-formed number that does not fit a double
/// (1e400) is reported at its own path; anything else at the root, with offset and line.
ScenarioError parseError(const QByteArray &json, const QJsonParseError &error)
{
    const qsizetype offset = std::clamp<qsizetype>(error.offset, 0, json.size());
    if (error.error == QJsonParseError::IllegalNumber) {
        qsizetype start = offset;
        while (start > 0 && isNumberCharacter(json.at(start - 1)))
            --start;
        const QString token = QString::fromLatin1(json.mid(start, offset - start));
        static const QRegularExpression number(
            QStringLiteral("^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?$"));
        if (number.match(token).hasMatch()) {
            ScenarioError outOfRange = refusal(Code::NumberOutOfRange, pathAt(json, start));
            outOfRange.detail = token;
            return outOfRange;
        }
    }
    ScenarioError invalid = refusal(Code::InvalidJson, rootPath());
    invalid.detail = error.errorString();
    invalid.value = double(offset);
    invalid.limit = double(json.left(offset).count('\n') + 1);
    return invalid;
}

// --- Reading -----------------------------------------------------------------------------------

/// Reads the fields of the root object into a Scenario, stopping at the first problem.
///
/// The root may come from the first pass's shorter copy: an array cut there has its real count,
/// and for an array of strings its first element that is no string, in `facts`.
class Reader
{
public:
    Reader(QJsonObject root, const std::map<QString, jsonscan::CutFacts> &facts)
        : m_root(std::move(root))
        , m_facts(facts)
    {}

    bool read(Scenario &s)
    {
        return readFormat() && readVersion() && checkUnknownFields() &&
               readOptionalString("title", s.title) && readDimensionNames(s.dimensionNames) &&
               readTokens(s.tokens) && readMatrix("queries", s.tokens.size(), -1, {}, s.queries) &&
               readMatrix("keys", s.tokens.size(), s.queries.cols(), QStringLiteral("queries"),
                          s.keys) &&
               readValues(s) && readScale(s.scoreScale) &&
               readOptionalBool("divide_by_sqrt_d", s.divideBySqrtD) &&
               readOptionalBool("causal", s.causal);
    }

    /// Why read() failed.
    const ScenarioError &error() const { return m_error; }

private:
    bool fail(const ScenarioError &error)
    {
        m_error = error;
        return false;
    }

    bool fail(Code code, const QString &path) { return fail(refusal(code, path)); }

    QJsonValue field(const char *name) const { return m_root.value(QLatin1String(name)); }

    /// What the first pass recorded of the array at `path`, if the copy holds it cut.
    const jsonscan::CutFacts *cutFacts(const QString &path) const
    {
        const auto it = m_facts.find(path);
        return it == m_facts.end() ? nullptr : &it->second;
    }

    /// The number of elements of the array at `path`, as many as the text holds.
    qsizetype count(const QString &path, const QJsonArray &array) const
    {
        const jsonscan::CutFacts *facts = cutFacts(path);
        return facts ? facts->count : array.size();
    }

    bool required(const char *name, QJsonValue &value)
    {
        value = field(name);
        if (value.isUndefined())
            return fail(Code::MissingField, QLatin1String(name));
        return true;
    }

    bool expectNumber(const QString &path, const QJsonValue &value, double &x)
    {
        if (!value.isDouble())
            return fail(unexpected(Code::ExpectedNumber, path, value));
        x = value.toDouble();
        if (!std::isfinite(x))
            return fail(Code::NumberOutOfRange, path);
        return true;
    }

    bool expectString(const QString &path, const QJsonValue &value, QString &text)
    {
        if (!value.isString())
            return fail(unexpected(Code::ExpectedString, path, value));
        text = value.toString();
        // A \ud800 escape without its pair: UTF-8 cannot hold it, so it could not be saved back.
        if (!text.isValidUtf16())
            return fail(Code::UnpairedSurrogate, path);
        return true;
    }

    bool expectArray(const QString &path, const QJsonValue &value, QJsonArray &array)
    {
        if (!value.isArray())
            return fail(unexpected(Code::ExpectedArray, path, value));
        array = value.toArray();
        return true;
    }

    bool readFormat()
    {
        QJsonValue value;
        if (!required("format", value))
            return false;
        if (value.toString() != formatName()) {
            ScenarioError error = unexpected(Code::WrongFormat, QStringLiteral("format"), value);
            error.detail = formatName();
            return fail(error);
        }
        return true;
    }

    bool readVersion()
    {
        QJsonValue value;
        double version = 0;
        if (!required("version", value) || !expectNumber(QStringLiteral("version"), value, version))
            return false;
        if (version != formatVersion) {
            ScenarioError error = refusal(Code::UnsupportedVersion, QStringLiteral("version"));
            error.value = version;
            error.limit = formatVersion;
            return fail(error);
        }
        return true;
    }

    bool checkUnknownFields()
    {
        for (auto it = m_root.constBegin(); it != m_root.constEnd(); ++it) {
            const QString key = it.key();
            const bool known =
                std::any_of(std::begin(knownFields), std::end(knownFields),
                            [&key](const char *name) { return key == QLatin1String(name); });
            if (!known) {
                ScenarioError error = refusal(Code::UnknownField, rootPath());
                error.detail = key;
                return fail(error);
            }
        }
        return true;
    }

    bool readOptionalString(const char *name, QString &text)
    {
        const QJsonValue value = field(name);
        return value.isUndefined() || expectString(QLatin1String(name), value, text);
    }

    bool readOptionalBool(const char *name, bool &flag)
    {
        const QJsonValue value = field(name);
        if (value.isUndefined())
            return true;
        if (!value.isBool())
            return fail(unexpected(Code::ExpectedBool, QLatin1String(name), value));
        flag = value.toBool();
        return true;
    }

    bool readStrings(const QString &path, const QJsonValue &value, QStringList &strings)
    {
        QJsonArray array;
        if (!expectArray(path, value, array))
            return false;
        strings.clear();
        strings.reserve(array.size());
        for (qsizetype i = 0; i < array.size(); ++i) {
            QString text;
            if (!expectString(elementPath(path, i), array.at(i), text))
                return false;
            strings.append(text);
        }
        // Past the cut: the first element that is no string, as the loop would have found it.
        if (const jsonscan::CutFacts *facts = cutFacts(path); facts && facts->firstNonString >= 0) {
            const QString at = elementPath(path, facts->firstNonString);
            if (facts->unpairedSurrogate)
                return fail(Code::UnpairedSurrogate, at);
            return fail(unexpected(Code::ExpectedString, at, facts->found));
        }
        return true;
    }

    bool readDimensionNames(QStringList &names)
    {
        const QJsonValue value = field("dimension_names");
        return value.isUndefined() || readStrings(QStringLiteral("dimension_names"), value, names);
    }

    bool readTokens(QStringList &tokens)
    {
        QJsonValue value;
        const QString path = QStringLiteral("tokens");
        if (!required("tokens", value) || !readStrings(path, value, tokens))
            return false;
        // The validator's own checks, before the matrices' sizes are compared with the count.
        if (auto problem = checkTokenCount(count(path, value.toArray())))
            return fail(*problem);
        for (qsizetype i = 0; i < tokens.size(); ++i)
            if (auto problem = checkTokenName(i, tokens.at(i)))
                return fail(*problem);
        return true;
    }

    /// `rows` rows of numbers. With `width` < 0 the first row sets the width of all the others,
    /// and must be 1 … 4096 wide; otherwise every row must have `width` numbers, the width of
    /// `widthSource`.
    bool readMatrix(const char *name, qsizetype rows, Index width, const QString &widthSource,
                    Matrix &matrix)
    {
        const QString path = QLatin1String(name);
        QJsonValue value;
        QJsonArray array;
        if (!required(name, value) || !expectArray(path, value, array))
            return false;
        if (const qsizetype found = count(path, array); found != rows) {
            ScenarioError error = refusal(Code::RowCount, path);
            error.value = double(found);
            error.limit = double(rows);
            return fail(error);
        }
        for (qsizetype r = 0; r < rows; ++r) {
            const QString rowPath = elementPath(path, r);
            QJsonArray row;
            if (!expectArray(rowPath, array.at(r), row))
                return false;
            const qsizetype rowWidth = count(rowPath, row);
            if (r == 0 && width < 0) {
                if (rowWidth < 1 || rowWidth > ScenarioLimits::maxDimension) {
                    ScenarioError error = refusal(Code::RowWidthOutOfRange, rowPath);
                    error.value = double(rowWidth);
                    error.limit = double(ScenarioLimits::maxDimension);
                    return fail(error);
                }
                width = rowWidth;
                matrix.resize(rows, width);
            } else if (r == 0) {
                matrix.resize(rows, width);
            }
            if (rowWidth != width) {
                ScenarioError error = refusal(Code::RowWidthMismatch, rowPath);
                error.value = double(rowWidth);
                error.limit = double(width);
                error.detail = widthSource.isEmpty() ? elementPath(path, 0) : widthSource;
                return fail(error);
            }
            for (qsizetype c = 0; c < width; ++c)
                if (!expectNumber(elementPath(rowPath, c), row.at(c), matrix(r, c)))
                    return false;
        }
        return true;
    }

    bool readValues(Scenario &s)
    {
        if (field("values").isUndefined()) {
            s.values.reset();
            return true;
        }
        Matrix values;
        if (!readMatrix("values", s.tokens.size(), -1, {}, values))
            return false;
        // Values written out as the T×T identity mean the same as values left out: one-hot.
        if (values.rows() == values.cols() && values.isIdentity(0.0))
            s.values.reset();
        else
            s.values = std::move(values);
        return true;
    }

    bool readScale(double &scale)
    {
        const QJsonValue value = field("score_scale");
        return value.isUndefined() || expectNumber(QStringLiteral("score_scale"), value, scale);
    }

    QJsonObject m_root;
    const std::map<QString, jsonscan::CutFacts> &m_facts;
    ScenarioError m_error;
};

/// Parses and validates `json` into `scenario`; on failure says why and leaves `scenario` as it
/// was.
std::optional<ScenarioError> readScenario(const QByteArray &json, Scenario &scenario)
{
    if (json.size() > maxFileBytes)
        return tooLarge(rootPath(), json.size());
    // The first pass: no array the reader looks at is longer than any limit in the copy it parses.
    // Cut to one past the limits, the copy still says "too many"; the real counts are in the facts.
    constexpr qsizetype keep =
        std::max(ScenarioLimits::maxTokens, ScenarioLimits::maxDimension) + 1;
    jsonscan::Scan scan = jsonscan::scan(json, keep);
    QJsonParseError jsonError;
    QJsonDocument document = QJsonDocument::fromJson(scan.text, &jsonError);
    if (jsonError.error == QJsonParseError::NoError && scan.cut && !scan.syntaxOk) {
        // The pass doubted what QJsonDocument accepts (a control character in a string, say),
        // and its copy left out what was before: the whole text, as it is.
        scan = {};
        document = QJsonDocument::fromJson(json, &jsonError);
    }
    if (jsonError.error != QJsonParseError::NoError) {
        jsonError.offset = int(scan.originalOffset(jsonError.offset));
        return parseError(json, jsonError);
    }
    if (!document.isObject()) {
        const QJsonValue found = document.isArray() ? QJsonValue(document.array()) : QJsonValue();
        return unexpected(Code::ExpectedObject, rootPath(), found);
    }
    Reader reader(document.object(), scan.facts);
    document = {};
    Scenario read;
    if (!reader.read(read))
        return reader.error();
    // The limits on magnitudes and the scale, and the consistency of the whole.
    if (auto problem = read.validate()) {
        // A cut list of names holds one more than any width: too many either way; the real count.
        if (problem->code == Code::DimensionNameCount)
            if (const auto it = scan.facts.find(QStringLiteral("dimension_names"));
                it != scan.facts.end())
                problem->value = double(it->second.count);
        return problem;
    }
    scenario = std::move(read);
    return std::nullopt;
}

/// A refusal: the error and its words, made here once for every reader.
ScenarioReadResult refused(const ScenarioError &error)
{
    ScenarioReadResult result;
    result.problem = error;
    result.error = scenarioErrorText(error);
    return result;
}

} // namespace

ScenarioReadResult parseScenario(const QByteArray &json)
{
    ScenarioReadResult result;
    if (auto problem = readScenario(json, result.scenario))
        return refused(*problem);
    return result;
}

ScenarioReadResult loadScenario(const QString &fileName)
{
    if (fileName.isEmpty())
        return refused(refusal(Code::NoFileName, {}));
    const auto failed = [&fileName](ScenarioError error) {
        error.file = QDir::toNativeSeparators(fileName);
        return refused(error);
    };
    const QFileInfo info(fileName);
    if (!info.exists())
        return failed(refusal(Code::NoSuchFile, {}));
    if (info.isDir())
        return failed(refusal(Code::IsDirectory, {}));
    if (!info.isFile())
        return failed(refusal(Code::NotRegularFile, {}));
    if (info.size() > maxFileBytes)
        return failed(tooLarge({}, info.size()));

    QFile file(fileName);
    const auto cannotRead = [&file] {
        ScenarioError error = refusal(Code::CannotRead, {});
        error.detail = file.errorString();
        return error;
    };
    if (!file.open(QIODevice::ReadOnly))
        return failed(cannotRead());
    const QByteArray json = file.readAll();
    if (file.error() != QFileDevice::NoError)
        return failed(cannotRead());
    if (json.size() > maxFileBytes) // it grew after the check above
        return failed(tooLarge({}, json.size()));
    // Said as such, rather than as QJsonDocument's "illegal value at offset 0".
    if (std::all_of(json.begin(), json.end(),
                    [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }))
        return failed(refusal(Code::EmptyFile, {}));

    ScenarioReadResult result;
    if (auto problem = readScenario(json, result.scenario))
        return failed(*problem);
    return result;
}

} // namespace attention
