#pragma once
// Help → Lessons…: the shipped lessons by title, with their length in
// minutes and steps and their summary; the chosen one's index, or nothing.

#include <QString>

#include <optional>
#include <vector>

class QWidget;

namespace scalescope {

struct Lesson; // lesson.h is included first where used (see lesson_panel.h)

[[nodiscard]] std::optional<std::size_t> chooseLesson(QWidget* parent, const std::vector<Lesson>& lessons,
                                                      const QString& language);

} // namespace scalescope
