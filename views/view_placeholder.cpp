#include "view_placeholder.h"

#include <QCoreApplication>
#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

namespace scalescope {

ViewPlaceholder::ViewPlaceholder(const char* title, const char* what, QWidget* parent)
    : QWidget(parent), m_titleSource(title), m_whatSource(what), m_label(new QLabel(this))
{
    m_label->setAlignment(Qt::AlignCenter);
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::RichText);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_label);
    retranslate();
}

void ViewPlaceholder::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

void ViewPlaceholder::retranslate()
{
    const QString title = QCoreApplication::translate("Navigator", m_titleSource);
    const QString what = QCoreApplication::translate("Navigator", m_whatSource);
    m_label->setText(QStringLiteral("<h2>%1</h2><p>%2</p><p><i>%3</i></p>")
                         .arg(title.toHtmlEscaped(), what.toHtmlEscaped(),
                              tr("This view is not built yet. Nothing here is drawn from made-up data; it will "
                                 "appear when the view lands.")
                                  .toHtmlEscaped()));
}

} // namespace scalescope
