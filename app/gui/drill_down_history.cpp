#include "drill_down_history.h"

#include "main_window.h"

#include "views/selection/gpu_selection.h"

#include <QAction>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QStackedWidget>
#include <QToolButton>

namespace scalescope {

namespace {
// The views the breadcrumbs stand above: the levels of the drill-down.
bool drillView(const QString& key)
{
    return key == QLatin1String("rack") || key == QLatin1String("superchip") || key == QLatin1String("chip") ||
           key == QLatin1String("sm");
}
} // namespace

DrillDownHistory::DrillDownHistory(MainWindow& window, QStackedWidget& stack, GpuSelection& selection,
                                   const SpecCatalog& catalog)
    : QObject(&window), m_window(window), m_stack(stack), m_selection(selection), m_catalog(catalog),
      m_bar(new QWidget), m_crumbRow(new QHBoxLayout), m_hint(new QLabel(m_bar)), m_back(new QAction(this)),
      m_forward(new QAction(this))
{
    m_bar->setObjectName(QStringLiteral("breadcrumbs"));
    m_back->setObjectName(QStringLiteral("goBack"));
    m_forward->setObjectName(QStringLiteral("goForward"));
    m_back->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
    m_forward->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Right));
    connect(m_back, &QAction::triggered, this, &DrillDownHistory::back);
    connect(m_forward, &QAction::triggered, this, &DrillDownHistory::forward);

    auto* backButton = new QToolButton(m_bar);
    backButton->setDefaultAction(m_back);
    auto* forwardButton = new QToolButton(m_bar);
    forwardButton->setDefaultAction(m_forward);
    m_hint->setEnabled(false);
    auto* row = new QHBoxLayout(m_bar);
    row->setContentsMargins(6, 2, 6, 2);
    row->addWidget(backButton);
    row->addWidget(forwardButton);
    row->addLayout(m_crumbRow);
    row->addWidget(m_hint);
    row->addStretch(1);
    m_bar->installEventFilter(this); // language changes

    connect(&m_selection, &GpuSelection::drilled, this, &DrillDownHistory::drilled);
    connect(&m_stack, &QStackedWidget::currentChanged, this, [this] {
        if (!m_restoring) record();
        updateBar();
    });
    retranslate();
    clear();
}

QString DrillDownHistory::currentView() const
{
    const QWidget* page = m_stack.currentWidget();
    return page ? page->property("navigatorKey").toString() : QString();
}

void DrillDownHistory::clear()
{
    m_entries = {{currentView(), m_selection.drillPath()}};
    m_at = 0;
    updateBar();
}

void DrillDownHistory::drilled(const DrillPath& path)
{
    if (m_restoring) return;
    m_window.showView(drillViewKey(path.level)); // records the view change
    record();                                    // and, in the same view, the new level
    updateBar();
}

void DrillDownHistory::record()
{
    const Entry now{currentView(), m_selection.drillPath()};
    if (m_entries[m_at] == now) return;
    m_entries.resize(m_at + 1); // a new branch drops the forward history
    m_entries.push_back(now);
    m_at = m_entries.size() - 1;
    updateBar();
}

void DrillDownHistory::back()
{
    if (m_at > 0) restore(m_at - 1);
}

void DrillDownHistory::forward()
{
    if (m_at + 1 < m_entries.size()) restore(m_at + 1);
}

void DrillDownHistory::restore(std::size_t at)
{
    m_at = at;
    const Entry entry = m_entries[at];
    m_restoring = true;
    m_selection.drillTo(entry.path);
    m_window.showView(entry.view);
    m_restoring = false;
    updateBar();
}

QStringList DrillDownHistory::crumbs() const
{
    QStringList texts;
    for (const DrillCrumb& c : drillCrumbs(m_selection.drillPath(), m_catalog))
        texts << c.text;
    return texts;
}

void DrillDownHistory::updateBar()
{
    m_back->setEnabled(m_at > 0);
    m_forward->setEnabled(m_at + 1 < m_entries.size());
    m_bar->setVisible(drillView(currentView()));
    while (QLayoutItem* item = m_crumbRow->takeAt(0)) {
        item->widget()->hide();
        item->widget()->deleteLater(); // a crumb may be the button being clicked
        delete item;
    }
    const DrillPath path = m_selection.drillPath();
    const std::vector<DrillCrumb> crumbs = drillCrumbs(path, m_catalog);
    m_hint->setVisible(crumbs.size() < 2);
    for (std::size_t i = 0; i < crumbs.size(); ++i) {
        if (i > 0) m_crumbRow->addWidget(new QLabel(QStringLiteral("›"), m_bar));
        auto* crumb = new QToolButton(m_bar);
        crumb->setObjectName(QStringLiteral("crumb"));
        crumb->setText(crumbs[i].text);
        crumb->setAutoRaise(true);
        const bool last = i + 1 == crumbs.size();
        if (last) {
            QFont bold = crumb->font();
            bold.setBold(true);
            crumb->setFont(bold);
        }
        connect(crumb, &QToolButton::clicked, this,
                [this, path, level = crumbs[i].level] { m_selection.drillTo(drillUpTo(path, level)); });
        m_crumbRow->addWidget(crumb);
    }
}

void DrillDownHistory::retranslate()
{
    m_back->setText(tr("&Back"));
    m_back->setToolTip(tr("Back to the previous view or level (Alt+Left)"));
    m_forward->setText(tr("&Forward"));
    m_forward->setToolTip(tr("Forward again (Alt+Right)"));
    m_hint->setText(tr("Double-click a tray, superchip, GPU or SM to look inside it"));
    updateBar();
}

bool DrillDownHistory::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_bar && event->type() == QEvent::LanguageChange) retranslate();
    return QObject::eventFilter(watched, event);
}

} // namespace scalescope
