#include "text_table.h"

#include <algorithm>

namespace scalescope::cli {

namespace {

// Characters, not bytes: a UTF-8 continuation byte does not widen a cell.
std::size_t displayWidth(const std::string& s)
{
    const auto startsCharacter = [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; };
    return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), startsCharacter));
}

} // namespace

void TextTable::addRow(std::vector<std::string> cells, std::string note)
{
    cells.resize(m_columns.size());
    m_rows.push_back({std::move(cells), std::move(note)});
}

void TextTable::print(std::ostream& out) const
{
    std::vector<std::size_t> widths;
    for (const Column& c : m_columns)
        widths.push_back(displayWidth(c.header));
    for (const Row& r : m_rows)
        for (std::size_t i = 0; i < widths.size(); ++i)
            widths[i] = std::max(widths[i], displayWidth(r.cells[i]));
    const auto line = [&](const auto& cellAt, const std::string& note) {
        std::string text;
        for (std::size_t i = 0; i < widths.size(); ++i) {
            const std::string& cell = cellAt(i);
            const std::string pad(widths[i] - displayWidth(cell), ' ');
            if (i > 0) text += "  ";
            text += m_columns[i].align == Align::Left ? cell + pad : pad + cell;
        }
        if (!note.empty()) text += "  " + note;
        text.erase(text.find_last_not_of(' ') + 1);
        out << text << "\n";
    };
    line([&](std::size_t i) -> const std::string& { return m_columns[i].header; }, {});
    for (const Row& r : m_rows)
        line([&](std::size_t i) -> const std::string& { return r.cells[i]; }, r.note);
}

} // namespace scalescope::cli
