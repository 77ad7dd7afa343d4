#include "figure_grid_layout.h"

#include <QWidget>

#include <algorithm>

namespace scalescope {

FigureGridLayout::FigureGridLayout(QWidget* parent) : QLayout(parent)
{
    setContentsMargins(0, 0, 0, 0);
}

FigureGridLayout::~FigureGridLayout()
{
    while (QLayoutItem* item = takeAt(0))
        delete item;
}

void FigureGridLayout::setColumnSpacing(int pixels)
{
    m_columnGap = std::max(pixels, 0);
    invalidate();
}

void FigureGridLayout::addItem(QLayoutItem* item)
{
    m_items.append(item);
    invalidate();
}

QLayoutItem* FigureGridLayout::takeAt(int index)
{
    if (index < 0 || index >= m_items.size()) return nullptr;
    invalidate();
    return m_items.takeAt(index);
}

int FigureGridLayout::visibleCount() const
{
    return static_cast<int>(
        std::count_if(m_items.begin(), m_items.end(), [](QLayoutItem* i) { return !i->isEmpty(); }));
}

QSize FigureGridLayout::cellHint() const
{
    QSize cell;
    for (QLayoutItem* item : m_items)
        if (!item->isEmpty()) cell = cell.expandedTo(item->sizeHint().expandedTo(item->minimumSize()));
    return cell;
}

int FigureGridLayout::rowsFor(int columns) const
{
    const int n = visibleCount();
    return columns > 0 ? (n + columns - 1) / columns : 0;
}

int FigureGridLayout::columnsFor(int width) const
{
    const int n = visibleCount();
    if (n == 0) return 0;
    const QMargins m = contentsMargins();
    const int gap = m_columnGap;
    const int cell = std::max(cellHint().width(), 1);
    const int fit = std::clamp((width - m.left() - m.right() + gap) / (cell + gap), 1, n);
    // Even rows: the fewest columns that still need no more rows than `fit` does.
    const int rows = rowsFor(fit);
    return (n + rows - 1) / rows;
}

int FigureGridLayout::heightForWidth(int width) const
{
    const int rows = rowsFor(columnsFor(width));
    const QMargins m = contentsMargins();
    const int gap = std::max(spacing(), 0);
    return rows == 0 ? 0 : rows * cellHint().height() + (rows - 1) * gap + m.top() + m.bottom();
}

QSize FigureGridLayout::minimumSize() const
{
    const QMargins m = contentsMargins();
    const QSize cell = cellHint();
    return QSize(cell.width(), cell.height()) + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize FigureGridLayout::sizeHint() const
{
    const int n = visibleCount();
    const QMargins m = contentsMargins();
    const int gap = m_columnGap;
    const QSize cell = cellHint();
    return {n * cell.width() + std::max(n - 1, 0) * gap + m.left() + m.right(), cell.height() + m.top() + m.bottom()};
}

void FigureGridLayout::setGeometry(const QRect& rect)
{
    QLayout::setGeometry(rect);
    const QRect area = rect.marginsRemoved(contentsMargins());
    const int columns = columnsFor(rect.width());
    if (columns == 0) return;
    const int gap = m_columnGap;
    const int rowGap = std::max(spacing(), 0);
    const int cellWidth = (area.width() - (columns - 1) * gap) / columns;
    const int cellHeight = cellHint().height();
    int at = 0;
    for (QLayoutItem* item : m_items) {
        if (item->isEmpty()) continue;
        const int row = at / columns, column = at % columns;
        item->setGeometry(QRect(area.x() + column * (cellWidth + gap), area.y() + row * (cellHeight + rowGap),
                                cellWidth, cellHeight));
        ++at;
    }
}

} // namespace scalescope
