#include "spec_browser_view.h"

#include "spec_fields_model.h"

#include "model/spec/spec_catalog.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableView>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace scalescope {

namespace {

constexpr int KindRole = Qt::UserRole + 1;
constexpr int IdRole = Qt::UserRole + 2;

QString kindTitle(SpecKind k)
{
    switch (k) {
    case SpecKind::Gpu: return SpecBrowserView::tr("GPUs");
    case SpecKind::Cpu: return SpecBrowserView::tr("CPUs");
    case SpecKind::Superchip: return SpecBrowserView::tr("Superchips");
    case SpecKind::System: return SpecBrowserView::tr("Systems");
    case SpecKind::Model: return SpecBrowserView::tr("Models");
    case SpecKind::Calibration: return SpecBrowserView::tr("Calibrations");
    case SpecKind::ComputeCalibration: return SpecBrowserView::tr("Kernel calibrations");
    case SpecKind::Fluid: return SpecBrowserView::tr("Coolants and air");
    case SpecKind::Facility: return SpecBrowserView::tr("Facilities");
    }
    return {};
}

} // namespace

SpecBrowserView::SpecBrowserView(const SpecCatalog& catalog, QWidget* parent)
    : QWidget(parent), m_catalog(catalog), m_tree(new QTreeWidget(this)), m_title(new QLabel(this)),
      m_file(new QLabel(this)), m_table(new QTableView(this)), m_fields(new SpecFieldsModel(this))
{
    setObjectName(QStringLiteral("SpecBrowserView"));
    m_tree->setHeaderHidden(true);
    m_tree->setObjectName(QStringLiteral("specTree"));
    m_title->setObjectName(QStringLiteral("specTitle"));
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.4);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setWordWrap(true);
    m_file->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // The file's path is as long as the checkout's or the install's: it wraps
    // and gives way (the tooltip has it whole) rather than set the window's width.
    m_file->setWordWrap(true);
    m_file->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_file->setForegroundRole(QPalette::PlaceholderText);
    m_table->setModel(m_fields);
    m_table->setObjectName(QStringLiteral("specFields"));
    m_table->verticalHeader()->hide();
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setSectionResizeMode(SpecFieldsModel::FieldColumn, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(SpecFieldsModel::ValueColumn, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);

    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(8, 0, 0, 0);
    rightLayout->addWidget(m_title);
    rightLayout->addWidget(m_file);
    rightLayout->addWidget(m_table, 1);

    auto* splitter = new QSplitter(this);
    splitter->addWidget(m_tree);
    splitter->addWidget(right);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({260, 900});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    fillTree();
    connect(m_tree, &QTreeWidget::currentItemChanged, this, &SpecBrowserView::showCurrent);
    if (m_tree->topLevelItemCount() > 0 && m_tree->topLevelItem(0)->childCount() > 0)
        m_tree->setCurrentItem(m_tree->topLevelItem(0)->child(0));
    retranslate();
}

void SpecBrowserView::fillTree()
{
    m_tree->clear();
    for (SpecKind kind : kAllSpecKinds) {
        auto* group = new QTreeWidgetItem(m_tree);
        group->setData(0, KindRole, QString::fromUtf8(specKindKey(kind).data()));
        group->setFlags(Qt::ItemIsEnabled);
        for (const SpecDocument& d : m_catalog.documents()) {
            if (d.kind != kind) continue;
            auto* item = new QTreeWidgetItem(group);
            item->setText(0, QString::fromStdString(d.name));
            item->setToolTip(0, QString::fromStdString(d.id));
            item->setData(0, KindRole, QString::fromUtf8(specKindKey(kind).data()));
            item->setData(0, IdRole, QString::fromStdString(d.id));
        }
        group->setExpanded(true);
    }
}

int SpecBrowserView::specCount() const { return static_cast<int>(m_catalog.documents().size()); }

bool SpecBrowserView::select(const QString& kind, const QString& id)
{
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g) {
        QTreeWidgetItem* group = m_tree->topLevelItem(g);
        for (int i = 0; i < group->childCount(); ++i) {
            QTreeWidgetItem* item = group->child(i);
            if (item->data(0, KindRole).toString() == kind && item->data(0, IdRole).toString() == id) {
                m_tree->setCurrentItem(item);
                return true;
            }
        }
    }
    return false;
}

void SpecBrowserView::showCurrent()
{
    const QTreeWidgetItem* item = m_tree->currentItem();
    const auto kind = item ? specKindFromKey(item->data(0, KindRole).toString().toStdString()) : std::nullopt;
    const SpecDocument* d = kind ? m_catalog.document(*kind, item->data(0, IdRole).toString().toStdString()) : nullptr;
    if (!d) {
        m_fields->setFields({});
        m_title->clear();
        m_file->clear();
        return;
    }
    m_fields->setFields(flattenSpec(d->json));
    m_title->setText(QString::fromStdString(d->name));
    retranslate();
}

void SpecBrowserView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

void SpecBrowserView::retranslate()
{
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g) {
        QTreeWidgetItem* group = m_tree->topLevelItem(g);
        if (auto kind = specKindFromKey(group->data(0, KindRole).toString().toStdString()))
            group->setText(0, QStringLiteral("%1 (%2)").arg(kindTitle(*kind)).arg(group->childCount()));
    }
    const QTreeWidgetItem* item = m_tree->currentItem();
    const auto kind = item ? specKindFromKey(item->data(0, KindRole).toString().toStdString()) : std::nullopt;
    if (const SpecDocument* d = kind ? m_catalog.document(*kind, item->data(0, IdRole).toString().toStdString()) : nullptr) {
        const QString origin = d->user ? (d->overrides ? tr("user spec, replaces the built-in one") : tr("user spec"))
                                       : tr("built-in spec");
        m_file->setText(tr("%1 · id %2 · %3 · %4")
                            .arg(kindTitle(d->kind), QString::fromStdString(d->id), origin,
                                 QString::fromStdString(d->file.string())));
        m_file->setToolTip(m_file->text());
    }
    m_fields->headerDataChanged(Qt::Horizontal, 0, SpecFieldsModel::ColumnCount - 1);
}

} // namespace scalescope
