#pragma once
// Switches the user interface language at runtime (English, Simplified
// Chinese). Installing a translator sends LanguageChange to every widget.

#include <QObject>
#include <QTranslator>

namespace scalescope {

class Language final : public QObject {
    Q_OBJECT
public:
    explicit Language(QObject* parent = nullptr);

    // "en" or "zh_CN". Returns false if the translation could not be loaded.
    bool apply(const QString& code);
    [[nodiscard]] QString current() const { return m_current; }
    [[nodiscard]] static QString systemDefault();

private:
    QTranslator m_app;
    QTranslator m_qt;
    QString m_current = QStringLiteral("en");
};

} // namespace scalescope
