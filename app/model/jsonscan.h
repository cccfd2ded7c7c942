#pragma once

/// A cheap first pass over a JSON text, before QJsonDocument builds it (internal to
/// attention_model; the scenario reader uses it).
///
/// QJsonDocument holds about 90 bytes for every element of an array, so a 200 MB file of
/// 50,000,001 one-letter tokens took 4.6 GB before the reader could say that a scenario has at
/// most 4096 tokens. The pass walks the text once without building anything, counts the elements
/// of every array and object, and makes a shorter copy of the text with every container of more
/// than `keep` elements cut to its first `keep`. The reader then parses the copy and takes the
/// real counts of the cut containers from the facts the pass recorded, so its messages stay
/// exactly what they would be for the whole text.
///
/// The pass accepts no value that QJsonDocument refuses (it is stricter where unsure: any control
/// character, escape or number out of a double's range is "not sure"). When the text has a syntax
/// error, the copy drops the complete values before the error and keeps everything from the
/// value being read on, so that QJsonDocument, parsing the copy, stops at the same place with the
/// same reason; originalOffset() maps its offset back. When the pass doubts a text that
/// QJsonDocument then accepts, the caller parses the whole text as before.

#include <QByteArray>
#include <QJsonValue>
#include <QString>
#include <map>
#include <vector>

namespace attention::jsonscan {

/// What the reader needs to know of a container that the copy holds cut: how many elements it
/// really has, and for an array of strings the first element past the cut that is no string.
struct CutFacts
{
    qsizetype count = 0;
    /// Index of the first element at or past `keep` that is not a string, or is a string with
    /// half a surrogate pair; −1 when there is none.
    qsizetype firstNonString = -1;
    bool unpairedSurrogate = false; ///< that element is a string with half a surrogate pair
    QJsonValue found;               ///< that element when it is no string (an empty container)
};

struct Scan
{
    bool syntaxOk = false; ///< the pass accepted the whole text
    bool cut = false;      ///< `text` differs from the input
    /// The text to parse: the input itself, or the shorter copy.
    QByteArray text;
    /// Facts about the cut arrays of the root object's members and their rows, by JSON path
    /// ("tokens", "queries", "queries[3]"); only what was cut is here.
    std::map<QString, CutFacts> facts;

    /// The offset in the input of an offset in `text`.
    qsizetype originalOffset(qsizetype offset) const;

    /// Removed spans: where each starts in `text` and how many bytes of the input it held.
    std::vector<std::pair<qsizetype, qsizetype>> removed;
};

/// Scans `json`; containers of more than `keep` elements are cut to `keep` (the root object
/// never is: the reader looks at all of its fields).
Scan scan(const QByteArray &json, qsizetype keep);

} // namespace attention::jsonscan
