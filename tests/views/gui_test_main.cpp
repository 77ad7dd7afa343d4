// Catch2 main for view tests: one QApplication, offscreen unless told
// otherwise (catch_discover_tests runs this binary at build time, where
// there may be no display). A modal dialog nobody answers would wait forever
// offscreen and hang CI: a watchdog names it on stderr, closes it and makes
// the run fail. Each test process gets data and settings directories of its
// own: CTest runs test cases in parallel, and two that share the autosave
// file race (one's clean shutdown removes what the other just wrote).
//
// Sizes in pixels are the same on every machine: Qt's default "Sans Serif"
// is whatever fontconfig ranks first for this machine's locale and fonts
// ("Noto Sans" when fonts-noto-core is installed, DejaVu Sans on a bare
// Debian 12 with fonts-dejavu-core, Noto Sans CJK under a zh_CN locale), so
// the tests set the font themselves: DejaVu Sans 9 pt, with Noto Sans CJK SC
// for Chinese (both in installer/debian-packages.txt), the Fusion style, and
// 96 dpi (QT_FONT_DPI; the offscreen platform's own DPI is 96 too).
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <QApplication>
#include <QDialog>
#include <QFont>
#include <QFontInfo>
#include <QMessageBox>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
#include <cstdlib>

namespace {

constexpr int kWatchdogPeriodMs = 500;
constexpr int kUnansweredTicks = 10; // a dialog still open after 5 s is one no test will answer
constexpr int kTestFontPoints = 9;   // Qt's default size on Linux desktops without a platform theme

} // namespace

int main(int argc, char** argv)
{
    if (!std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
    setenv("QT_FONT_DPI", "96", 1);
    unsetenv("QT_SCALE_FACTOR");
    const QTemporaryDir userDirs;
    if (!userDirs.isValid()) {
        std::fprintf(stderr, "error: cannot create a temporary directory for the tests' user data\n");
        return 1;
    }
    setenv("XDG_DATA_HOME", qPrintable(userDirs.filePath(QStringLiteral("data"))), 1);
    setenv("XDG_CONFIG_HOME", qPrintable(userDirs.filePath(QStringLiteral("config"))), 1);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ScaleScopeTests"));
    QApplication::setApplicationName(QStringLiteral("ScaleScopeTests"));
    QApplication::setStyle(QStringLiteral("Fusion"));
    QFont font(QStringLiteral("DejaVu Sans"), kTestFontPoints);
    font.setFamilies({QStringLiteral("DejaVu Sans"), QStringLiteral("Noto Sans CJK SC")});
    if (QFontInfo(font).family() != QLatin1String("DejaVu Sans")) {
        std::fprintf(
            stderr,
            "error: the font DejaVu Sans is missing (Debian: fonts-dejavu-core); the view tests measure with it\n");
        return 1;
    }
    QApplication::setFont(font);

    int unansweredDialogs = 0;
    QWidget* seen = nullptr;
    int ticks = 0;
    QTimer watchdog;
    QObject::connect(&watchdog, &QTimer::timeout, [&] {
        QWidget* modal = QApplication::activeModalWidget();
        if (modal != seen) {
            seen = modal;
            ticks = 0;
            return;
        }
        if (!modal || ++ticks < kUnansweredTicks) return;
        const auto* box = qobject_cast<QMessageBox*>(modal);
        std::fprintf(stderr, "error: a test left the modal dialog \"%s\" (%s) unanswered; closing it\n",
                     qPrintable(modal->windowTitle()), box ? qPrintable(box->text()) : "no text");
        ++unansweredDialogs;
        if (auto* dialog = qobject_cast<QDialog*>(modal)) dialog->reject();
        else modal->close();
        seen = nullptr;
    });
    watchdog.start(kWatchdogPeriodMs);
    const int failed = Catch::Session().run(argc, argv);
    return failed != 0 ? failed : (unansweredDialogs > 0 ? 1 : 0);
}
