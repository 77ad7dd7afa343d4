#include "model/lesson/lesson_steps.h" // first: see lesson_panel.h

#include "lesson_panel.h"

#include "language.h"
#include "main_window.h"
#include "planner_workspace.h"
#include "scenario_controller.h"

#include "views/charts/memory_page.h"
#include "views/hardware/hardware_scene.h"
#include "views/hardware/hardware_view.h"
#include "views/widgets/bounded_combo_box.h"

#include <QAbstractButton>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QShortcut>
#include <QVBoxLayout>

namespace scalescope {

namespace {
// Type sizes relative to the application font (9 pt = 12 px at 96 dpi). At a
// desk the caption reads like body text; presenting, a caption of 2 × 12 =
// 24 px and a title of 30 px are what slide guides ask of 1080-line
// projections (24 pt body text on a 7.5-inch-high slide is 48 of 1080 lines
// for a full slide; a strip under a live view settles for half of that).
constexpr int kStepListCharacters = 24; // "3. The TP limit on one no…" names the step
constexpr double kTitleScale = 1.3, kCaptionScale = 1.1;
constexpr double kPresentingTitleScale = 2.5, kPresentingCaptionScale = 2.0;

QString q(const std::string& s) { return QString::fromStdString(s); }

QString errorText(const SpecErrors& errors)
{
    QStringList lines;
    for (const SpecError& e : errors) lines << q(e.text());
    return lines.join(QLatin1Char('\n'));
}

// A focused control whose value the arrow keys, Space or the page keys
// change: it keeps them. Lists and tables (the navigator) do not: in a lesson
// those keys step.
bool usesStepKeys(const QWidget* w)
{
    return qobject_cast<const QAbstractSlider*>(w) || qobject_cast<const QAbstractSpinBox*>(w) ||
           qobject_cast<const QComboBox*>(w) || qobject_cast<const QLineEdit*>(w) ||
           qobject_cast<const QAbstractButton*>(w);
}
} // namespace

LessonPanel::LessonPanel(const SpecCatalog& catalog, MainWindow& window, PlannerWorkspace& planner,
                         const Language& language, QWidget* parent)
    : QFrame(parent), m_catalog(catalog), m_window(window), m_planner(planner), m_language(language),
      m_lessonTitle(new QLabel(this)), m_position(new QLabel(this)), m_steps(new BoundedComboBox(this, kStepListCharacters)),
      m_back(new QPushButton(this)), m_next(new QPushButton(this)), m_return(new QPushButton(this)),
      m_close(new QPushButton(this)), m_title(new QLabel(this)), m_caption(new QLabel(this)), m_prompt(new QLabel(this)),
      m_reveal(new QPushButton(this)), m_answer(new QLabel(this))
{
    setObjectName(QStringLiteral("lessonPanel"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    m_title->setObjectName(QStringLiteral("lessonStepTitle"));
    m_caption->setObjectName(QStringLiteral("lessonCaption"));
    m_answer->setObjectName(QStringLiteral("lessonAnswer"));
    m_position->setObjectName(QStringLiteral("lessonPosition"));
    m_steps->setObjectName(QStringLiteral("lessonSteps"));
    for (QLabel* l : {m_title, m_caption, m_prompt, m_answer}) {
        l->setWordWrap(true);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_answer->setTextFormat(Qt::RichText);
    m_lessonTitle->setEnabled(false); // muted: the lesson's name above its step

    auto* top = new QHBoxLayout;
    top->addWidget(m_lessonTitle, 1);
    top->addWidget(m_position);
    top->addWidget(m_steps);
    top->addWidget(m_back);
    top->addWidget(m_next);
    top->addWidget(m_return);
    top->addWidget(m_close);
    auto* question = new QHBoxLayout;
    question->addWidget(m_prompt, 1);
    question->addWidget(m_reveal);
    // The controls sit below the caption, so they stay at the bottom of the
    // window however long a step's caption is: Next does not move under the mouse.
    auto* column = new QVBoxLayout(this);
    column->addWidget(m_title);
    column->addWidget(m_caption);
    column->addLayout(question);
    column->addWidget(m_answer);
    column->addLayout(top);

    connect(m_back, &QPushButton::clicked, this, &LessonPanel::back);
    connect(m_next, &QPushButton::clicked, this, &LessonPanel::next);
    connect(m_return, &QPushButton::clicked, this, &LessonPanel::returnToStep);
    connect(m_close, &QPushButton::clicked, this, &LessonPanel::close);
    connect(m_reveal, &QPushButton::clicked, this, &LessonPanel::reveal);
    connect(m_steps, &QComboBox::activated, this, [this](int i) {
        if (i >= 0) goTo(static_cast<std::size_t>(i));
    });
    // The teacher's keys (a presenter remote sends PageUp/PageDown), on the
    // window so they work wherever focus is while a lesson is open.
    for (auto [key, delta] : {std::pair{Qt::Key_Right, 1}, std::pair{Qt::Key_PageDown, 1}, std::pair{Qt::Key_Space, 1},
                              std::pair{Qt::Key_Left, -1}, std::pair{Qt::Key_PageUp, -1}}) {
        auto* shortcut = new QShortcut(QKeySequence(key), &window);
        shortcut->setEnabled(false);
        connect(shortcut, &QShortcut::activated, this, [this, key = key, delta = delta] { keyStep(delta, key); });
        m_keys.push_back(shortcut);
    }
    // Views rebuilt for a new result (power, sharding map) lose their marks: put them back.
    connect(&m_planner.controller(), &ScenarioController::resultReady, this, [this] { highlight(); },
            Qt::QueuedConnection);
    applyFonts();
    retranslate();
    hide();
}

LessonPanel::~LessonPanel() = default;

bool LessonPanel::open(const Lesson& lesson)
{
    if (lesson.steps.empty()) return false;
    // A lesson plays in a new, untitled scenario: the user's file is asked
    // about (save, discard or cancel) and never overwritten by a step.
    if (!m_planner.newScenario()) return false;
    m_lesson = std::make_unique<Lesson>(lesson);
    m_step = 0;
    show();
    for (QShortcut* k : m_keys) k->setEnabled(true);
    goTo(0);
    m_next->setFocus(); // Space and the arrows step from here
    return true;
}

void LessonPanel::close()
{
    m_lesson.reset();
    for (QShortcut* k : m_keys) k->setEnabled(false);
    hide();
}

void LessonPanel::next()
{
    if (m_lesson && m_step + 1 < m_lesson->steps.size()) goTo(m_step + 1);
}

void LessonPanel::back()
{
    if (m_lesson && m_step > 0) goTo(m_step - 1);
}

void LessonPanel::goTo(std::size_t step)
{
    if (!m_lesson || step >= m_lesson->steps.size()) return;
    m_step = step;
    m_revealed = false;
    apply();
    showTexts();
}

void LessonPanel::returnToStep()
{
    goTo(m_step);
}

void LessonPanel::keyStep(int delta, QKeyCombination key)
{
    QWidget* focus = QApplication::focusWidget();
    if (focus && !isAncestorOf(focus) && usesStepKeys(focus)) {
        // The focused control keeps its keys (a slider's arrows, a button's Space).
        QKeyEvent press(QEvent::KeyPress, key.key(), key.keyboardModifiers());
        QKeyEvent release(QEvent::KeyRelease, key.key(), key.keyboardModifiers());
        QApplication::sendEvent(focus, &press);
        QApplication::sendEvent(focus, &release);
        return;
    }
    delta > 0 ? next() : back();
}

void LessonPanel::apply()
{
    const LessonStep& step = m_lesson->steps[m_step];
    SpecErrors errors;
    const auto scenario = lessonScenario(*m_lesson, m_step, errors);
    if (!scenario) {
        Q_EMIT problem(errorText(errors));
        return;
    }
    ScenarioController& controller = m_planner.controller();
    if (scenarioToJson(*scenario) != scenarioToJson(controller.scenario()))
        controller.edit(*scenario, tr("Lesson step %1: %2").arg(m_step + 1).arg(q(step.title.in(m_language.current().toStdString()))));
    m_window.showView(q(step.view));
    highlight();
}

void LessonPanel::highlight()
{
    if (!m_lesson) return;
    const LessonStep& step = m_lesson->steps[m_step];
    QWidget* page = m_window.view(q(step.view));
    auto* view = qobject_cast<HardwareView*>(page);
    if (auto* memory = qobject_cast<MemoryPage*>(page)) view = memory->currentView();
    if (!view || !view->scene()) return;
    QStringList ids;
    for (const std::string& id : step.highlight) ids << q(id);
    view->scene()->highlight(ids);
}

void LessonPanel::reveal()
{
    if (!m_lesson || !m_lesson->steps[m_step].question) return;
    SpecErrors errors;
    const auto answer = answerQuestion(*m_lesson, m_step, m_catalog, errors);
    if (!answer) {
        Q_EMIT problem(errorText(errors));
        return;
    }
    m_revealed = true;
    showTexts();
}

void LessonPanel::showTexts()
{
    if (!m_lesson) return;
    const std::string lang = m_language.current().toStdString();
    const LessonStep& step = m_lesson->steps[m_step];
    const int count = static_cast<int>(m_lesson->steps.size());
    m_lessonTitle->setText(q(m_lesson->title.in(lang)));
    m_position->setText(tr("Step %1 of %2").arg(m_step + 1).arg(count));
    m_steps->clear();
    for (int i = 0; i < count; ++i)
        m_steps->addItem(QStringLiteral("%1. %2").arg(i + 1).arg(q(m_lesson->steps[static_cast<std::size_t>(i)].title.in(lang))));
    m_steps->setCurrentIndex(static_cast<int>(m_step));
    m_back->setEnabled(m_step > 0);
    m_next->setEnabled(m_step + 1 < m_lesson->steps.size());
    m_title->setText(q(step.title.in(lang)));
    m_caption->setText(q(step.caption.in(lang)));
    const bool asks = step.question.has_value();
    m_prompt->setVisible(asks);
    m_reveal->setVisible(asks);
    m_answer->setVisible(asks && m_revealed);
    m_reveal->setEnabled(!m_revealed);
    if (!asks) return;
    m_prompt->setText(tr("Predict: %1").arg(q(step.question->prompt.in(lang))));
    if (m_revealed) {
        SpecErrors errors;
        const auto answer = answerQuestion(*m_lesson, m_step, m_catalog, errors);
        const QString explanation = q(step.question->explanation.in(lang));
        // The number in bold, the explanation under it in the caption's weight.
        m_answer->setText(QStringLiteral("<b>%1</b>").arg(tr("The model says: %1")
                                                               .arg(answer ? q(answer->text) : errorText(errors))
                                                               .toHtmlEscaped()) +
                          (explanation.isEmpty() ? QString() : QStringLiteral("<br>") + explanation.toHtmlEscaped()));
    }
}

void LessonPanel::setPresenting(bool presenting)
{
    m_presenting = presenting;
    applyFonts();
}

void LessonPanel::applyFonts()
{
    const QFont base = QApplication::font();
    auto scaled = [&](double factor, bool bold) {
        QFont f = base;
        f.setPointSizeF(base.pointSizeF() * factor);
        f.setBold(bold);
        return f;
    };
    m_title->setFont(scaled(m_presenting ? kPresentingTitleScale : kTitleScale, true));
    for (QLabel* l : {m_caption, m_prompt, m_answer})
        l->setFont(scaled(m_presenting ? kPresentingCaptionScale : kCaptionScale, false));
}

void LessonPanel::retranslate()
{
    m_back->setText(tr("◀ Back"));
    m_back->setToolTip(tr("The previous step (Left, Page Up)"));
    m_next->setText(tr("Next ▶"));
    m_next->setToolTip(tr("The next step (Right, Page Down, Space)"));
    m_return->setText(tr("Return to step"));
    m_return->setToolTip(tr("Show this step's view and scenario again after trying things out"));
    m_close->setText(tr("Close lesson"));
    m_reveal->setText(tr("Reveal"));
    m_reveal->setToolTip(tr("The model's answer for this step's scenario"));
    m_steps->setToolTip(tr("Jump to a step"));
    showTexts();
}

void LessonPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QFrame::changeEvent(event);
}

} // namespace scalescope
