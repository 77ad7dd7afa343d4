#pragma once
// Base of the chip, SM, superchip and rack scenes: a palette, the heading
// and legend an export prints, and the sources the scene's tooltips cite.
// A scene is built whole from spec data and model results; it never computes.

#include "hardware_palette.h"
#include "scene_items.h"

#include "model/spec/quantity_parser.h"
#include "model/spec/sourced.h"

#include <QGraphicsScene>
#include <QStringList>

#include <string>
#include <vector>

namespace scalescope {

// Readable quantity with its unit ("8 TB/s", "256 KiB").
template <Dimension D>
[[nodiscard]] QString formatted(Quantity<D> q, int digits = 3)
{
    return QString::fromStdString(format(q, digits));
}
[[nodiscard]] inline QString formattedBinary(Bytes b)
{
    return QString::fromStdString(formatBytes(b, BytePrefixes::Binary));
}

// Network speeds as networks write them: "400 Gb/s".
[[nodiscard]] inline QString formattedBits(BytesPerSecond rate)
{
    return QString::fromStdString(formatSignificant(rate.si * 8 / 1e9, 3)) + QStringLiteral(" Gb/s");
}

struct LegendEntry {
    QColor colour;
    QString label;
};

class HardwareScene : public QGraphicsScene {
    Q_OBJECT
public:
    explicit HardwareScene(const HardwarePalette& palette, QObject* parent = nullptr);

    [[nodiscard]] const HardwarePalette& hardwarePalette() const noexcept { return m_palette; }
    [[nodiscard]] const QString& title() const noexcept { return m_title; }
    [[nodiscard]] const QString& description() const noexcept { return m_description; }
    [[nodiscard]] const std::vector<LegendEntry>& legend() const noexcept { return m_legend; }
    // Every citation a tooltip of this scene uses, in first-use order.
    [[nodiscard]] const QStringList& sources() const noexcept { return m_sources; }
    // Items tagged with this kind (kItemKindKey).
    [[nodiscard]] QList<QGraphicsItem*> itemsOfKind(const QString& kind) const;

    // Selection marks (kind kSelectionKind) over items of a built scene: the
    // primary one red and 3 px, the rest of its group in the text colour,
    // 2 px. Adding or clearing marks never rebuilds the scene.
    static constexpr const char* kSelectionKind = "selection";
    SelectionMarkItem* markSelected(const QRectF& rect, bool primary);
    void clearSelectionMarks();

    // A lesson step's highlight: a mark (kind kHighlightKind, the primary
    // selection's pen, no pin) over every item whose kind is one of `ids`
    // ("tray") or whose "kind:index" is ("gpu:3"); earlier highlight marks go.
    // Returns how many items were marked.
    static constexpr const char* kHighlightKind = "highlight";
    int highlight(const QStringList& ids);

    // Tooltip: "<b>what</b>: value" and the citation of `key` in `sources`.
    QString sourcedTip(const QString& what, const QString& value, const std::string& key, const SourceMap& sources,
                       const std::string& note = {});
    template <class T>
    QString sourcedTip(const QString& what, const QString& value, const Sourced<T>& s, const SourceMap& sources)
    {
        return sourcedTip(what, value, s.source, sources, s.note);
    }

protected:
    void setHeading(const QString& title, const QString& description);
    void addLegend(const QColor& colour, const QString& label);
    BoxItem* addBox(const QRectF& rect, const QColor& fill, const QString& kind = {}, int index = -1,
                    QGraphicsItem* parent = nullptr);
    LabelItem* addLabel(const QString& text, const QRectF& box, const LabelStyle& style = {},
                        QGraphicsItem* parent = nullptr);
    LabelItem* addLabel(const QString& text, const QRectF& box, const QColor& colour, const LabelStyle& style,
                        QGraphicsItem* parent = nullptr);
    // Text colour readable on `fill`.
    [[nodiscard]] QColor textOn(const QColor& fill) const;
    // Sets the scene rect around everything with a margin, and the background.
    void finish(qreal margin = 24);

private:
    HardwarePalette m_palette;
    QString m_title, m_description;
    std::vector<LegendEntry> m_legend;
    QStringList m_sources;
};

} // namespace scalescope
