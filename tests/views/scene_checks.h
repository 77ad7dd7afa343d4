#pragma once
// Checks shared by the hardware view tests: labels that overlap, items of a kind.

#include "views/hardware/hardware_scene.h"

#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>

namespace scalescope::testing {

// "text A" / "text B" for every pair of visible text items whose scene
// rectangles intersect by more than a pixel each way.
inline QStringList overlappingLabels(const QGraphicsScene& scene)
{
    struct Label {
        QString text;
        QRectF rect;
    };
    QList<Label> labels;
    for (QGraphicsItem* item : scene.items()) {
        if (!item->isVisible()) continue;
        if (auto* simple = dynamic_cast<QGraphicsSimpleTextItem*>(item))
            labels.push_back({simple->text(), item->sceneBoundingRect()});
        else if (auto* rich = dynamic_cast<QGraphicsTextItem*>(item))
            labels.push_back({rich->toPlainText(), item->sceneBoundingRect()});
    }
    QStringList out;
    for (int i = 0; i < labels.size(); ++i)
        for (int j = i + 1; j < labels.size(); ++j) {
            const QRectF overlap = labels[i].rect.intersected(labels[j].rect);
            if (overlap.width() > 1 && overlap.height() > 1)
                out << QStringLiteral("\"%1\" / \"%2\"").arg(labels[i].text, labels[j].text);
        }
    return out;
}

inline int labelCount(const QGraphicsScene& scene)
{
    int n = 0;
    for (QGraphicsItem* item : scene.items())
        if (dynamic_cast<QGraphicsSimpleTextItem*>(item) || dynamic_cast<QGraphicsTextItem*>(item)) ++n;
    return n;
}

} // namespace scalescope::testing
