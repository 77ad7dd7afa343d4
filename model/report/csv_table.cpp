#include "csv_table.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <stdexcept>

namespace scalescope {

std::string csvField(std::string_view text, char separator)
{
    if (text.find_first_of(std::string{separator, '"', '\r', '\n'}) == std::string_view::npos) return std::string(text);
    std::string quoted = "\"";
    for (char c : text) {
        if (c == '"') quoted += '"';
        quoted += c;
    }
    return quoted + '"';
}

std::string csvNumber(double value)
{
    if (!std::isfinite(value)) return {};
    char buf[32];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value); // locale-independent, round-trips
    return ec == std::errc() ? std::string(buf, end) : std::string();
}

std::string csvText(const CsvTable& table, char separator)
{
    std::string text;
    auto line = [&](const std::vector<std::string>& cells) {
        for (size_t i = 0; i < cells.size(); ++i) {
            if (i > 0) text += separator;
            text += csvField(cells[i], separator);
        }
        text += '\n';
    };
    line(table.header);
    for (const auto& row : table.rows)
        line(row);
    return text;
}

namespace {

std::string scalarCell(const nlohmann::json& v)
{
    if (v.is_null()) return {};
    if (v.is_string()) return v.get<std::string>();
    return v.dump(); // numbers and booleans as the JSON writes them
}

bool allStrings(const nlohmann::json& array)
{
    for (const auto& e : array)
        if (!e.is_string()) return false;
    return !array.empty();
}

void flatten(const nlohmann::json& v, const std::string& prefix, std::vector<std::pair<std::string, std::string>>& out)
{
    if (v.is_array() && allStrings(v)) {
        std::string joined;
        for (const auto& e : v)
            joined += (joined.empty() ? "" : "; ") + e.get<std::string>();
        out.emplace_back(prefix, joined);
        return;
    }
    if (v.is_object() || v.is_array()) {
        if (v.empty() && !prefix.empty()) out.emplace_back(prefix, std::string());
        size_t index = 0;
        for (auto it = v.begin(); it != v.end(); ++it, ++index) {
            const std::string key = v.is_object() ? it.key() : std::to_string(index);
            flatten(*it, prefix.empty() ? key : prefix + "." + key, out);
        }
        return;
    }
    out.emplace_back(prefix, scalarCell(v));
}

} // namespace

CsvTable csvFromJsonRecords(const std::vector<nlohmann::json>& records)
{
    CsvTable table;
    std::map<std::string, size_t> column;
    std::vector<std::vector<std::pair<std::string, std::string>>> flat(records.size());
    for (size_t r = 0; r < records.size(); ++r) {
        flatten(records[r], std::string(), flat[r]);
        for (const auto& [key, cell] : flat[r])
            if (column.emplace(key, table.header.size()).second) table.header.push_back(key);
    }
    for (const auto& cells : flat) {
        std::vector<std::string> row(table.header.size());
        for (const auto& [key, cell] : cells)
            row[column.at(key)] = cell;
        table.rows.push_back(std::move(row));
    }
    return table;
}

void moveColumnFirst(CsvTable& table, std::string_view name)
{
    for (size_t i = 1; i < table.header.size(); ++i) {
        if (table.header[i] != name) continue;
        std::rotate(table.header.begin(), table.header.begin() + static_cast<long>(i), table.header.begin() + static_cast<long>(i) + 1);
        for (auto& row : table.rows)
            std::rotate(row.begin(), row.begin() + static_cast<long>(i), row.begin() + static_cast<long>(i) + 1);
        return;
    }
}

std::vector<std::vector<std::string>> parseCsv(std::string_view text, char separator)
{
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> row;
    std::string field;
    bool quoted = false, any = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c != '"') field += c;
            else if (i + 1 < text.size() && text[i + 1] == '"') field += text[++i];
            else quoted = false;
        } else if (c == '"') {
            quoted = true;
            any = true;
        } else if (c == separator) {
            row.push_back(std::move(field));
            field.clear();
            any = true;
        } else if (c == '\n' || c == '\r') {
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
            row.push_back(std::move(field));
            field.clear();
            rows.push_back(std::move(row));
            row.clear();
            any = false;
        } else {
            field += c;
            any = true;
        }
    }
    if (quoted) throw std::invalid_argument("unterminated quoted field");
    if (any) {
        row.push_back(std::move(field));
        rows.push_back(std::move(row));
    }
    return rows;
}

} // namespace scalescope
