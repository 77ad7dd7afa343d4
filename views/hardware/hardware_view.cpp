#include "hardware_view.h"

#include "hardware_scene.h"
#include "spec_picker.h"
#include "zoomable_view.h"

#include "views/widgets/control_row_layout.h"
#include "views/widgets/scene_text.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace scalescope {

HardwareView::HardwareView(QWidget* parent)
    : QWidget(parent), m_view(new ZoomableGraphicsView(this)), m_controls(new ControlRowLayout),
      m_title(new QLabel(this)), m_description(new QLabel(this)), m_legend(new QLabel(this)), m_hint(new QLabel(this)),
      m_fit(new QToolButton(this)), m_zoomIn(new QToolButton(this)), m_zoomOut(new QToolButton(this)),
      m_focusBar(new QWidget(this)), m_focusNote(new QLabel(m_focusBar)), m_follow(new QToolButton(m_focusBar))
{
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.5);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setObjectName(QStringLiteral("viewTitle"));
    m_title->setWordWrap(true); // a long title wraps rather than widening the window
    m_description->setWordWrap(true);
    m_description->setObjectName(QStringLiteral("viewDescription"));
    m_legend->setWordWrap(true);
    m_legend->setTextFormat(Qt::RichText);
    m_legend->setObjectName(QStringLiteral("viewLegend"));
    m_hint->setEnabled(false);

    m_controls->setSpacing(style()->layoutSpacing(QSizePolicy::DefaultType, QSizePolicy::DefaultType, Qt::Horizontal));
    auto* top = new QHBoxLayout;
    top->addLayout(m_controls, 1);
    top->addWidget(m_zoomOut);
    top->addWidget(m_zoomIn);
    top->addWidget(m_fit);
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(m_legend, 1);
    bottom->addWidget(m_hint);

    m_focusBar->setObjectName(QStringLiteral("focusNote"));
    m_focusNote->setWordWrap(true);
    m_follow->setObjectName(QStringLiteral("followScenario"));
    auto* focusRow = new QHBoxLayout(m_focusBar);
    focusRow->setContentsMargins(0, 0, 0, 0);
    focusRow->addWidget(m_focusNote, 1);
    focusRow->addWidget(m_follow);
    m_focusBar->hide();
    connect(m_follow, &QToolButton::clicked, this, &HardwareView::followScenario);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_description);
    layout->addWidget(m_focusBar);
    layout->addLayout(top);
    layout->addWidget(m_view, 1);
    layout->addLayout(bottom);

    // Ctrl+0 is View → Reset text size, as in a browser.
    m_fit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F));
    connect(m_fit, &QToolButton::clicked, this, &HardwareView::fit);
    connect(m_zoomIn, &QToolButton::clicked, this, [this] { m_view->zoomBy(1.25); });
    connect(m_zoomOut, &QToolButton::clicked, this, [this] { m_view->zoomBy(0.8); });
    connect(&SceneText::instance(), &SceneText::changed, this, [this] {
        if (m_scene) rebuild(false);
    });
    retranslateBase();
}

HardwareView::~HardwareView()
{
    m_view->setScene(nullptr);
}

void HardwareView::fit()
{
    m_view->fitAll();
}

void HardwareView::rebuild(bool refit)
{
    if (m_rebuilding) return;
    m_rebuilding = true;
    const QTransform transform = m_view->transform();
    const QPointF centre = m_view->mapToScene(m_view->viewport()->rect().center());
    std::unique_ptr<HardwareScene> next = createScene(HardwarePalette::forWidget(*this));
    m_view->setScene(next.get());
    m_scene = std::move(next);
    if (refit) {
        m_view->fitAll();
    } else {
        m_view->setTransform(transform);
        m_view->centerOn(centre);
    }
    m_title->setText(m_scene->title());
    m_description->setText(m_scene->description());
    m_title->setToolTip(m_descriptionInTooltip ? m_scene->description() : QString());
    QString legend;
    for (const LegendEntry& e : m_scene->legend())
        // Each entry on one line: the legend wraps between entries, never inside one.
        legend += QStringLiteral("<span style=\"white-space:nowrap\"><span style=\"background-color:%1\">"
                                 "&nbsp;&nbsp;&nbsp;&nbsp;</span>&nbsp;%2</span>&nbsp;&nbsp;&nbsp; ")
                      .arg(e.colour.name(), e.label.toHtmlEscaped());
    m_legend->setText(legend);
    sceneRebuilt();
    m_rebuilding = false;
    // A change the scenario did not make: the user picked (or returned to) other hardware.
    if (m_focus.valid() && !m_applyingFocus) m_following = !focusMismatch(m_focus);
    updateFocusNote();
}

void HardwareView::setScenarioFocus(const HardwareFocus& focus)
{
    m_focus = focus;
    if (m_following)
        followScenario();
    else
        updateFocusNote();
}

void HardwareView::followScenario()
{
    m_following = true;
    if (m_focus.valid()) {
        m_applyingFocus = true;
        applyFocus(m_focus);
        m_applyingFocus = false;
    }
    updateFocusNote();
}

std::optional<FocusMismatch> HardwareView::pickerMismatch(const QComboBox& picker, const QString& id,
                                                          const QString& name)
{
    if (id.isEmpty() || pickedId(picker) == id) return std::nullopt;
    return FocusMismatch{picker.currentText(), name.isEmpty() ? id : name};
}

QString HardwareView::focusNote() const
{
    const auto mismatch = m_focus.valid() ? focusMismatch(m_focus) : std::nullopt;
    return mismatch ? tr("Showing %1, not the scenario's %2").arg(mismatch->shown, mismatch->wanted) : QString();
}

void HardwareView::updateFocusNote()
{
    const QString note = focusNote();
    m_focusNote->setText(note);
    m_focusBar->setVisible(!note.isEmpty());
}

void HardwareView::retranslateBase()
{
    m_fit->setText(tr("Fit"));
    m_fit->setToolTip(tr("Show the whole view (Ctrl+F)"));
    m_zoomIn->setText(tr("+"));
    m_zoomIn->setToolTip(tr("Zoom in"));
    m_zoomOut->setText(tr("−"));
    m_zoomOut->setToolTip(tr("Zoom out"));
    m_hint->setText(tr("Wheel: zoom · drag: pan · hover: value and source"));
    m_follow->setText(tr("Follow scenario"));
    m_follow->setToolTip(tr("Show the current scenario's hardware again"));
    updateFocusNote();
}

void HardwareView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslateBase();
        retranslateControls();
        if (m_scene) rebuild(false);
    } else if (event->type() == QEvent::PaletteChange && m_scene) {
        rebuild(false);
    }
    QWidget::changeEvent(event);
}

void HardwareView::setDescriptionInTooltip(bool inTooltip)
{
    m_descriptionInTooltip = inTooltip;
    m_description->setVisible(!inTooltip);
    m_title->setToolTip(inTooltip && m_scene ? m_scene->description() : QString());
}

} // namespace scalescope
