#pragma once
// Shared pieces of the view tests: the built-in catalog, and saving a
// widget's rendering where a person can look at it.

#include "model/spec/scenario.h"
#include "model/spec/spec_catalog.h"

#include <stdexcept>
#include <string>

#include <QDir>
#include <QFile>
#include <QXmlStreamReader>
#include <QImage>
#include <QWidget>

namespace scalescope::testing {

inline const SpecCatalog& builtinCatalog()
{
    static const SpecCatalog c = [] {
        SpecErrors errors;
        return SpecCatalog::load(builtinSpecRoots(), {}, errors);
    }();
    return c;
}

// A built-in preset scenario (specs/scenarios/<name>.scalescope.json).
inline Scenario presetScenario(const std::string& name)
{
    SpecErrors errors;
    auto s = loadScenarioFile(builtinSpecRoots().front() / "scenarios" / (name + ".scalescope.json"), errors);
    if (!s) throw std::runtime_error("no preset scenario " + name);
    return *s;
}

// Renders the widget offscreen, saves it as renders/<name>.png, returns it.
inline QImage renderToFile(QWidget& w, const QString& name)
{
    QDir().mkpath(QStringLiteral(SCALESCOPE_RENDER_DIR));
    const QImage image = w.grab().toImage();
    image.save(QStringLiteral(SCALESCOPE_RENDER_DIR "/%1.png").arg(name));
    return image;
}

// Number of distinct colours in a coarse sample: 1 means blank.
inline int distinctColours(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7) colours.insert(image.pixel(x, y));
    return static_cast<int>(colours.size());
}

// The <title> of an SVG file; empty when the file does not parse as XML.
inline QString svgTitle(const QString& file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) return {};
    QXmlStreamReader xml(&f);
    QString title;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("title") && title.isEmpty()) title = xml.readElementText();
    }
    return xml.hasError() ? QString() : title;
}

} // namespace scalescope::testing
