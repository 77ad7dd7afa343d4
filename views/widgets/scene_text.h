#pragma once
// How large the text of every scene is drawn: one factor read by makeLabel
// (hardware, power, sharding-map and chart scenes), the chart axes and the
// planner's timeline and legend when they build or paint, and a floor below
// which a scene leaves a label out (raised in presentation mode, where text
// must be readable from the back of a room). Views rebuild on changed().
// The factor is a display preference like the application font: the window
// restores it from AppSettings and sets it here; the command line never does.

#include <QFont>
#include <QObject>

#include <array>

namespace scalescope {

class SceneText final : public QObject {
    Q_OBJECT
public:
    // The factors View → Larger text / Smaller text step through, as a browser's
    // zoom levels do; 1 is the designed size. Bounded: below 0.8 the smallest
    // labels fall under the readable floor, above 2 few labels still fit their boxes.
    static constexpr std::array<double, 8> kSteps{0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0};
    // Labels smaller than this on screen are not drawn (px): below 4 px text is a grey smear.
    static constexpr double kDefaultFloorPixels = 4;

    [[nodiscard]] static SceneText& instance();

    [[nodiscard]] double scale() const noexcept { return m_scale; }
    // The nearest step to `factor` (a value from an older or edited settings file).
    void setScale(double factor);
    bool larger();  // false at the largest step
    bool smaller(); // false at the smallest step
    void reset();

    [[nodiscard]] double floorPixels() const noexcept { return m_floorPixels; }
    void setFloorPixels(double px);

    // A designed pixel size at the current factor.
    [[nodiscard]] double pixels(double designed) const noexcept { return designed * m_scale; }
    // Whether the floor is raised above the default (presentation mode).
    [[nodiscard]] bool floorRaised() const noexcept { return m_floorPixels > kDefaultFloorPixels; }
    // For text a widget paints itself (the timeline, the memory bar): `f`
    // times `designed` times the factor, and while the floor is raised never
    // smaller than the floor on a device of `dpi` dots per inch — painted
    // text cannot be left out the way a scene label is.
    [[nodiscard]] QFont paintedFont(QFont f, double designed, double dpi) const;

Q_SIGNALS:
    void changed();

private:
    SceneText() = default;
    double m_scale = 1;
    double m_floorPixels = kDefaultFloorPixels;
};

} // namespace scalescope
