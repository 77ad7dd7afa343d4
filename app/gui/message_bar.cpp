#include "message_bar.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace scalescope {

MessageBar::MessageBar(QWidget* parent) : QFrame(parent), m_rows(new QVBoxLayout(this))
{
    setObjectName(QStringLiteral("messageBar"));
    setFrameShape(QFrame::StyledPanel);
    // The theme's tooltip colours: a note that stands out from the view in light and dark alike.
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::ToolTipBase);
    setForegroundRole(QPalette::ToolTipText);
    m_rows->setContentsMargins(6, 4, 6, 4);
    hide();
}

void MessageBar::addMessage(const QString& text)
{
    auto* row = new QWidget(this);
    row->setObjectName(QStringLiteral("message"));
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* label = new QLabel(text, row);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse); // file and JSON path can be copied
    label->setForegroundRole(QPalette::ToolTipText);
    layout->addWidget(label, 1);
    auto* close = new QToolButton(row);
    close->setObjectName(QStringLiteral("dismissMessage"));
    close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    close->setAutoRaise(true);
    layout->addWidget(close, 0, Qt::AlignTop);
    connect(close, &QToolButton::clicked, this, [this, row] {
        row->hide();
        row->deleteLater();
        m_rows->removeWidget(row);
        if (m_rows->count() == 0) hide();
    });
    m_rows->addWidget(row);
    retranslate();
    show();
}

QStringList MessageBar::messages() const
{
    QStringList out;
    for (int i = 0; i < m_rows->count(); ++i)
        if (const QWidget* row = m_rows->itemAt(i)->widget())
            if (const auto* label = row->findChild<QLabel*>()) out << label->text();
    return out;
}

void MessageBar::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QFrame::changeEvent(event);
}

void MessageBar::retranslate()
{
    for (QToolButton* b : findChildren<QToolButton*>(QStringLiteral("dismissMessage"))) {
        b->setToolTip(tr("Dismiss this message"));
        b->setAccessibleName(tr("Dismiss this message"));
    }
}

} // namespace scalescope
