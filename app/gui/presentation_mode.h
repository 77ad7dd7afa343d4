#pragma once
// View → Presentation (F11): the window full screen with the docks, the
// navigator and the status bar hidden, scenes leaving out labels too small
// to read from the back of a room. Leaving (F11 or Esc) brings back the
// docks that were open and the window as it was. The menu bar stays: the
// teacher reaches Help → Lessons, the language and the text size without
// leaving, for one line of the screen.

#include <QObject>

#include <vector>

class QAction;
class QDockWidget;
class QMainWindow;
class QShortcut;

namespace scalescope {

class PresentationMode final : public QObject {
    Q_OBJECT
public:
    // Smallest text a scene draws while presenting (px at the screen's
    // resolution): 12 px is the smallest size of the UI's own text at 96 dpi
    // (9 pt), and on a 2 m high projected 1080-line image a 12 px capital is
    // about 15 mm, readable from about 10 m (1 mm of letter per 0.7 m).
    static constexpr double kReadablePixels = 12;

    PresentationMode(QMainWindow& window, std::vector<QDockWidget*> docks);
    ~PresentationMode() override; // gives scenes their usual floor back

    [[nodiscard]] QAction* action() const noexcept { return m_action; }
    [[nodiscard]] bool active() const noexcept { return m_active; }
    void setActive(bool on);
    void retranslate();

Q_SIGNALS:
    void activeChanged(bool on);

private:
    QMainWindow& m_window;
    std::vector<QDockWidget*> m_docks;
    std::vector<QDockWidget*> m_hidden; // docks this mode hid, shown again on leaving
    QAction* m_action = nullptr;
    QShortcut* m_escape = nullptr;
    bool m_active = false;
    bool m_wasMaximized = false;
    bool m_statusBarWasVisible = true;
};

} // namespace scalescope
