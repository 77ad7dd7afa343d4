#include "byte_size_spin_box.h"

#include "model/spec/quantity_parser.h"

#include <array>
#include <cmath>
#include <optional>

namespace scalescope {

namespace {
constexpr int kShownDigits = 4; // "1.074 GB": a GiB typed in stays distinguishable from a GB
constexpr std::array<double, 3> kLadder{1, 2, 5};

std::optional<Bytes> parseBytes(const QString& text)
{
    return parseAs<Dimension::Bytes>(text.trimmed().toStdString());
}
} // namespace

ByteSizeSpinBox::ByteSizeSpinBox(QWidget* parent) : QDoubleSpinBox(parent)
{
    setDecimals(0); // the value is a whole number of bytes
    setCorrectionMode(QAbstractSpinBox::CorrectToPreviousValue);
}

QString ByteSizeSpinBox::textFromValue(double bytes) const
{
    return QString::fromStdString(formatBytes(Bytes{bytes}, BytePrefixes::Decimal, kShownDigits));
}

double ByteSizeSpinBox::valueFromText(const QString& text) const
{
    const auto b = parseBytes(text);
    return b ? std::round(b->si) : value();
}

QValidator::State ByteSizeSpinBox::validate(QString& text, int& /*pos*/) const
{
    const auto b = parseBytes(text);
    if (!b) return QValidator::Intermediate; // "1 G" on the way to "1 GB"
    return b->si >= minimum() && b->si <= maximum() ? QValidator::Acceptable : QValidator::Intermediate;
}

void ByteSizeSpinBox::stepBy(int steps)
{
    Bytes b = bytes();
    for (int i = 0; i < std::abs(steps); ++i)
        b = nextByteStep(b, steps > 0);
    setValue(b.si);
}

Bytes nextByteStep(Bytes bytes, bool up)
{
    if (bytes.si <= 0) return Bytes{1};
    // The ladder's sizes around `bytes`: 1, 2 and 5 times each power of ten.
    const double decade = std::pow(10.0, std::floor(std::log10(bytes.si)));
    constexpr double kSame = 1e-9; // relative: a size already on the ladder is not its own next step
    if (up) {
        for (double d : {decade, decade * 10})
            for (double m : kLadder)
                if (m * d > bytes.si * (1 + kSame)) return Bytes{m * d};
    } else {
        for (double d : {decade, decade / 10})
            for (auto it = kLadder.rbegin(); it != kLadder.rend(); ++it)
                if (*it * d < bytes.si * (1 - kSame)) return Bytes{*it * d};
    }
    return bytes;
}

} // namespace scalescope
