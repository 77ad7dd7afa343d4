// One source for the warning texts (model/core/warning_texts.h): the
// planner's line for every warning is the model's English message, the one
// the CLI prints as warnings[].message, and every text the model can show
// has a Chinese translation that keeps its placeholders.

#include "app/gui/language.h"
#include "model/core/warning_texts.h"
#include "views/planner/verdict_text.h"

#include <QCoreApplication>

#include <catch2/catch.hpp>

using namespace scalescope;

namespace {

// A warning of each code: a = 1 (an axis index where the code names one:
// cp), b = 2, c = 1.
std::vector<Warning> everyWarning()
{
    std::vector<Warning> all;
    for (int i = 0; i < kWarningCodes; ++i) all.push_back({static_cast<WarningCode>(i), 1, 2, 1});
    return all;
}

} // namespace

TEST_CASE("The planner's verdict line is the model's English warning message, for every warning code",
          "[gui][i18n][verdicts]")
{
    Language language;
    REQUIRE(language.apply(QStringLiteral("en")));
    for (const Warning& w : everyWarning()) {
        INFO(warningKey(w.code));
        CHECK(verdictText(w).toStdString() == warningMessage(w));
        CHECK(warningMessage(w).find('%' + std::string("1")) == std::string::npos); // every placeholder filled
    }
}

TEST_CASE("Every warning text has a Chinese translation with the same placeholders, filled with the model's arguments",
          "[gui][i18n][verdicts]")
{
    Language language;
    REQUIRE(language.apply(QStringLiteral("zh_CN")));
    for (int i = 0; i < kWarningCodes; ++i) {
        const auto code = static_cast<WarningCode>(i);
        const char* text = warningText(code);
        INFO(warningKey(code) << ": " << text);
        const QString english = QString::fromUtf8(text);
        const QString chinese = QCoreApplication::translate("Verdicts", text);
        CHECK(chinese != english);
        for (const char* placeholder : {"%1", "%2", "%3"})
            CHECK(chinese.contains(QLatin1String(placeholder)) == english.contains(QLatin1String(placeholder)));
    }
    for (const Warning& w : everyWarning()) {
        INFO(warningKey(w.code));
        const WarningArguments args = warningArguments(w);
        const QString line = verdictText(w);
        CHECK_FALSE(line.contains(QLatin1String("%1")));
        for (int k = 0; k < args.count; ++k)
            CHECK(line.contains(QString::fromStdString(args.values[static_cast<size_t>(k)])));
    }
    REQUIRE(language.apply(QStringLiteral("en")));
}
