#pragma once
// Headline figures in a grid of equal cells that takes as many columns as
// fit: eight figures stand in one row on a wide screen and fold into 4 × 2
// (or 3 + 3 + 2, …) on a narrow one, so that the row never sets the
// window's minimum width. Rows are filled evenly: 8 figures that do not fit
// in one row become two rows of four, not seven and one.

#include <QLayout>
#include <QList>

namespace scalescope {

class FigureGridLayout final : public QLayout {
public:
    explicit FigureGridLayout(QWidget* parent = nullptr);
    ~FigureGridLayout() override;

    // Pixels between columns; spacing() is the space between rows.
    void setColumnSpacing(int pixels);

    void addItem(QLayoutItem* item) override;
    [[nodiscard]] int count() const override { return static_cast<int>(m_items.size()); }
    [[nodiscard]] QLayoutItem* itemAt(int index) const override { return m_items.value(index); }
    [[nodiscard]] QLayoutItem* takeAt(int index) override;

    [[nodiscard]] Qt::Orientations expandingDirections() const override { return Qt::Horizontal; }
    [[nodiscard]] bool hasHeightForWidth() const override { return true; }
    [[nodiscard]] int heightForWidth(int width) const override;
    [[nodiscard]] QSize minimumSize() const override; // one column
    [[nodiscard]] QSize sizeHint() const override;    // one row
    void setGeometry(const QRect& rect) override;

    // Columns the figures take in `width` pixels (margins included).
    [[nodiscard]] int columnsFor(int width) const;

private:
    [[nodiscard]] int visibleCount() const;
    [[nodiscard]] QSize cellHint() const; // the widest and the tallest figure
    [[nodiscard]] int rowsFor(int columns) const;

    QList<QLayoutItem*> m_items;
    int m_columnGap = 0;
};

} // namespace scalescope
