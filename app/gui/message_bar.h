#pragma once
// Problems with a file (a scenario that would not open, spec files skipped)
// shown above the current view until the user dismisses them: each message
// has its own close button, and none times out.

#include <QFrame>

class QVBoxLayout;

namespace scalescope {

class MessageBar final : public QFrame {
    Q_OBJECT
public:
    explicit MessageBar(QWidget* parent = nullptr);

    // Adds a message below those already shown; the bar shows itself.
    void addMessage(const QString& text);
    [[nodiscard]] QStringList messages() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    QVBoxLayout* m_rows = nullptr;
};

} // namespace scalescope
