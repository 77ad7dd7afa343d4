// The small widgets that keep the layouts within a laptop screen and read
// well: a combo box with a bounded width, a grid of headline figures that
// folds, and a size box that says "1 GB".

#include "test_support.h"

#include "views/hardware/topology_view.h"
#include "views/widgets/bounded_combo_box.h"
#include "views/widgets/byte_size_spin_box.h"
#include "views/widgets/figure_grid_layout.h"

#include <QAbstractItemView>
#include <QCoreApplication>
#include <QLineEdit>

#include <catch2/catch.hpp>

using namespace scalescope;

TEST_CASE("A bounded combo box is as wide as its character count, elides a longer choice and shows it whole elsewhere",
          "[gui][widgets]")
{
    const QString longest = QStringLiteral("eager (fp32 chain, Megatron-LM's default)");
    BoundedComboBox box;
    box.addItem(QStringLiteral("fused (one kernel)"));
    box.addItem(longest);
    box.setToolTip(QStringLiteral("How the cross-entropy runs."));
    box.setCurrentIndex(1);
    box.show();
    QCoreApplication::processEvents();
    const int textWidth = box.fontMetrics().horizontalAdvance(longest);
    CHECK(box.sizeHint().width() < textWidth);
    CHECK(box.minimumSizeHint().width() < textWidth);
    CHECK(box.currentTextElided());
    // The tooltip starts with the whole choice, then the box's own explanation.
    CHECK(box.fullToolTip() == longest + QStringLiteral("\n\nHow the cross-entropy runs."));
    box.resize(textWidth * 2, box.height()); // wide enough: nothing elided, the tooltip is the explanation alone
    CHECK_FALSE(box.currentTextElided());
    CHECK(box.fullToolTip() == QStringLiteral("How the cross-entropy runs."));
    box.resize(box.minimumSizeHint());
    box.showPopup();
    CHECK(box.view()->width() >= textWidth); // the list shows every item whole
    box.hidePopup();
}

TEST_CASE("Sizes read as sizes: 1 GB, 500 MB, 1.5 GB, and a GiB typed in is kept exactly", "[gui][widgets]")
{
    ByteSizeSpinBox box;
    box.setByteRange(Bytes{1e3}, Bytes{1e12});
    box.setBytes(Bytes{1e9});
    CHECK(box.text() == QStringLiteral("1 GB"));
    box.setBytes(Bytes{5e8});
    CHECK(box.text() == QStringLiteral("500 MB"));
    box.setBytes(Bytes{1.5e9});
    CHECK(box.text() == QStringLiteral("1.5 GB"));
    box.setBytes(Bytes{64e3});
    CHECK(box.text() == QStringLiteral("64 kB"));

    // Binary prefixes are accepted and kept: 1 GiB = 1,073,741,824 B, shown in decimal as 1.074 GB.
    auto* edit = box.findChild<QLineEdit*>();
    REQUIRE(edit);
    edit->setText(QStringLiteral("1 GiB"));
    box.interpretText();
    CHECK(box.bytes().si == 1073741824.0);
    CHECK(box.text() == QStringLiteral("1.074 GB"));
    edit->setText(QStringLiteral("2000 MB"));
    box.interpretText();
    CHECK(box.bytes().si == 2e9);
    CHECK(box.text() == QStringLiteral("2 GB"));
    // Not a size: the value stays.
    edit->setText(QStringLiteral("lots"));
    box.interpretText();
    CHECK(box.bytes().si == 2e9);

    // The arrows walk 1, 2, 5 of each decade.
    box.setBytes(Bytes{1e9});
    box.stepBy(1);
    CHECK(box.bytes().si == 2e9);
    box.stepBy(1);
    CHECK(box.bytes().si == 5e9);
    box.stepBy(-3);
    CHECK(box.bytes().si == 5e8);
    CHECK(nextByteStep(Bytes{3e6}, true).si == 5e6);
    CHECK(nextByteStep(Bytes{3e6}, false).si == 2e6);
    CHECK(nextByteStep(Bytes{1e6}, false).si == 5e5);
}

TEST_CASE("The topology view's message size reads 1 GB, not 1000.000 MB", "[gui][topology][widgets]")
{
    TopologyView view(testing::builtinCatalog());
    auto* bytes = view.findChild<ByteSizeSpinBox*>(QStringLiteral("collectiveBytes"));
    REQUIRE(bytes);
    CHECK(bytes->text() == QStringLiteral("1 GB"));
    view.setCollective(CollectiveKind::AllGather, 64, Bytes{256e6});
    CHECK(bytes->text() == QStringLiteral("256 MB"));
}

TEST_CASE("Headline figures fold into an even grid when the row does not fit", "[gui][widgets]")
{
    constexpr int kCell = 100, kHeight = 40, kGap = 10, kFigures = 8;
    QWidget holder;
    auto* grid = new FigureGridLayout(&holder);
    grid->setColumnSpacing(kGap);
    grid->setSpacing(0);
    for (int i = 0; i < kFigures; ++i) {
        auto* figure = new QWidget(&holder);
        figure->setFixedSize(kCell, kHeight);
        grid->addWidget(figure);
    }
    CHECK(grid->columnsFor(kFigures * kCell + (kFigures - 1) * kGap) == 8); // one row: 870 px
    CHECK(grid->columnsFor(869) == 4);                                      // 7 fit; two even rows of four, not 7 + 1
    CHECK(grid->columnsFor(500) == 4);                                      // 4 fit
    CHECK(grid->columnsFor(350) == 3);                                      // 3 fit: 3 + 3 + 2
    CHECK(grid->columnsFor(150) == 1);                                      // one column
    CHECK(grid->minimumSize().width() == kCell);
    CHECK(grid->heightForWidth(500) == 2 * kHeight);
    CHECK(grid->heightForWidth(350) == 3 * kHeight);
    holder.resize(500, 2 * kHeight);
    holder.show();
    QCoreApplication::processEvents();
    // The fifth figure starts the second row.
    CHECK(grid->itemAt(4)->geometry().topLeft() == QPoint(0, kHeight));
}
