#include "theme.h"

#include "views/hardware/hardware_palette.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

namespace scalescope {

namespace {

struct PlatformLook {
    QString style;
    QPalette palette;
};

const PlatformLook& platformLook()
{
    static const PlatformLook look{QApplication::style()->name(), QApplication::palette()};
    return look;
}

// The widget palette of a theme, built from the hardware palette so that
// the scenes and the widgets around them are one surface.
QPalette widgetPalette(const HardwarePalette& h, bool dark)
{
    QPalette p;
    const QColor window = dark ? h.background.lighter(115) : h.background.darker(104);
    const QColor base = h.background;
    const QColor disabledText = dark ? h.mutedText.darker(140) : h.mutedText.lighter(150);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, h.text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, dark ? base.lighter(125) : window);
    p.setColor(QPalette::Text, h.text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Button, dark ? window.lighter(120) : window);
    p.setColor(QPalette::ButtonText, h.text);
    p.setColor(QPalette::ToolTipBase, dark ? base.lighter(140) : QColor(Qt::white));
    p.setColor(QPalette::ToolTipText, h.text);
    p.setColor(QPalette::PlaceholderText, h.mutedText);
    p.setColor(QPalette::Highlight, h.hbm);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, dark ? h.memoryFill.lighter(170) : h.hbm);
    p.setColor(QPalette::Light, window.lighter(130));
    p.setColor(QPalette::Midlight, window.lighter(115));
    p.setColor(QPalette::Mid, window.darker(130));
    p.setColor(QPalette::Dark, window.darker(160));
    p.setColor(QPalette::Shadow, Qt::black);
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabledText);
    return p;
}

} // namespace

QString themeKey(Theme theme)
{
    switch (theme) {
    case Theme::System: return QStringLiteral("system");
    case Theme::Light: return QStringLiteral("light");
    case Theme::Dark: return QStringLiteral("dark");
    }
    return QStringLiteral("system");
}

std::optional<Theme> themeFromKey(const QString& key)
{
    for (Theme t : {Theme::System, Theme::Light, Theme::Dark})
        if (themeKey(t) == key) return t;
    return std::nullopt;
}

void applyTheme(Theme theme)
{
    const PlatformLook& look = platformLook();
    if (theme == Theme::System) {
        if (QApplication::style()->name() != look.style) QApplication::setStyle(QStyleFactory::create(look.style));
        QApplication::setPalette(look.palette);
        return;
    }
    if (QApplication::style()->name().compare(QLatin1String("fusion"), Qt::CaseInsensitive) != 0)
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    const bool dark = theme == Theme::Dark;
    QApplication::setPalette(widgetPalette(dark ? HardwarePalette::dark() : HardwarePalette::light(), dark));
}

} // namespace scalescope
