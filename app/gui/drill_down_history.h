#pragma once
// Drill-down across the hardware views: a double-click in the rack, superchip
// or chip view drills into the shared GpuSelection (views/selection/drill_path.h);
// this shows the view for the new level, keeps Back/Forward history over every
// view change (Alt+Left / Alt+Right) and draws the breadcrumbs bar above the
// hardware views ("Rack 0 › Tray 4 › Superchip 9 › GPU 18 › SM 42"), each
// crumb a button back to its level.

#include "views/selection/drill_path.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <vector>

class QAction;
class QHBoxLayout;
class QLabel;
class QMenu;
class QStackedWidget;
class QWidget;

namespace scalescope {

class GpuSelection;
class MainWindow;
class SpecCatalog;

class DrillDownHistory final : public QObject {
    Q_OBJECT
public:
    // `stack` holds the window's views (each with its "navigatorKey" property).
    DrillDownHistory(MainWindow& window, QStackedWidget& stack, GpuSelection& selection, const SpecCatalog& catalog);

    // The breadcrumbs bar, for the window to place above its views.
    [[nodiscard]] QWidget* bar() const noexcept { return m_bar; }
    [[nodiscard]] QAction* backAction() const noexcept { return m_back; }
    [[nodiscard]] QAction* forwardAction() const noexcept { return m_forward; }
    // The crumbs shown, in order ("Rack 0", "Tray 4", ...).
    [[nodiscard]] QStringList crumbs() const;
    // Forgets the history: the current view and drill-down become its start.
    void clear();
    void back();
    void forward();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct Entry {
        QString view;
        DrillPath path;
        friend bool operator==(const Entry&, const Entry&) = default;
    };
    [[nodiscard]] QString currentView() const;
    void drilled(const DrillPath& path);
    void record();
    void restore(std::size_t at);
    void updateBar();
    void retranslate();

    MainWindow& m_window;
    QStackedWidget& m_stack;
    GpuSelection& m_selection;
    const SpecCatalog& m_catalog;
    QWidget* m_bar = nullptr;
    QHBoxLayout* m_crumbRow = nullptr;
    QLabel* m_hint = nullptr;
    QAction* m_back = nullptr;
    QAction* m_forward = nullptr;
    std::vector<Entry> m_entries;
    std::size_t m_at = 0; // index of the current entry
    bool m_restoring = false;
};

} // namespace scalescope
