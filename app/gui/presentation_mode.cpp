#include "presentation_mode.h"

#include "views/widgets/scene_text.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QShortcut>
#include <QStatusBar>

namespace scalescope {

PresentationMode::PresentationMode(QMainWindow& window, std::vector<QDockWidget*> docks)
    : QObject(&window), m_window(window), m_docks(std::move(docks)), m_action(new QAction(&window)),
      m_escape(new QShortcut(QKeySequence(Qt::Key_Escape), &window))
{
    m_action->setObjectName(QStringLiteral("presentationMode"));
    m_action->setCheckable(true);
    m_action->setShortcut(QKeySequence(Qt::Key_F11));
    // Also on the window itself, so the shortcut works wherever focus is.
    window.addAction(m_action);
    connect(m_action, &QAction::toggled, this, &PresentationMode::setActive);
    m_escape->setEnabled(false);
    connect(m_escape, &QShortcut::activated, this, [this] { setActive(false); });
    retranslate();
}

PresentationMode::~PresentationMode()
{
    if (m_active) SceneText::instance().setFloorPixels(SceneText::kDefaultFloorPixels);
}

void PresentationMode::setActive(bool on)
{
    if (on == m_active) return;
    m_active = on;
    m_action->setChecked(on);
    m_escape->setEnabled(on);
    if (on) {
        m_hidden.clear();
        for (QDockWidget* d : m_docks) {
            if (d->isVisible()) {
                m_hidden.push_back(d);
                d->hide();
            }
        }
        m_statusBarWasVisible = m_window.statusBar()->isVisible();
        m_window.statusBar()->hide();
        m_wasMaximized = m_window.isMaximized();
        m_window.showFullScreen();
        SceneText::instance().setFloorPixels(kReadablePixels);
    } else {
        SceneText::instance().setFloorPixels(SceneText::kDefaultFloorPixels);
        if (m_wasMaximized) m_window.showMaximized();
        else m_window.showNormal();
        m_window.statusBar()->setVisible(m_statusBarWasVisible);
        for (QDockWidget* d : m_hidden) d->show();
        m_hidden.clear();
    }
    Q_EMIT activeChanged(on);
}

void PresentationMode::retranslate()
{
    m_action->setText(tr("&Presentation"));
    m_action->setToolTip(tr("Full screen for a projector: docks hidden, small text left out (F11 or Esc leaves)"));
}

} // namespace scalescope
