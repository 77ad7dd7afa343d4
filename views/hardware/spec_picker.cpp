#include "spec_picker.h"

#include <QSignalBlocker>

namespace scalescope {

namespace {
constexpr int kPickerCharacters = 24; // characters a spec picker shows without its popup
}

QString fillSpecPicker(QComboBox& combo, const SpecCatalog& catalog, SpecKind kind, const QString& preferred)
{
    const QSignalBlocker blocker(combo);
    // Long names ("NVIDIA HGX H800 cluster (DeepSeek-V3 multi-plane fat tree)")
    // must not set the view's minimum width: the box shows ~24 characters and
    // the popup lists every name whole.
    combo.setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo.setMinimumContentsLength(kPickerCharacters);
    combo.clear();
    for (const SpecDocument& d : catalog.documents()) {
        if (d.kind != kind) continue;
        combo.addItem(QString::fromStdString(d.name), QString::fromStdString(d.id));
    }
    const int at = combo.findData(preferred);
    combo.setCurrentIndex(at >= 0 ? at : 0);
    return pickedId(combo);
}

QString pickedId(const QComboBox& combo)
{
    return combo.currentData().toString();
}

bool selectSpec(QComboBox& combo, const QString& id)
{
    const int at = combo.findData(id);
    if (at < 0) return false;
    combo.setCurrentIndex(at);
    return true;
}

} // namespace scalescope
