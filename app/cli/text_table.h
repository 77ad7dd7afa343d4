#pragma once
// A plain-text table for the CLI: each column as wide as its widest cell
// (header included, counted in UTF-8 characters), two spaces between
// columns, so long ids never run into the numbers beside them.

#include <ostream>
#include <string>
#include <vector>

namespace scalescope::cli {

class TextTable final {
public:
    enum class Align { Left, Right };
    struct Column {
        std::string header;
        Align align = Align::Left;
    };

    explicit TextTable(std::vector<Column> columns) : m_columns(std::move(columns)) {}
    // One row; missing cells print empty. `note` follows the row's last cell.
    void addRow(std::vector<std::string> cells, std::string note = {});
    void print(std::ostream& out) const;

private:
    struct Row {
        std::vector<std::string> cells;
        std::string note;
    };
    std::vector<Column> m_columns;
    std::vector<Row> m_rows;
};

} // namespace scalescope::cli
