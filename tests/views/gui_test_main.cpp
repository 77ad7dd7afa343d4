// Catch2 main for view tests: one QApplication, offscreen unless told
// otherwise (catch_discover_tests runs this binary at build time, where
// there may be no display).
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <QApplication>

#include <cstdlib>

int main(int argc, char** argv)
{
    if (!std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ScaleScopeTests"));
    QApplication::setApplicationName(QStringLiteral("ScaleScopeTests"));
    return Catch::Session().run(argc, argv);
}
