#pragma once
// Tables as CSV (RFC 4180 quoting) and as tab-separated text for the
// clipboard: the one writer behind `scalescope-cli ... --csv` and the GUI's
// "Copy" and "Save as CSV…". Cells are text already; numbers are written by
// csvNumber, which uses '.' whatever the locale. Header names carry units
// ("step_time_s", "memory_total_B") as the JSON keys do.
//
//   step_time_s,mfu,note
//   15.91,0.4676,"tp 8, pp 4"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace scalescope {

struct CsvTable {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows; // each as long as header
};

// A field quoted when it holds the separator, a double quote, CR or LF
// (quotes doubled), else as is.
[[nodiscard]] std::string csvField(std::string_view text, char separator = ',');

// The shortest text that reads back to the same double, '.' as the decimal
// point; "" for NaN or infinity (a CSV cell cannot say which).
[[nodiscard]] std::string csvNumber(double value);

// Header line and one line per row, each ending in "\n". separator ',' for
// CSV, '\t' for tab-separated clipboard text.
[[nodiscard]] std::string csvText(const CsvTable& table, char separator = ',');

// One row per JSON object, flattened to dotted keys ("comm.tp.exposed_s",
// "goodput.at_scale.0.gpus"; a list of strings is one cell, joined by "; ");
// the header is the union of the keys in the
// order first seen, a key a record lacks is an empty cell. Numbers are written
// as the JSON writes them, so a CSV cell reads back to the JSON's number;
// null is empty; true and false as words.
[[nodiscard]] CsvTable csvFromJsonRecords(const std::vector<nlohmann::json>& records);

// Moves the column named `name`, if any, to the front ("file", "id").
void moveColumnFirst(CsvTable& table, std::string_view name);

// Parses CSV text written by csvText (quoted fields, doubled quotes, embedded
// newlines); for tests and for reading a table back. Throws
// std::invalid_argument on an unterminated quote.
[[nodiscard]] std::vector<std::vector<std::string>> parseCsv(std::string_view text, char separator = ',');

} // namespace scalescope
