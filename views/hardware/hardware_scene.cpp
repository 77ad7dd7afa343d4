#include "hardware_scene.h"

namespace scalescope {

HardwareScene::HardwareScene(const HardwarePalette& palette, QObject* parent)
    : QGraphicsScene(parent), m_palette(palette)
{
    setBackgroundBrush(m_palette.background);
}

QList<QGraphicsItem*> HardwareScene::itemsOfKind(const QString& kind) const
{
    QList<QGraphicsItem*> out;
    for (QGraphicsItem* item : items())
        if (item->data(kItemKindKey).toString() == kind) out << item;
    return out;
}

SelectionMarkItem* HardwareScene::markSelected(const QRectF& rect, bool primary)
{
    const QPen pen(primary ? m_palette.overflow : m_palette.text, primary ? 3.0 : 2.0);
    auto* mark = new SelectionMarkItem(rect.adjusted(-1.5, -1.5, 1.5, 1.5), pen,
                                       primary ? m_palette.background : QColor(), primary);
    mark->setData(kItemKindKey, QString::fromLatin1(kSelectionKind));
    mark->setZValue(primary ? 11 : 10);
    addItem(mark);
    return mark;
}

void HardwareScene::clearSelectionMarks()
{
    for (QGraphicsItem* mark : itemsOfKind(QString::fromLatin1(kSelectionKind)))
        delete mark;
}

int HardwareScene::highlight(const QStringList& ids)
{
    const QString highlightKind = QString::fromLatin1(kHighlightKind);
    for (QGraphicsItem* mark : itemsOfKind(highlightKind))
        delete mark;
    if (ids.isEmpty()) return 0;
    const QPen pen(m_palette.overflow, 3.0);
    int marked = 0;
    for (QGraphicsItem* item : items()) {
        const QString kind = item->data(kItemKindKey).toString();
        if (kind.isEmpty() || kind == highlightKind || kind == QLatin1String(kSelectionKind)) continue;
        const QVariant index = item->data(kItemIndexKey);
        const bool match = ids.contains(kind) ||
                           (index.isValid() && ids.contains(kind + QLatin1Char(':') + QString::number(index.toInt())));
        if (!match) continue;
        auto* mark = new SelectionMarkItem(item->sceneBoundingRect().adjusted(-1.5, -1.5, 1.5, 1.5), pen, m_palette.background, false);
        mark->setData(kItemKindKey, highlightKind);
        mark->setZValue(12);
        addItem(mark);
        ++marked;
    }
    return marked;
}

QString HardwareScene::sourcedTip(const QString& what, const QString& value, const std::string& key,
                                  const SourceMap& sources, const std::string& note)
{
    const auto it = sources.find(key);
    const QString citation = it != sources.end() ? QString::fromStdString(it->second) : QString::fromStdString(key);
    if (!citation.isEmpty() && !m_sources.contains(citation)) m_sources << citation;
    QString html = QStringLiteral("<p><b>%1</b>: %2</p>").arg(what.toHtmlEscaped(), value.toHtmlEscaped());
    if (!note.empty())
        html += QStringLiteral("<p><i>%1</i></p>").arg(QString::fromStdString(note).toHtmlEscaped());
    if (!citation.isEmpty())
        html += QStringLiteral("<p><small>%1 %2</small></p>").arg(tr("Source:"), citation.toHtmlEscaped());
    return html;
}

void HardwareScene::setHeading(const QString& title, const QString& description)
{
    m_title = title;
    m_description = description;
}

void HardwareScene::addLegend(const QColor& colour, const QString& label)
{
    m_legend.push_back({colour, label});
}

BoxItem* HardwareScene::addBox(const QRectF& rect, const QColor& fill, const QString& kind, int index,
                               QGraphicsItem* parent)
{
    auto* box = new BoxItem(rect, fill, m_palette.outline, parent);
    if (!kind.isEmpty()) box->setData(kItemKindKey, kind);
    if (index >= 0) box->setData(kItemIndexKey, index);
    if (!parent) addItem(box);
    return box;
}

LabelItem* HardwareScene::addLabel(const QString& text, const QRectF& box, const LabelStyle& style,
                                   QGraphicsItem* parent)
{
    return addLabel(text, box, m_palette.text, style, parent);
}

LabelItem* HardwareScene::addLabel(const QString& text, const QRectF& box, const QColor& colour,
                                   const LabelStyle& style, QGraphicsItem* parent)
{
    LabelItem* item = makeLabel(text, box, colour, style, parent);
    if (!parent) addItem(item);
    return item;
}

QColor HardwareScene::textOn(const QColor& fill) const
{
    return fill.lightness() < 150 ? QColor(Qt::white) : QColor(0x1d, 0x23, 0x2b);
}

void HardwareScene::finish(qreal margin)
{
    setSceneRect(itemsBoundingRect().adjusted(-margin, -margin, margin, margin));
    setBackgroundBrush(m_palette.background);
}

} // namespace scalescope
