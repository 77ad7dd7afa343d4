#pragma once
// The lesson strip under the current view (Help → Lessons…): the step's
// title and caption, "step n of N" with a list to jump to any step,
// Back/Next (buttons and Left/Right, PageUp/PageDown, Space), and a
// "predict, then reveal" question whose answer the model computes for the
// step's scenario. A step shows its view, makes its scenario the planner's
// (one undoable edit) and highlights its elements. The user may leave the
// script (sliders, other views) and come back with "Return to step". In
// presentation mode the strip stays, in large type: it is the caption strip.

#include <QFrame>

#include <memory>
#include <vector>

class QLabel;
class QPushButton;
class QShortcut;

namespace scalescope {

class BoundedComboBox;
class Language;
class MainWindow;
class PlannerWorkspace;
class SpecCatalog;
// Not included: GCC's -Wshadow takes lesson.h's AnswerUnit enumerators for
// shadows of units.h's types when both reach one translation unit in that
// order (moc's, for one), so lesson.h is included first where it is used.
struct Lesson;

class LessonPanel final : public QFrame {
    Q_OBJECT
public:
    LessonPanel(const SpecCatalog& catalog, MainWindow& window, PlannerWorkspace& planner, const Language& language,
                QWidget* parent = nullptr);
    ~LessonPanel() override;

    // Starts `lesson` at its first step. Unsaved changes are asked about
    // first, as File → New does; false when the user cancels.
    bool open(const Lesson& lesson);
    void close();
    [[nodiscard]] const Lesson* lesson() const noexcept { return m_lesson.get(); }
    [[nodiscard]] std::size_t step() const noexcept { return m_step; }

    void next();
    void back();
    void goTo(std::size_t step); // shows and applies the step
    void returnToStep();         // applies the current step again after the user played
    void reveal();               // the model's answer to the step's question

    // Large type for a projector.
    void setPresenting(bool presenting);

    [[nodiscard]] QLabel* answerLabel() const noexcept { return m_answer; }
    [[nodiscard]] QLabel* captionLabel() const noexcept { return m_caption; }

Q_SIGNALS:
    void problem(const QString& text); // a step that cannot be applied (message bar)

protected:
    void changeEvent(QEvent* event) override;

private:
    void apply();
    void highlight();
    void showTexts();
    void retranslate();
    void applyFonts();
    void keyStep(int delta, QKeyCombination key);

    const SpecCatalog& m_catalog;
    MainWindow& m_window;
    PlannerWorkspace& m_planner;
    const Language& m_language;
    std::unique_ptr<Lesson> m_lesson;
    std::size_t m_step = 0;
    bool m_revealed = false;
    bool m_presenting = false;
    QLabel* m_lessonTitle = nullptr;
    QLabel* m_position = nullptr;
    BoundedComboBox* m_steps = nullptr;
    QPushButton* m_back = nullptr;
    QPushButton* m_next = nullptr;
    QPushButton* m_return = nullptr;
    QPushButton* m_close = nullptr;
    QLabel* m_title = nullptr;
    QLabel* m_caption = nullptr;
    QLabel* m_prompt = nullptr;
    QPushButton* m_reveal = nullptr;
    QLabel* m_answer = nullptr;
    std::vector<QShortcut*> m_keys;
};

} // namespace scalescope
