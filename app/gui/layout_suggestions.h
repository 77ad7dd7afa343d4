#pragma once
// "Suggest layouts": runs the model's layout search and lists the fastest
// layouts that fit, by the model's own step time, marking those beyond the
// best published run of their class and naming that run; one click (or
// double-click) applies one.

#include "model/search/layout_search.h"

#include <QDialog>

#include <optional>

class QTableWidget;

namespace scalescope {

class LayoutSuggestions final : public QDialog {
    Q_OBJECT
public:
    explicit LayoutSuggestions(const EvaluationContext& context, QWidget* parent = nullptr);
    [[nodiscard]] std::optional<RankedLayout> chosen() const;
    [[nodiscard]] const SearchResult& result() const noexcept { return m_result; }

private:
    SearchResult m_result;
    QTableWidget* m_table = nullptr;
};

} // namespace scalescope
