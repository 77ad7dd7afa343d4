#include "app_settings.h"

#include <QSettings>

namespace scalescope {

AppSettings AppSettings::load(QSettings& store)
{
    AppSettings s;
    s.language = store.value(QStringLiteral("ui/language")).toString();
    s.currentView = store.value(QStringLiteral("ui/currentView"), QStringLiteral("planner")).toString();
    s.geometry = store.value(QStringLiteral("window/geometry")).toByteArray();
    if (store.value(QStringLiteral("window/stateVersion")).toInt() == kWindowStateVersion)
        s.windowState = store.value(QStringLiteral("window/state")).toByteArray();
    s.lastScenario = store.value(QStringLiteral("scenario/last")).toString();
    s.theme = store.value(QStringLiteral("ui/theme")).toString();
    s.welcomeDismissed = store.value(QStringLiteral("ui/welcomeDismissed"), false).toBool();
    s.sceneTextScale = store.value(QStringLiteral("ui/sceneTextScale"), 1.0).toDouble();
    return s;
}

void AppSettings::save(QSettings& store) const
{
    store.setValue(QStringLiteral("ui/language"), language);
    store.setValue(QStringLiteral("ui/currentView"), currentView);
    store.setValue(QStringLiteral("window/geometry"), geometry);
    store.setValue(QStringLiteral("window/state"), windowState);
    store.setValue(QStringLiteral("window/stateVersion"), kWindowStateVersion);
    store.setValue(QStringLiteral("scenario/last"), lastScenario);
    store.setValue(QStringLiteral("ui/theme"), theme);
    store.setValue(QStringLiteral("ui/welcomeDismissed"), welcomeDismissed);
    store.setValue(QStringLiteral("ui/sceneTextScale"), sceneTextScale);
}

} // namespace scalescope
