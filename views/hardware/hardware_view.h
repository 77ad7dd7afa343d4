#pragma once
// Base widget of the hardware views: a heading, the view's own controls,
// zoom buttons and a Fit action, the zoomable scene and its legend. The
// scene is rebuilt from the spec when a control, the language or the
// palette changes; zoom and pan only change the transform.

#include "views/widgets/control_row_layout.h"

#include "hardware_palette.h"

#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QToolButton;
class QWidget;

namespace scalescope {

// The hardware of the current scenario, which the hardware views show
// unless the user picks other hardware in a view.
struct HardwareFocus {
    QString system, gpu, superchip; // spec ids; superchip empty when the system has none
    QString systemName, gpuName, superchipName;
    long long gpus = 0; // cluster size

    [[nodiscard]] bool valid() const noexcept { return !system.isEmpty(); }
    friend bool operator==(const HardwareFocus&, const HardwareFocus&) = default;
};

// What a view shows instead of the scenario's hardware: "B200" and "H100".
struct FocusMismatch {
    QString shown, wanted;
};

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

    // The scenario's hardware: shown unless the user picked other hardware
    // here, in which case a note above the scene says so and offers to
    // follow the scenario again.
    void setScenarioFocus(const HardwareFocus& focus);
    [[nodiscard]] bool followsScenario() const noexcept { return m_following; }
    void followScenario();
    // The note's text; empty while the view shows the scenario's hardware.
    [[nodiscard]] QString focusNote() const;

protected:
    // Where subclasses put their pickers and spin boxes.
    [[nodiscard]] ControlRowLayout* controls() const noexcept { return m_controls; }
    // Rebuilds the scene; refit = false keeps the user's zoom and pan.
    void rebuild(bool refit = true);
    virtual void retranslateControls() {}
    // Called after every rebuild: re-apply what lives on top of the built
    // scene (selection marks), which a new scene does not have.
    virtual void sceneRebuilt() {}
    // Sets the view's pickers to the scenario's hardware.
    virtual void applyFocus(const HardwareFocus& /*focus*/) {}
    // What the view shows instead of `focus`; nullopt when it shows it.
    [[nodiscard]] virtual std::optional<FocusMismatch> focusMismatch(const HardwareFocus& /*focus*/) const
    {
        return std::nullopt;
    }
    // The mismatch of a spec picker showing something other than `id` (named `name`).
    [[nodiscard]] static std::optional<FocusMismatch> pickerMismatch(const QComboBox& picker, const QString& id,
                                                                     const QString& name);
    void changeEvent(QEvent* event) override;

private:
    void retranslateBase();
    void updateFocusNote();

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
    QWidget* m_focusBar = nullptr;
    QLabel* m_focusNote = nullptr;
    QToolButton* m_follow = nullptr;
    HardwareFocus m_focus;
    bool m_following = true;
    bool m_applyingFocus = false;
    bool m_rebuilding = false;
    bool m_descriptionInTooltip = false;
};

} // namespace scalescope
