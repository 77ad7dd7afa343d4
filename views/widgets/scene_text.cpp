#include "scene_text.h"

#include <algorithm>
#include <cmath>

namespace scalescope {

namespace {
size_t nearestStep(double factor)
{
    size_t best = 0;
    for (size_t i = 1; i < SceneText::kSteps.size(); ++i)
        if (std::abs(SceneText::kSteps[i] - factor) < std::abs(SceneText::kSteps[best] - factor)) best = i;
    return best;
}
} // namespace

SceneText& SceneText::instance()
{
    static SceneText text;
    return text;
}

void SceneText::setScale(double factor)
{
    const double snapped = std::isfinite(factor) ? kSteps[nearestStep(factor)] : 1.0;
    if (snapped == m_scale) return;
    m_scale = snapped;
    Q_EMIT changed();
}

bool SceneText::larger()
{
    const size_t i = nearestStep(m_scale);
    if (i + 1 >= kSteps.size()) return false;
    setScale(kSteps[i + 1]);
    return true;
}

bool SceneText::smaller()
{
    const size_t i = nearestStep(m_scale);
    if (i == 0) return false;
    setScale(kSteps[i - 1]);
    return true;
}

void SceneText::reset()
{
    setScale(1.0);
}

QFont SceneText::paintedFont(QFont f, double designed, double dpi) const
{
    const double points = f.pointSizeF() > 0 ? f.pointSizeF() : f.pixelSize() * 72.0 / dpi;
    double scaled = points * designed * m_scale;
    if (floorRaised()) scaled = std::max(scaled, m_floorPixels * 72.0 / dpi);
    f.setPointSizeF(scaled);
    return f;
}

void SceneText::setFloorPixels(double px)
{
    if (px == m_floorPixels) return;
    m_floorPixels = px;
    Q_EMIT changed();
}

} // namespace scalescope
