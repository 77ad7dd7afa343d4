#pragma once
// A spin box for a size in bytes that reads like one: "1 GB", "512 MB",
// "1.5 GB" (decimal prefixes, as the model's sizes are), never "1000.000 MB".
// Typing takes any size the spec files take, binary prefixes included:
// "1 GiB" is kept as 1,073,741,824 B and shown as "1.074 GB". The arrows step
// through 1, 2, 5, 10, 20, 50, … of a unit.

#include "model/spec/units.h"

#include <QDoubleSpinBox>

namespace scalescope {

class ByteSizeSpinBox final : public QDoubleSpinBox {
    Q_OBJECT
public:
    explicit ByteSizeSpinBox(QWidget* parent = nullptr);

    [[nodiscard]] Bytes bytes() const { return Bytes{value()}; }
    void setBytes(Bytes b) { setValue(b.si); }
    void setByteRange(Bytes low, Bytes high) { setRange(low.si, high.si); }

    [[nodiscard]] QString textFromValue(double bytes) const override;
    [[nodiscard]] double valueFromText(const QString& text) const override;
    [[nodiscard]] QValidator::State validate(QString& text, int& pos) const override;
    void stepBy(int steps) override;
};

// The next size of the 1-2-5 ladder above (`up`) or below `bytes`.
[[nodiscard]] Bytes nextByteStep(Bytes bytes, bool up);

} // namespace scalescope
