#include "model/lesson/lesson.h" // first: see lesson_panel.h

#include "lesson_chooser.h"

#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace scalescope {

namespace {
QString trChooser(const char* text)
{
    return QCoreApplication::translate("LessonChooser", text);
}
} // namespace

std::optional<std::size_t> chooseLesson(QWidget* parent, const std::vector<Lesson>& lessons, const QString& language)
{
    QDialog dialog(parent);
    dialog.setObjectName(QStringLiteral("lessonChooser"));
    dialog.setWindowTitle(trChooser(QT_TRANSLATE_NOOP("LessonChooser", "Lessons")));
    auto* list = new QListWidget(&dialog);
    auto* summary = new QLabel(&dialog);
    summary->setWordWrap(true);
    const std::string lang = language.toStdString();
    for (const Lesson& l : lessons) {
        // Two strings rather than "%n step(s)": English has no numerus translation file.
        const QString length = l.steps.size() == 1
                                    ? trChooser(QT_TRANSLATE_NOOP("LessonChooser", "1 step"))
                                    : trChooser(QT_TRANSLATE_NOOP("LessonChooser", "%1 steps")).arg(l.steps.size());
        auto* item = new QListWidgetItem(
            trChooser(QT_TRANSLATE_NOOP("LessonChooser", "%1 — about %2 min, %3"))
                .arg(QString::fromStdString(l.title.in(lang)))
                .arg(l.minutes)
                .arg(length),
            list);
        item->setToolTip(QString::fromStdString(l.summary.in(lang)));
    }
    QObject::connect(list, &QListWidget::currentRowChanged, summary, [&](int row) {
        summary->setText(row >= 0 ? QString::fromStdString(lessons[static_cast<std::size_t>(row)].summary.in(lang)) : QString());
    });
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    QObject::connect(list, &QListWidget::itemActivated, &dialog, &QDialog::accept);
    auto* column = new QVBoxLayout(&dialog);
    column->addWidget(list, 1);
    column->addWidget(summary);
    column->addWidget(buttons);
    if (!lessons.empty()) list->setCurrentRow(0);
    dialog.resize(720, 420);
    if (dialog.exec() != QDialog::Accepted || list->currentRow() < 0) return std::nullopt;
    return static_cast<std::size_t>(list->currentRow());
}

} // namespace scalescope
