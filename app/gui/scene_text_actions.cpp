#include "scene_text_actions.h"

#include "app_settings.h"

#include "views/widgets/scene_text.h"

#include <QAction>
#include <QMenu>
#include <QWidget>

namespace scalescope {

SceneTextActions::SceneTextActions(QWidget& window, AppSettings& settings)
    : QObject(&window), m_settings(settings), m_larger(new QAction(&window)), m_smaller(new QAction(&window)),
      m_reset(new QAction(&window))
{
    SceneText& text = SceneText::instance();
    text.setScale(settings.sceneTextScale);
    m_larger->setObjectName(QStringLiteral("sceneTextLarger"));
    m_smaller->setObjectName(QStringLiteral("sceneTextSmaller"));
    m_reset->setObjectName(QStringLiteral("sceneTextReset"));
    // Ctrl+= as well as the platform's zoom keys (Ctrl++ where + needs Shift); a key
    // listed twice would be ambiguous and do nothing.
    const auto keys = [](QKeySequence own, QKeySequence::StandardKey platform) {
        QList<QKeySequence> all{own};
        for (const QKeySequence& k : QKeySequence::keyBindings(platform))
            if (!all.contains(k)) all << k;
        return all;
    };
    m_larger->setShortcuts(keys(QKeySequence(Qt::CTRL | Qt::Key_Equal), QKeySequence::ZoomIn));
    m_smaller->setShortcuts(keys(QKeySequence(Qt::CTRL | Qt::Key_Minus), QKeySequence::ZoomOut));
    m_reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    for (QAction* a : {m_larger, m_smaller, m_reset}) window.addAction(a); // reachable in presentation mode too
    connect(m_larger, &QAction::triggered, &text, &SceneText::larger);
    connect(m_smaller, &QAction::triggered, &text, &SceneText::smaller);
    connect(m_reset, &QAction::triggered, &text, &SceneText::reset);
    connect(&text, &SceneText::changed, this, [this] {
        m_settings.sceneTextScale = SceneText::instance().scale();
        updateEnabled();
        retranslate(); // the tooltips name the factor
    });
    m_settings.sceneTextScale = text.scale();
    updateEnabled();
    retranslate();
}

void SceneTextActions::addTo(QMenu& menu) const
{
    menu.addAction(m_larger);
    menu.addAction(m_smaller);
    menu.addAction(m_reset);
}

void SceneTextActions::updateEnabled()
{
    const double scale = SceneText::instance().scale();
    m_larger->setEnabled(scale < SceneText::kSteps.back());
    m_smaller->setEnabled(scale > SceneText::kSteps.front());
    m_reset->setEnabled(scale != 1.0);
}

void SceneTextActions::retranslate()
{
    m_larger->setText(tr("&Larger text"));
    m_smaller->setText(tr("&Smaller text"));
    m_reset->setText(tr("&Reset text size"));
    const QString percent = tr("Scene text at %1 %").arg(qRound(SceneText::instance().scale() * 100));
    for (QAction* a : {m_larger, m_smaller, m_reset}) a->setToolTip(percent);
}

} // namespace scalescope
