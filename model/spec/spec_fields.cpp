#include "model/spec/spec_fields.h"

#include "model/spec/quantity_parser.h"

namespace scalescope {

using nlohmann::json;

namespace {

std::string asText(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

std::string readableValue(const json& v)
{
    if (v.is_number()) {
        const double x = v.get<double>();
        if (x >= 1e12) return formatSignificant(x / 1e12, 4) + " trillion";
        if (x >= 1e9) return formatSignificant(x / 1e9, 4) + " billion";
        return formatSignificant(x, 6);
    }
    if (!v.is_string()) return asText(v);
    const QuantityParse p = parseQuantity(v.get<std::string>());
    if (!p) return asText(v);
    const ParsedQuantity& q = *p.quantity;
    std::string out = formatQuantity(q.dimension, q.si, 4);
    if (q.dimension == Dimension::Bytes)
        out += q.unit.find('i') != std::string::npos ? " (" + formatBytes(Bytes{q.si}, BytePrefixes::Decimal, 4) + ")"
                                                     : " (" + formatBytes(Bytes{q.si}, BytePrefixes::Binary, 4) + ")";
    return out;
}

void walk(const json& node, const std::string& path, const json& sources, std::vector<SpecField>& out)
{
    if (node.is_object() && node.contains("value") && node.contains("source")) {
        SpecField f;
        f.path = path;
        f.value = asText(node["value"]);
        f.readable = readableValue(node["value"]);
        f.sourceKey = asText(node["source"]);
        if (sources.is_object() && sources.contains(f.sourceKey)) f.citation = asText(sources[f.sourceKey]);
        if (node.contains("note")) f.note = asText(node["note"]);
        if (node.contains("alternatives") && node["alternatives"].is_array()) {
            for (const json& a : node["alternatives"]) {
                if (!a.is_object()) continue;
                if (!f.alternatives.empty()) f.alternatives += "; ";
                f.alternatives += a.contains("value") ? asText(a["value"]) : "?";
                std::string extra;
                if (a.contains("note")) extra = asText(a["note"]);
                if (a.contains("source")) extra += (extra.empty() ? "" : ", ") + asText(a["source"]);
                if (!extra.empty()) f.alternatives += " (" + extra + ")";
            }
        }
        out.push_back(std::move(f));
        return;
    }
    if (node.is_object()) {
        for (const auto& [key, child] : node.items()) {
            if (path.empty() && (key == "sources" || key == "kind")) continue;
            walk(child, path + "/" + key, sources, out);
        }
        return;
    }
    if (node.is_array()) {
        bool scalars = true;
        for (const json& e : node) scalars = scalars && !e.is_structured();
        if (scalars) {
            out.push_back({path, node.dump(), node.dump(), "", "", "", ""});
            return;
        }
        for (size_t i = 0; i < node.size(); ++i) walk(node[i], path + "/" + std::to_string(i), sources, out);
        return;
    }
    if (node.is_null()) {
        out.push_back({path, "null", "", "", "", "", ""}); // readable "" = not applicable or not published
        return;
    }
    out.push_back({path, asText(node), asText(node), "", "", "", ""});
}

} // namespace

std::vector<SpecField> flattenSpec(const json& doc)
{
    std::vector<SpecField> out;
    walk(doc, "", doc.contains("sources") ? doc["sources"] : json(), out);
    return out;
}

} // namespace scalescope
