#pragma once
// Typed application settings, read once and passed in; saved on exit.
// Window state carries a version so an incompatible layout is ignored.

#include <QByteArray>
#include <QString>

class QSettings;

namespace scalescope {

struct AppSettings {
    static constexpr int kWindowStateVersion = 1;

    QString language;     // "en" or "zh_CN"; empty = follow the system locale
    QString currentView;  // navigator key, e.g. "planner" (the first start's view)
    QByteArray geometry;
    QByteArray windowState;
    QString lastScenario; // path of the last opened scenario file
    QString theme;        // "system", "light" or "dark" (themeKey); empty = system
    bool welcomeDismissed = false; // the first start's welcome strip was closed
    double sceneTextScale = 1;     // View → Larger/Smaller text (SceneText::kSteps)

    [[nodiscard]] static AppSettings load(QSettings& store);
    void save(QSettings& store) const;
};

} // namespace scalescope
