#include "hardware_palette.h"

#include <QPalette>

#include <algorithm>
#include <cmath>
#include <QWidget>

namespace scalescope {

namespace {
// Shared by light and print: component hues stay the same so a legend reads
// the same on screen and on paper.
void componentHues(HardwarePalette& p)
{
    p.sm = QColor(0x3b, 0x82, 0x5c);
    p.smDetail = QColor(0xd8, 0xf0, 0xe0);
    p.l2 = QColor(0xc9, 0x8b, 0x1e);
    p.hbm = QColor(0x3f, 0x6f, 0xb5);
    p.memoryFill = QColor(0x8f, 0xb4, 0xea);
    p.nvlink = QColor(0x76, 0xb9, 0x00);
    p.pcie = QColor(0x8a, 0x5a, 0xb5);
    p.c2c = QColor(0x00, 0x89, 0x7b);
    p.dieLink = QColor(0x00, 0x89, 0x7b);
    p.cpu = QColor(0x2c, 0x7f, 0xb8);
    p.lpddr = QColor(0x6a, 0x51, 0xa3);
    p.spill = QColor(0xb7, 0xa4, 0xe0);
    p.overflow = QColor(0xd7, 0x30, 0x27);
    p.computeTray = QColor(0x45, 0x55, 0x64);
    p.switchTray = QColor(0x3f, 0x6b, 0x12);
    p.powerShelf = QColor(0xc9, 0x8b, 0x1e);
    p.management = QColor(0x6b, 0x6f, 0x9e);
    p.lane32 = QColor(0x3b, 0x82, 0x5c);
    p.laneInt = QColor(0x2c, 0x7f, 0xb8);
    p.lane64 = QColor(0x8a, 0x5a, 0xb5);
    p.tensorCore = QColor(0xd9, 0x5f, 0x02);
    p.scheduler = QColor(0x55, 0x5f, 0x6b);
    p.registers = QColor(0xc9, 0x8b, 0x1e);
    p.smem = QColor(0x3f, 0x6f, 0xb5);
    p.tmem = QColor(0xb0, 0x3a, 0x7a);
    p.warpActive = QColor(0x76, 0xb9, 0x00);
}
} // namespace

HardwarePalette HardwarePalette::light()
{
    HardwarePalette p;
    componentHues(p);
    p.background = QColor(0xfa, 0xfa, 0xf7);
    p.text = QColor(0x1d, 0x23, 0x2b);
    p.mutedText = QColor(0x5b, 0x64, 0x70);
    p.outline = QColor(0x3a, 0x42, 0x4d);
    p.package = QColor(0xe3, 0xe6, 0xe1);
    p.die = QColor(0xf4, 0xf1, 0xe8);
    p.blank = QColor(0xee, 0xee, 0xea);
    p.rackFrame = QColor(0x4a, 0x50, 0x58);
    p.warpIdle = QColor(0xdd, 0xdf, 0xe2);
    return p;
}

HardwarePalette HardwarePalette::dark()
{
    HardwarePalette p;
    componentHues(p);
    p.background = QColor(0x1e, 0x21, 0x26);
    p.text = QColor(0xec, 0xee, 0xf0);
    p.mutedText = QColor(0xa8, 0xb0, 0xba);
    p.outline = QColor(0xb8, 0xc0, 0xc8);
    p.package = QColor(0x2d, 0x33, 0x3a);
    p.die = QColor(0x3a, 0x40, 0x48);
    p.smDetail = QColor(0x25, 0x4d, 0x38);
    p.sm = QColor(0x4c, 0xa8, 0x76);
    p.hbm = QColor(0x4f, 0x86, 0xd6);
    p.memoryFill = QColor(0x2e, 0x4f, 0x80);
    p.spill = QColor(0x5a, 0x4a, 0x8a);
    p.blank = QColor(0x30, 0x34, 0x3a);
    p.rackFrame = QColor(0x9a, 0xa2, 0xac);
    p.warpIdle = QColor(0x3d, 0x43, 0x4b);
    p.scheduler = QColor(0x78, 0x84, 0x92);
    return p;
}

HardwarePalette HardwarePalette::print()
{
    HardwarePalette p = light();
    p.background = Qt::white;
    p.text = Qt::black;
    p.mutedText = QColor(0x40, 0x40, 0x40);
    p.outline = Qt::black;
    p.package = QColor(0xee, 0xee, 0xee);
    p.die = Qt::white;
    p.blank = QColor(0xf4, 0xf4, 0xf4);
    p.warpIdle = QColor(0xe6, 0xe6, 0xe6);
    return p;
}

QColor opaqueMix(const QColor& ink, const QColor& paper, double strength)
{
    const double a = std::clamp(strength, 0.0, 1.0);
    auto mix = [a](int i, int p) { return static_cast<int>(std::lround(i * a + p * (1 - a))); };
    return QColor(mix(ink.red(), paper.red()), mix(ink.green(), paper.green()), mix(ink.blue(), paper.blue()));
}

HardwarePalette HardwarePalette::forWidget(const QWidget& widget)
{
    return widget.palette().color(QPalette::Window).lightness() < 128 ? dark() : light();
}

} // namespace scalescope
