#include "superchip_view.h"

#include "spec_picker.h"
#include "superchip_scene.h"
#include "zoomable_view.h"

#include "model/chip/superchip_fit.h"
#include "model/network/rack_position.h"
#include "model/spec/precision.h"
#include "model/spec/spec_catalog.h"
#include "views/widgets/bounded_combo_box.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>

namespace scalescope {

namespace {
constexpr double kGB = 1e9;
constexpr double kSeedExampleGB = 500; // seed 000 2.1: "a model that is, say, 500 GB"
} // namespace

SuperchipView::SuperchipView(const SpecCatalog& catalog, QWidget* parent)
    : HardwareView(parent), m_catalog(catalog), m_superchipLabel(new QLabel(this)),
      m_superchip(new BoundedComboBox(this)), m_modelLabel(new QLabel(this)), m_model(new BoundedComboBox(this)),
      m_precision(new BoundedComboBox(this)), m_size(new QDoubleSpinBox(this)), m_gpusLabel(new QLabel(this)),
      m_gpus(new QSpinBox(this))
{
    m_superchip->setObjectName(QStringLiteral("superchipPicker"));
    m_model->setObjectName(QStringLiteral("modelPicker"));
    m_precision->setObjectName(QStringLiteral("precisionPicker"));
    m_size->setObjectName(QStringLiteral("modelSize"));
    m_gpus->setObjectName(QStringLiteral("gpusUsed"));
    m_superchipLabel->setBuddy(m_superchip);
    m_modelLabel->setBuddy(m_model);
    m_gpusLabel->setBuddy(m_gpus);
    for (QWidget* w : std::initializer_list<QWidget*>{m_superchipLabel, m_superchip, m_modelLabel, m_model, m_precision,
                                                      m_size, m_gpusLabel, m_gpus})
        controls()->addWidget(w);
    fillSpecPicker(*m_superchip, m_catalog, SpecKind::Superchip, QStringLiteral("gb200"));
    m_model->addItem(QString(), QString()); // "custom size", text set in retranslateControls
    for (const SpecDocument& d : m_catalog.documents())
        if (d.kind == SpecKind::Model) m_model->addItem(QString::fromStdString(d.name), QString::fromStdString(d.id));
    for (Precision p : {Precision::Fp32, Precision::Bf16, Precision::Fp16, Precision::Fp8, Precision::Fp4}) {
        const std::string_view key = precisionKey(p);
        m_precision->addItem(QString::fromLatin1(key.data(), static_cast<qsizetype>(key.size())).toUpper(),
                             QString::fromLatin1(key.data(), static_cast<qsizetype>(key.size())));
    }
    m_precision->setCurrentIndex(m_precision->findData(QStringLiteral("bf16")));
    m_precision->setEnabled(false);
    m_size->setRange(1, 100000);
    m_size->setDecimals(0);
    m_size->setValue(kSeedExampleGB);
    superchipPicked();

    connect(graphicsView(), &ZoomableGraphicsView::itemDoubleClicked, this,
            [this](QGraphicsItem*, QPointF at) { drillAt(at); });
    connect(m_superchip, &QComboBox::currentIndexChanged, this, [this] {
        superchipPicked();
        rebuild();
    });
    connect(m_model, &QComboBox::currentIndexChanged, this, [this] {
        modelPicked();
        rebuild(false);
    });
    connect(m_precision, &QComboBox::currentIndexChanged, this, [this] {
        modelPicked();
        rebuild(false);
    });
    connect(m_size, &QDoubleSpinBox::valueChanged, this, [this] { rebuild(false); });
    connect(m_gpus, &QSpinBox::valueChanged, this, [this] { rebuild(false); });
    retranslateControls();
    rebuild();
}

void SuperchipView::setGpuSelection(GpuSelection* selection)
{
    attachDrill(m_selection, selection, this, [this](const DrillPath& p) { followDrill(p); });
}

void SuperchipView::followDrill(const DrillPath& path)
{
    const SystemSpec* system = m_catalog.system(path.system.toStdString());
    if (path.level >= DrillLevel::Superchip && path.superchip >= 0 && system && system->superchip)
        setSuperchip(QString::fromStdString(*system->superchip));
    sceneRebuilt();
}

void SuperchipView::drillAt(const QPointF& scenePos)
{
    if (!m_selection || !scene()) return;
    const DrillPath& at = m_selection->drillPath();
    const SystemSpec* system = m_catalog.system(at.system.toStdString());
    const SuperchipSpec* sc = m_catalog.superchip(superchipId().toStdString());
    for (QGraphicsItem* under : scene()->items(scenePos)) {
        if (under->data(kItemKindKey).toString() != QLatin1String("gpu")) continue;
        const int g = under->data(kItemIndexKey).toInt();
        // Drilled from a rack: that superchip's GPU; opened on its own: the superchip's GPU alone.
        const bool fromRack = system && sc && at.superchip >= 0 && system->superchip == superchipId().toStdString();
        DrillPath next =
            fromRack ? drillToGpu(m_catalog, at.system, clusterGpu(*system, at.rack, at.superchip * sc->gpus.value + g),
                                  DrillLevel::Gpu)
                     : DrillPath{DrillLevel::Gpu, {}, 0, -1, -1, g};
        m_selection->drillTo(next);
        return;
    }
}

void SuperchipView::sceneRebuilt()
{
    if (!scene()) return;
    scene()->clearSelectionMarks();
    const DrillPath at = m_selection ? m_selection->drillPath() : DrillPath{};
    const SystemSpec* system = m_catalog.system(at.system.toStdString());
    const SuperchipSpec* sc = m_catalog.superchip(superchipId().toStdString());
    if (!system || !sc || at.gpu < 0 || at.superchip < 0 || system->superchip != superchipId().toStdString()) return;
    const auto pos = rackPosition(*system, at.gpu);
    if (!pos) return;
    for (QGraphicsItem* item : scene()->itemsOfKind(QStringLiteral("gpu")))
        if (item->data(kItemIndexKey).toInt() == pos->gpuInRack % sc->gpus.value)
            scene()->markSelected(item->sceneBoundingRect(), true);
}

void SuperchipView::superchipPicked()
{
    const SuperchipSpec* sc = m_catalog.superchip(superchipId().toStdString());
    const QSignalBlocker blocker(m_gpus);
    const int gpus = sc ? sc->gpus.value : 1;
    m_gpus->setRange(1, gpus);
    m_gpus->setValue(gpus);
}

void SuperchipView::modelPicked()
{
    const QString id = m_model->currentData().toString();
    const ModelSpec* model = id.isEmpty() ? nullptr : m_catalog.model(id.toStdString());
    m_precision->setEnabled(model != nullptr);
    m_size->setEnabled(model == nullptr);
    if (!model) return;
    const auto precision = precisionFromKey(m_precision->currentData().toString().toStdString());
    const Bytes bytes = modelWeightBytes(model->paramsReported.value, precision.value_or(Precision::Bf16));
    const QSignalBlocker blocker(m_size);
    m_size->setValue(bytes.si / kGB);
}

bool SuperchipView::setSuperchip(const QString& id)
{
    return selectSpec(*m_superchip, id);
}

QString SuperchipView::superchipId() const
{
    return pickedId(*m_superchip);
}

void SuperchipView::setModelSizeGB(double gb)
{
    m_model->setCurrentIndex(0);
    m_size->setValue(gb);
}

bool SuperchipView::setModel(const QString& modelId, const QString& precision)
{
    const int model = m_model->findData(modelId);
    const int prec = m_precision->findData(precision);
    if (model <= 0 || prec < 0) return false;
    {
        const QSignalBlocker blocker(m_precision);
        m_precision->setCurrentIndex(prec);
    }
    m_model->setCurrentIndex(model);
    modelPicked();
    rebuild(false);
    return true;
}

void SuperchipView::setGpusUsed(int gpus)
{
    m_gpus->setValue(gpus);
}

Bytes SuperchipView::modelBytes() const
{
    return Bytes{m_size->value() * kGB};
}

std::unique_ptr<HardwareScene> SuperchipView::createScene(const HardwarePalette& palette) const
{
    const SuperchipSpec* sc = m_catalog.superchip(superchipId().toStdString());
    const GpuSpec* gpu = sc ? m_catalog.gpu(sc->gpu) : nullptr;
    if (!sc || !gpu) return std::make_unique<HardwareScene>(palette);
    const QString modelName = m_model->currentIndex() > 0
                                  ? tr("%1 in %2").arg(m_model->currentText(), m_precision->currentText())
                                  : QString();
    return std::make_unique<SuperchipScene>(*sc, m_catalog.cpu(sc->cpu), *gpu, modelBytes(), m_gpus->value(), modelName,
                                            palette);
}

void SuperchipView::retranslateControls()
{
    m_superchipLabel->setText(tr("&Superchip:"));
    m_modelLabel->setText(tr("&Model:"));
    m_model->setItemText(0, tr("Custom size"));
    m_size->setSuffix(tr(" GB"));
    m_gpusLabel->setText(tr("&GPUs holding it:"));
}

} // namespace scalescope
