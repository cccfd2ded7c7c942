#pragma once

/// Spin boxes that keep what the user types and refuse, with a reason, what they cannot hold.
///
/// A plain QSpinBox or QDoubleSpinBox drops every keystroke that would leave its range or its
/// number format: typing 5000 into a box that ends at 1000 leaves 500, and "1e9" leaves 19,
/// without a word. These boxes let any text be typed. On Enter, or when the focus leaves, a
/// number in range is taken (a double rounded to the box's decimals); anything else is refused:
/// refused() says why ("5000 is outside the range 0 to 1000.", "“abc” is not a number.",
/// "“1,5” holds a group separator …") and the box shows its value again; typed text that is
/// taken emits taken(), so the owner can clear a reason it showed before. The owner shows the
/// reason where the user looks.
///
/// Usage: `auto *box = new NumberSpinBox(parent); connect(box, &NumberSpinBox::refused, …);`

#include <QDoubleSpinBox>
#include <QSpinBox>

namespace attention {

class NumberSpinBox : public QDoubleSpinBox
{
    Q_OBJECT

public:
    explicit NumberSpinBox(QWidget *parent = nullptr);

    /// Takes the typed text if it is a number in range; otherwise emits refused() and shows the
    /// value again. Nothing happens when the box accepts its text as it stands. Called on Enter
    /// and on focus out; an item delegate calls it before it reads the value.
    void resolveTypedText();

Q_SIGNALS:
    /// The user typed `text` (without prefix and suffix), which is refused for `reason`.
    void refused(const QString &text, const QString &reason);
    /// The user typed a number that is taken (it may equal the value shown).
    void taken();

protected:
    QValidator::State validate(QString &text, int &position) const override;
    void keyPressEvent(QKeyEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
};

class IntegerSpinBox : public QSpinBox
{
    Q_OBJECT

public:
    explicit IntegerSpinBox(QWidget *parent = nullptr);

    /// As NumberSpinBox::resolveTypedText(); a number that is not whole is refused too.
    void resolveTypedText();

Q_SIGNALS:
    void refused(const QString &text, const QString &reason);
    void taken();

protected:
    QValidator::State validate(QString &text, int &position) const override;
    void keyPressEvent(QKeyEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
};

} // namespace attention
