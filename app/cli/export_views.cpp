#include "export_views.h"

namespace scalescope::cli {

const ExportViewInfo* findExportView(std::string_view key) noexcept
{
    for (const ExportViewInfo& v : kExportViews)
        if (key == v.key) return &v;
    return nullptr;
}

std::string exportViewKeys(std::string_view separator, std::string_view last)
{
    std::string out;
    for (std::size_t i = 0; i < kExportViews.size(); ++i) {
        if (i > 0) out += i + 1 == kExportViews.size() ? last : separator;
        out += kExportViews[i].key;
    }
    return out;
}

} // namespace scalescope::cli
