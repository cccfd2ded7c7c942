#include "heatmapexporter.h"

#include "atomicfile.h"
#include "heatmappainter.h"

#include <QBuffer>
#include <QPainter>
#include <QSvgGenerator>

namespace attention {

HeatmapExporter::HeatmapExporter(HeatmapPainter &painter, const HeatmapMapping &colours, QSize size)
    : m_painter(painter)
    , m_colours(colours)
    , m_size(size)
{}

QImage HeatmapExporter::image(qreal scale) const
{
    QImage image((QSizeF(m_size) * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    QPainter painter(&image);
    m_painter.paint(painter, QRectF(QPointF(0, 0), QSizeF(m_size)), m_colours, false);
    return image;
}

bool HeatmapExporter::savePng(const QString &fileName, QString *error) const
{
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    QString reason;
    if (image(2.0).save(&buffer, "PNG") && writeFileAtomically(fileName, png, &reason))
        return true;
    if (error)
        *error = tr("Could not write the image %1.").arg(fileName) + QLatin1Char(' ') + reason;
    return false;
}

bool HeatmapExporter::saveSvg(const QString &fileName, const QString &title,
                              const QString &description, QString *error) const
{
    QByteArray svg;
    QBuffer buffer(&svg);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(m_size);
    generator.setViewBox(QRect(QPoint(0, 0), m_size));
    generator.setTitle(title);
    generator.setDescription(description);
    QPainter painter;
    if (!painter.begin(&generator)) {
        if (error)
            *error = tr("Could not write the drawing %1.").arg(fileName);
        return false;
    }
    m_painter.paint(painter, QRectF(QPointF(0, 0), QSizeF(m_size)), m_colours, true);
    QString reason;
    if (!painter.end() || !writeFileAtomically(fileName, svg, &reason)) {
        if (error)
            *error =
                tr("Could not write the drawing %1.").arg(fileName) + QLatin1Char(' ') + reason;
        return false;
    }
    return true;
}

} // namespace attention
