// The first pass over a JSON text: counts without building, and a copy with the long containers
// cut (jsonscan.h says why).

#include "jsonscan.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <charconv>
#include <cstring>

namespace attention::jsonscan {

namespace {

/// QJsonDocument's limit on nested arrays and objects.
constexpr int nestingLimit = 1024;

/// A number this long or with an exponent may be out of a double's range; a shorter one not.
constexpr qsizetype longNumber = 300;

enum class Kind
{
    String,
    StringUnpaired, ///< a string with half a surrogate pair
    Number,
    Literal,
    Array,
    Object,
};

/// Where a value stands, for the facts the reader needs.
enum class Role
{
    Other,
    RootMember, ///< the value of a member of the root object
    Row,        ///< an element of an array that is the value of a root member
};

bool isHigh(char32_t unit)
{
    return unit >= 0xD800 && unit <= 0xDBFF;
}

bool isLow(char32_t unit)
{
    return unit >= 0xDC00 && unit <= 0xDFFF;
}

class Scanner
{
public:
    Scanner(const QByteArray &json, qsizetype keep)
        : m_text(json.constData())
        , m_size(json.size())
        , m_keep(keep)
    {}

    /// Walks the whole text; false at the first thing it does not accept.
    bool run()
    {
        const auto *bytes = reinterpret_cast<const unsigned char *>(m_text);
        // QJsonDocument skips a UTF-8 byte order mark, when more follows it.
        if (m_size > 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF)
            m_pos = 3;
        skipSpace();
        if (m_pos >= m_size || (m_text[m_pos] != '{' && m_text[m_pos] != '['))
            return false;
        Kind kind;
        if (!value(Role::Other, {}, 0, kind, true))
            return false;
        skipSpace();
        return m_pos == m_size;
    }

    /// Spans of the input the copy leaves out: [from, to).
    std::vector<std::pair<qsizetype, qsizetype>> spans;
    std::map<QString, CutFacts> facts;

private:
    /// The first bad element past the cut of a root member's array of strings.
    struct NonString
    {
        qsizetype index = -1;
        Kind kind = Kind::String;
        qsizetype begin = 0;
        qsizetype end = 0;
    };

    void skipSpace()
    {
        while (m_pos < m_size) {
            const char c = m_text[m_pos];
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
                return;
            ++m_pos;
        }
    }

    /// When a container could not be read to its end: the copy leaves out its complete elements
    /// but the last (`lastBegin`, −1 when there is none), which QJsonDocument reads without
    /// complaint. Kept from the last on, the copy leaves QJsonDocument in the same state where the
    /// text goes wrong: after a separator there still is an element before it.
    bool unwind(qsizetype contentBegin, qsizetype lastBegin)
    {
        if (lastBegin > contentBegin)
            spans.emplace_back(contentBegin, lastBegin);
        return false;
    }

    /// A value; `path` and `index` name it for the facts: a root member's name, or the name of the
    /// array of which it is element `index`.
    bool value(Role role, const QString &path, qsizetype index, Kind &kind, bool root = false)
    {
        if (m_pos >= m_size)
            return false;
        switch (m_text[m_pos]) {
        case '{':
            kind = Kind::Object;
            return object(root);
        case '[':
            kind = Kind::Array;
            return array(role, path, index);
        case '"': {
            bool unpaired = false;
            if (!string(&unpaired))
                return false;
            kind = unpaired ? Kind::StringUnpaired : Kind::String;
            return true;
        }
        case 't':
            kind = Kind::Literal;
            return literal("true");
        case 'f':
            kind = Kind::Literal;
            return literal("false");
        case 'n':
            kind = Kind::Literal;
            return literal("null");
        default:
            kind = Kind::Number;
            return number();
        }
    }

    bool literal(const char *word)
    {
        const qsizetype length = qsizetype(std::strlen(word));
        if (m_size - m_pos < length || std::memcmp(m_text + m_pos, word, size_t(length)) != 0)
            return false;
        m_pos += length;
        return true;
    }

    static bool isDigit(char c) { return c >= '0' && c <= '9'; }

    /// A number as RFC 8259 has it, within a double's range (an underflow counts as out of it:
    /// unsure what QJsonDocument says, so the whole text is parsed).
    bool number()
    {
        const qsizetype begin = m_pos;
        bool exponent = false;
        if (m_pos < m_size && m_text[m_pos] == '-')
            ++m_pos;
        if (m_pos >= m_size || !isDigit(m_text[m_pos]))
            return false;
        if (m_text[m_pos] == '0')
            ++m_pos;
        else
            while (m_pos < m_size && isDigit(m_text[m_pos]))
                ++m_pos;
        if (m_pos < m_size && m_text[m_pos] == '.') {
            ++m_pos;
            if (m_pos >= m_size || !isDigit(m_text[m_pos]))
                return false;
            while (m_pos < m_size && isDigit(m_text[m_pos]))
                ++m_pos;
        }
        if (m_pos < m_size && (m_text[m_pos] == 'e' || m_text[m_pos] == 'E')) {
            exponent = true;
            ++m_pos;
            if (m_pos < m_size && (m_text[m_pos] == '+' || m_text[m_pos] == '-'))
                ++m_pos;
            if (m_pos >= m_size || !isDigit(m_text[m_pos]))
                return false;
            while (m_pos < m_size && isDigit(m_text[m_pos]))
                ++m_pos;
        }
        if (m_pos >= m_size) // QJsonDocument: "invalid termination by number"
            return false;
        if (exponent || m_pos - begin >= longNumber) {
            double x = 0;
            const auto [end, error] = std::from_chars(m_text + begin, m_text + m_pos, x);
            if (error != std::errc() || end != m_text + m_pos)
                return false;
        }
        return true;
    }

    /// Four hexadecimal digits at the position.
    bool hex4(char32_t &unit)
    {
        if (m_size - m_pos < 4)
            return false;
        unit = 0;
        for (int i = 0; i < 4; ++i) {
            const char c = m_text[m_pos++];
            unit <<= 4;
            if (c >= '0' && c <= '9')
                unit |= char32_t(c - '0');
            else if (c >= 'a' && c <= 'f')
                unit |= char32_t(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F')
                unit |= char32_t(c - 'A' + 10);
            else
                return false;
        }
        return true;
    }

    /// One UTF-8 sequence of more than one byte, well formed (no overlong form, no surrogate,
    /// nothing past U+10FFFF); its code point in `c`.
    bool utf8(char32_t &c)
    {
        const auto *s = reinterpret_cast<const unsigned char *>(m_text);
        const unsigned char lead = s[m_pos];
        int more = 0;
        char32_t min = 0;
        if (lead >= 0xC2 && lead <= 0xDF) {
            more = 1;
            c = lead & 0x1F;
            min = 0x80;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            more = 2;
            c = lead & 0x0F;
            min = 0x800;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            more = 3;
            c = lead & 0x07;
            min = 0x10000;
        } else {
            return false;
        }
        if (m_size - m_pos <= more)
            return false;
        for (int i = 1; i <= more; ++i) {
            const unsigned char next = s[m_pos + i];
            if ((next & 0xC0) != 0x80)
                return false;
            c = (c << 6) | (next & 0x3F);
        }
        if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
            return false;
        m_pos += more + 1;
        return true;
    }

    /// A string; `unpaired` says whether its UTF-16 form holds half a surrogate pair (which only
    /// \u escapes can write). A control character or an escape RFC 8259 does not know is refused.
    bool string(bool *unpaired)
    {
        ++m_pos; // the opening quote
        bool pendingHigh = false;
        bool bad = false;
        const auto *s = reinterpret_cast<const unsigned char *>(m_text);
        while (true) {
            // The common case: plain ASCII up to the next quote, backslash or other byte.
            while (m_pos < m_size && s[m_pos] >= 0x20 && s[m_pos] < 0x80 && s[m_pos] != '"' &&
                   s[m_pos] != '\\') {
                bad |= pendingHigh;
                pendingHigh = false;
                ++m_pos;
            }
            if (m_pos >= m_size)
                return false;
            const unsigned char c = s[m_pos];
            if (c == '"') {
                ++m_pos;
                *unpaired = bad || pendingHigh;
                return true;
            }
            if (c < 0x20)
                return false;
            if (c == '\\') {
                ++m_pos;
                if (m_pos >= m_size)
                    return false;
                const char escaped = m_text[m_pos++];
                if (escaped == 'u') {
                    char32_t unit = 0;
                    if (!hex4(unit))
                        return false;
                    if (isHigh(unit)) {
                        bad |= pendingHigh;
                        pendingHigh = true;
                    } else if (isLow(unit)) {
                        bad |= !pendingHigh;
                        pendingHigh = false;
                    } else {
                        bad |= pendingHigh;
                        pendingHigh = false;
                    }
                } else if (std::strchr("\"\\/bfnrt", escaped) && escaped != '\0') {
                    bad |= pendingHigh;
                    pendingHigh = false;
                } else {
                    return false;
                }
                continue;
            }
            char32_t point = 0;
            if (!utf8(point))
                return false;
            bad |= pendingHigh;
            pendingHigh = false;
        }
    }

    /// The key of a root member as QString (JSON escapes decoded).
    QString key(qsizetype begin, qsizetype end) const
    {
        const QByteArray raw(m_text + begin, end - begin);
        if (!raw.contains('\\'))
            return QString::fromUtf8(raw.constData() + 1, raw.size() - 2);
        return QJsonDocument::fromJson('[' + raw + ']').array().at(0).toString();
    }

    /// Forgets what was recorded of an earlier member of the same name: the last one counts.
    void forget(const QString &name)
    {
        const QString rows = name + QLatin1Char('[');
        for (auto it = facts.begin(); it != facts.end();)
            it = it->first == name || it->first.startsWith(rows) ? facts.erase(it) : std::next(it);
    }

    bool object(bool root)
    {
        if (++m_depth > nestingLimit)
            return false;
        ++m_pos; // {
        const qsizetype contentBegin = m_pos;
        qsizetype count = 0;
        qsizetype keepEnd = 0;
        qsizetype lastBegin = -1;
        qsizetype lastEnd = 0;
        skipSpace();
        if (m_pos < m_size && m_text[m_pos] == '}') {
            ++m_pos;
            --m_depth;
            return true;
        }
        while (true) {
            skipSpace();
            const qsizetype memberBegin = m_pos;
            bool unpaired = false;
            if (m_pos >= m_size || m_text[m_pos] != '"' || !string(&unpaired))
                return unwind(contentBegin, lastBegin);
            QString name;
            if (root) {
                name = key(memberBegin, m_pos);
                forget(name);
            }
            skipSpace();
            if (m_pos >= m_size || m_text[m_pos] != ':')
                return unwind(contentBegin, lastBegin);
            ++m_pos;
            skipSpace();
            Kind kind;
            if (!value(root ? Role::RootMember : Role::Other, name, 0, kind))
                return unwind(contentBegin, lastBegin);
            ++count;
            lastBegin = memberBegin;
            lastEnd = m_pos;
            if (count == m_keep)
                keepEnd = m_pos;
            skipSpace();
            if (m_pos < m_size && m_text[m_pos] == ',') {
                ++m_pos;
                continue;
            }
            if (m_pos < m_size && m_text[m_pos] == '}')
                break;
            return unwind(contentBegin, lastBegin);
        }
        ++m_pos; // }
        --m_depth;
        if (!root && count > m_keep)
            cut(keepEnd, lastEnd);
        return true;
    }

    /// An array; `path` and `index` as for value().
    bool array(Role role, const QString &path, qsizetype index)
    {
        if (++m_depth > nestingLimit)
            return false;
        ++m_pos; // [
        const qsizetype contentBegin = m_pos;
        qsizetype count = 0;
        qsizetype keepEnd = 0;
        qsizetype lastBegin = -1;
        qsizetype lastEnd = 0;
        NonString nonString;
        const bool strings = role == Role::RootMember && (path == QLatin1String("tokens") ||
                                                          path == QLatin1String("dimension_names"));
        const Role elementRole = role == Role::RootMember ? Role::Row : Role::Other;
        skipSpace();
        if (m_pos < m_size && m_text[m_pos] == ']') {
            ++m_pos;
            --m_depth;
            return true;
        }
        while (true) {
            skipSpace();
            const qsizetype elementBegin = m_pos;
            Kind kind;
            if (!value(elementRole, path, count, kind))
                return unwind(contentBegin, lastBegin);
            if (strings && count >= m_keep && nonString.index < 0 && kind != Kind::String)
                nonString = {count, kind, elementBegin, m_pos};
            ++count;
            lastBegin = elementBegin;
            lastEnd = m_pos;
            if (count == m_keep)
                keepEnd = m_pos;
            skipSpace();
            if (m_pos < m_size && m_text[m_pos] == ',') {
                ++m_pos;
                continue;
            }
            if (m_pos < m_size && m_text[m_pos] == ']')
                break;
            return unwind(contentBegin, lastBegin);
        }
        ++m_pos; // ]
        --m_depth;
        if (count > m_keep) {
            cut(keepEnd, lastEnd);
            if (role == Role::RootMember)
                facts[path] = cutFacts(count, nonString);
            else if (role == Role::Row)
                facts[path + QLatin1Char('[') + QString::number(index) + QLatin1Char(']')] =
                    cutFacts(count, nonString);
        }
        return true;
    }

    CutFacts cutFacts(qsizetype count, const NonString &nonString) const
    {
        CutFacts f;
        f.count = count;
        f.firstNonString = nonString.index;
        switch (nonString.kind) {
        case Kind::String:
            break;
        case Kind::StringUnpaired:
            f.unpairedSurrogate = true;
            break;
        case Kind::Array:
            f.found = QJsonArray();
            break;
        case Kind::Object:
            f.found = QJsonObject();
            break;
        case Kind::Number:
        case Kind::Literal:
            f.found =
                QJsonDocument::fromJson(
                    '[' + QByteArray(m_text + nonString.begin, nonString.end - nonString.begin) +
                    ']')
                    .array()
                    .at(0);
            break;
        }
        return f;
    }

    /// Leaves [from, to) out of the copy; a span inside it recorded before goes.
    void cut(qsizetype from, qsizetype to)
    {
        while (!spans.empty() && spans.back().first >= from)
            spans.pop_back();
        spans.emplace_back(from, to);
    }

    const char *m_text;
    qsizetype m_size;
    qsizetype m_keep;
    qsizetype m_pos = 0;
    int m_depth = 0;
};

} // namespace

qsizetype Scan::originalOffset(qsizetype offset) const
{
    qsizetype original = offset;
    for (const auto &[at, length] : removed) {
        if (at > offset)
            break;
        original += length;
    }
    return original;
}

Scan scan(const QByteArray &json, qsizetype keep)
{
    Scanner scanner(json, keep);
    Scan result;
    result.syntaxOk = scanner.run();
    // Spans are nested or apart: keep the outermost, in the order of the text.
    auto spans = std::move(scanner.spans);
    std::sort(spans.begin(), spans.end());
    std::vector<std::pair<qsizetype, qsizetype>> outer;
    for (const auto &span : spans)
        if (outer.empty() || span.first >= outer.back().second)
            outer.push_back(span);
    result.facts = std::move(scanner.facts);
    if (outer.empty()) {
        result.text = json;
        return result;
    }
    qsizetype kept = json.size();
    for (const auto &[from, to] : outer)
        kept -= to - from;
    result.text.reserve(kept);
    qsizetype position = 0;
    for (const auto &[from, to] : outer) {
        result.text.append(json.constData() + position, from - position);
        result.removed.emplace_back(result.text.size(), to - from);
        position = to;
    }
    result.text.append(json.constData() + position, json.size() - position);
    result.cut = true;
    return result;
}

} // namespace attention::jsonscan
