#pragma once

/// The one list of roles a head of the tiny model can play (docs/tiny-model.md, "Head roles"),
/// how a head is measured against each, and the one rule that names its role. Lesson step 7's
/// role line, the grid's marks, the exercises and `attention-cli heads` all read this list.
///
/// A role designates, for each row t of a window, the key k(t) ≤ t a head playing it would look
/// at. A head's weight on a role is the mean over the role's rows of its attention from t to
/// k(t); the uniform figure is the mean of 1 / (t + 1) over the same rows (a causal head that
/// spreads evenly); the ratio is weight ÷ uniform. The text's roles follow a poem (the previous
/// character, the last ，, the line's first character, the same place one line up, the rhyme)
/// and repetition (induction: the character after the earlier copy of this one); the window's
/// roles are the character itself, a fixed offset k ≥ 2 back (the copy task) and the window's
/// first position.
///
/// The keys of the text's roles are found once over the whole text (roleKeys); a window keeps a
/// row only when its key is inside it (and, for induction, the earlier copy too).

#include "tiny/corpus.h"
#include "tiny/model.h"

#include <array>
#include <optional>
#include <utility>
#include <vector>

namespace attention::tiny {

enum class Role
{
    PreviousChar,  ///< every row t ≥ 1: key t − 1
    LastComma,     ///< rows whose latest mark is a ，: that ，
    LineStart,     ///< rows not at a line start: the first character of the row's line
    PreviousLine,  ///< in a poem of equal lines of n characters and a mark: key t − (n + 1)
    Rhyme,         ///< the last character of an even line: that of the previous even line
    Induction,     ///< a character seen before in the window: the one after its latest copy
    CurrentChar,   ///< every row: key t itself
    FixedOffset,   ///< rows t ≥ k: key t − k, for the k ≥ 2 the head reads most
    FirstPosition, ///< every row t ≥ 1: the window's first position
};
constexpr int roleCount = 9;
constexpr std::array<Role, roleCount> allRoles{
    Role::PreviousChar, Role::LastComma,   Role::LineStart,   Role::PreviousLine, Role::Rhyme,
    Role::Induction,    Role::CurrentChar, Role::FixedOffset, Role::FirstPosition};
/// The roles whose keys come from the text (roleKeys), in the order of heads JSON's `ratios`.
constexpr int textRoleCount = 6;
constexpr std::array<Role, textRoleCount> textRoles{Role::PreviousChar, Role::LastComma,
                                                    Role::LineStart,    Role::PreviousLine,
                                                    Role::Rhyme,        Role::Induction};

/// The name heads JSON and table use: "previous_char", "last_comma", "line_start",
/// "previous_line", "rhyme", "induction", "current_char", "fixed_offset", "first_position".
const char *roleName(Role role);

/// For every position of a text and each of textRoles, the position of the key that role
/// designates, or −1 where the position is no row of the role. Positions are the text's.
struct RoleKeys
{
    std::array<std::vector<long>, textRoleCount> key;

    const std::vector<long> &operator[](Role role) const { return key[std::size_t(role)]; }
};

/// The keys over `ids` (a text of documents, each ending at the position before `documentEnds`'
/// next entry; CorpusSplit::valDocumentEnds), with the marks ，。？！、；： as `vocabulary` has
/// them. A line is the characters after a mark up to and including the next mark (the text's
/// first line starts at its first character). A poem is a document whose text before its final
/// `\n` is lines of n + 1 characters each (n = 5 or 7), each ending with a mark. Induction's key
/// is j + 1 for the latest j < t with the same id, when j + 1 < t. Ids out of the vocabulary's
/// range give no keys at all.
RoleKeys roleKeys(const std::vector<int> &ids, const Vocabulary &vocabulary,
                  const std::vector<long> &documentEnds);
/// The same where each document ends at a `\n`: the built-in corpora and a probe line.
RoleKeys roleKeys(const std::vector<int> &ids, const Vocabulary &vocabulary);

/// A head by its 0-based layer and head.
using HeadIndex = std::pair<int, int>;

/// One role of one head: the mean weight on the role's key over its rows, a uniform causal
/// head's weight there (the mean of 1 / (t + 1), t the row's position in its window), the rows.
struct RoleMeasure
{
    double weight = 0.0;
    double uniform = 0.0;
    long rows = 0;

    /// weight / uniform; 0 without rows.
    double ratio() const { return uniform > 0.0 ? weight / uniform : 0.0; }
};

/// A ratio as the lesson shows it, rounded to tenths: every rule reads it so, so that a verdict
/// can be checked from the figures shown ("3.0×" names a role even where it is 2.9996).
double shownRatio(double ratio);

/// The offsets a head is measured at (0 … maxRoleOffset; the step-7 bars show them).
constexpr int maxRoleOffset = 16;
/// A role is named from this many times a uniform head's weight on its keys, over at least
/// namedRoleMinRows rows (the line after the comma of one five-character couplet).
constexpr double namedRoleMinRatio = 3.0;
constexpr long namedRoleMinRows = 5;
/// An induction head (lesson step 7's exercise 5) puts at least this many times a uniform
/// head's weight on the character after the earlier copy, over the validation windows. There
/// every repeated character is a row, also in a string's first copy, whose earlier copy lies in
/// another string and predicts nothing: a formed head of the repeat task reaches 7-9x there
/// (docs/results.md), about 11x on a line written twice, no other head 2x.
constexpr double inductionHeadMinRatio = 5.0;
/// A head that reaches this ratio on no role spreads its weight broadly.
constexpr double broadMaxRatio = 2.0;
/// An offset k ≥ 2 is a candidate for FixedOffset only when at least this share of the rows
/// reach it (rows of k ≥ share × rows of 0): a mean over the few rows near a window's end is
/// mostly the weight on its first position.
constexpr double offsetMinRowShare = 0.5;

/// Every role of one head.
struct HeadRoles
{
    std::array<RoleMeasure, roleCount> measures; ///< in allRoles order
    std::vector<RoleMeasure> byOffset;           ///< [k], k = 0 … maxRoleOffset
    int fixedOffset = 0; ///< FixedOffset's k (0 when no offset of 2 or more qualifies)

    const RoleMeasure &operator[](Role role) const { return measures[std::size_t(role)]; }
    /// Whether `role` counts for the rules: at least namedRoleMinRows rows.
    bool counts(Role role) const { return (*this)[role].rows >= namedRoleMinRows; }
    /// The role the head plays: of the roles that count and whose shown ratio is at least
    /// namedRoleMinRatio, the one with the largest ratio (the first in allRoles on a tie); none
    /// when no role reaches it.
    std::optional<Role> named() const;
    /// The role with the largest ratio among those that count (PreviousChar when none does).
    Role closest() const;
    /// True when no role that counts reaches broadMaxRatio (shown): the head spreads its weight.
    bool broad() const;
};

/// The head with the largest ratio for a role among layers `fromLayer` and up (the first in
/// layer, then head order on a tie), with that ratio; (−1, −1) when no head has a row of it.
struct RoleLeader
{
    HeadIndex head{-1, -1};
    double ratio = 0.0;
};
RoleLeader roleLeader(const std::vector<std::vector<HeadRoles>> &roles, Role role,
                      int fromLayer = 0);

/// [layer][head] roles of the model over the windows of `ids` (cutWindows: as for val_loss, or
/// a text of at most a context as one window; at most `maxWindows` from the first, all when 0).
/// Nothing when there is no window, an id is out of range or `keys` is shorter than the text.
std::optional<std::vector<std::vector<HeadRoles>>> measureRoles(const Parameters<float> &parameters,
                                                                const std::vector<int> &ids,
                                                                const RoleKeys &keys,
                                                                long maxWindows = 0);

/// The roles of a model's heads from their attention weights on one window ([layer][head], each
/// (T, T)) whose ids are the first T of `keys`' text: what measureRoles gives for that window.
std::vector<std::vector<HeadRoles>> rolesOfWindow(const std::vector<std::vector<MatrixF>> &weights,
                                                  const RoleKeys &keys);

/// The parameters with the heads `off` switched off: each one's output (weights · v) is zero
/// before the output projection, done by zeroing the rows of w_o that read it (its d_head rows
/// from head · d_head). The blocks after it compute from the stream without it. Heads outside
/// the model are ignored (check with validHead()).
Parameters<float> withHeadsOff(const Parameters<float> &parameters,
                               const std::vector<HeadIndex> &off);

bool validHead(const ModelConfig &config, HeadIndex head);

} // namespace attention::tiny
