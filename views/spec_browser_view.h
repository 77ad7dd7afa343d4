#pragma once
// Lists every GPU, CPU, superchip, system and model, and shows the chosen
// spec's values with their units and sources.

#include <QWidget>

class QLabel;
class QTableView;
class QTreeWidget;

namespace scalescope {

class SpecCatalog;
class SpecFieldsModel;

class SpecBrowserView final : public QWidget {
    Q_OBJECT
public:
    explicit SpecBrowserView(const SpecCatalog& catalog, QWidget* parent = nullptr);

    // Selects a spec by kind key ("gpu") and id; false if unknown.
    bool select(const QString& kind, const QString& id);
    [[nodiscard]] int specCount() const;
    [[nodiscard]] SpecFieldsModel* fieldsModel() const noexcept { return m_fields; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void fillTree();
    void showCurrent();

    const SpecCatalog& m_catalog;
    QTreeWidget* m_tree = nullptr;
    QLabel* m_title = nullptr;
    QLabel* m_file = nullptr;
    QTableView* m_table = nullptr;
    SpecFieldsModel* m_fields = nullptr;
};

} // namespace scalescope
