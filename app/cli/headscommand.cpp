// The heads command: what each head of a trained model does over a corpus's validation text, by
// the roles of docs/tiny-model.md ("Head roles"), and what it is worth (the validation
// loss with it switched off); with --knockout also the in-context learning score's change and
// the next layer's induction ratios with it off.

#include "commandline.h"
#include "commands.h"
#include "corpusfile.h"
#include "numberformat.h"
#include "output.h"
#include "tiny/headsreport.h"
#include "tiny/trainer.h"
#include "tinymodel.h"

#include <QThread>
#include <cmath>
#include <cstdio>
#include <unistd.h>

namespace attention::cli {

namespace {

/// The roles of the table and of JSON's `ratios`: the spec's, then the project's.
QByteArray ratioJson(const tiny::RoleMeasure &measure)
{
    return measure.rows > 0 ? NumberFormat::json(measure.ratio()) : QByteArray("null");
}

/// A head's "knockout" field.
QByteArray knockoutJson(const tiny::HeadKnockout &knockout)
{
    const double change = knockout.iclScoreChange;
    return jsonInline(
        {{QStringLiteral("val_loss_increase"), NumberFormat::json(knockout.valLossIncrease)},
         {QStringLiteral("icl_score_change"),
          std::isfinite(change) ? NumberFormat::json(change) : QByteArray("null")},
         {QStringLiteral("induction_after"), jsonNumbers(knockout.inductionAfter)}});
}

QByteArray headsJson(const tiny::HeadsReport &report, bool knockouts)
{
    QList<QByteArray> heads;
    for (std::size_t l = 0; l < report.roles.size(); ++l)
        for (std::size_t h = 0; h < report.roles[l].size(); ++h) {
            const tiny::HeadRoles &roles = report.roles[l][h];
            JsonFields ratios;
            for (const tiny::Role role : tiny::allRoles)
                ratios.emplace_back(QLatin1String(tiny::roleName(role)), ratioJson(roles[role]));
            const std::optional<tiny::Role> role = roles.named();
            const tiny::HeadKnockout &knockout = report.knockouts[l][h];
            JsonFields fields{{QStringLiteral("layer"), QByteArray::number(qulonglong(l + 1))},
                              {QStringLiteral("head"), QByteArray::number(qulonglong(h + 1))},
                              {QStringLiteral("role"),
                               role ? jsonValue(QLatin1String(tiny::roleName(*role))) : "null"},
                              {QStringLiteral("ratios"), jsonInline(ratios)},
                              {QStringLiteral("offset"), QByteArray::number(roles.fixedOffset)},
                              {QStringLiteral("ablation_val_loss_increase"),
                               NumberFormat::json(knockout.valLossIncrease)}};
            if (knockouts)
                fields.push_back({QStringLiteral("knockout"), knockoutJson(knockout)});
            heads.append(jsonInline(fields));
        }
    JsonFields fields{{QStringLiteral("val_loss"), NumberFormat::json(report.valLoss)}};
    if (knockouts) // the score the knock-outs change
        fields.push_back({QStringLiteral("icl_score"), std::isfinite(report.iclScore)
                                                           ? NumberFormat::json(report.iclScore)
                                                           : QByteArray("null")});
    fields.push_back({QStringLiteral("heads"), jsonLines(heads)});
    return jsonDocument(fields);
}

/// A role's name in the table: fixed_offset with its offset ("fixed_offset 3").
QString roleLabel(tiny::Role role, const tiny::HeadRoles &roles)
{
    const QString name = QLatin1String(tiny::roleName(role));
    return role == tiny::Role::FixedOffset && roles.fixedOffset > 0
               ? QStringLiteral("%1 %2").arg(name).arg(roles.fixedOffset)
               : name;
}

QString headsTable(const tiny::HeadsReport &report)
{
    QString text =
        Cli::tr("validation loss %1; ratio: weight on the role's key ÷ a uniform "
                "head's; a role from %2× over at least %3 rows\n")
            .arg(NumberFormat::loss(report.valLoss), NumberFormat::ratio(tiny::namedRoleMinRatio))
            .arg(tiny::namedRoleMinRows);
    TextTable table(2);
    QStringList header{Cli::tr("head"), Cli::tr("role")};
    for (const tiny::Role role : tiny::allRoles)
        header.append(QLatin1String(tiny::roleName(role)));
    header.append(Cli::tr("loss change when off"));
    table.addRow(header);
    for (std::size_t l = 0; l < report.roles.size(); ++l)
        for (std::size_t h = 0; h < report.roles[l].size(); ++h) {
            const tiny::HeadRoles &roles = report.roles[l][h];
            const std::optional<tiny::Role> role = roles.named();
            QStringList row{QStringLiteral("%1.%2").arg(l + 1).arg(h + 1),
                            role ? roleLabel(*role, roles) : QStringLiteral("–")};
            for (const tiny::Role r : tiny::allRoles)
                row.append(roles[r].rows > 0 ? NumberFormat::ratio(roles[r].ratio())
                                             : QStringLiteral("–"));
            row.append(NumberFormat::lossChange(report.knockouts[l][h].valLossIncrease));
            table.addRow(row);
        }
    return text + table.toString();
}

/// The knock-out table: for each head switched off, the loss's and the in-context learning
/// score's change and the induction ratio of each head of the next layer.
QString knockoutTable(const tiny::HeadsReport &report)
{
    QString text = QLatin1Char('\n') +
                   Cli::tr("each head switched off alone: the change of the validation loss and "
                           "of the in-context learning score (%1 with every head on), and the "
                           "induction ratio of each head of the next layer\n")
                       .arg(std::isfinite(report.iclScore) ? NumberFormat::loss(report.iclScore)
                                                           : QStringLiteral("–"));
    TextTable table(1);
    table.addRow({Cli::tr("head off"), Cli::tr("loss change"), Cli::tr("score change"),
                  Cli::tr("next layer's induction")});
    for (std::size_t l = 0; l < report.knockouts.size(); ++l)
        for (std::size_t h = 0; h < report.knockouts[l].size(); ++h) {
            const tiny::HeadKnockout &knockout = report.knockouts[l][h];
            QStringList after;
            for (std::size_t next = 0; next < knockout.inductionAfter.size(); ++next)
                after.append(QStringLiteral("%1.%2 %3×")
                                 .arg(l + 2)
                                 .arg(next + 1)
                                 .arg(NumberFormat::ratio(knockout.inductionAfter[next])));
            const double change = knockout.iclScoreChange;
            table.addRow(
                {QStringLiteral("%1.%2").arg(l + 1).arg(h + 1),
                 NumberFormat::lossChange(knockout.valLossIncrease),
                 std::isfinite(change) ? NumberFormat::lossChange(change) : QStringLiteral("–"),
                 after.isEmpty() ? QStringLiteral("–") : after.join(QStringLiteral("  "))});
        }
    return text + table.toString();
}

/// For a corpus of other characters than the model's own (whose rare ones are id 0 by design),
/// says on stderr how many distinct characters of its validation text the model's `vocabulary`
/// has no id for (each is read as id 0); nothing when it knows them all.
void noteUnknownCharacters(const QString &name, const tiny::PreparedCorpus &corpus,
                           const tiny::Vocabulary &vocabulary)
{
    if (corpus.vocabulary == vocabulary)
        return;
    std::u32string seen;
    for (const char32_t c : corpus.split.val)
        if (c != tiny::unknownCharacter && vocabulary.idOf(c) == 0 &&
            seen.find(c) == std::u32string::npos)
            seen += c;
    if (seen.empty())
        return;
    std::fprintf(stderr, "%s\n",
                 qPrintable(Cli::tr("heads: the model does not know %n of the characters of "
                                    "%1's validation text; it reads each as the unknown "
                                    "character.",
                                    nullptr, int(seen.size()))
                                .arg(name)));
}

/// A pass over the validation text per head: minutes on 全唐诗. A terminal sees how far the
/// report is; a script's output stays as the spec says.
tiny::ReportProgress terminalProgress(const tiny::ModelConfig &config, bool knockoutMatrix)
{
    if (isatty(STDERR_FILENO) == 0)
        return {};
    const auto show = [](int done, int total) {
        std::fprintf(stderr, "\r%s%s",
                     qPrintable(Cli::tr("heads: %1 of %2 passes done").arg(done).arg(total)),
                     done == total ? "\n" : "");
        return true;
    };
    // The first pass takes as long as the others.
    show(0, tiny::headsReportPasses(config, knockoutMatrix));
    return show;
}

/// The command's options and help.
void describeHeads(CommandLine &line)
{
    addModelOption(line);
    line.addOption({QStringLiteral("corpus"),
                    Cli::tr("The corpus whose validation text is read (default: the one the "
                            "model was trained on, from its file)."),
                    QStringLiteral("tang|tang300|song100|copy|repeat|FILE")});
    line.addOption(
        {QStringLiteral("knockout"),
         Cli::tr("Also switch each head off alone and report the change of the "
                 "in-context learning score and the induction ratio of each head of "
                 "the next layer (JSON: \"icl_score\" with every head on, and each head's "
                 "\"knockout\": "
                 "{\"val_loss_increase\", \"icl_score_change\", "
                 "\"induction_after\"}).")});
    line.addOption({QStringLiteral("format"), Cli::tr("Output format: table (default) or json."),
                    QStringLiteral("table|json")});
}

} // namespace

int runHeads(const QStringList &arguments, Language &)
{
    CommandLine line(
        QStringLiteral("heads"),
        Cli::tr("What each head of a trained model does over a corpus's validation text: for "
                "each role (previous_char, last_comma, line_start, previous_line, rhyme, "
                "induction, current_char, fixed_offset, first_position) the mean weight it puts "
                "on the key that role names, divided by what a head that spreads its weight "
                "evenly would put there; the role it plays (the largest ratio from %1× over at "
                "least %2 rows, else none); and how much the validation loss rises when that "
                "head alone is switched off.\n"
                "JSON: {\"val_loss\", \"heads\": [{\"layer\", \"head\", \"role\", \"ratios\": "
                "{…}, \"offset\", \"ablation_val_loss_increase\"}]}, layer and head 1-based; a "
                "ratio is null where the text has no row for its role, the role null where none "
                "is played; offset is fixed_offset's distance back.")
            .arg(NumberFormat::ratio(tiny::namedRoleMinRatio))
            .arg(tiny::namedRoleMinRows));
    describeHeads(line);
    if (!line.parse(arguments))
        return ExitSuccess;
    line.positionalArguments();
    const bool knockout = line.isSet(QStringLiteral("knockout"));
    if (!line.isSet(QStringLiteral("model")))
        line.fail(Cli::tr("--model is missing"));
    const bool json =
        line.choice(QStringLiteral("format"), {QStringLiteral("table"), QStringLiteral("json")},
                    QStringLiteral("table")) == QLatin1String("json");

    QString error;
    const std::optional<TinyModel> model =
        readTinyModel(line.value(QStringLiteral("model")), &error);
    if (!model)
        throw Failure{ExitBadInput, error};
    // A model of step 7's tasks (copy, repeat) names its task, which is made, not read.
    const QString corpusName =
        line.value(QStringLiteral("corpus"), model->file.metadata.corpusName);
    const CorpusLoadResult corpus = loadCorpus(corpusName, model->config().context);
    if (!corpus.ok())
        throw Failure{ExitBadInput, corpusErrorText(corpus.error)};
    const tiny::CorpusSplit &split = corpus.corpus.split;
    noteUnknownCharacters(corpusName, corpus.corpus, model->file.vocabulary);
    // The validation text in the model's own characters.
    const std::vector<int> valIds = model->file.vocabulary.encode(corpus.corpus.split.val);
    tiny::setThreadCount(std::max(1, QThread::idealThreadCount()));
    const std::optional<tiny::HeadsReport> report =
        tiny::headsReport(model->parameters, valIds, split.valDocumentEnds, model->file.vocabulary,
                          {0, knockout, terminalProgress(model->config(), knockout)});
    if (!report)
        throw Failure{ExitBadInput, Cli::tr("%1: the validation text is shorter than one window "
                                            "of %2 characters")
                                        .arg(corpusName)
                                        .arg(model->config().context + 1)};
    if (json)
        printBytes(headsJson(*report, knockout));
    else
        printText(headsTable(*report) + (knockout ? knockoutTable(*report) : QString()));
    return ExitSuccess;
}

} // namespace attention::cli
