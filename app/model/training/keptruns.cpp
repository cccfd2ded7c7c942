#include "keptruns.h"

#include "trainingsession.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>
#include <cmath>

namespace attention {

namespace {

/// A kept-runs file is small (three runs of a few hundred validations); a larger one is not ours.
constexpr qint64 maxFileBytes = 16 * 1024 * 1024;

QJsonArray numbers(const std::vector<double> &values)
{
    QJsonArray array;
    for (const double value : values)
        array.append(value);
    return array;
}

/// The finite numbers of `value`; nothing when it is not an array of them.
std::optional<std::vector<double>> numbersOf(const QJsonValue &value)
{
    if (!value.isArray())
        return std::nullopt;
    std::vector<double> result;
    for (const QJsonValue &entry : value.toArray()) {
        if (!entry.isDouble() || !std::isfinite(entry.toDouble()))
            return std::nullopt;
        result.push_back(entry.toDouble());
    }
    return result;
}

QJsonObject validationJson(const ValidationPoint &v)
{
    QJsonArray induction;
    for (const std::vector<double> &layer : v.induction)
        induction.append(numbers(layer));
    return {{QStringLiteral("step"), v.step},
            {QStringLiteral("loss"), v.loss},
            {QStringLiteral("position_losses"), numbers(v.positionLosses)},
            {QStringLiteral("induction"), induction}};
}

/// A validation of the file; nothing, with `error` naming the field, when it is not one.
std::optional<ValidationPoint> validationOf(const QJsonValue &value, QString *error)
{
    const QJsonObject object = value.toObject();
    ValidationPoint v;
    v.step = object.value(QStringLiteral("step")).toInt(-1);
    v.loss = object.value(QStringLiteral("loss")).toDouble(NAN);
    const auto positions = numbersOf(object.value(QStringLiteral("position_losses")));
    if (!value.isObject() || v.step < 0 || !std::isfinite(v.loss) || !positions) {
        *error = QCoreApplication::translate(
            "KeptRuns", "needs a step, a loss and a list of losses by position");
        return std::nullopt;
    }
    v.positionLosses = *positions;
    for (const QJsonValue &layer : object.value(QStringLiteral("induction")).toArray()) {
        const auto ratios = numbersOf(layer);
        if (!ratios) {
            *error =
                QCoreApplication::translate("KeptRuns", "its induction ratios are not numbers");
            return std::nullopt;
        }
        v.induction.push_back(*ratios);
    }
    return v;
}

/// A run of the file; nothing, with `error`, when it is not one.
std::optional<KeptRun> runOf(const QJsonValue &value, QString *error)
{
    const QJsonObject object = value.toObject();
    if (!value.isObject() || !object.value(QStringLiteral("setup")).isObject()) {
        *error = QCoreApplication::translate("KeptRuns", "has no setup");
        return std::nullopt;
    }
    KeptRun run;
    run.setup = setupFromJson(object.value(QStringLiteral("setup")).toObject(), TrainingSetup{});
    run.stepsDone = object.value(QStringLiteral("steps_done")).toInt(0);
    for (const QJsonValue &point : object.value(QStringLiteral("train_loss")).toArray()) {
        const auto pair = numbersOf(point);
        if (!pair || pair->size() != 2) {
            *error = QCoreApplication::translate(
                "KeptRuns", "its training loss is not a list of [step, loss] pairs");
            return std::nullopt;
        }
        run.trainLoss.emplace_back((*pair)[0], (*pair)[1]);
    }
    const QJsonArray validations = object.value(QStringLiteral("validations")).toArray();
    for (int i = 0; i < validations.size(); ++i) {
        QString why;
        std::optional<ValidationPoint> v = validationOf(validations[i], &why);
        if (!v) {
            *error =
                QCoreApplication::translate("KeptRuns", "validation %1 %2").arg(i + 1).arg(why);
            return std::nullopt;
        }
        run.validations.push_back(std::move(*v));
    }
    if (run.validations.empty()) {
        *error = QCoreApplication::translate("KeptRuns", "has no validation");
        return std::nullopt;
    }
    return run;
}

} // namespace

double KeptRun::finalScore() const
{
    return validations.empty() ? NAN
                               : tiny::inContextLearningScore(validations.back().positionLosses);
}

double KeptRun::finalInduction() const
{
    double strongest = -1.0;
    if (!validations.empty())
        for (const std::vector<double> &layer : validations.back().induction)
            for (const double ratio : layer)
                strongest = std::max(strongest, ratio);
    return strongest;
}

std::optional<KeptRun> keptRunOf(const TrainingSession &session)
{
    if (session.validations().empty())
        return std::nullopt;
    KeptRun run;
    run.setup = session.setup();
    run.stepsDone = session.stepsDone();
    run.validations = session.validations();
    // The training loss as means of blocks of steps, at most curvePoints of them.
    const std::vector<double> &losses = session.trainLosses();
    const std::size_t block = std::max<std::size_t>(1, (losses.size() + KeptRuns::curvePoints - 1) /
                                                           KeptRuns::curvePoints);
    for (std::size_t first = 0; first + block <= losses.size(); first += block) {
        double sum = 0.0;
        for (std::size_t i = first; i < first + block; ++i)
            sum += losses[i];
        run.trainLoss.emplace_back(double(first + block), sum / double(block));
    }
    return run;
}

std::optional<KeptRun> KeptRuns::keep(KeptRun run)
{
    m_runs.push_back(std::move(run));
    if (int(m_runs.size()) <= maxKept)
        return std::nullopt;
    KeptRun oldest = std::move(m_runs.front());
    m_runs.erase(m_runs.begin());
    return oldest;
}

QByteArray KeptRuns::toJson() const
{
    QJsonArray runs;
    for (const KeptRun &run : m_runs) {
        QJsonArray train;
        for (const QPointF &point : run.trainLoss)
            train.append(QJsonArray{point.x(), point.y()});
        QJsonArray validations;
        for (const ValidationPoint &v : run.validations)
            validations.append(validationJson(v));
        runs.append(QJsonObject{{QStringLiteral("setup"), setupToJson(run.setup)},
                                {QStringLiteral("steps_done"), run.stepsDone},
                                {QStringLiteral("train_loss"), train},
                                {QStringLiteral("validations"), validations}});
    }
    return QJsonDocument(QJsonObject{{QStringLiteral("kept_runs"), runs}})
        .toJson(QJsonDocument::Compact);
}

std::optional<KeptRuns> KeptRuns::fromJson(const QByteArray &json, QString *error)
{
    QJsonParseError parse;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parse);
    if (parse.error != QJsonParseError::NoError) {
        *error = QCoreApplication::translate("KeptRuns", "not JSON (%1 at byte %2)")
                     .arg(parse.errorString())
                     .arg(parse.offset);
        return std::nullopt;
    }
    const QJsonValue list = document.object().value(QStringLiteral("kept_runs"));
    if (!list.isArray() || list.toArray().size() > maxKept) {
        *error =
            QCoreApplication::translate("KeptRuns", "no list of at most %1 kept runs").arg(maxKept);
        return std::nullopt;
    }
    KeptRuns kept;
    const QJsonArray runs = list.toArray();
    for (int i = 0; i < runs.size(); ++i) {
        QString why;
        std::optional<KeptRun> run = runOf(runs[i], &why);
        if (!run) {
            *error = QCoreApplication::translate("KeptRuns", "run %1 %2").arg(i + 1).arg(why);
            return std::nullopt;
        }
        kept.m_runs.push_back(std::move(*run));
    }
    return kept;
}

bool KeptRuns::save(const QString &fileName, QString *error) const
{
    if (m_runs.empty()) {
        if (QFile::exists(fileName) && !QFile::remove(fileName)) {
            *error = QCoreApplication::translate("KeptRuns", "%1 cannot be removed")
                         .arg(QDir::toNativeSeparators(fileName));
            return false;
        }
        return true;
    }
    QDir().mkpath(QFileInfo(fileName).absolutePath());
    QSaveFile file(fileName);
    if (!file.open(QIODevice::WriteOnly) || file.write(toJson()) < 0 || !file.commit()) {
        *error = QCoreApplication::translate("KeptRuns", "%1: %2")
                     .arg(QDir::toNativeSeparators(fileName), file.errorString());
        return false;
    }
    return true;
}

std::optional<KeptRuns> KeptRuns::load(const QString &fileName, QString *error)
{
    QFile file(fileName);
    if (!file.exists())
        return KeptRuns{};
    if (file.size() > maxFileBytes) {
        *error = QCoreApplication::translate("KeptRuns", "%1: larger than %2 MiB, not kept runs")
                     .arg(QDir::toNativeSeparators(fileName))
                     .arg(maxFileBytes / (1024 * 1024));
        return std::nullopt;
    }
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QCoreApplication::translate("KeptRuns", "%1: %2")
                     .arg(QDir::toNativeSeparators(fileName), file.errorString());
        return std::nullopt;
    }
    QString why;
    std::optional<KeptRuns> kept = fromJson(file.readAll(), &why);
    if (!kept)
        *error = QCoreApplication::translate("KeptRuns", "%1: %2")
                     .arg(QDir::toNativeSeparators(fileName), why);
    return kept;
}

QString KeptRuns::defaultFileName()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("kept-runs.json"));
}

} // namespace attention
