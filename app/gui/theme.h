#pragma once
// The application's colour theme: follow the system, or force light or
// dark. Applying one sets the application palette (Fusion style for the
// forced themes, so every widget honours it); widgets then receive
// QEvent::PaletteChange, and the hardware views rebuild their scenes in
// HardwarePalette::light() or dark() to match. Exports always use the
// print palette, whatever the theme.

#include <QString>

#include <optional>

namespace scalescope {

enum class Theme { System, Light, Dark };

[[nodiscard]] QString themeKey(Theme theme);                       // "system", "light", "dark"
[[nodiscard]] std::optional<Theme> themeFromKey(const QString& key); // nullopt for anything else

// Needs a QApplication. The first call remembers the platform's own style
// and palette, which Theme::System restores.
void applyTheme(Theme theme);

} // namespace scalescope
