#pragma once

/// The commands of attention-cli (architecture, "attention-cli").
///
/// Each command receives its own name followed by the arguments after it, prints its result on
/// stdout and returns the exit code; a bad command line or input file throws Failure
/// (commandline.h), which main() reports.

#include <QStringList>
#include <vector>

namespace attention {
class Language;
}

namespace attention::cli {

/// `lesson [--section N] [--lang en|zh_CN]`: the lesson program's output, section by section.
int runLesson(const QStringList &arguments, Language &language);
/// `presets`: the built-in preset names, one a line.
int runPresets(const QStringList &arguments, Language &language);
/// `preset NAME`: that preset as a scenario file.
int runPreset(const QStringList &arguments, Language &language);
/// `weights (SCENARIO.json | --preset NAME) …`: scores, weights and output as JSON or CSV.
int runWeights(const QStringList &arguments, Language &language);
/// `sqrtd …`: the √d statistics.
int runSqrtD(const QStringList &arguments, Language &language);
/// `bench …`: the timing exercise.
int runBench(const QStringList &arguments, Language &language);
/// `corpus [--corpus tang300|song100|tang|FILE] [--format table|json]`: the tiny model's text.
int runCorpus(const QStringList &arguments, Language &language);
/// `train …`: trains the tiny character Transformer on a corpus.
int runTrain(const QStringList &arguments, Language &language);
/// `eval --model M --text TEXT`: one forward pass: loss, attention weights, next characters.
int runEval(const QStringList &arguments, Language &language);
/// `grad --model M --text TEXT --out G`: the gradient of eval's loss, as a weights-shaped file.
int runGrad(const QStringList &arguments, Language &language);
/// `sample --model M …`: text written by the model.
int runSample(const QStringList &arguments, Language &language);
/// `heads --model M [--corpus C]`: each head's roles and what it is worth.
int runHeads(const QStringList &arguments, Language &language);

struct Command
{
    const char *name;
    const char *summary; ///< untranslated; translate in context "Cli"
    int (*run)(const QStringList &arguments, Language &language);
};

/// Every command, in the order the help lists them.
const std::vector<Command> &commands();

} // namespace attention::cli
