#include "language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>

namespace scalescope {

Language::Language(QObject* parent) : QObject(parent) {}

QString Language::systemDefault()
{
    return QLocale::system().language() == QLocale::Chinese ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

bool Language::apply(const QString& code)
{
    QCoreApplication::removeTranslator(&m_app);
    QCoreApplication::removeTranslator(&m_qt);
    m_current = QStringLiteral("en");
    if (code == QLatin1String("en")) return true; // removing the translators sent LanguageChange
    if (!m_app.load(QStringLiteral(":/i18n/scalescope_%1.qm").arg(code))) return false;
    QCoreApplication::installTranslator(&m_app);
    if (m_qt.load(QStringLiteral("qtbase_%1").arg(code), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(&m_qt);
    m_current = code;
    return true;
}

} // namespace scalescope
