#include "lessontext.h"

#include "modelinspector.h" // the exercises' thresholds, which the inspector judges by
#include "numberformat.h"

#include <QLocale>

namespace attention {

StepText LessonText::step(int step)
{
    switch (step) {
    case 1:
        return {tr("Averaging"),
                tr("The simplest way for a token to gather what came before it is to average: row "
                   "<i>i</i> of the weight matrix gives 1/<i>i</i> to each of the first <i>i</i> "
                   "tokens and 0 to the rest, so one product, <b>weights · x</b>, averages every "
                   "position at once. Click a row to see which inputs it averages. The flaw: every "
                   "earlier token counts the same, whatever it means."),
                {}};
    case 2:
        return {tr("Queries and keys"),
                tr("Each token gets a <b>query</b> (what it looks for) and a <b>key</b> (what it "
                   "offers). A query scores each key by their dot product, and softmax turns a "
                   "row of scores into weights that sum to 1. Drag 光's query or any key in the "
                   "plane and watch the bars. The scale slider multiplies every score: at 5× the "
                   "weights crowd onto the best match."),
                {{tr("Exercise 1: 光 looks for position"),
                  tr("光's query is now [0, 1]: it matches the position dimension, so its weight "
                     "moves from 明 and 月 to 床 and 前.")}}};
    case 3:
        return {tr("The causal mask"),
                tr("A model that predicts the next token must not see the tokens after it. "
                   "Their scores are set to −∞ before softmax, which makes their weights exactly "
                   "0, and each row's remaining weights again sum to 1. The q and k here are "
                   "random (d = 8, scores divided by √8): re-roll them, switch the mask and "
                   "compare the two weight tables."),
                {}};
    case 4:
        return {tr("Why divide by √d"),
                tr("The dot product of two random d-dimensional vectors adds up d terms, so its "
                   "spread grows like √d. Large scores make softmax put nearly all the weight on "
                   "one key, as the 5× slider did, and such a softmax barely learns. Dividing "
                   "the scores by √d brings their spread back to about 1 for every d."),
                {}};
    case 5:
        return {tr("A complete head"),
                tr("In a trained model nobody writes q, k and v by hand: three learned matrices "
                   "W<sub>q</sub>, W<sub>k</sub> and W<sub>v</sub> map the same input X to them. "
                   "Then score, divide by √d<sub>head</sub>, mask, softmax and take the weighted "
                   "sum of v. The badge compares the result with an independent reference "
                   "implementation."),
                {{tr("Exercise 2: remove the mask"),
                  tr("The mask is off: every row now weighs all five tokens, and the output still "
                     "agrees with the reference computed without a causal mask.")}}};
    case 6:
        return {tr("The cost"),
                tr("Every query scores every key, so a sequence of T tokens has a T × T score "
                   "table. Doubling T multiplies the work, and the memory of the full table, by "
                   "about 4: on a log-log chart the times lie on a line of slope 2. The tiled "
                   "kernel computes the same output without ever storing the table."),
                {{tr("Exercise 3: time T = 1000, 2000, 4000"),
                  tr("Compare each time with the one before: about 4× for each doubling of T, "
                     "which is a slope near 2.")}}};
    case 7:
        return {
            tr("A trained model"),
            tr("Here nobody sets q and k by hand: a small Transformer learns its own by "
               "predicting the next character of a text. Press <b>Train</b>: the loss falls "
               "below the unigram baseline (character counts alone) while the heads turn "
               "from a flat causal triangle into patterns, one on the previous character, "
               "another on the last ， or 。; the slider replays how they formed. Validation "
               "rising while training falls is over-fitting. In the <b>repeat task</b> each "
               "string comes twice: two heads learn together to find the earlier copy and "
               "read what followed it, an induction head. <b>Open the long-trained "
               "model</b> for heads that read all of 全唐诗."),
            {{tr("Exercise 4: the last comma"),
              tr("A head passes when its role is the last comma: at least %1× a uniform "
                 "head's weight on the last “，”, and no role of it higher.")
                  .arg(NumberFormat::ratio(tiny::namedRoleMinRatio))},
             {tr("Exercise 5: the induction circuit"),
              tr("Find the layer-2 head that reads the earlier copy (%1×), then the layer-1 "
                 "head it needs: switched off, its ratio falls below %2×.")
                  .arg(NumberFormat::ratio(tiny::inductionHeadMinRatio),
                       NumberFormat::ratio(tiny::namedRoleMinRatio))},
             {tr("Exercise 6: two layers, not one"),
              tr("Train one layer on the repeat task (the exercise keeps the run when it "
                 "finishes), then start it again to train two layers beside it: "
                 "only the two-layer run gets an induction head (%1×; none at %2× in one "
                 "layer) and an in-context learning score %3 nats lower.")
                  .arg(NumberFormat::ratio(tiny::inductionHeadMinRatio),
                       NumberFormat::ratio(tiny::namedRoleMinRatio), NumberFormat::ratio(0.5))}}};
    case 8:
        return {tr("Check yourself"),
                tr("Answer each question in your own words first, then reveal ours."),
                {}};
    default:
        return {};
    }
}

QList<SelfCheckItem> LessonText::selfCheck()
{
    return {
        {tr("What do queries, keys and values each do?"),
         tr("A query describes what a position is looking for and a key what a position can "
            "offer; the dot product of a query with each key measures the match, and softmax "
            "turns those scores into weights. A value is what a position passes on: the output "
            "is the sum of the values, each multiplied by its weight.")},
        {tr("How is the causal mask applied, and why is it needed?"),
         tr("Before softmax, every score of a later position is replaced by −∞, so its weight "
            "comes out exactly 0. A model learning to predict the next token must not see that "
            "token, or it would copy the answer instead of learning to predict it.")},
        {tr("Why are the scores divided by the square root of d?"),
         tr("For vectors with unit-variance entries, a dot product of d terms has a standard "
            "deviation of about √d. Unscaled, the scores grow with d until softmax is nearly "
            "one-hot, its gradients almost vanish and training stalls; dividing by √d keeps "
            "their spread near 1.")},
    };
}

} // namespace attention
