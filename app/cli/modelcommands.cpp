// The commands that use a trained model file: eval (one forward pass: loss, attention weights,
// next-character probabilities), grad (the gradient of that loss, as a weights-shaped file) and
// sample (text written by the model). train lives in traincommand.cpp.

#include "commandline.h"
#include "commands.h"
#include "numberformat.h"
#include "output.h"
#include "tiny/learningcurve.h"
#include "tiny/trainer.h"
#include "tinymodel.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <numeric>

namespace attention::cli {

namespace {

constexpr Index maxSampleLength = 100'000;
constexpr double maxTemperature = 100.0;
constexpr int topCount = 5;

TinyModel loadModel(const QString &path)
{
    // One window at a time is far too little work to share between threads, and waiting threads
    // cost much on a busy machine.
    tiny::setThreadCount(1);
    QString error;
    std::optional<TinyModel> model = readTinyModel(path, &error);
    if (!model)
        throw Failure{ExitBadInput, error};
    return std::move(*model);
}

void addAblateOption(CommandLine &line)
{
    line.addOption({QStringLiteral("ablate"),
                    Cli::tr("Switch these heads off (1-based layer.head, such as 2.3,1.1): each "
                            "one's output is zero before the output projection."),
                    QStringLiteral("L.H[,L.H…]")});
}

/// The model of --model with the heads of --ablate switched off.
TinyModel loadAblatedModel(const CommandLine &line, const QString &path)
{
    TinyModel model = loadModel(path);
    if (line.isSet(QStringLiteral("ablate"))) {
        QString error;
        const auto heads = parseHeads(line.value(QStringLiteral("ablate")), model.config(), &error);
        if (!heads)
            line.fail(QStringLiteral("--ablate: ") + error);
        model.parameters = tiny::withHeadsOff(model.parameters, *heads);
    }
    return model;
}

/// The value of a required option; refuses its absence.
QString required(const CommandLine &line, const QString &name)
{
    if (!line.isSet(name))
        line.fail(Cli::tr("--%1 is missing").arg(name));
    return line.value(name);
}

/// The ids of --text, after checking its length against the model's context.
std::vector<int> textIds(const CommandLine &line, const TinyModel &model, const QString &text)
{
    const std::u32string characters = text.toStdU32String();
    const long count = long(characters.size());
    if (count < 2 || count > model.config().context)
        line.fail(Cli::tr("--text has %n character(s); this model takes 2 to %1", nullptr,
                          int(std::min<long>(count, INT_MAX)))
                      .arg(model.config().context));
    return encodeText(model, text);
}

/// The `topCount` most likely ids of one row of probabilities, most likely first (ties: lower id).
std::vector<int> topIds(const Matrix &probabilities, Index row)
{
    std::vector<int> ids(std::size_t(probabilities.cols()));
    std::iota(ids.begin(), ids.end(), 0);
    const std::size_t count = std::min<std::size_t>(topCount, ids.size());
    std::partial_sort(ids.begin(), ids.begin() + long(count), ids.end(), [&](int a, int b) {
        const double pa = probabilities(row, a), pb = probabilities(row, b);
        return pa > pb || (pa == pb && a < b);
    });
    ids.resize(count);
    return ids;
}

QByteArray evalJson(const TinyModel &model, const std::vector<int> &ids, const TinyForward &f)
{
    QStringList tokens;
    QByteArray idList = "[";
    for (std::size_t t = 0; t < ids.size(); ++t) {
        tokens.append(model.character(ids[t]));
        idList += (t > 0 ? ", " : "") + QByteArray::number(ids[t]);
    }
    QList<QByteArray> layers;
    for (const std::vector<Matrix> &heads : f.attention) {
        QByteArray layer = "[";
        for (std::size_t h = 0; h < heads.size(); ++h) {
            QByteArray matrix = "[";
            for (Index r = 0; r < heads[h].rows(); ++r) {
                matrix += r > 0 ? ", [" : "[";
                for (Index c = 0; c < heads[h].cols(); ++c)
                    matrix += (c > 0 ? ", " : "") + NumberFormat::json(heads[h](r, c));
                matrix += ']';
            }
            layer += (h > 0 ? ", " : "") + matrix + ']';
        }
        layers.append(layer + ']');
    }
    QList<QByteArray> next;
    for (Index t = 0; t < f.probabilities.rows(); ++t) {
        QByteArray top = "[";
        for (int id : topIds(f.probabilities, t))
            top += (top.size() > 1 ? ", " : "") +
                   jsonInline({{QStringLiteral("char"), jsonValue(model.character(id))},
                               {QStringLiteral("p"), NumberFormat::json(f.probabilities(t, id))}});
        next.append(jsonInline({{QStringLiteral("position"), QByteArray::number(t)},
                                {QStringLiteral("top"), top + ']'}}));
    }
    JsonFields fields{{QStringLiteral("tokens"), jsonStrings(tokens)},
                      {QStringLiteral("ids"), idList + ']'},
                      {QStringLiteral("loss"), NumberFormat::json(f.loss)},
                      {QStringLiteral("losses"), jsonNumbers(f.losses)}};
    // The in-context learning score of the text's predictions (none for fewer than 8).
    if (const double score = tiny::inContextLearningScore(f.losses); std::isfinite(score))
        fields.push_back({QStringLiteral("icl_score"), NumberFormat::json(score)});
    fields.push_back({QStringLiteral("attention"), jsonLines(layers)});
    fields.push_back({QStringLiteral("next"), jsonLines(next)});
    return jsonDocument(fields);
}

QString evalTable(const TinyModel &model, const std::vector<int> &ids, const TinyForward &f)
{
    QStringList tokens;
    for (int id : ids)
        tokens.append(model.character(id));
    QString text = Cli::tr("loss %1 over %2 predictions\n")
                       .arg(NumberFormat::loss(f.loss))
                       .arg(ids.size() - 1);
    for (std::size_t l = 0; l < f.attention.size(); ++l) {
        for (std::size_t h = 0; h < f.attention[l].size(); ++h) {
            // Counted from 1, as heads, --ablate, the grid and the verdicts count them (the JSON
            // format keeps the spec's indices from 0).
            text +=
                Cli::tr("\nlayer %1, head %2 (row: query, column: key)\n").arg(l + 1).arg(h + 1);
            TextTable table(1);
            table.addRow(QStringList{QString()} + tokens);
            const Matrix &w = f.attention[l][h];
            for (Index r = 0; r < w.rows(); ++r) {
                QStringList row{tokens[int(r)]};
                for (Index c = 0; c < w.cols(); ++c)
                    row.append(c <= r ? NumberFormat::weight(w(r, c)) : QString());
                table.addRow(row);
            }
            text += table.toString();
        }
    }
    text += Cli::tr("\nmost likely next characters\n");
    TextTable table(2);
    for (Index t = 0; t < f.probabilities.rows(); ++t) {
        QStringList row{QString::number(t + 1), tokens[int(t)]};
        for (int id : topIds(f.probabilities, t))
            row.append(QStringLiteral("%1 %2").arg(model.character(id),
                                                   NumberFormat::weight(f.probabilities(t, id))));
        table.addRow(row);
    }
    return text + table.toString();
}

} // namespace

int runEval(const QStringList &arguments, Language &)
{
    CommandLine line(
        QStringLiteral("eval"),
        Cli::tr("One forward pass of a trained model over a text of 2 to context characters: the "
                "loss of predicting each next character of the text, every head's attention "
                "weights, and the five most likely next characters at each position. Characters "
                "the model does not know become id 0 (�)."));
    addModelOption(line);
    addAblateOption(line);
    line.addOption(
        {QStringLiteral("text"), Cli::tr("The text, such as 床前明月光."), QStringLiteral("TEXT")});
    line.addOption({QStringLiteral("format"), Cli::tr("Output format: table (default) or json."),
                    QStringLiteral("table|json")});
    if (!line.parse(arguments))
        return ExitSuccess;
    line.positionalArguments();
    const QString modelPath = required(line, QStringLiteral("model"));
    const QString text = required(line, QStringLiteral("text"));
    const bool json =
        line.choice(QStringLiteral("format"), {QStringLiteral("table"), QStringLiteral("json")},
                    QStringLiteral("table")) == QLatin1String("json");

    const TinyModel model = loadAblatedModel(line, modelPath);
    const std::vector<int> ids = textIds(line, model, text);
    const TinyForward forward = forwardText(model, ids);
    if (json)
        printBytes(evalJson(model, ids, forward));
    else
        printText(evalTable(model, ids, forward));
    return ExitSuccess;
}

int runGrad(const QStringList &arguments, Language &)
{
    CommandLine line(
        QStringLiteral("grad"),
        Cli::tr("The gradient of eval's loss on a text with respect to every weight of the "
                "model, written as a weights file with the same tensor names and shapes. Prints "
                "the loss and the gradient's norm."));
    addModelOption(line);
    line.addOption({QStringLiteral("text"), Cli::tr("The text, 2 to context characters."),
                    QStringLiteral("TEXT")});
    line.addOption({QStringLiteral("out"), Cli::tr("The gradient file to write."),
                    QStringLiteral("G.safetensors")});
    if (!line.parse(arguments))
        return ExitSuccess;
    line.positionalArguments();
    const QString modelPath = required(line, QStringLiteral("model"));
    const QString text = required(line, QStringLiteral("text"));
    const QString out = required(line, QStringLiteral("out"));
    if (out.isEmpty())
        line.fail(Cli::tr("--out is empty"));

    const TinyModel model = loadModel(modelPath);
    const std::vector<int> ids = textIds(line, model, text);
    double loss = 0.0;
    const std::vector<std::vector<float>> gradient = gradientOfText(model, ids, &loss);
    QString error;
    if (!writeTinyGradient(out, model, gradient, loss, text, &error))
        throw Failure{ExitFailure, error};
    double squares = 0.0;
    for (const std::vector<float> &tensor : gradient)
        for (float g : tensor)
            squares += double(g) * double(g);
    printBytes(
        jsonInline({{QStringLiteral("loss"), NumberFormat::json(loss)},
                    {QStringLiteral("gradient_norm"), NumberFormat::json(std::sqrt(squares))}}) +
        '\n');
    return ExitSuccess;
}

int runSample(const QStringList &arguments, Language &)
{
    CommandLine line(QStringLiteral("sample"),
                     Cli::tr("Writes text with a trained model: starting from the prompt, it "
                             "draws each next character from the model's probabilities sharpened "
                             "or flattened by the temperature (0: always the most likely), "
                             "seeing the last context characters. The same seed gives the same "
                             "text. Prints the prompt and what follows it."));
    addModelOption(line);
    addAblateOption(line);
    line.addOption({QStringLiteral("prompt"), Cli::tr("The text to continue (default 床前)."),
                    QStringLiteral("TEXT")});
    line.addOption({QStringLiteral("length"),
                    Cli::tr("Characters to write, 1 to %1 (default 64).").arg(maxSampleLength),
                    QStringLiteral("N")});
    line.addOption({QStringLiteral("temperature"),
                    Cli::tr("0 to %1 (default 1).").arg(maxTemperature), QStringLiteral("X")});
    line.addOption(
        {QStringLiteral("seed"), Cli::tr("Random seed (default 1)."), QStringLiteral("S")});
    if (!line.parse(arguments))
        return ExitSuccess;
    line.positionalArguments();
    const QString modelPath = required(line, QStringLiteral("model"));
    const QString prompt = line.value(QStringLiteral("prompt"), QStringLiteral("床前"));
    if (prompt.isEmpty())
        line.fail(Cli::tr("--prompt is empty"));
    const int length = int(line.integer(QStringLiteral("length"), 1, maxSampleLength, 64));
    const double temperature = line.number(QStringLiteral("temperature"), 0.0, maxTemperature, 1.0);
    const std::uint64_t seed = line.unsignedInteger(QStringLiteral("seed"), 1);

    const TinyModel model = loadAblatedModel(line, modelPath);
    const std::vector<int> promptIds = encodeText(model, prompt);
    QString text = prompt;
    for (int id : sampleIds(model, promptIds, length, temperature, seed))
        text += model.character(id);
    printText(text + QLatin1Char('\n'));
    return ExitSuccess;
}

} // namespace attention::cli
