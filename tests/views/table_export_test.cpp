// "Copy" and "Save as CSV…" in the breakdown ("Why this number") and the
// suggested-layouts tables (issue 31): Ctrl+C puts a header and the selected
// rows on the clipboard as tab-separated text; the CSV file parses back to
// every row; a file that cannot be written is an error naming it.

#include "test_support.h"

#include "app/gui/language.h"
#include "app/gui/layout_suggestions.h"
#include "model/report/csv_table.h"
#include "model/validation/context_ceiling.h"
#include "views/planner/breakdown_panel.h"
#include "views/planner/operation_table_model.h"
#include "views/widgets/table_export.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCoreApplication>
#include <QFile>
#include <QItemSelectionModel>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <catch2/catch.hpp>

using namespace scalescope;

namespace {

QStringList modelRow(const QAbstractItemModel& model, int row)
{
    QStringList cells;
    for (int c = 0; c < model.columnCount(); ++c)
        cells << model.index(row, c).data().toString();
    return cells;
}

QStringList modelHeader(const QAbstractItemModel& model)
{
    QStringList cells;
    for (int c = 0; c < model.columnCount(); ++c)
        cells << model.headerData(c, Qt::Horizontal).toString();
    return cells;
}

QStringList toQt(const std::vector<std::string>& cells)
{
    QStringList out;
    for (const std::string& c : cells)
        out << QString::fromStdString(c);
    return out;
}

void selectRows(QAbstractItemView& view, std::initializer_list<int> rows)
{
    view.clearSelection();
    for (int r : rows)
        view.selectionModel()->select(view.model()->index(r, 0),
                                      QItemSelectionModel::Select | QItemSelectionModel::Rows);
}

} // namespace

TEST_CASE("Ctrl+C in the breakdown table copies a header and the selected rows, tab-separated", "[planner][breakdown][csv]")
{
    const PlannerResultPtr r = evaluateScenario(testing::builtinCatalog(), testing::presetScenario("default"), nullptr, 1);
    REQUIRE(r->ok());
    BreakdownPanel panel;
    panel.setResult(r);
    panel.resize(1200, 700);
    panel.show();
    auto* view = panel.findChild<QTableView*>(QStringLiteral("operationTable"));
    REQUIRE(view);
    REQUIRE(view->contextMenuPolicy() == Qt::ActionsContextMenu);
    auto* copy = view->findChild<QAction*>(QStringLiteral("copyTableRows"));
    REQUIRE(copy);
    CHECK(copy->text() == QStringLiteral("Copy"));
    CHECK(copy->shortcut() == QKeySequence(QKeySequence::Copy));
    REQUIRE(view->findChild<QAction*>(QStringLiteral("saveTableCsv")));

    QApplication::clipboard()->clear();
    selectRows(*view, {0, 2});
    QApplication::setActiveWindow(&panel);
    REQUIRE(QTest::qWaitForWindowActive(&panel));
    view->setFocus();
    QTest::keyClick(view, Qt::Key_C, Qt::ControlModifier);
    const auto rows = parseCsv(QApplication::clipboard()->text().toStdString(), '\t');
    REQUIRE(rows.size() == 3);
    const QAbstractItemModel& model = *view->model();
    CHECK(toQt(rows[0]) == modelHeader(model));
    CHECK(toQt(rows[1]) == modelRow(model, 0));
    CHECK(toQt(rows[2]) == modelRow(model, 2));

    // Ctrl+A, Ctrl+C: every row.
    view->selectAll();
    copy->trigger();
    CHECK(parseCsv(QApplication::clipboard()->text().toStdString(), '\t').size() ==
          static_cast<size_t>(model.rowCount()) + 1);
}

TEST_CASE("Save as CSV writes every row of the table; an unwritable file is an error naming it", "[planner][breakdown][csv]")
{
    const PlannerResultPtr r = evaluateScenario(testing::builtinCatalog(), testing::presetScenario("default"), nullptr, 1);
    REQUIRE(r->ok());
    BreakdownPanel panel;
    panel.setResult(r);
    auto* view = panel.findChild<QTableView*>(QStringLiteral("operationTable"));
    REQUIRE(view);
    selectRows(*view, {1}); // the file holds the whole table whatever is selected
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("breakdown.csv"));
    QString error;
    REQUIRE(saveTableCsv(*view, file, &error));
    QFile in(file);
    REQUIRE(in.open(QIODevice::ReadOnly));
    const auto rows = parseCsv(in.readAll().toStdString());
    REQUIRE(rows.size() == static_cast<size_t>(view->model()->rowCount()) + 1);
    CHECK(toQt(rows[0]) == modelHeader(*view->model()));
    CHECK(toQt(rows.back()) == modelRow(*view->model(), view->model()->rowCount() - 1));

    const QString bad = dir.filePath(QStringLiteral("no such folder/breakdown.csv"));
    CHECK_FALSE(saveTableCsv(*view, bad, &error));
    CHECK(error.contains(QStringLiteral("no such folder")));
}

TEST_CASE("The suggested layouts copy as a header and the selected layouts, in English and Chinese",
          "[planner][search][csv]")
{
    SpecErrors errors;
    auto ctx = makeEvaluationContext(testing::presetScenario("default"), testing::builtinCatalog(), errors);
    REQUIRE(ctx);
    setPublishedMfuCeiling(*ctx, testing::builtinCatalog());
    LayoutSuggestions dialog(*ctx);
    auto* table = dialog.findChild<QTableWidget*>();
    REQUIRE(table);
    REQUIRE(table->rowCount() > 2);
    auto* copy = table->findChild<QAction*>(QStringLiteral("copyTableRows"));
    REQUIRE(copy);
    selectRows(*table, {1, 2});
    copy->trigger();
    const auto rows = parseCsv(QApplication::clipboard()->text().toStdString(), '\t');
    REQUIRE(rows.size() == 3);
    CHECK(rows[0].front() == "Step time");
    CHECK(toQt(rows[2]) == modelRow(*table->model(), 2));

    Language language;
    REQUIRE(language.apply(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents(); // LanguageChange is posted to the windows
    CHECK(copy->text() == QStringLiteral("复制"));
    CHECK(table->findChild<QAction*>(QStringLiteral("saveTableCsv"))->text() != QStringLiteral("Save as CSV…"));
    REQUIRE(language.apply(QStringLiteral("en")));
    QCoreApplication::processEvents();
    CHECK(copy->text() == QStringLiteral("Copy"));
}
