#pragma once

/// What a head of a trained tiny model does (lesson step 7): its queries, keys and values on one
/// sequence, for the workbench; its attention weights over a text summed up by relative offset,
/// by the latest punctuation mark (and by the latest mark where that mark is a comma) and by the
/// first position; and the role that profile shows.
///
/// Everything is measured on the model's own forward pass (modelForward); the roles are read
/// from a HeadProfile alone, so the thresholds can be tested on made-up profiles.

#include "tiny/model.h"

#include <optional>
#include <vector>

namespace attention::tiny {

/// One head's queries, keys and values on one sequence: (T, d_head) each, the columns of head
/// `head` of layer `layer`'s q, k, v (after that layer's LN1), so that
/// softmax(causal(q kᵀ / √d_head)) is that head's attention weights in analyseSequence().
struct HeadProjections
{
    MatrixF queries, keys, values; ///< (T, d_head) each
};

/// Nothing unless validSequence(config, ids) and 0 ≤ layer < layers, 0 ≤ head < heads.
std::optional<HeadProjections> headProjections(const Parameters<float> &parameters,
                                               const std::vector<int> &ids, int layer, int head);

/// What one head does over a text, measured on its attention weights w(t, s) (row t, key s, both
/// positions within a window). Every mean is over rows of all windows together. Beside each
/// measure stands what a uniform causal head (w(t, s) = 1/(t+1)) gives on the same rows: the
/// baseline a measure must rise above before it means anything.
struct HeadProfile
{
    /// [o] for o = 0 … maxOffset: the mean weight a row t puts on key t − o, over the rows t ≥ o;
    /// 0 where no row is that long (o ≥ T).
    std::vector<double> byOffset;
    /// [o]: how many rows byOffset[o] is the mean of.
    std::vector<long> rowsByOffset;
    /// [o]: the uniform head's byOffset[o], the mean of 1/(t+1) over the same rows.
    std::vector<double> uniformByOffset;
    /// The mean weight on the latest mark before the row: over the rows t that have a mark (an id
    /// of markIds) at some position p < t of their window, the weight on the largest such p. A
    /// row that is itself a mark counts with the mark before it. 0 when markRows is 0.
    double onLastMark = 0.0;
    /// How many rows onLastMark is the mean of.
    long markRows = 0;
    /// What a uniform causal head would give on the same rows (mean of 1/(t+1)): the baseline.
    double lastMarkBaseline = 0.0;
    /// onLastMark over only the rows whose latest mark is a comma (an id of commaIds): the rows
    /// of the second half of a line, up to and including the mark that ends it. 0 when
    /// commaRows is 0.
    double onLastComma = 0.0;
    /// How many rows onLastComma is the mean of.
    long commaRows = 0;
    /// The uniform head's onLastComma, the mean of 1/(t+1) over the same rows.
    double lastCommaBaseline = 0.0;
    /// Mean weight on key 0 of the window over the rows t ≥ 1; 0 when there are none.
    double onFirst = 0.0;
    /// How many rows onFirst is the mean of.
    long firstRows = 0;
    /// The uniform head's onFirst, the mean of 1/(t+1) over the same rows.
    double firstBaseline = 0.0;
};

/// [layer][head] profiles of the model over `ids`, cut into consecutive windows of the model's
/// context (at most maxWindows of them, the last partial window dropped, a text shorter than one
/// window used whole); nothing when ids is empty or holds an id out of range. maxOffset below 0
/// counts as 0, maxWindows below 1 as 1; markIds may hold any ids (none: markRows is 0).
/// commaIds are marks too (as if also in markIds); none: commaRows is 0.
std::optional<std::vector<std::vector<HeadProfile>>>
headProfiles(const Parameters<float> &parameters, const std::vector<int> &ids,
             const std::vector<int> &markIds, int maxOffset = 16, int maxWindows = 64,
             const std::vector<int> &commaIds = {});

/// The roles headRole() tells apart.
enum class HeadRoleKind
{
    PreviousToken, ///< looks at key t − 1
    CurrentToken,  ///< looks at its own key t
    FixedOffset,   ///< looks at key t − k for one k ≥ 2 (the copy task's head: k = lag − 1)
    LastComma, ///< looks back at the latest ， where that is the latest mark (looksAtLastComma)
    FirstPosition, ///< looks at key 0 of the window, whatever the row
    Broad,         ///< spreads its weight: no place gets twice what a uniform head gives it
    Mixed,         ///< somewhere above uniform, but no single role clears its threshold
};

/// A role and how clearly the profile shows it.
struct HeadRole
{
    HeadRoleKind kind = HeadRoleKind::Mixed;
    /// The offset k for PreviousToken (1), CurrentToken (0) and FixedOffset; for Broad and Mixed
    /// the offset with the most weight; 0 for LastComma and FirstPosition.
    int offset = 0;
    /// The measured mean weight: byOffset[offset], onLastComma or onFirst (for Broad and Mixed,
    /// byOffset[offset]).
    double strength = 0.0;
};

/// A place (an offset, the first position) is a role's candidate when its mean weight is at
/// least roleMinWeight and at least roleMinRatio × the uniform head's weight on the same rows:
/// 0.4 is more than any other place can hold in most rows (the row's weights sum to 1), and
/// the ratio keeps short windows, where uniform weights are large anyway, from naming a role.
constexpr double roleMinWeight = 0.4;
constexpr double roleMinRatio = 2.0;
/// An offset is considered only when at least this share of the rows reach it
/// (rowsByOffset[o] ≥ share × rowsByOffset[0]): a mean over the few rows near the end of a window
/// is mostly the weight on key 0.
constexpr double offsetMinRowShare = 0.5;
/// looksAtLastMark's rule: onLastMark ≥ 0.30 and ≥ 3.0 × lastMarkBaseline over ≥ 5 rows, both
/// read as markFigures() rounds them. 0.3 rather than 0.4 because a mark head also keeps weight
/// on the row's own key; 5 rows is the line after the comma of one five-character couplet, so
/// the probe line can be judged alone.
constexpr double lastMarkMinWeight = 0.3;
constexpr double lastMarkMinRatio = 3.0;
constexpr long lastMarkMinRows = 5;

/// A mean weight on a mark as the lesson shows it and the mark rule reads it: the weight rounded
/// to hundredths, its ratio to a uniform head's weight on the same rows rounded to tenths (0
/// without a baseline). A verdict can so be checked from the figures shown: "0.30, 3.0×" passes,
/// even where the unrounded weight is 0.2996.
struct MarkFigures
{
    double weight = 0.0;
    double ratio = 0.0;
};
MarkFigures markFigures(double weight, double baseline);

/// The role a profile shows most clearly. The candidates are: each offset o ≤ maxOffset that
/// enough rows reach (offsetMinRowShare), as CurrentToken (o = 0), PreviousToken (o = 1) or
/// FixedOffset (o ≥ 2); LastComma when looksAtLastComma (the spec's last_comma, lesson step 7's
/// exercise 4); FirstPosition from onFirst (over at least one row). Offsets and the first
/// position are candidates by roleMinWeight and roleMinRatio. The candidate with the largest
/// weight wins; a tie goes to the smaller offset, then to LastComma, then to FirstPosition.
/// Without a candidate: Broad when no considered offset, neither the first position nor (over
/// ≥ lastMarkMinRows rows) the last comma, gets roleMinRatio × its uniform weight; otherwise
/// Mixed. A profile without rows is Mixed with strength 0.
HeadRole headRole(const HeadProfile &profile);

/// True when the head looks back at the latest mark: markRows ≥ lastMarkMinRows and, in
/// markFigures(onLastMark, lastMarkBaseline), weight ≥ lastMarkMinWeight and ratio ≥
/// lastMarkMinRatio.
bool looksAtLastMark(const HeadProfile &profile);

/// looksAtLastMark's rule on the rows after a comma: commaRows, onLastComma and
/// lastCommaBaseline in place of markRows, onLastMark and lastMarkBaseline (lesson step 7's
/// exercise 4: the head that looks back at the last ，).
bool looksAtLastComma(const HeadProfile &profile);

} // namespace attention::tiny
