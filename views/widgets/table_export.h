#pragma once
// "Copy" and "Save as CSV…" for a table view: a context menu with both, and
// Ctrl+C (QKeySequence::Copy) copying the selected rows as tab-separated text
// with the header line, ready to paste into a spreadsheet. Cells are the
// text the table shows; hidden columns are left out. The text is written by
// the one CSV writer (model/report/csv_table.h).

#include <QString>

class QAbstractItemView;

namespace scalescope {

struct CsvTable;

// The view's visible columns; selectedOnly: the rows with a selected cell
// (all rows when nothing is selected).
[[nodiscard]] CsvTable tableCells(const QAbstractItemView& view, bool selectedOnly);

// Puts the selected rows (all when none is selected), with the header, on the
// clipboard as tab-separated text.
void copyTableRows(const QAbstractItemView& view);

// Writes every row as CSV to `file` (all or nothing: QSaveFile); on failure
// returns false and says why, naming the file, in `error`.
bool saveTableCsv(const QAbstractItemView& view, const QString& file, QString* error);

// Adds the "Copy" (Ctrl+C) and "Save as CSV…" actions to the view and its
// context menu. "Save as CSV…" asks for a file (suggestedName in the user's
// documents folder) and shows a message box when it cannot be written.
void addTableExportActions(QAbstractItemView* view, const QString& suggestedName);

} // namespace scalescope
