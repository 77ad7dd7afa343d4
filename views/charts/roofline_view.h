#pragma once
// The roofline view: pick a GPU, place a matmul (M, K, N, dtype) and an
// elementwise add (N, dtype), and see each point, its bound and its time.

#include "views/hardware/hardware_view.h"

#include "model/spec/precision.h"

class QComboBox;
class QLabel;
class QSpinBox;

namespace scalescope {

class SpecCatalog;

class RooflineView final : public HardwareView {
    Q_OBJECT
public:
    explicit RooflineView(const SpecCatalog& catalog, QWidget* parent = nullptr);

    bool setGpu(const QString& id);
    [[nodiscard]] QString gpuId() const;
    void setMatmul(int m, int k, int n, Precision p);
    void setElementwise(int n, Precision p);
    [[nodiscard]] std::unique_ptr<HardwareScene> createScene(const HardwarePalette& palette) const override;
    [[nodiscard]] QString viewKey() const override { return QStringLiteral("roofline"); }

protected:
    void retranslateControls() override;

private:
    const SpecCatalog& m_catalog;
    QLabel* m_gpuLabel = nullptr;
    QComboBox* m_gpu = nullptr;
    QLabel* m_matmulLabel = nullptr;
    QSpinBox* m_m = nullptr;
    QSpinBox* m_k = nullptr;
    QSpinBox* m_n = nullptr;
    QComboBox* m_matmulType = nullptr;
    QLabel* m_addLabel = nullptr;
    QSpinBox* m_addN = nullptr;
    QComboBox* m_addType = nullptr;
};

struct GpuSpec;
// The scene for a GPU with the seed's example ops (or the given ones).
[[nodiscard]] std::unique_ptr<HardwareScene> createRooflineScene(const GpuSpec& gpu, double m, double k, double n,
                                                                 Precision matmulType, double addN, Precision addType,
                                                                 const HardwarePalette& palette);

} // namespace scalescope
