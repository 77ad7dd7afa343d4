#pragma once
// A combo box listing the catalog's specs of one kind by name, keyed by id.

#include "model/spec/spec_catalog.h"

#include <QComboBox>

namespace scalescope {

// Fills `combo` with every spec of `kind` and selects `preferred` when
// present (else the first). Returns the selected id.
QString fillSpecPicker(QComboBox& combo, const SpecCatalog& catalog, SpecKind kind, const QString& preferred);
[[nodiscard]] QString pickedId(const QComboBox& combo);
bool selectSpec(QComboBox& combo, const QString& id);

} // namespace scalescope
