#pragma once

/// Step 7's losses on the probe line: for each position, a bar as tall as the loss of the
/// model's prediction of the next character (−ln p, in nats), that character under it, and, on a
/// line written twice, the mean loss of each copy in the caption beside them. When an induction
/// head forms, the second copy's bars fall towards zero while the first copy's stay: in-context
/// learning, visible. It shows the snapshot the history slider shows.

#include "snapshothistory.h"

#include <QStringList>
#include <QWidget>
#include <optional>
#include <vector>

class QLabel;

namespace attention {

class PositionLossView : public QWidget
{
    Q_OBJECT

public:
    explicit PositionLossView(QWidget *parent = nullptr);

    /// Shows `losses` ([t]: the prediction of characters[t + 1]) on a scale from 0 to
    /// `scaleTop` nats (at least the largest loss), with each copy's mean on a line written
    /// twice. Empty losses show nothing.
    void setLosses(const std::vector<float> &losses, const QStringList &characters,
                   std::optional<tiny::CopyLosses> copies, double scaleTop);

    const std::vector<float> &losses() const { return m_losses; }
    /// The caption: what the bars are, and each copy's mean loss on a line written twice.
    QString captionText() const;
    QLabel *caption() const { return m_caption; }
    /// The bar of position `t` in this widget's pixels (empty outside the line).
    QRectF barRect(int t) const;
    /// The strip the bars stand in, in this widget's pixels.
    QRectF plotRect() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    class Bars;
    void updateTexts();

    QLabel *m_caption;
    Bars *m_bars;
    std::vector<float> m_losses;
    QStringList m_characters;
    std::optional<tiny::CopyLosses> m_copies;
    double m_top = 1.0;
};

} // namespace attention
