#!/usr/bin/env bash
# tst_file_sizes: no product file is over 700 lines. A file that long holds more than
# one thing to understand at a time; split it where its responsibilities part.
#
# Product files: the sources of the libraries, programs, scripts, Lua library and
# clients (app/ cmake/ core/ lua/ scripts/ sim/ ui/ verify/ clients/, CMakeLists.txt).
# Not counted: tests (tests/, the clients' test folders), prose and data (*.md, *.json,
# images), and ui/translations/*.ts, which lupdate generates from the sources (one
# entry per translatable string: their length follows the number of strings, and no
# one edits them by hand).
#
# Usage: filesizes.sh SOURCE_DIR [LIMIT]
set -euo pipefail
source_dir=${1:?usage: filesizes.sh SOURCE_DIR [LIMIT]}
limit=${2:-700}
cd "$source_dir"

if [ -d .git ] || [ -f .git ]; then
    list() { git ls-files -- "$@"; }
else
    list() { find "$@" -type f 2>/dev/null | sed 's|^\./||'; }
fi

over=0
while IFS= read -r file; do
    case $file in
        tests/*|clients/*/tests/*|clients/*/test/*|clients/*/testsupport/*) continue ;;
        ui/translations/*.ts|*.md|*.json|*.png|*.svg|*.jpg|*.ico) continue ;;
        */node_modules/*|*/__pycache__/*|*.egg-info/*) continue ;;
    esac
    [ -f "$file" ] || continue
    lines=$(wc -l <"$file")
    if [ "$lines" -gt "$limit" ]; then
        echo "tst_file_sizes: $file has $lines lines, more than $limit" >&2
        over=$((over + 1))
    fi
done < <(list app cmake core lua scripts sim ui verify clients CMakeLists.txt)

if [ "$over" -gt 0 ]; then
    echo "tst_file_sizes: $over product files over $limit lines: split each where its responsibilities part" >&2
    exit 1
fi
echo "tst_file_sizes: every product file has $limit lines or fewer"
