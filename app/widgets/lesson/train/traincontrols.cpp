#include "traincontrols.h"

#include "dialogfolder.h"
#include "numberformat.h"
#include "numberspinbox.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QThread>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace attention {

namespace {

/// The corpus list's items hold the corpus (a corpora:: name or a path); this one asks for a file.
const QString chooseFileItem = QStringLiteral("?file");
/// The corpora listed before a chosen file and "Text file…" (addCorpusItems).
constexpr int listedCorpora = 5;

IntegerSpinBox *spinBox(int minimum, int maximum)
{
    auto *box = new IntegerSpinBox;
    box->setRange(minimum, maximum);
    box->setAccelerated(true);
    // A number counts when typed out (Enter, or the focus leaves): not 2 and 25 on the way to
    // 256, and a refused number leaves the value from before it.
    box->setKeyboardTracking(false);
    return box;
}

} // namespace

TrainControls::TrainControls(QWidget *parent)
    : QWidget(parent)
    , m_corpus(new QComboBox)
    , m_context(spinBox(1, 256))
    , m_dModel(spinBox(1, 512))
    , m_heads(spinBox(1, 16))
    , m_layers(spinBox(1, 4))
    , m_mlp(new QCheckBox)
    , m_steps(spinBox(1, 100'000))
    , m_learningRate(new NumberSpinBox)
    , m_seed(spinBox(0, 1'000'000))
    , m_threads(spinBox(1, std::max(1, QThread::idealThreadCount())))
    , m_form(new QFormLayout)
    , m_train(new QPushButton)
    , m_step(new QPushButton)
    , m_reset(new QPushButton)
    , m_progress(new QProgressBar)
    , m_status(new QLabel)
    , m_pending(new QLabel)
    , m_estimate(new QLabel)
    , m_refusal(new QLabel)
{
    addCorpusItems();
    m_learningRate->setDecimals(4);
    m_learningRate->setRange(0.0001, 1.0); // attention-cli train's range
    m_learningRate->setKeyboardTracking(false);
    m_learningRate->setSingleStep(0.0005);
    m_steps->setSingleStep(100);
    m_dModel->setSingleStep(8);
    m_status->setWordWrap(true);
    m_pending->setWordWrap(true);
    m_pending->setVisible(false);
    m_estimate->setWordWrap(true);
    m_refusal->setWordWrap(true);
    m_refusal->setVisible(false);
    m_progress->setTextVisible(true);

    // As wide as its longest item (a chosen file's name is shortened to the corpora's width).
    m_corpus->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_corpus->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Fixed);
    m_form->setRowWrapPolicy(QFormLayout::WrapLongRows); // a narrow column puts fields below
    m_form->addRow(new QLabel, m_corpus);
    m_form->addRow(new QLabel, m_context);
    m_form->addRow(new QLabel, m_dModel);
    m_form->addRow(new QLabel, m_heads);
    m_form->addRow(new QLabel, m_layers);
    m_form->addRow(new QLabel, m_mlp);
    m_form->addRow(new QLabel, m_steps);
    m_form->addRow(new QLabel, m_learningRate);
    m_form->addRow(new QLabel, m_seed);
    m_form->addRow(new QLabel, m_threads);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_train);
    buttons->addWidget(m_step);
    buttons->addWidget(m_reset);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(m_form);
    layout->addLayout(buttons);
    layout->addWidget(m_estimate);
    layout->addWidget(m_refusal);
    layout->addWidget(m_pending);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addStretch(1);

    setSetup(TrainingSetup{});
    m_threads->setValue(std::max(1, QThread::idealThreadCount()));
    connectFields();
    retranslateUi();
}

void TrainControls::connectFields()
{
    // A number a field cannot hold is refused with its reason, never silently clamped.
    const auto refused = [this](const QString &, const QString &reason) { showRefusal(reason); };
    const auto taken = [this] { showRefusal({}); };
    for (IntegerSpinBox *box :
         {m_context, m_dModel, m_heads, m_layers, m_steps, m_seed, m_threads}) {
        connect(box, &QSpinBox::valueChanged, this, &TrainControls::setupEdited);
        connect(box, &IntegerSpinBox::refused, this, refused);
        connect(box, &IntegerSpinBox::taken, this, taken);
    }
    connect(m_learningRate, &QDoubleSpinBox::valueChanged, this, &TrainControls::setupEdited);
    connect(m_learningRate, &NumberSpinBox::refused, this, refused);
    connect(m_learningRate, &NumberSpinBox::taken, this, taken);
    connect(m_mlp, &QCheckBox::toggled, this, &TrainControls::setupEdited);
    connect(m_corpus, &QComboBox::activated, this, [this](int index) {
        const QString corpus = m_corpus->itemData(index).toString();
        if (corpus == chooseFileItem)
            return chooseCorpusFile();
        // A corpus of the list brings its own run (全唐诗 a longer context, fewer steps…).
        const TrainingSetup defaults = defaultSetup(corpus);
        TrainingSetup shown = setup();
        shown.config.context = defaults.config.context;
        shown.config.layers = defaults.config.layers;
        shown.config.mlp = defaults.config.mlp;
        shown.settings.steps = defaults.settings.steps;
        shown.settings.learningRate = defaults.settings.learningRate;
        setSetup(shown);
        Q_EMIT setupEdited();
    });
    connect(m_train, &QPushButton::clicked, this,
            [this] { Q_EMIT(m_running ? pauseClicked() : trainClicked()); });
    connect(m_step, &QPushButton::clicked, this, &TrainControls::stepClicked);
    connect(m_reset, &QPushButton::clicked, this, &TrainControls::resetClicked);
}

void TrainControls::showModelShape(const tiny::ModelConfig &config, const QString &corpusName)
{
    TrainingSetup shown = setup();
    shown.config = config;
    for (const char *builtIn : {corpora::tang, corpora::tang300, corpora::song100,
                                corpora::copyTask, corpora::repeatTask})
        if (corpusName == QLatin1String(builtIn))
            shown.corpus = corpusName;
    setSetup(shown);
    setPendingChange(false);
}

void TrainControls::chooseCorpusFile()
{
    const QString name =
        QFileDialog::getOpenFileName(this, tr("Open a text to train on"), dialogfolder::start(),
                                     tr("Text files (*.txt);;All files (*)"));
    if (!name.isEmpty())
        dialogfolder::use(name);
    TrainingSetup shown = setup();
    // Checked when chosen, not at the next Reset: a file that cannot be trained on is named with
    // what is wrong, and the corpus shown before stays selected (as when cancelled).
    const CorpusLoadResult check =
        name.isEmpty() ? CorpusLoadResult{} : loadCorpus(name, shown.config.context);
    if (!name.isEmpty() && check.ok())
        shown.corpus = name;
    setSetup(shown);
    showRefusal(corpusErrorText(check.error));
    if (shown.corpus == name)
        Q_EMIT setupEdited();
}

void TrainControls::showRefusal(const QString &reason)
{
    m_refusal->setText(reason);
    m_refusal->setVisible(!reason.isEmpty());
}

void TrainControls::addCorpusItems()
{
    m_corpus->addItem(QString(), QString::fromLatin1(corpora::tang));
    m_corpus->addItem(QString(), QString::fromLatin1(corpora::tang300));
    m_corpus->addItem(QString(), QString::fromLatin1(corpora::song100));
    m_corpus->addItem(QString(), QString::fromLatin1(corpora::copyTask));
    m_corpus->addItem(QString(), QString::fromLatin1(corpora::repeatTask));
    m_corpus->addItem(QString(), chooseFileItem);
}

void TrainControls::setCorpus(const QString &corpus)
{
    int index = m_corpus->findData(corpus);
    if (index < 0) {
        // A text file: one item for it, before "Text file…".
        m_corpusFile = corpus;
        const int fileItem = m_corpus->findData(chooseFileItem);
        if (fileItem > listedCorpora) // a file chosen before: this one takes its place
            m_corpus->removeItem(fileItem - 1);
        index = m_corpus->findData(chooseFileItem);
        int widest = 0;
        for (int i = 0; i < index; ++i)
            widest =
                std::max(widest, m_corpus->fontMetrics().horizontalAdvance(m_corpus->itemText(i)));
        m_corpus->insertItem(index,
                             m_corpus->fontMetrics().elidedText(QFileInfo(corpus).fileName(),
                                                                Qt::ElideMiddle, widest),
                             corpus);
        m_corpus->setItemData(index, corpus, Qt::ToolTipRole);
    }
    m_corpus->setCurrentIndex(index);
}

TrainingSetup TrainControls::setup() const
{
    QString corpus = m_corpus->currentData().toString();
    if (corpus == chooseFileItem)
        corpus = m_corpusFile.isEmpty() ? QString::fromLatin1(corpora::tang300) : m_corpusFile;
    // What the form does not show (the batch, the warm-up) is the corpus's default.
    TrainingSetup setup = defaultSetup(corpus);
    setup.config.context = m_context->value();
    setup.config.dModel = m_dModel->value();
    setup.config.heads = m_heads->value();
    setup.config.layers = m_layers->value();
    setup.config.mlp = m_mlp->isChecked();
    setup.settings.steps = m_steps->value();
    setup.settings.warmup = std::min(setup.settings.warmup, setup.settings.steps / 4);
    setup.settings.learningRate = m_learningRate->value();
    setup.settings.seed = quint64(m_seed->value());
    setup.settings.threads = m_threads->value();
    setup.evalEvery = validationInterval(corpus, setup.settings.steps);
    return setup;
}

void TrainControls::setSetup(const TrainingSetup &setup)
{
    const QSignalBlocker a(m_corpus), b(m_context), c(m_dModel), d(m_heads), e(m_layers), f(m_mlp),
        g(m_steps), h(m_learningRate), i(m_seed), j(m_threads);
    setCorpus(setup.corpus);
    m_context->setValue(setup.config.context);
    m_dModel->setValue(setup.config.dModel);
    m_heads->setValue(setup.config.heads);
    m_layers->setValue(setup.config.layers);
    m_mlp->setChecked(setup.config.mlp);
    m_steps->setValue(setup.settings.steps);
    m_learningRate->setValue(setup.settings.learningRate);
    m_seed->setValue(int(std::min<quint64>(setup.settings.seed, 1'000'000)));
    m_threads->setValue(std::clamp(setup.settings.threads, 1, m_threads->maximum()));
}

void TrainControls::setPendingChange(bool pending)
{
    m_pending->setVisible(pending);
}

void TrainControls::showEstimate(const RunEstimate &estimate, bool running)
{
    const TrainingSetup shown = setup();
    const QString note = shown.corpus == QLatin1String(corpora::repeatTask)
                             ? repeatContextNote(shown.config.context)
                             : QString();
    m_estimate->setVisible(!running && (estimate.bytes > 0 || !note.isEmpty()));
    m_estimate->setText(note.isEmpty() ? estimateText(estimate)
                                       : estimateText(estimate) + QLatin1Char(' ') + note);
}

QString TrainControls::estimateText(const RunEstimate &estimate) const
{
    const QString memory = NumberFormat::memory(estimate.bytes);
    const QString time = NumberFormat::duration(estimate.seconds);
    if (estimate.seconds <= 0.0)
        return tr("This run needs about %1 of memory.").arg(memory);
    if (!estimate.isHeavy())
        return tr("This run needs about %1 of memory and %2.").arg(memory, time);
    if (estimate.physicalBytes > 0)
        return tr("A heavy run: about %1 of memory (this computer has %2) and %3. Fewer steps, a "
                  "shorter context or a smaller d_model train in minutes.")
            .arg(memory, NumberFormat::memory(estimate.physicalBytes), time);
    return tr("A heavy run: about %1 of memory and %2. Fewer steps, a shorter context or a "
              "smaller d_model train in minutes.")
        .arg(memory, time);
}

bool TrainControls::askBeforeHeavyRun(const RunEstimate &estimate)
{
    QMessageBox box(QMessageBox::Warning, tr("A heavy run"), estimateText(estimate),
                    QMessageBox::Cancel, this);
    box.setInformativeText(estimate.isLarge()
                               ? tr("The computer may slow down while it runs. Train anyway?")
                               : tr("Train anyway? Pause stops it at any time."));
    box.setObjectName(QLatin1String(heavyRunQuestionName));
    QPushButton *train = box.addButton(tr("Train"), QMessageBox::AcceptRole);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    return box.clickedButton() == train;
}

QString TrainControls::stateText(const TrainingSession &session) const
{
    using State = TrainingSession::State;
    const int total = std::max(1, session.totalSteps());
    const int done = session.stepsDone();
    const double rate = session.stepsPerSecond();
    QString status;
    switch (session.state()) {
    case State::Empty:
        status = tr("No corpus loaded.");
        break;
    case State::Ready:
        status = tr("A new model with random weights: press Train.");
        break;
    case State::Running:
        status = rate > 0.0 ? tr("Training: %1 steps/s, about %2 left.")
                                  .arg(NumberFormat::rate(rate),
                                       NumberFormat::duration((total - done) / rate))
                            : tr("Training…");
        break;
    case State::Paused:
        status = tr("Paused at step %1.").arg(done);
        break;
    case State::Finished:
        status = rate > 0.0
                     ? tr("Done: %1 steps, %2 steps/s.").arg(done).arg(NumberFormat::rate(rate))
                     : tr("Done: %1 steps.").arg(done);
        break;
    case State::Opened:
        status = session.restoredFrom()
                     ? tr("Your last session's best weights, saved %1: shown, not trained "
                          "further. Reset starts a new run with these settings.")
                           .arg(QLocale().toString(*session.restoredFrom(), QLocale::ShortFormat))
                     : tr("A model from a file. Reset starts a new run with these settings.");
        break;
    }
    return status;
}

void TrainControls::showSession(const TrainingSession &session)
{
    using State = TrainingSession::State;
    const State state = session.state();
    m_running = state == State::Running;
    m_train->setText(m_running ? tr("Pause") : tr("Train"));
    // With nothing loaded yet (or a corpus that failed), each button loads the form's setup first.
    const bool empty = state == State::Empty;
    m_train->setEnabled(m_running || session.canTrain() || empty);
    m_step->setEnabled(session.canTrain() || empty);
    m_reset->setEnabled(!m_running);
    const int total = std::max(1, session.totalSteps());
    const int done = session.stepsDone();
    m_progress->setRange(0, total);
    m_progress->setValue(std::min(done, total));
    m_progress->setFormat(state == State::Opened ? tr("opened model: %1 steps").arg(done)
                                                 : tr("step %1 of %2").arg(done).arg(total));
    QString status = stateText(session);
    if (state != State::Opened && session.totalSteps() > session.scheduleSteps())
        status = tr("%1 %2", "two sentences of the training status")
                     .arg(status, tr("Past step %1 (where its schedule ended) the run trains at "
                                     "its last learning rate, %2.")
                                      .arg(session.scheduleSteps())
                                      .arg(NumberFormat::shortest(
                                          session.setup().settings.learningRate / 10.0, locale())));
    if (session.bestStep() >= 0 && state != State::Ready)
        status = tr("%1 %2", "two sentences of the training status")
                     .arg(status, tr("Best validation loss %1 at step %2.")
                                      .arg(NumberFormat::loss(session.bestLoss()))
                                      .arg(session.bestStep()));
    if (const std::optional<TrainingError> error = session.bestFileError())
        status = tr("%1 %2", "two sentences of the training status")
                     .arg(status, trainingErrorText(*error));
    m_status->setText(status);
}

void TrainControls::retranslateUi()
{
    const auto item = [this](const char *corpus) {
        return m_corpus->findData(QString::fromLatin1(corpus));
    };
    m_corpus->setItemText(item(corpora::tang), tr("全唐诗 (all Tang poems)"));
    m_corpus->setItemText(item(corpora::tang300), tr("唐诗三百首 (Tang poems)"));
    m_corpus->setItemText(item(corpora::song100), tr("宋词一百首 (Song lyrics)"));
    m_corpus->setItemText(item(corpora::copyTask),
                          tr("Copy task (repeats %1 back)").arg(corpora::copyLag));
    m_corpus->setItemText(item(corpora::repeatTask), tr("Repeat task (induction)"));
    m_corpus->setItemText(m_corpus->findData(chooseFileItem), tr("Text file…"));
    m_corpus->setToolTip(tr("What the model learns to continue: a UTF-8 text file is cut into "
                            "paragraphs. In the copy task every character repeats the one %1 "
                            "places back, so a head should learn to look exactly %2 back. In "
                            "the repeat task random strings are written twice: two heads "
                            "together learn to find the earlier copy and read what came next "
                            "(an induction head).")
                             .arg(corpora::copyLag)
                             .arg(corpora::copyLag - 1));
    const auto label = [this](QWidget *field, const QString &text, const QString &tip) {
        if (auto *l = qobject_cast<QLabel *>(m_form->labelForField(field)))
            l->setText(text);
        field->setToolTip(tip);
    };
    label(m_corpus, tr("Corpus"), m_corpus->toolTip());
    label(m_context, tr("Context"), tr("How many characters the model sees at once (1 to 256)."));
    label(m_dModel, tr("d_model"),
          tr("The width of every vector in the model; a multiple of the number of heads."));
    label(m_heads, tr("Heads"),
          tr("Attention heads per layer; each has d_model / heads dimensions."));
    label(m_layers, tr("Layers"), tr("Transformer blocks, 1 to 4."));
    label(m_mlp, tr("MLP"), tr("Whether each block has its feed-forward network after attention."));
    m_mlp->setText(tr("after attention"));
    label(m_steps, tr("Steps"), tr("Training steps of 32 random windows each."));
    label(m_learningRate, tr("Learning rate"),
          tr("The peak step size of AdamW; too large and the loss jumps, too small and it "
             "crawls."));
    label(m_seed, tr("Seed"), tr("The same seed and settings train exactly the same model."));
    label(m_threads, tr("Threads"), tr("CPU threads that share each step."));
    m_step->setText(tr("One step"));
    m_step->setToolTip(tr("Trains exactly one step, then pauses."));
    m_reset->setText(tr("Reset"));
    m_reset->setToolTip(tr("A new model with random weights and the settings above."));
    m_pending->setText(tr("The settings changed: Reset starts a run with them."));
    if (!m_running)
        m_train->setText(tr("Train"));
    else
        m_train->setText(tr("Pause"));
}

} // namespace attention
