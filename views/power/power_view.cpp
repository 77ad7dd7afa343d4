#include "power_view.h"

#include "power_scene.h"
#include "views/widgets/bounded_combo_box.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>

#include <cmath>

namespace scalescope {

namespace {
// Fluid ids of specs/facility/fluids offered for the rack loop.
const char* const kCoolants[] = {"water", "pg25"};
} // namespace

PowerView::PowerView(QWidget* parent)
    : HardwareView(parent), m_deltaTLabel(new QLabel(this)), m_deltaT(new QSlider(Qt::Horizontal, this)),
      m_deltaTValue(new QLabel(this)), m_coolantLabel(new QLabel(this)), m_coolant(new BoundedComboBox(this))
{
    m_deltaT->setObjectName(QStringLiteral("deltaTSlider"));
    m_deltaT->setRange(static_cast<int>(kDeltaTMin / kDeltaTStep), static_cast<int>(kDeltaTMax / kDeltaTStep));
    m_deltaT->setValue(static_cast<int>(11 / kDeltaTStep));
    m_deltaT->setMinimumWidth(180);
    m_deltaTLabel->setBuddy(m_deltaT);
    m_coolant->setObjectName(QStringLiteral("coolantPicker"));
    m_coolantLabel->setBuddy(m_coolant);
    for (const char* id : kCoolants) m_coolant->addItem(QString(), QString::fromLatin1(id));
    m_deltaTValue->setMinimumWidth(48);
    controls()->addWidget(m_deltaTLabel);
    controls()->addWidget(m_deltaT);
    controls()->addWidget(m_deltaTValue);
    controls()->addSpacing(16);
    controls()->addWidget(m_coolantLabel);
    controls()->addWidget(m_coolant);
    connect(m_deltaT, &QSlider::sliderPressed, this, [this] { ++m_dragSerial; });
    connect(m_deltaT, &QSlider::valueChanged, this, [this](int v) {
        m_deltaTValue->setText(tr("%1 K").arg(v * kDeltaTStep));
        emitEdit(m_deltaT->isSliderDown() ? m_dragSerial : 0);
    });
    connect(m_coolant, &QComboBox::currentIndexChanged, this, [this] { emitEdit(0); });
    retranslateControls();
    rebuild();
}

void PowerView::emitEdit(int drag)
{
    if (!m_result) return;
    FacilitySettings f = m_result->scenario.facility;
    const double deltaT = m_deltaT->value() * kDeltaTStep;
    const QString coolant = m_coolant->currentData().toString();
    QString what;
    if (std::abs(deltaT - f.deltaTK) > 1e-9) what = tr("Set coolant ΔT to %1 K").arg(deltaT);
    else if (coolant.toStdString() != f.coolant) what = tr("Set coolant to %1").arg(m_coolant->currentText());
    else return;
    f.deltaTK = deltaT;
    f.coolant = coolant.toStdString();
    Q_EMIT facilityEdited(f, what, drag);
}

void PowerView::setResult(const PlannerResultPtr& result)
{
    const bool first = !m_result;
    m_result = result;
    if (m_result) {
        const QSignalBlocker blockSlider(m_deltaT), blockCombo(m_coolant);
        if (!m_deltaT->isSliderDown()) m_deltaT->setValue(static_cast<int>(std::lround(m_result->scenario.facility.deltaTK / kDeltaTStep)));
        m_deltaTValue->setText(tr("%1 K").arg(m_result->scenario.facility.deltaTK));
        const int i = m_coolant->findData(QString::fromStdString(m_result->scenario.facility.coolant));
        if (i >= 0) m_coolant->setCurrentIndex(i);
        // The coolant loop's controls mean nothing where no loop reaches the rack.
        const bool liquid = !m_result->context || m_result->context->system.cooling != "air";
        for (QWidget* w :
             std::initializer_list<QWidget*>{m_deltaTLabel, m_deltaT, m_deltaTValue, m_coolantLabel, m_coolant})
            w->setEnabled(liquid);
    }
    rebuild(first);
}

double PowerView::shownRackFlowLitresPerMinute() const
{
    const auto* s = dynamic_cast<const PowerScene*>(scene());
    return s && s->report() ? litresPerMinute(s->report()->rackCooling.flow) : 0.0;
}

std::unique_ptr<HardwareScene> PowerView::createScene(const HardwarePalette& palette) const
{
    if (!m_result) return std::make_unique<PowerScene>(PlannerResult{}, palette);
    return std::make_unique<PowerScene>(*m_result, palette);
}

void PowerView::retranslateControls()
{
    m_deltaTLabel->setText(tr("Coolant &ΔT:"));
    m_deltaT->setToolTip(tr("Temperature rise of the coolant through the rack; the flow follows Q = P / (ρ · c_p · ΔT)"));
    m_coolantLabel->setText(tr("C&oolant:"));
    m_coolant->setItemText(0, tr("Water"));
    m_coolant->setItemText(1, tr("25 % propylene glycol (PG25)"));
}

} // namespace scalescope
