#pragma once

/// What a widget's painter really draws as text, for tst_windowfit. The widget is rendered alone
/// (without its children) into a paint device whose engine keeps each text item it is given,
/// with the painter's font, where the item lies and the clip it is drawn under, instead of
/// drawing pixels. Texts cut short are then found from what was drawn (an ellipsis the widget's
/// own texts do not have, a text running past its clip, its tab or its header section), not
/// from the widget's own report.

#include <QFont>
#include <QList>
#include <QRectF>
#include <QString>
#include <QStringList>

class QWidget;

namespace paintedtext {

/// One text item as the painter drew it.
struct Item
{
    QString text; ///< as drawn: an elided text ends in "…"
    QFont font;   ///< the painter's font (bold where bold)
    QRectF box;   ///< its advance width × its ascent + descent, in the widget's coordinates
    QRectF ink;   ///< the pixels its glyphs cover, same coordinates
    QRectF room;  ///< the clip it was drawn under, the widget's rect at most, same coordinates
};

/// The text items `widget` draws in one paint of its own (its children not included).
QList<Item> itemsOf(QWidget *widget);

/// Which widgets textsCutShort() looks at: Qt Charts' views (whose axis labels and titles are
/// known to clip, issue 25) or every other one.
enum class Scope
{
    AllButCharts,
    ChartsOnly
};

/// The visible widgets of `window` that draw a text cut short: elided (an ellipsis none of the
/// widget's own texts has), running past its clip or its widget, past its tab or header section,
/// or not drawn at all (a tab, the current item of a combo box: each item is made current in
/// turn, signals blocked). Viewports of scroll areas other than graphics views clip their
/// content by design: only ellipses count there.
QStringList textsCutShort(QWidget &window, Scope scope);

} // namespace paintedtext
