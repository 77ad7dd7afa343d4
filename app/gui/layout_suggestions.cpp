#include "layout_suggestions.h"

#include "scenario_controls.h"

#include "model/spec/quantity_parser.h"

#include <QDialogButtonBox>
#include <QPushButton>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace scalescope {

LayoutSuggestions::LayoutSuggestions(const EvaluationContext& context, QWidget* parent)
    : QDialog(parent), m_result(searchLayouts(context)), m_table(new QTableWidget(this))
{
    setWindowTitle(tr("Suggested layouts"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("%1 layouts evaluated, %2 fit in memory; the fastest:")
                                     .arg(m_result.evaluated)
                                     .arg(m_result.fitting),
                                 this));
    if (m_result.aboveCeiling > 0) {
        // Layouts the model puts beyond the class's best published run on this GPU generation are not
        // proposed (published_mfu.h).
        const QString text =
            context.publishedMfuCeilingSameGeneration
                ? tr("%1 fitting layouts left out: the model puts their BF16 MFU above the best published "
                     "run of the class on this GPU generation (%2 %), a number no such run has reached")
                : tr("%1 fitting layouts left out: the model puts their BF16 MFU above the best published "
                     "run of the class on any GPU (%2 %), a number no real run has reached");
        const double ceilingPercent = context.publishedMfuCeiling * 100;
        auto* left = new QLabel(text.arg(m_result.aboveCeiling).arg(ceilingPercent, 0, 'f', 1), this);
        left->setObjectName(QStringLiteral("leftOutAboveCeiling"));
        left->setWordWrap(true);
        layout->addWidget(left);
        // The scenario's own layout may be one of them: then every proposal is slower than what is open.
        const Evaluation current = evaluate(context);
        if (current.ok && current.mfu > context.publishedMfuCeiling) {
            const QString ownText = tr("The current layout is one of them (BF16 MFU %1 % by the model): each "
                                       "layout below is slower, but none is faster than a published run has been");
            auto* own = new QLabel(ownText.arg(current.mfu * 100, 0, 'f', 1), this);
            own->setObjectName(QStringLiteral("currentAboveCeiling"));
            own->setWordWrap(true);
            layout->addWidget(own);
        }
    }
    const QStringList headers{tr("Step time"), tr("MFU"), tr("TP"), tr("PP"), tr("DP"), tr("CP"), tr("EP"), tr("VPP"),
                              tr("Micro-batch"), tr("Schedule"), tr("ZeRO"), tr("Recompute"), tr("Memory / GPU")};
    m_table->setColumnCount(static_cast<int>(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(static_cast<int>(m_result.best.size()));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    for (int r = 0; r < static_cast<int>(m_result.best.size()); ++r) {
        const RankedLayout& l = m_result.best[static_cast<size_t>(r)];
        const ParallelLayout& p = l.layout;
        const QStringList cells{QString::fromStdString(format(l.evaluation.stepTime)),
                                QStringLiteral("%1 %").arg(l.evaluation.mfu * 100, 0, 'f', 1),
                                QString::number(p.tp), QString::number(p.pp), QString::number(p.dp), QString::number(p.cp),
                                QString::number(p.ep), QString::number(p.vpp), QString::number(p.microbatchSize),
                                ScenarioControls::scheduleName(p.schedule), QString::number(l.zeroStage),
                                ScenarioControls::recomputeName(l.recompute),
                                QString::fromStdString(formatBytes(l.evaluation.memory.total))};
        for (int c = 0; c < cells.size(); ++c) m_table->setItem(r, c, new QTableWidgetItem(cells[c]));
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
