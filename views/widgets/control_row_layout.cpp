#include "control_row_layout.h"

#include <QLabel>
#include <QSpacerItem>
#include <QWidget>

#include <algorithm>

namespace scalescope {

ControlRowLayout::ControlRowLayout(QWidget* parent) : QLayout(parent)
{
    setContentsMargins(0, 0, 0, 0);
}

ControlRowLayout::~ControlRowLayout()
{
    while (QLayoutItem* item = takeAt(0)) delete item;
}

void ControlRowLayout::addSpacing(int pixels)
{
    addItem(new QSpacerItem(pixels, 0, QSizePolicy::Fixed, QSizePolicy::Minimum));
}

void ControlRowLayout::addItem(QLayoutItem* item)
{
    m_items.append(item);
}

QLayoutItem* ControlRowLayout::takeAt(int index)
{
    return index >= 0 && index < m_items.size() ? m_items.takeAt(index) : nullptr;
}

int ControlRowLayout::unitLength(int first) const
{
    const auto* label = qobject_cast<QLabel*>(m_items[first]->widget());
    if (label && label->buddy() && first + 1 < m_items.size() && m_items[first + 1]->widget() == label->buddy()) return 2;
    return 1;
}

QSize ControlRowLayout::minimumSize() const
{
    // The widest unit that has to fit on a line of its own.
    QSize size;
    const int gap = std::max(spacing(), 0);
    for (int i = 0; i < m_items.size();) {
        const int n = unitLength(i);
        int width = 0, height = 0;
        for (int k = i; k < i + n; ++k) {
            if (m_items[k]->isEmpty() || m_items[k]->spacerItem()) continue;
            width += m_items[k]->minimumSize().width() + (width > 0 ? gap : 0);
            height = std::max(height, m_items[k]->minimumSize().height());
        }
        size = size.expandedTo(QSize(width, height));
        i += n;
    }
    const QMargins m = contentsMargins();
    return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize ControlRowLayout::sizeHint() const
{
    // Everything on one line.
    int width = 0, height = 0;
    const int gap = std::max(spacing(), 0);
    for (QLayoutItem* item : m_items) {
        if (item->isEmpty()) continue;
        width += item->sizeHint().width() + (width > 0 ? gap : 0);
        height = std::max(height, item->sizeHint().height());
    }
    const QMargins m = contentsMargins();
    return {width + m.left() + m.right(), height + m.top() + m.bottom()};
}

void ControlRowLayout::setGeometry(const QRect& rect)
{
    QLayout::setGeometry(rect);
    arrange(rect, true);
}

int ControlRowLayout::arrange(const QRect& rect, bool apply) const
{
    const QRect area = rect.marginsRemoved(contentsMargins());
    const int gap = std::max(spacing(), 0);
    int x = area.x(), y = area.y(), lineHeight = 0;
    bool lineStart = true;
    // Items of one line, placed once the line's height is known (centred vertically).
    QList<QPair<QLayoutItem*, QRect>> line;
    auto flush = [&] {
        if (apply)
            for (const auto& [item, r] : line)
                item->setGeometry(QRect(r.x(), r.y() + (lineHeight - r.height()) / 2, r.width(), r.height()));
        line.clear();
    };
    for (int i = 0; i < m_items.size();) {
        const int n = unitLength(i);
        int unitWidth = 0;
        for (int k = i; k < i + n; ++k)
            if (!m_items[k]->isEmpty()) unitWidth += m_items[k]->sizeHint().width() + (k > i ? gap : 0);
        const bool spacer = m_items[i]->spacerItem() != nullptr;
        if (!lineStart && x + unitWidth > area.right() + 1) {
            flush();
            y += lineHeight + gap;
            x = area.x();
            lineHeight = 0;
            lineStart = true;
        }
        if (spacer && lineStart) { // no blank space at the start of a line
            i += n;
            continue;
        }
        for (int k = i; k < i + n; ++k) {
            QLayoutItem* item = m_items[k];
            if (item->isEmpty()) continue;
            const QSize hint = item->sizeHint();
            const int room = std::max(area.right() + 1 - x, item->minimumSize().width());
            // A wrapping label (heightForWidth) takes the rest of its line: fewer lines than its compact hint.
            const int w = item->hasHeightForWidth() ? room : std::min(hint.width(), room);
            const int h = item->hasHeightForWidth() ? std::max(item->heightForWidth(w), item->minimumSize().height()) : hint.height();
            line.append({item, QRect(QPoint(x, y), QSize(w, h))});
            x += w + gap;
            lineHeight = std::max(lineHeight, h);
        }
        lineStart = false;
        i += n;
    }
    flush();
    const QMargins m = contentsMargins();
    return y + lineHeight - rect.y() + m.bottom();
}

} // namespace scalescope
