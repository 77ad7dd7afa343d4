#pragma once
// View → Larger text (Ctrl+=), Smaller text (Ctrl+-) and Reset text size
// (Ctrl+0): step SceneText's factor for every scene and keep it in the
// settings, so the next run starts with it.

#include <QObject>

class QAction;
class QMenu;
class QWidget;

namespace scalescope {

struct AppSettings;

class SceneTextActions final : public QObject {
    Q_OBJECT
public:
    // Applies settings.sceneTextScale and writes every change back to it.
    SceneTextActions(QWidget& window, AppSettings& settings);

    void addTo(QMenu& menu) const;
    void retranslate();
    [[nodiscard]] QAction* larger() const noexcept { return m_larger; }
    [[nodiscard]] QAction* smaller() const noexcept { return m_smaller; }
    [[nodiscard]] QAction* reset() const noexcept { return m_reset; }

private:
    void updateEnabled();

    AppSettings& m_settings;
    QAction* m_larger = nullptr;
    QAction* m_smaller = nullptr;
    QAction* m_reset = nullptr;
};

} // namespace scalescope
