#!/usr/bin/env bash
# Brings resources/translations/*.ts up to date with the strings in the code
# (new strings appear as unfinished; strings no longer in the code are dropped).
# Then translate the unfinished entries (Qt Linguist, or by hand) and rebuild.
# The CTest "i18n: translations are up to date with the code" fails until this
# has been run after a string changed.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
lupdate=$(command -v lupdate || echo /usr/lib/qt6/bin/lupdate)
# The model's warning texts (model/core/warning_texts.cpp) are translated too:
# they are marked with translatable("Verdicts", "..."), read as QT_TRANSLATE_NOOP.
mapfile -t sources < <( (find app views -name '*.cpp' -o -name '*.h'; echo model/core/warning_texts.cpp; echo model/inference/inference_warning_texts.cpp) | sort)
for ts in resources/translations/*.ts; do
  "$lupdate" -locations none -no-obsolete -tr-function-alias QT_TRANSLATE_NOOP+=translatable "${sources[@]}" -ts "$ts"
done
