#include "bounded_combo_box.h"

#include <QAbstractItemView>
#include <QHelpEvent>
#include <QScrollBar>
#include <QStyleOptionComboBox>
#include <QStylePainter>
#include <QToolTip>

#include <algorithm>

namespace scalescope {

BoundedComboBox::BoundedComboBox(QWidget* parent, int characters) : QComboBox(parent)
{
    setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    setMinimumContentsLength(characters);
}

int BoundedComboBox::textWidthAvailable() const
{
    QStyleOptionComboBox option;
    initStyleOption(&option);
    const QRect field = style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, this);
    const int icon = option.currentIcon.isNull() ? 0 : option.iconSize.width() + 4; // the style's gap after an icon
    return std::max(0, field.width() - icon);
}

bool BoundedComboBox::currentTextElided() const
{
    return fontMetrics().horizontalAdvance(currentText()) > textWidthAvailable();
}

QString BoundedComboBox::fullToolTip() const
{
    if (!currentTextElided()) return toolTip();
    return toolTip().isEmpty() ? currentText() : currentText() + QStringLiteral("\n\n") + toolTip();
}

void BoundedComboBox::showPopup()
{
    // The list shows every item whole, even where the box is narrower.
    QAbstractItemView* list = view();
    const int items =
        list->sizeHintForColumn(0) + 2 * list->frameWidth() + list->verticalScrollBar()->sizeHint().width();
    list->setMinimumWidth(std::max(width(), items));
    QComboBox::showPopup();
}

void BoundedComboBox::paintEvent(QPaintEvent* /*event*/)
{
    QStylePainter painter(this);
    painter.setPen(palette().color(QPalette::Text));
    QStyleOptionComboBox option;
    initStyleOption(&option);
    painter.drawComplexControl(QStyle::CC_ComboBox, option);
    option.currentText = fontMetrics().elidedText(option.currentText, Qt::ElideRight, textWidthAvailable());
    painter.drawControl(QStyle::CE_ComboBoxLabel, option);
}

bool BoundedComboBox::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const QString tip = fullToolTip();
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(static_cast<QHelpEvent*>(event)->globalPos(), tip, this);
        return true;
    }
    return QComboBox::event(event);
}

} // namespace scalescope
