#pragma once
// The strip above the views on a first start: three things to try (drag a
// slider, open a preset, ask why a number is what it is) and a button that
// opens the presets. Dismissed once, it stays away (AppSettings).

#include <QFrame>

class QLabel;
class QMenu;
class QPushButton;
class QToolButton;

namespace scalescope {

class WelcomeStrip final : public QFrame {
    Q_OBJECT
public:
    // `presets`: the File → Open preset menu, offered by the strip's button.
    explicit WelcomeStrip(QMenu* presets, QWidget* parent = nullptr);

    [[nodiscard]] QString text() const; // what the strip says, for tests

Q_SIGNALS:
    void dismissed();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    QLabel* m_text = nullptr;
    QPushButton* m_presets = nullptr;
    QToolButton* m_close = nullptr;
};

} // namespace scalescope
