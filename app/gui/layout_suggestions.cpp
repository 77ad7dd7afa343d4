#include "layout_suggestions.h"

#include "scenario_controls.h"

#include "model/spec/quantity_parser.h"
#include "views/widgets/table_export.h"

#include <QDialogButtonBox>
#include <QFont>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace scalescope {

LayoutSuggestions::LayoutSuggestions(const EvaluationContext& context, QWidget* parent)
    : QDialog(parent), m_result(searchLayouts(context)), m_table(new QTableWidget(this))
{
    setWindowTitle(tr("Suggested layouts"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("%1 layouts evaluated, %2 fit in memory; the fastest by the model's step time:")
                                     .arg(m_result.evaluated)
                                     .arg(m_result.fitting),
                                 this));
    if (context.publishedMfuCeiling > 0) {
        // Every fitting layout is ranked; those above the class's best published run (on any GPU,
        // published_mfu.h) are marked, not hidden.
        const QString run = QString::fromStdString(context.publishedMfuCeilingRun);
        const QString percent = QString::number(context.publishedMfuCeiling * 100, 'f', 1);
        const QString text =
            m_result.aboveCeiling > 0
                ? tr("The best published run of this class, on any GPU: %1, BF16 MFU %2 %. The model puts %3 fitting "
                     "layouts above it; they are marked “beyond any published run”: no real run has been "
                     "seen that fast.")
                      .arg(run, percent)
                      .arg(m_result.aboveCeiling)
                : tr("The best published run of this class, on any GPU: %1, BF16 MFU %2 %. No fitting layout is "
                     "above it.")
                      .arg(run, percent);
        auto* ceiling = new QLabel(text, this);
        ceiling->setObjectName(QStringLiteral("publishedCeiling"));
        ceiling->setWordWrap(true);
        layout->addWidget(ceiling);
    }
    const QStringList headers{
        tr("Step time"),    tr("MFU"),           tr("TP"),          tr("PP"),       tr("DP"),   tr("CP"),
        tr("EP"),           tr("VPP"),           tr("Micro-batch"), tr("Schedule"), tr("ZeRO"), tr("Recompute"),
        tr("Memory / GPU"), tr("Published runs")};
    m_table->setColumnCount(static_cast<int>(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(static_cast<int>(m_result.best.size()));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection); // several rows to copy; Apply takes the current one
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    addTableExportActions(m_table, QStringLiteral("layouts.csv"));
    for (int r = 0; r < static_cast<int>(m_result.best.size()); ++r) {
        const RankedLayout& l = m_result.best[static_cast<size_t>(r)];
        const ParallelLayout& p = l.layout;
        const QStringList cells{QString::fromStdString(format(l.evaluation.stepTime)),
                                QStringLiteral("%1 %").arg(l.evaluation.mfu * 100, 0, 'f', 1),
                                QString::number(p.tp),
                                QString::number(p.pp),
                                QString::number(p.dp),
                                QString::number(p.cp),
                                QString::number(p.ep),
                                QString::number(p.vpp),
                                QString::number(p.microbatchSize),
                                ScenarioControls::scheduleName(p.schedule),
                                QString::number(l.zeroStage),
                                ScenarioControls::recomputeName(l.recompute),
                                QString::fromStdString(formatBytes(l.evaluation.memory.total)),
                                l.beyondPublishedRun ? tr("beyond any published run") : QString()};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (l.beyondPublishedRun) {
                // The whole row reads as a claim no real run backs: italic, with the reason on hover.
                QFont font = item->font();
                font.setItalic(true);
                item->setFont(font);
                item->setToolTip(tr("BF16 MFU above %1 (%2 %), the best published run of its class")
                                     .arg(QString::fromStdString(context.publishedMfuCeilingRun))
                                     .arg(context.publishedMfuCeiling * 100, 0, 'f', 1));
            }
            m_table->setItem(r, c, item);
        }
    }
    m_table->resizeColumnsToContents();
    if (m_table->rowCount() > 0) m_table->selectRow(0);
    layout->addWidget(m_table);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Apply"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_table, &QTableWidget::cellDoubleClicked, this, &QDialog::accept);
    layout->addWidget(buttons);
    resize(980, 420);
}

std::optional<RankedLayout> LayoutSuggestions::chosen() const
{
    const int row = m_table->currentRow();
    if (row < 0 || row >= static_cast<int>(m_result.best.size())) return std::nullopt;
    return m_result.best[static_cast<size_t>(row)];
}

} // namespace scalescope
