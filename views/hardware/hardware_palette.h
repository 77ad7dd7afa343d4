#pragma once
// Colours of the hardware views: light and dark for the screen, and a print
// palette (white paper, dark ink, saturated fills) for exports.

#include <QColor>

class QWidget;

namespace scalescope {

struct HardwarePalette {
    QColor background, text, mutedText, outline;
    QColor package, die, sm, smDetail, l2, hbm, memoryFill;
    QColor nvlink, pcie, c2c, dieLink;
    QColor cpu, lpddr, spill, overflow;
    QColor computeTray, switchTray, powerShelf, management, blank, rackFrame;
    QColor lane32, laneInt, lane64, tensorCore, scheduler, registers, smem, tmem, warpIdle, warpActive;

    [[nodiscard]] static HardwarePalette light();
    [[nodiscard]] static HardwarePalette dark();
    [[nodiscard]] static HardwarePalette print();
    // light or dark, following the widget's window colour
    [[nodiscard]] static HardwarePalette forWidget(const QWidget& widget);
};

// `ink` laid over `paper` at `strength` (0..1), as an opaque colour. Scenes
// use it instead of translucency for large item counts: Qt's raster engine
// splits every translucent fill across its GUI thread pool and waits, which
// costs more than the pixels on a 2-core machine.
[[nodiscard]] QColor opaqueMix(const QColor& ink, const QColor& paper, double strength);

} // namespace scalescope
