#pragma once
// Stands in for a view that is not built yet, and says so plainly.

#include <QWidget>

class QLabel;

namespace scalescope {

class ViewPlaceholder final : public QWidget {
    Q_OBJECT
public:
    // title and what are untranslated source strings (translated on show
    // and on language change through QCoreApplication::translate).
    ViewPlaceholder(const char* title, const char* what, QWidget* parent = nullptr);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    const char* m_titleSource;
    const char* m_whatSource;
    QLabel* m_label;
};

} // namespace scalescope
