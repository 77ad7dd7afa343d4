// The Simplified Chinese translation is complete for every string in the code.

#include <QDir>
#include <QFile>
#include <QXmlStreamReader>

#include <catch2/catch.hpp>

TEST_CASE("zh_CN translation has no unfinished or empty entries", "[gui][i18n]")
{
    QFile file(QStringLiteral(SCALESCOPE_TS_DIR "/scalescope_zh_CN.ts"));
    REQUIRE(file.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&file);
    int messages = 0;
    QStringList missing;
    QString source;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) continue;
        if (xml.name() == QLatin1String("source")) source = xml.readElementText();
        if (xml.name() == QLatin1String("translation")) {
            ++messages;
            const bool unfinished = xml.attributes().value(QLatin1String("type")) == QLatin1String("unfinished") ||
                                    xml.attributes().value(QLatin1String("type")) == QLatin1String("vanished") ||
                                    xml.attributes().value(QLatin1String("type")) == QLatin1String("obsolete");
            const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            if (unfinished || text.trimmed().isEmpty()) missing << source;
        }
    }
    REQUIRE_FALSE(xml.hasError());
    CHECK(messages > 40);
    INFO(missing.join(QStringLiteral("\n")).toStdString());
    CHECK(missing.isEmpty());
}
