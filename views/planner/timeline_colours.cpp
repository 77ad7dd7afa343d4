#include "timeline_colours.h"

#include "timeline_layout.h"

#include "views/hardware/hardware_palette.h"

#include <QCoreApplication>
#include <QImage>
#include <QPainter>

namespace scalescope {

QColor errorTextColour(const QPalette& palette)
{
    const bool dark = palette.color(QPalette::Base).lightness() < 128;
    return dark ? QColor(0xFF, 0x6B, 0x6B) : QColor(0xC0, 0x10, 0x10);
}

QColor eventColour(Lane lane, EventKind kind)
{
    switch (lane) {
    case Lane::Compute:
        switch (kind) {
        case EventKind::Forward: return QColor(0x00, 0x72, 0xB2);    // blue
        case EventKind::Backward: return QColor(0x00, 0x9E, 0x73);   // bluish green
        case EventKind::WeightGrad: return QColor(0x56, 0xB4, 0xE9); // sky blue
        case EventKind::Recompute: return QColor(0xE6, 0x9F, 0x00);  // orange
        case EventKind::Optimizer: return QColor(0x99, 0x99, 0x99);  // grey
        case EventKind::Comm: break;
        }
        break;
    case Lane::Tp: return QColor(0xCC, 0x79, 0xA7); // reddish purple
    case Lane::Cp: return QColor(0x88, 0x66, 0xCC); // violet
    case Lane::Ep: return QColor(0xD5, 0x5E, 0x00); // vermillion
    case Lane::Pp: return QColor(0xC9, 0xA8, 0x00); // dark yellow
    case Lane::Dp: return QColor(0x33, 0x99, 0x99); // teal
    }
    return QColor(0x99, 0x99, 0x99);
}

QBrush opaquePattern(const QColor& paper, const QBrush& pattern)
{
    QImage tile(8, 8, QImage::Format_RGB32);
    tile.fill(paper);
    QPainter tp(&tile);
    tp.fillRect(tile.rect(), pattern);
    tp.end();
    return QBrush(tile);
}

QBrush timelineBrush(int colour, const QColor& paper)
{
    const bool exposed = colour % 2 == 1;
    const auto lane = static_cast<Lane>(colour / 2 / 8);
    const auto kind = static_cast<EventKind>(colour / 2 % 8);
    const QColor c = eventColour(lane, kind);
    if (lane != Lane::Compute && !exposed) return opaquePattern(paper, QBrush(c, Qt::Dense5Pattern)); // hidden behind compute
    if (kind == EventKind::Recompute) return opaquePattern(c, QBrush(QColor(255, 255, 255, 90), Qt::FDiagPattern)); // striped
    return QBrush(c);
}

QBrush bubbleBrush(const QColor& ink, const QColor& paper)
{
    return opaquePattern(paper, QBrush(opaqueMix(ink, paper, 0.12), Qt::BDiagPattern));
}

QString laneTitle(Lane lane)
{
    switch (lane) {
    case Lane::Compute: return QCoreApplication::translate("Timeline", "compute");
    case Lane::Tp: return QCoreApplication::translate("Timeline", "TP");
    case Lane::Cp: return QCoreApplication::translate("Timeline", "CP");
    case Lane::Ep: return QCoreApplication::translate("Timeline", "EP");
    case Lane::Pp: return QCoreApplication::translate("Timeline", "PP");
    case Lane::Dp: return QCoreApplication::translate("Timeline", "DP");
    }
    return {};
}

QString eventKindTitle(EventKind k)
{
    switch (k) {
    case EventKind::Forward: return QCoreApplication::translate("Timeline", "forward");
    case EventKind::Backward: return QCoreApplication::translate("Timeline", "backward");
    case EventKind::WeightGrad: return QCoreApplication::translate("Timeline", "weight gradient");
    case EventKind::Recompute: return QCoreApplication::translate("Timeline", "recompute");
    case EventKind::Comm: return QCoreApplication::translate("Timeline", "communication");
    case EventKind::Optimizer: return QCoreApplication::translate("Timeline", "optimizer step");
    }
    return {};
}

} // namespace scalescope
