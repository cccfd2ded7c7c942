#pragma once

/// The head roles of shared/design/tiny-model.md ("Head roles"): for each role, the key that a
/// row of the validation windows should look at if a head plays it; a head's mean weight on those
/// keys against a uniform causal head's on the same rows; and ablation, a head switched off.
///
/// The roles follow the text of a poem: the previous character, the last ，, the first character
/// of the row's line, the same column of the line above (in a poem of equal lines) and the rhyme
/// of the previous even line. The keys are found once over the whole text (roleKeys), the
/// weights over windows cut as for val_loss (measureRoles): a row counts only when its key is
/// inside its own window.

#include "tiny/corpus.h"
#include "tiny/model.h"

#include <array>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

namespace attention::tiny {

enum class TextRole
{
    PreviousChar, ///< every row t ≥ 1: key t − 1
    LastComma,    ///< rows whose latest mark is a ，: that ，
    LineStart,    ///< rows not at a line start: the first character of the row's line
    PreviousLine, ///< in a poem of equal lines of n characters and a mark: key t − (n + 1)
    Rhyme,        ///< the last character of an even line: that of the previous even line
};
constexpr int textRoleCount = 5;
constexpr std::array<TextRole, textRoleCount> textRoles{TextRole::PreviousChar, TextRole::LastComma,
                                                        TextRole::LineStart, TextRole::PreviousLine,
                                                        TextRole::Rhyme};

/// The spec's name: "previous_char", "last_comma", "line_start", "previous_line", "rhyme".
const char *textRoleName(TextRole role);

/// For every position of a text and every role, the position of the key that role designates,
/// or −1 where the position is no row of the role. Positions are the text's; a window keeps a
/// row only when the key is inside it.
struct RoleKeys
{
    std::array<std::vector<long>, textRoleCount> key;
};

/// The keys over `ids` (a validation text of documents, each ending at the position before
/// `documentEnds`' next entry with a `\n`; CorpusSplit::valDocumentEnds), with the marks
/// ，。？！、；： as `vocabulary` has them. A line is the characters after a mark up to and
/// including the next mark (the text's first line starts at its first character). A poem is a
/// document whose text before its final `\n` is lines of n + 1 characters each (n = 5 or 7),
/// ending with a mark (a line break inside a document makes it no poem).
RoleKeys roleKeys(const std::vector<int> &ids, const Vocabulary &vocabulary,
                  const std::vector<long> &documentEnds);
/// The same where each document ends at a `\n` and holds no other: the built-in corpora, whose
/// poems have no line breaks of their own.
RoleKeys roleKeys(const std::vector<int> &ids, const Vocabulary &vocabulary);

/// A head by its 0-based layer and head.
using HeadIndex = std::pair<int, int>;

/// One role of one head: the mean weight on the role's key over its rows, what a uniform causal
/// head gives there (the mean of 1 / (t + 1), t the row's position in its window), the rows.
struct RoleMeasure
{
    double weight = 0.0;
    double uniform = 0.0;
    long rows = 0;

    /// weight / uniform; 0 without rows.
    double ratio() const { return uniform > 0.0 ? weight / uniform : 0.0; }
};

/// Every role of one head, in textRoles order.
struct HeadRoles
{
    std::array<RoleMeasure, textRoleCount> measures;

    const RoleMeasure &operator[](TextRole role) const { return measures[std::size_t(role)]; }
    /// The role the head plays: of the roles whose ratio, rounded to tenths as the lesson shows
    /// it, is at least namedRoleMinRatio, the one with the largest ratio; none when no role
    /// reaches it.
    std::optional<TextRole> named() const;
};

/// A head plays a role when it puts at least this many times a uniform head's weight on the
/// role's keys (the rule of exercise 4's ratio, lastMarkMinRatio).
constexpr double namedRoleMinRatio = 3.0;

/// The head that reads a role most: of a model's heads, the one with the largest ratio for the
/// role (the first in layer, then head order on a tie), with that ratio. Lesson step 7's
/// exercise 5 asks for the leader of TextRole::PreviousLine.
struct RoleLeader
{
    HeadIndex head{-1, -1}; ///< (−1, −1) when no head has a row of the role
    double ratio = 0.0;
    /// Whether the leader reads the role at all: its ratio, rounded to tenths as the lesson
    /// shows it, is at least leaderMinRatio (a role is named only from namedRoleMinRatio).
    bool reads() const;
};
/// A role's leader reads it from this many times a uniform head's weight on the role's keys.
constexpr double leaderMinRatio = 1.5;
/// The leader of `role` among `roles` ([layer][head], as measureRoles gives them).
RoleLeader roleLeader(const std::vector<std::vector<HeadRoles>> &roles, TextRole role);

/// [layer][head] roles of the model over the windows of `ids` cut as for val_loss (window j:
/// positions jC … jC + C − 1, C the context, ⌊(M − 1) / C⌋ windows; at most `maxWindows` of
/// them from the first, all when it is 0). Nothing when there is no window or an id is out of
/// range.
std::optional<std::vector<std::vector<HeadRoles>>> measureRoles(const Parameters<float> &parameters,
                                                                const std::vector<int> &ids,
                                                                const RoleKeys &keys,
                                                                long maxWindows = 0);

/// The parameters with the heads `off` switched off: each one's output (weights · v) is zero
/// before the output projection, done by zeroing the rows of w_o that read it (its d_head rows
/// from head · d_head). Heads outside the model are ignored (check with validHead()).
Parameters<float> withHeadsOff(const Parameters<float> &parameters,
                               const std::vector<HeadIndex> &off);

bool validHead(const ModelConfig &config, HeadIndex head);

/// What `attention-cli heads` prints: the validation loss, every head's roles and what it is
/// worth (the validation loss with that head alone off, minus the loss with every head on).
struct HeadsReport
{
    double valLoss = 0.0;
    std::vector<std::vector<HeadRoles>> roles;         ///< [layer][head]
    std::vector<std::vector<double>> ablationIncrease; ///< [layer][head]
};

/// Called after each of the report's passes over the text (one with every head on, one for the
/// roles, one per head switched off): `done` of `total`; returning false stops the report,
/// which is then nothing.
using ReportProgress = std::function<bool(int done, int total)>;

/// The passes headsReport makes for a model of `config`: the `total` its progress reports.
int headsReportPasses(const ModelConfig &config);

/// The report over the windows of `valIds` cut as for val_loss (at most `maxWindows` from the
/// first, all when 0), its documents ending at `documentEnds` (roleKeys), the marks as
/// `vocabulary` has them, `batch` windows a pass. Nothing when
/// there is no window, an id is out of range or `progress` stopped it.
std::optional<HeadsReport> headsReport(const Parameters<float> &parameters,
                                       const std::vector<int> &valIds,
                                       const std::vector<long> &documentEnds,
                                       const Vocabulary &vocabulary, long maxWindows = 0,
                                       const ReportProgress &progress = {});

} // namespace attention::tiny
