#pragma once
// Base widget of the hardware views: a heading, the view's own controls,
// zoom buttons and a Fit action, the zoomable scene and its legend. The
// scene is rebuilt from the spec when a control, the language or the
// palette changes; zoom and pan only change the transform.

#include "views/widgets/control_row_layout.h"

#include "hardware_palette.h"

#include <QWidget>

#include <memory>

class QLabel;
class QToolButton;

namespace scalescope {

class HardwareScene;
class ZoomableGraphicsView;

class HardwareView : public QWidget {
    Q_OBJECT
public:
    explicit HardwareView(QWidget* parent = nullptr);
    ~HardwareView() override;

    // A new scene for the current selection, in any palette (print for export).
    [[nodiscard]] virtual std::unique_ptr<HardwareScene> createScene(const HardwarePalette& palette) const = 0;
    // Short name for file names and the CLI: "chip", "sm", "superchip", "rack".
    [[nodiscard]] virtual QString viewKey() const = 0;

    [[nodiscard]] HardwareScene* scene() const noexcept { return m_scene.get(); }
    [[nodiscard]] ZoomableGraphicsView* graphicsView() const noexcept { return m_view; }
    void fit();
    // Embedded where its context is already on screen (the planner), a view
    // can fold its description into the title's tooltip and give the scene
    // those lines.
    void setDescriptionInTooltip(bool inTooltip);

protected:
    // Where subclasses put their pickers and spin boxes.
    [[nodiscard]] ControlRowLayout* controls() const noexcept { return m_controls; }
    // Rebuilds the scene; refit = false keeps the user's zoom and pan.
    void rebuild(bool refit = true);
    virtual void retranslateControls() {}
    // Called after every rebuild: re-apply what lives on top of the built
    // scene (selection marks), which a new scene does not have.
    virtual void sceneRebuilt() {}
    void changeEvent(QEvent* event) override;

private:
    void retranslateBase();

    std::unique_ptr<HardwareScene> m_scene;
    ZoomableGraphicsView* m_view = nullptr;
    ControlRowLayout* m_controls = nullptr;
    QLabel* m_title = nullptr;
    QLabel* m_description = nullptr;
    QLabel* m_legend = nullptr;
    QLabel* m_hint = nullptr;
    QToolButton* m_fit = nullptr;
    QToolButton* m_zoomIn = nullptr;
    QToolButton* m_zoomOut = nullptr;
    bool m_rebuilding = false;
    bool m_descriptionInTooltip = false;
};

} // namespace scalescope
