#include "welcome_strip.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>

namespace scalescope {

WelcomeStrip::WelcomeStrip(QMenu* presets, QWidget* parent)
    : QFrame(parent), m_text(new QLabel(this)), m_presets(new QPushButton(this)), m_close(new QToolButton(this))
{
    setObjectName(QStringLiteral("welcomeStrip"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase); // apart from the view below, in the light and the dark theme
    m_text->setObjectName(QStringLiteral("welcomeText"));
    m_text->setWordWrap(true); // the strip follows the window's width, never sets it
    m_text->setTextFormat(Qt::RichText);
    m_presets->setObjectName(QStringLiteral("welcomePresets"));
    m_presets->setMenu(presets);
    m_close->setObjectName(QStringLiteral("welcomeDismiss"));
    m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    m_close->setAutoRaise(true);
    auto* row = new QHBoxLayout(this);
    row->addWidget(m_text, 1);
    row->addWidget(m_presets, 0, Qt::AlignVCenter);
    row->addWidget(m_close, 0, Qt::AlignTop);
    connect(m_close, &QToolButton::clicked, this, [this] {
        hide();
        Q_EMIT dismissed();
    });
    retranslate();
}

QString WelcomeStrip::text() const
{
    return m_text->text();
}

void WelcomeStrip::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QFrame::changeEvent(event);
}

void WelcomeStrip::retranslate()
{
    m_text->setText(tr("<b>Welcome.</b> Try this first: drag <b>TP</b> in the <b>Scenario</b> dock and watch the "
                       "step time follow · open a preset (<b>File → Open preset</b>) · <b>Why this number</b>, below "
                       "the planner, shows the operations each figure is summed from."));
    m_presets->setText(tr("Open a preset"));
    m_close->setToolTip(tr("Dismiss: this strip will not come back"));
    m_close->setAccessibleName(tr("Dismiss the welcome strip"));
}

} // namespace scalescope
