#include "vectoreditor.h"

#include "numberspinbox.h"
#include "spinboxdelegate.h"
#include "vectortablemodel.h"

#include <QAction>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QScrollBar>
#include <QSpinBox>
#include <QTableView>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>

namespace attention {

namespace {

/// Above this many columns the table keeps one default width instead of measuring each header.
constexpr int measuredColumnLimit = 256;

} // namespace

VectorEditor::VectorEditor(ScenarioDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_model(new VectorTableModel(document, this))
    , m_delegate(new SpinBoxDelegate(this))
    , m_view(new QTableView(this))
    , m_addToken(new QAction(this))
    , m_removeToken(new QAction(this))
    , m_addButton(new QToolButton(this))
    , m_removeButton(new QToolButton(this))
    , m_dimensionLabel(new QLabel(this))
    , m_dimension(new IntegerSpinBox(this))
    , m_status(new QLabel(this))
{
    Q_ASSERT(document);

    setUpView();
    setUpControls();
    buildLayout();
    connectSignals();

    retranslate();
    documentChanged();
    updateSectionSizes();
}

void VectorEditor::setUpView()
{
    m_view->setModel(m_model);
    m_view->setItemDelegate(m_delegate);
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::AnyKeyPressed);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    // The arrows move between cells; Tab and Ctrl+Tab go on to the next control, so the table is
    // one stop of the window's tab chain, not a trap of T × (2d + d_v) stops.
    m_view->setTabKeyNavigation(false);
    m_view->installEventFilter(this);
    m_view->setAlternatingRowColors(false);
    m_view->horizontalHeader()->setHighlightSections(true);
}

void VectorEditor::setUpControls()
{
    m_addButton->setDefaultAction(m_addToken);
    m_removeButton->setDefaultAction(m_removeToken);
    m_addButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_removeButton->setToolButtonStyle(Qt::ToolButtonTextOnly);

    m_dimension->setRange(1, static_cast<int>(ScenarioLimits::maxDimension));
    m_dimension->setKeyboardTracking(false); // typed digits apply on Enter, not per keystroke
    m_dimension->setAccelerated(true);
    m_dimensionLabel->setBuddy(m_dimension);

    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPalette statusPalette = m_status->palette();
    statusPalette.setColor(QPalette::WindowText, QColor(176, 0, 32));
    m_status->setPalette(statusPalette);
    m_status->hide();
}

void VectorEditor::buildLayout()
{
    auto *controls = new QHBoxLayout;
    controls->addWidget(m_addButton);
    controls->addWidget(m_removeButton);
    controls->addStretch(1);
    controls->addWidget(m_dimensionLabel);
    controls->addWidget(m_dimension);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(controls);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_status);
}

void VectorEditor::connectSignals()
{
    connect(m_addToken, &QAction::triggered, this, &VectorEditor::addToken);
    connect(m_removeToken, &QAction::triggered, this, &VectorEditor::removeToken);
    connect(m_dimension, &QSpinBox::valueChanged, this, &VectorEditor::dimensionEdited);
    connect(m_model, &VectorTableModel::editRefused, this, &VectorEditor::showRefusal);
    connect(m_delegate, &SpinBoxDelegate::inputRefused, this, &VectorEditor::showRefusal);
    connect(m_dimension, &IntegerSpinBox::refused, this,
            [this](const QString &, const QString &reason) { showRefusal({}, reason); });
    // A later entry that is taken makes a refusal stale, even when it changes nothing.
    connect(m_delegate, &SpinBoxDelegate::inputTaken, this, &VectorEditor::clearStatus);
    connect(m_dimension, &IntegerSpinBox::taken, this, &VectorEditor::clearStatus);
    // A shape change resets the model, which clears the current cell: keep it where it was.
    connect(m_model, &QAbstractItemModel::modelAboutToBeReset, this, [this] {
        const QModelIndex current = m_view->currentIndex();
        m_keptCell = current.isValid() ? QPoint(current.column(), current.row()) : QPoint(-1, -1);
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        updateSectionSizes();
        if (m_keptCell.y() >= 0 && m_model->rowCount() > 0) {
            m_settingCurrent = true;
            m_view->setCurrentIndex(
                m_model->index(std::min(m_keptCell.y(), m_model->rowCount() - 1),
                               std::min(m_keptCell.x(), m_model->columnCount() - 1)));
            m_settingCurrent = false;
        }
        updateActions();
    });
    // A spin-box scrub is one undo step: it ends when its editor closes.
    connect(m_delegate, &QAbstractItemDelegate::closeEditor, m_document.data(),
            &ScenarioDocument::finishInteraction);
    connect(m_document.data(), &ScenarioDocument::changed, this, &VectorEditor::documentChanged);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                updateActions();
                if (!m_settingCurrent && current.isValid())
                    Q_EMIT tokenSelected(current.row());
            });
}

int VectorEditor::selectedToken() const
{
    const QModelIndex current = m_view->currentIndex();
    return current.isValid() ? current.row() : -1;
}

QString VectorEditor::statusText() const
{
    return m_status->text();
}

void VectorEditor::setSelectedToken(int token)
{
    if (token < 0 || token >= m_model->rowCount() || token == selectedToken())
        return;
    const int column = std::max(0, m_view->currentIndex().column());
    m_settingCurrent = true;
    m_view->setCurrentIndex(m_model->index(token, column));
    m_settingCurrent = false;
}

bool VectorEditor::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<const QKeyEvent *>(event);
        const bool tab = key->key() == Qt::Key_Tab || key->key() == Qt::Key_Backtab;
        if (tab && key->modifiers().testFlag(Qt::ControlModifier)) {
            const bool backwards =
                key->key() == Qt::Key_Backtab || key->modifiers().testFlag(Qt::ShiftModifier);
            focusNextPrevChild(!backwards);
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void VectorEditor::changeEvent(QEvent *event)
{
    switch (event->type()) {
    case QEvent::LanguageChange:
        retranslate();
        m_model->refresh();
        break;
    case QEvent::FontChange:
        updateSectionSizes();
        break;
    default:
        break;
    }
    QWidget::changeEvent(event);
}

void VectorEditor::addToken()
{
    if (!m_document)
        return;
    const Scenario &s = m_document->scenario();
    const int current = selectedToken();
    const int position = current >= 0 ? current + 1 : static_cast<int>(s.tokenCount());
    // A fresh name that no token has yet; the name cell opens for editing right after.
    int number = static_cast<int>(s.tokenCount()) + 1;
    QString name = tr("token %1").arg(number);
    while (s.tokens.contains(name))
        name = tr("token %1").arg(++number);
    if (!m_document->insertToken(position, name)) {
        showRefusal({}, m_document->lastError());
        return;
    }
    const QModelIndex nameCell = m_model->index(position, 0);
    m_view->setCurrentIndex(nameCell);
    m_view->scrollTo(nameCell);
    m_view->edit(nameCell);
}

void VectorEditor::removeToken()
{
    if (!m_document)
        return;
    const int token = selectedToken();
    if (token < 0)
        return;
    const int column = m_view->currentIndex().column();
    if (!m_document->removeToken(token)) {
        showRefusal(m_model->index(token, column), m_document->lastError());
        return;
    }
    const int rows = m_model->rowCount();
    if (rows > 0)
        m_view->setCurrentIndex(m_model->index(std::min(token, rows - 1), std::max(0, column)));
}

void VectorEditor::dimensionEdited(int d)
{
    if (!m_document || d == m_document->scenario().dimension())
        return;
    if (!m_document->setDimension(d)) {
        showRefusal({}, m_document->lastError());
        const QSignalBlocker blocker(m_dimension);
        m_dimension->setValue(static_cast<int>(m_document->scenario().dimension()));
    }
}

void VectorEditor::documentChanged()
{
    {
        const QSignalBlocker blocker(m_dimension);
        m_dimension->setValue(static_cast<int>(m_document->scenario().dimension()));
    }
    clearStatus();
    updateActions();
}

void VectorEditor::showRefusal(const QModelIndex &index, const QString &reason)
{
    m_status->setText(tr("Not changed: %1").arg(reason));
    m_status->show();
    if (index.isValid()) {
        const QRect cell = m_view->visualRect(index);
        QToolTip::showText(m_view->viewport()->mapToGlobal(cell.bottomLeft()), reason,
                           m_view->viewport(), cell);
    }
}

void VectorEditor::clearStatus()
{
    if (m_status->text().isEmpty())
        return;
    m_status->clear();
    m_status->hide();
    QToolTip::hideText(); // the refusal's tip at the cell
}

void VectorEditor::retranslate()
{
    m_addToken->setText(tr("Add token"));
    m_addToken->setToolTip(
        tr("Add a token after the current row, with zero query and key; then type its name."));
    m_removeToken->setText(tr("Remove token"));
    m_removeToken->setToolTip(tr("Remove the token of the current row (a scenario keeps at "
                                 "least one token)."));
    m_dimensionLabel->setText(tr("&d ="));
    const QString dimensionTip =
        tr("d, the width of every query and key (1 to %1). New dimensions start at 0; lowering "
           "d drops the last dimensions (undo brings them back).")
            .arg(ScenarioLimits::maxDimension);
    m_dimensionLabel->setToolTip(dimensionTip);
    m_dimension->setToolTip(dimensionTip);
    m_view->setToolTip(tr("Each row is a token: its query (what it looks for), key (what it "
                          "offers) and value (what it passes on). Double-click or type to "
                          "edit; arrow keys and the wheel change a number step by step."));
    m_status->setToolTip(tr("Why the last edit was not applied"));
}

int VectorEditor::heightForRows(int maxRows) const
{
    const int rows = std::min(m_model->rowCount(), maxRows);
    const int table = m_view->horizontalHeader()->sizeHint().height() +
                      rows * m_view->verticalHeader()->defaultSectionSize() +
                      m_view->horizontalScrollBar()->sizeHint().height() + 2 * m_view->frameWidth();
    return layout()->sizeHint().height() - m_view->sizeHint().height() + table;
}

void VectorEditor::updateSectionSizes()
{
    const QFontMetrics metrics = m_view->fontMetrics();
    const int padding = metrics.height();
    // Wide enough for a four-decimal number plus the spin box's arrows.
    const int numberWidth = metrics.horizontalAdvance(QStringLiteral("-000.0000")) + 2 * padding;
    QHeaderView *columns = m_view->horizontalHeader();
    columns->setDefaultSectionSize(numberWidth);
    m_view->verticalHeader()->setDefaultSectionSize(metrics.height() + padding * 2 / 3);

    const int count = m_model->columnCount();
    if (count <= measuredColumnLimit) {
        const QFontMetrics headerMetrics = columns->fontMetrics();
        for (int c = 1; c < count; ++c) {
            const QString title = m_model->headerData(c, Qt::Horizontal).toString();
            columns->resizeSection(
                c, std::max(numberWidth, headerMetrics.horizontalAdvance(title) + padding));
        }
    }
    int nameWidth = metrics.horizontalAdvance(tr("token %1").arg(99));
    const int rows = m_model->rowCount();
    for (int r = 0; r < std::min(rows, 512); ++r)
        nameWidth =
            std::max(nameWidth, metrics.horizontalAdvance(m_model->index(r, 0).data().toString()));
    columns->resizeSection(0, nameWidth + padding);
}

void VectorEditor::updateActions()
{
    const bool several = m_document && m_document->scenario().tokenCount() > 1;
    m_removeToken->setEnabled(several && selectedToken() >= 0);
}

} // namespace attention
