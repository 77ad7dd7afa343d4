#pragma once
// A combo box whose width does not follow its longest item: it is as wide as
// a set number of characters (QComboBox::AdjustToMinimumContentsLength), a
// longer current text is elided, the tooltip starts with the whole text, and
// the popup list is wide enough to show every item whole. Long item texts
// ("DeepSpeed: 16-bit shard + fp32 master", a 60-character system name) then
// never set a dock's or a view's minimum width.

#include <QComboBox>

namespace scalescope {

class BoundedComboBox final : public QComboBox {
    Q_OBJECT
public:
    // About a dozen characters: "measured (ca…" still names the choice.
    static constexpr int kDefaultCharacters = 12;

    explicit BoundedComboBox(QWidget* parent = nullptr, int characters = kDefaultCharacters);

    // True when the current text is wider than the box shows (it is then elided).
    [[nodiscard]] bool currentTextElided() const;
    // What the tooltip shows: the whole current text when elided, then toolTip().
    [[nodiscard]] QString fullToolTip() const;

    void showPopup() override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    [[nodiscard]] int textWidthAvailable() const;
};

} // namespace scalescope
