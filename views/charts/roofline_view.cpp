#include "roofline_view.h"

#include "roofline_scene.h"

#include "views/hardware/spec_picker.h"

#include "model/spec/spec_catalog.h"
#include "views/widgets/bounded_combo_box.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>

namespace scalescope {

namespace {
constexpr int kDefaultMatmul = 4096;       // a square GEMM large enough to be compute-bound
constexpr int kDefaultElementwise = 1 << 26; // 64 Mi elements: clearly memory-bound

QString precisionText(Precision p)
{
    const std::string_view key = precisionKey(p);
    return QString::fromLatin1(key.data(), qsizetype(key.size())).toUpper().replace(QLatin1String("_TENSOR"), QLatin1String(" Tensor"));
}

void fillPrecisions(QComboBox& combo, std::initializer_list<Precision> list, Precision selected)
{
    for (Precision p : list) combo.addItem(precisionText(p), int(p));
    combo.setCurrentIndex(combo.findData(int(selected)));
}

QSpinBox* sizeBox(QWidget* parent, int max, int value, const QString& name)
{
    auto* box = new QSpinBox(parent);
    box->setRange(1, max);
    box->setValue(value);
    box->setGroupSeparatorShown(true);
    box->setObjectName(name);
    return box;
}
} // namespace

std::unique_ptr<HardwareScene> createRooflineScene(const GpuSpec& gpu, double m, double k, double n,
                                                   Precision matmulType, double addN, Precision addType,
                                                   const HardwarePalette& palette)
{
    std::vector<RooflineOp> ops;
    if (const auto mm = matmulCost(gpu, m, k, n, matmulType))
        ops.push_back({RooflineScene::tr("matmul %1 × %2 × %3").arg(m).arg(k).arg(n), matmulType, *mm});
    ops.push_back({RooflineScene::tr("add %L1").arg(addN, 0, 'f', 0), addType, vectorAddCost(gpu, addN, addType)});
    return std::make_unique<RooflineScene>(gpu, std::move(ops), palette);
}

RooflineView::RooflineView(const SpecCatalog& catalog, QWidget* parent)
    : HardwareView(parent), m_catalog(catalog), m_gpuLabel(new QLabel(this)), m_gpu(new BoundedComboBox(this)),
      m_matmulLabel(new QLabel(this)), m_m(sizeBox(this, 1 << 20, kDefaultMatmul, QStringLiteral("matmulM"))),
      m_k(sizeBox(this, 1 << 20, kDefaultMatmul, QStringLiteral("matmulK"))),
      m_n(sizeBox(this, 1 << 20, kDefaultMatmul, QStringLiteral("matmulN"))), m_matmulType(new BoundedComboBox(this)),
      m_addLabel(new QLabel(this)), m_addN(sizeBox(this, 1 << 30, kDefaultElementwise, QStringLiteral("addN"))),
      m_addType(new BoundedComboBox(this))
{
    m_gpu->setObjectName(QStringLiteral("gpuPicker"));
    m_gpuLabel->setBuddy(m_gpu);
    m_matmulLabel->setBuddy(m_m);
    m_addLabel->setBuddy(m_addN);
    fillSpecPicker(*m_gpu, m_catalog, SpecKind::Gpu, QStringLiteral("h100-sxm"));
    fillPrecisions(*m_matmulType, {Precision::Fp64Tensor, Precision::Tf32, Precision::Bf16, Precision::Fp16,
                                   Precision::Fp8, Precision::Fp4},
                   Precision::Bf16);
    fillPrecisions(*m_addType, {Precision::Fp32, Precision::Bf16, Precision::Fp16, Precision::Fp8}, Precision::Fp32);
    for (QWidget* w : std::initializer_list<QWidget*>{m_gpuLabel, m_gpu, m_matmulLabel, m_m, m_k, m_n, m_matmulType,
                                                      m_addLabel, m_addN, m_addType})
        controls()->addWidget(w);
    connect(m_gpu, &QComboBox::currentIndexChanged, this, [this] { rebuild(); });
    for (QComboBox* c : {m_matmulType, m_addType})
        connect(c, &QComboBox::currentIndexChanged, this, [this] { rebuild(); });
    for (QSpinBox* s : {m_m, m_k, m_n, m_addN}) connect(s, &QSpinBox::valueChanged, this, [this] { rebuild(); });
    retranslateControls();
    rebuild();
}

bool RooflineView::setGpu(const QString& id)
{
    return selectSpec(*m_gpu, id);
}

QString RooflineView::gpuId() const
{
    return pickedId(*m_gpu);
}

void RooflineView::setMatmul(int m, int k, int n, Precision p)
{
    m_m->setValue(m);
    m_k->setValue(k);
    m_n->setValue(n);
    m_matmulType->setCurrentIndex(m_matmulType->findData(int(p)));
}

void RooflineView::setElementwise(int n, Precision p)
{
    m_addN->setValue(n);
    m_addType->setCurrentIndex(m_addType->findData(int(p)));
}

std::unique_ptr<HardwareScene> RooflineView::createScene(const HardwarePalette& palette) const
{
    const GpuSpec* gpu = m_catalog.gpu(gpuId().toStdString());
    if (!gpu) return std::make_unique<HardwareScene>(palette);
    return createRooflineScene(*gpu, m_m->value(), m_k->value(), m_n->value(),
                               Precision(m_matmulType->currentData().toInt()), m_addN->value(),
                               Precision(m_addType->currentData().toInt()), palette);
}

void RooflineView::retranslateControls()
{
    m_gpuLabel->setText(tr("&GPU:"));
    m_matmulLabel->setText(tr("&Matmul M × K × N:"));
    m_addLabel->setText(tr("&Elementwise add N:"));
    m_m->setToolTip(tr("M: rows of A and C"));
    m_k->setToolTip(tr("K: the shared (reduced) dimension"));
    m_n->setToolTip(tr("N: columns of B and C"));
}

} // namespace scalescope
