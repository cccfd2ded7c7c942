#include "querykeypage.h"

#include "controlspanel.h"
#include "numberformat.h"
#include "presets.h"
#include "scenariodocument.h"
#include "scenariofile.h"
#include "vectorplane.h"
#include "weightschart.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QUndoStack>
#include <QVBoxLayout>

namespace attention {

QueryKeyPage::QueryKeyPage(QWidget *parent)
    : LessonPage(parent)
    , m_document(new ScenarioDocument(this))
    , m_controls(new ControlsPanel(this))
    , m_plane(new VectorPlane(m_document, this))
    , m_chart(new WeightsChart(this))
    , m_readout(new QLabel(this))
{
    m_controls->setSectionVisible(ControlsPanel::Section::Switches, false);
    m_controls->setSectionVisible(ControlsPanel::Section::Dimension, false);
    m_readout->setTextFormat(Qt::RichText);
    m_readout->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_readout->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_readout->setWordWrap(true);
    QFont readoutFont = m_readout->font();
    readoutFont.setPointSizeF(readoutFont.pointSizeF() * 1.15);
    m_readout->setFont(readoutFont);

    auto *right = new QVBoxLayout;
    right->addWidget(m_chart, 3);
    right->addWidget(m_readout, 2);

    auto *views = new QHBoxLayout;
    views->addWidget(m_plane, 5);
    views->addLayout(right, 4);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_controls);
    layout->addLayout(views, 1);

    connect(m_document, &ScenarioDocument::changed, this, &QueryKeyPage::documentChanged);
    connectControls(m_controls, m_document); // the switches are hidden: the scale only
    connect(m_plane, &VectorPlane::tokenSelected, this, &QueryKeyPage::setSelectedToken);

    reset();
    retranslateUi();
}

QueryKeyPage::~QueryKeyPage() = default;

QJsonObject QueryKeyPage::saveState() const
{
    return {{QStringLiteral("scenario"), QString::fromUtf8(scenarioToJson(m_document->scenario()))},
            {QStringLiteral("query"), m_selected}};
}

void QueryKeyPage::restoreState(const QJsonObject &state)
{
    reset();
    const ScenarioReadResult read =
        parseScenario(state.value(QStringLiteral("scenario")).toString().toUtf8());
    if (read.ok())
        m_document->reset(read.scenario); // names the learner kept keep their language
    setSelectedToken(state.value(QStringLiteral("query")).toInt(m_selected));
}

void QueryKeyPage::reset()
{
    m_selected = 4;
    if (const auto lesson = preset(QStringLiteral("lesson"))) {
        m_document->reset(*lesson);
        m_presetNames = lesson->dimensionNames;
    }
}

void QueryKeyPage::startOver()
{
    if (const auto lesson = preset(QStringLiteral("lesson"))) {
        m_presetNames = lesson->dimensionNames;
        m_document->replace(*lesson, tr("Start the step over"));
    }
    setSelectedToken(4);
}

void QueryKeyPage::startExercise(int index)
{
    Q_UNUSED(index) // the step has one
    const Index guang = m_document->scenario().tokenCount() - 1;
    RowVector query(2);
    query << 0.0, 1.0;
    if (m_document->scenario().dimension() == 2)
        m_document->setVector(VectorKind::Query, guang, query);
    setSelectedToken(int(guang));
}

QUndoStack *QueryKeyPage::undoStack() const
{
    return m_document->undoStack();
}

void QueryKeyPage::setSelectedToken(int token)
{
    if (token < 0 || token >= m_document->scenario().tokenCount())
        return;
    m_selected = token;
    m_plane->setSelectedToken(token);
    m_chart->setSelectedToken(token);
    updateReadout();
}

void QueryKeyPage::retranslateUi()
{
    // The preset's dimension names ("sky", "position") follow the language while the learner
    // has not renamed them. Renaming resets the page's document, so its undo history goes.
    const auto lesson = preset(QStringLiteral("lesson"));
    if (lesson && m_document->scenario().dimensionNames == m_presetNames &&
        lesson->dimensionNames != m_presetNames) {
        Scenario renamed = m_document->scenario();
        renamed.dimensionNames = lesson->dimensionNames;
        m_document->reset(renamed);
        m_presetNames = lesson->dimensionNames;
    }
    updateReadout();
}

void QueryKeyPage::documentChanged()
{
    const Scenario &scenario = m_document->scenario();
    m_controls->setScenario(scenario);
    m_chart->setScenario(scenario, m_document->sharedResult());
    m_selected = std::min(m_selected, int(scenario.tokenCount()) - 1);
    setSelectedToken(m_selected);
}

void QueryKeyPage::updateReadout()
{
    const Scenario &scenario = m_document->scenario();
    const ScenarioResult &result = m_document->result();
    // A result still on its way has the last scenario's shape: the readout waits for it.
    if (m_selected < 0 || m_selected >= scenario.tokenCount() ||
        result.weights.rows() != scenario.tokenCount())
        return;
    const RowVector query = scenario.queries.row(m_selected);
    const ScaledTable scores = result.scores();
    QString rows;
    for (Index j = 0; j < scenario.tokenCount(); ++j) {
        const double dot = query.dot(scenario.keys.row(j));
        const bool best =
            result.weights.row(m_selected).maxCoeff() == result.weights(m_selected, j);
        rows +=
            QStringLiteral("<tr><td>%1</td><td align=right>%2</td><td align=right>%3</td>"
                           "<td align=right>%4</td></tr>")
                .arg(best ? QStringLiteral("<b>%1</b>").arg(scenario.tokens.at(j).toHtmlEscaped())
                          : scenario.tokens.at(j).toHtmlEscaped(),
                     NumberFormat::value(dot), NumberFormat::value(scores(m_selected, j)),
                     best ? QStringLiteral("<b>%1</b>")
                                .arg(NumberFormat::weight(result.weights(m_selected, j)))
                          : NumberFormat::weight(result.weights(m_selected, j)));
    }
    const QString header =
        QStringLiteral("<tr><th align=left>%1</th><th align=right>%2</th><th align=right>%3</th>"
                       "<th align=right>%4</th></tr>")
            .arg(tr("key"), tr("q · k"),
                 tr("× %1 = score").arg(NumberFormat::value(scenario.scoreScale)), tr("weight"));
    m_readout->setText(
        QStringLiteral("<p>%1</p><table cellspacing=0 cellpadding=4>%2%3</table>")
            .arg(tr("Query of %1 = [%2]: its dot product with each key, the scaled score, and "
                    "the softmax weight.")
                     .arg(scenario.tokens.at(m_selected).toHtmlEscaped(),
                          [&] {
                              QStringList parts;
                              for (Index i = 0; i < query.size(); ++i)
                                  parts.append(NumberFormat::value(query(i)));
                              return parts.join(QStringLiteral(", "));
                          }()),
                 header, rows));
}

} // namespace attention
