#pragma once

/// The vector editor: a table of every token's query, key and value, with spin-box editing,
/// renaming (edit the name column), adding and removing tokens, and a spin box for d.
///
/// Usage: `auto *editor = new VectorEditor(document, parent);` — it reads and writes only
/// `document`. Every edit is one undo step (a spin-box scrub too). A refused edit (an empty name,
/// a number that is not finite or outside ±ScenarioLimits::maxMagnitude, a d outside 1 to
/// ScenarioLimits::maxDimension, text that is not a number) leaves the document as it was and
/// shows the reason in a status line under the table and as a tooltip at the cell. Connect
/// tokenSelected() / setSelectedToken() to keep the selected token in step with the other views.

#include "scenariodocument.h"

#include <QPoint>
#include <QPointer>
#include <QWidget>

class QAction;
class QLabel;
class QTableView;
class QToolButton;

namespace attention {

class IntegerSpinBox;
class SpinBoxDelegate;
class VectorTableModel;

class VectorEditor : public QWidget
{
    Q_OBJECT

public:
    explicit VectorEditor(ScenarioDocument *document, QWidget *parent = nullptr);

    /// The table's model (rows = tokens; columns: name, q₁…q_d, k₁…k_d, v₁…v_dv).
    VectorTableModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    /// "Add token" (inserts after the current row) and "Remove token" (the current row); they
    /// may also be put in a menu or toolbar.
    QAction *addTokenAction() const { return m_addToken; }
    QAction *removeTokenAction() const { return m_removeToken; }
    /// The row of the current cell, or −1.
    int selectedToken() const;
    /// Why the last edit was refused, as shown in the status line; empty after a good edit.
    QString statusText() const;
    /// The height in which the table shows every token's row (up to `maxRows` of them) without
    /// scrolling, with the buttons above it and the status line below.
    int heightForRows(int maxRows) const;

public Q_SLOTS:
    /// Makes `token` the current row (no signal is emitted).
    void setSelectedToken(int token);

Q_SIGNALS:
    /// The user moved the current cell to another token's row.
    void tokenSelected(int token);

protected:
    void changeEvent(QEvent *event) override;
    /// Ctrl+Tab and Ctrl+Shift+Tab leave the table too, as in Qt's text editors.
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // The constructor's parts, in the order it calls them.
    void setUpView();
    void setUpControls();
    void buildLayout();
    void connectSignals();

    void addToken();
    void removeToken();
    void dimensionEdited(int d);
    void documentChanged();
    void showRefusal(const QModelIndex &index, const QString &reason);
    void clearStatus();
    void retranslate();
    void updateSectionSizes();
    void updateActions();

    QPointer<ScenarioDocument> m_document;
    VectorTableModel *m_model = nullptr;
    SpinBoxDelegate *m_delegate = nullptr;
    QTableView *m_view = nullptr;
    QAction *m_addToken = nullptr;
    QAction *m_removeToken = nullptr;
    QToolButton *m_addButton = nullptr;
    QToolButton *m_removeButton = nullptr;
    QLabel *m_dimensionLabel = nullptr;
    IntegerSpinBox *m_dimension = nullptr;
    QLabel *m_status = nullptr;
    bool m_settingCurrent = false;
    QPoint m_keptCell{-1, -1}; ///< (column, row) of the current cell across a model reset
};

} // namespace attention
