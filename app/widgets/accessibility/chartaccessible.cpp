#include "chartaccessible.h"

#include "numberformat.h"

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QXYSeries>

namespace attention {

namespace {

/// The bars' names: those a bar set carries (property "names", step 7's charts: labels may
/// thin on a number axis), else the labels of the category axis attached to `series`, if any.
QStringList categoriesOf(QAbstractBarSeries *series)
{
    for (const QBarSet *set : series->barSets())
        if (const QVariant names = set->property("names"); names.isValid())
            return names.toStringList();
    for (QAbstractAxis *axis : series->attachedAxes())
        if (auto *categories = qobject_cast<QBarCategoryAxis *>(axis))
            return categories->categories();
    return {};
}

/// The title of the axis of `series` in `orientation`, empty when it has none.
QString axisTitle(QAbstractSeries *series, Qt::Orientation orientation)
{
    for (QAbstractAxis *axis : series->attachedAxes())
        if (axis->orientation() == orientation)
            return axis->titleText();
    return {};
}

/// A number as a chart's hover text would give it: four decimals at most, no exponent.
QString number(double value, const QLocale &locale)
{
    return NumberFormat::entry(value, locale);
}

} // namespace

ChartAccessible::ChartAccessible(QChartView *view)
    : AccessibleItemsWidget(view, QAccessible::Chart, QAccessible::ListItem)
{}

QChartView *ChartAccessible::view() const
{
    return static_cast<QChartView *>(widget());
}

QString ChartAccessible::text(QAccessible::Text t) const
{
    const QString own = AccessibleItemsWidget::text(t);
    if (!own.isEmpty() || !isValid() || !view()->chart())
        return own;
    const QChart *chart = view()->chart();
    if (t == QAccessible::Name)
        return chart->title();
    if (t != QAccessible::Description)
        return own;
    QStringList axes;
    for (QAbstractAxis *axis : chart->axes())
        if (axis->isVisible() && !axis->titleText().isEmpty())
            axes.append(axis->titleText());
    return axes.isEmpty() ? QString() : tr("Axes: %1").arg(axes.join(QStringLiteral("; ")));
}

ChartAccessible::Part ChartAccessible::part(int item) const
{
    if (!isValid() || !view()->chart() || item < 0)
        return {};
    for (QAbstractSeries *series : view()->chart()->series()) {
        if (!series->isVisible())
            continue;
        if (auto *bars = qobject_cast<QAbstractBarSeries *>(series)) {
            const QList<QBarSet *> sets = bars->barSets();
            for (int s = 0; s < sets.size(); ++s) {
                if (item < sets.at(s)->count())
                    return {series, item, s};
                item -= int(sets.at(s)->count());
            }
        } else if (qobject_cast<QXYSeries *>(series)) {
            if (item == 0)
                return {series, -1, -1};
            --item;
        }
    }
    return {};
}

int ChartAccessible::itemCount() const
{
    if (!isValid() || !view()->chart())
        return 0;
    int count = 0;
    for (QAbstractSeries *series : view()->chart()->series()) {
        if (!series->isVisible())
            continue;
        if (auto *bars = qobject_cast<QAbstractBarSeries *>(series)) {
            for (const QBarSet *set : bars->barSets())
                count += int(set->count());
        } else if (qobject_cast<QXYSeries *>(series)) {
            ++count;
        }
    }
    return count;
}

QString ChartAccessible::itemText(int item, QAccessible::Text t) const
{
    const Part p = part(item);
    if (!p.series ||
        (t != QAccessible::Name && t != QAccessible::Description && t != QAccessible::Value))
        return {};
    const QLocale locale = view()->locale();
    if (auto *bars = qobject_cast<QAbstractBarSeries *>(p.series)) {
        const QBarSet *set = bars->barSets().at(p.set);
        const QString value = number(set->at(p.bar), locale);
        if (t == QAccessible::Value)
            return value;
        if (t == QAccessible::Description)
            return set->label();
        const QString category = categoriesOf(bars).value(p.bar, QString::number(p.bar + 1));
        return tr("%1: %2").arg(category, value);
    }
    auto *line = static_cast<QXYSeries *>(p.series);
    const QList<QPointF> points = line->points();
    if (t == QAccessible::Name)
        return line->name();
    if (t == QAccessible::Value)
        return points.isEmpty() ? QString() : number(points.last().y(), locale);
    // The description: the points, "x: y" each, or a summary of a long line.
    if (points.isEmpty())
        return tr("no points yet");
    const QString x = axisTitle(line, Qt::Horizontal);
    const QString y = axisTitle(line, Qt::Vertical);
    const auto pointText = [&](const QPointF &point) {
        return tr("%1: %2").arg(number(point.x(), locale), number(point.y(), locale));
    };
    QString text = x.isEmpty() || y.isEmpty() ? QString() : tr("%1 against %2; ").arg(y, x);
    if (points.size() <= listedPoints) {
        QStringList listed;
        for (const QPointF &point : points)
            listed.append(pointText(point));
        return text + listed.join(QStringLiteral(", "));
    }
    const auto lowest =
        std::min_element(points.begin(), points.end(),
                         [](const QPointF &a, const QPointF &b) { return a.y() < b.y(); });
    return text + tr("%1 points; first %2, last %3, lowest %4")
                      .arg(points.size())
                      .arg(pointText(points.first()), pointText(points.last()), pointText(*lowest));
}

} // namespace attention
