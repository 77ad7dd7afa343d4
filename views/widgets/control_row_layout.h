#pragma once
// The row of controls above a hardware view: items left to right, wrapping
// onto further lines when the view is narrower than the row, so that a view
// with many pickers never makes the window wider than the screen. A label
// stays on the line of the box it names (its buddy); spacing at the start of
// a line is dropped; a wrapping label takes the rest of its line.

#include <QLayout>
#include <QList>

namespace scalescope {

class ControlRowLayout final : public QLayout {
public:
    explicit ControlRowLayout(QWidget* parent = nullptr);
    ~ControlRowLayout() override;

    // Blank space of `pixels` before the next item (not at a line start).
    void addSpacing(int pixels);

    void addItem(QLayoutItem* item) override;
    [[nodiscard]] int count() const override { return static_cast<int>(m_items.size()); }
    [[nodiscard]] QLayoutItem* itemAt(int index) const override { return m_items.value(index); }
    [[nodiscard]] QLayoutItem* takeAt(int index) override;

    [[nodiscard]] Qt::Orientations expandingDirections() const override { return {}; }
    [[nodiscard]] bool hasHeightForWidth() const override { return true; }
    [[nodiscard]] int heightForWidth(int width) const override { return arrange(QRect(0, 0, width, 0), false); }
    [[nodiscard]] QSize minimumSize() const override;
    [[nodiscard]] QSize sizeHint() const override;
    void setGeometry(const QRect& rect) override;

private:
    // Places the items (when `apply`) and returns the height they take.
    int arrange(const QRect& rect, bool apply) const;
    // How many items from `first` travel together (a label and its buddy: 2).
    [[nodiscard]] int unitLength(int first) const;

    QList<QLayoutItem*> m_items;
};

} // namespace scalescope
