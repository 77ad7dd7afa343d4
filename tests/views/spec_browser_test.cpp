// The spec browser lists every spec and shows values with units and sources.

#include "test_support.h"

#include "views/spec_browser_view.h"
#include "views/spec_fields_model.h"

#include <QAbstractItemModelTester>

#include <catch2/catch.hpp>

using namespace scalescope;

TEST_CASE("Spec browser shows H100 values with units and their sources", "[gui][specs]")
{
    SpecBrowserView view(testing::builtinCatalog());
    view.resize(1200, 800);
    CHECK(view.specCount() == static_cast<int>(testing::builtinCatalog().documents().size()));
    QAbstractItemModelTester tester(view.fieldsModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    REQUIRE(view.select(QStringLiteral("gpu"), QStringLiteral("h100-sxm")));
    SpecFieldsModel* m = view.fieldsModel();
    bool sawBandwidth = false;
    for (int row = 0; row < m->rowCount(); ++row) {
        if (m->index(row, SpecFieldsModel::FieldColumn).data().toString() != QStringLiteral("hbm/bandwidth")) continue;
        sawBandwidth = true;
        CHECK(m->index(row, SpecFieldsModel::ValueColumn).data().toString() == QStringLiteral("3.35 TB/s"));
        CHECK(m->index(row, SpecFieldsModel::SourceColumn).data().toString().contains(QStringLiteral("seed 000")));
        CHECK(m->index(row, SpecFieldsModel::ValueColumn).data(Qt::ToolTipRole).toString().contains(QStringLiteral("3.4 TB/s")));
    }
    CHECK(sawBandwidth);
    REQUIRE(view.select(QStringLiteral("system"), QStringLiteral("gb200-nvl72")));
    CHECK(m->rowCount() > 30);
    CHECK_FALSE(view.select(QStringLiteral("gpu"), QStringLiteral("h1000")));
    view.select(QStringLiteral("gpu"), QStringLiteral("b200"));
    CHECK(testing::distinctColours(testing::renderToFile(view, QStringLiteral("spec-browser-b200"))) > 8);
}
