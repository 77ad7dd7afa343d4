#pragma once
// Memory per GPU as one stacked bar (training: weights, gradients, optimizer
// state, activations, buffers; serving: weights, KV cache, activations)
// against usable HBM, and LPDDR5X on superchips; serving also shows what the
// runtime reserves beyond usable HBM. The bar turns red past the capacity and
// says by how much.

#include "model/core/evaluation.h"
#include "model/inference/inference_evaluation.h"

#include <QWidget>

namespace scalescope {

class MemoryBar final : public QWidget {
    Q_OBJECT
public:
    explicit MemoryBar(QWidget* parent = nullptr);
    void setMemory(const MemoryPerGpu& memory, bool superchip);
    void setServingMemory(const InferenceMemory& memory);
    void clear();
    [[nodiscard]] QString summary() const; // the caption, for tests and tooltips
    // The font of the legend, the parts' names and the caption, at the scene text factor.
    [[nodiscard]] QFont legendFont() const;

    QSize sizeHint() const override { return {520, 64}; }
    QSize minimumSizeHint() const override { return {260, 56}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    MemoryPerGpu m_memory;
    InferenceMemory m_serving;
    bool m_isServing = false;
    bool m_superchip = false;
    bool m_valid = false;
};

} // namespace scalescope
