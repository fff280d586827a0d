#!/usr/bin/env bash
# tst_install: `cmake --install` into a staging DESTDIR gives complete programs.
# Installs the build tree under DESTDIR with prefix /opt/treelock, checks that
# exactly the programs land in bin/ and that none points back into the build or
# source tree, then runs the installed copies from outside both trees.
# Usage: install.sh --source DIR --build DIR [--studio]
set -euo pipefail

source_dir="" build_dir="" studio=0
while [ $# -gt 0 ]; do
    case $1 in
        --source) source_dir=$(realpath -e "$2"); shift 2 ;;
        --build) build_dir=$(realpath -e "$2"); shift 2 ;;
        --studio) studio=1; shift ;;
        *) echo "install.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
[ -n "$source_dir" ] && [ -n "$build_dir" ] || { echo "install.sh: --source and --build are required" >&2; exit 2; }

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
prefix=/opt/treelock
bin=$stage$prefix/bin
fail() { echo "tst_install: FAIL: $*"; exit 1; }

out=$(DESTDIR=$stage cmake --install "$build_dir" --prefix "$prefix" 2>&1) \
    || fail "cmake --install failed:"$'\n'"$out"

programs=(treelock treelock-bench)
[ $studio -eq 0 ] || programs+=(treelock-studio)
expected=$(for p in "${programs[@]}"; do echo "$prefix/bin/$p"; done | sort)
installed=$(cd "$stage" && find . ! -type d | sed 's|^\.||' | sort)
[ "$installed" = "$expected" ] \
    || fail "installed files differ from the programs"$'\n'"expected:"$'\n'"$expected"$'\n'"installed:"$'\n'"$installed"
for p in "${programs[@]}"; do
    [ -x "$bin/$p" ] || fail "$bin/$p is not executable"
    # grep -q reads only up to its match: fed by a pipe under pipefail, an early
    # exit would fail the writer with SIGPIPE, so each check reads a variable.
    paths=$(readelf -d "$bin/$p" | grep -E '\((RUN)?PATH\)' || true)
    if grep -qE "$build_dir|$source_dir" <<<"$paths"; then
        fail "$p keeps a run path into the build or source tree: $(readelf -d "$bin/$p" | grep -E 'PATH')"
    fi
done

# Run from outside both trees, with the install's bin first on PATH.
cd "$stage"
export PATH=$bin:$PATH
[ "$(command -v treelock)" = "$bin/treelock" ] || fail "treelock is not found on PATH in $bin"
run() { # run ARGS...: must exit 0 and print something
    local got
    got=$("$@" 2>"$stage/err") || fail "'$*' exited $?: $(cat "$stage/err")"
    [ -n "$got" ] || fail "'$*' printed nothing"
    printf '%s\n' "$got"
}
help=$(run treelock --help)
grep -q "acquire" <<<"$help" || fail "installed 'treelock --help' does not list acquire"
help=$(run treelock-bench --help)
grep -q -- "--redis-server" <<<"$help" || fail "installed 'treelock-bench --help' does not list --redis-server"
if [ $studio -eq 1 ]; then
    help=$(run env QT_QPA_PLATFORM=offscreen treelock-studio --help)
    grep -q -- "--screenshot" <<<"$help" || fail "installed 'treelock-studio --help' does not list --screenshot"
    # The Chinese translation is a Qt resource of the binary: the installed copy has it.
    help=$(run env QT_QPA_PLATFORM=offscreen treelock-studio --lang zh_CN --help)
    grep -q "层级锁" <<<"$help" || fail "installed 'treelock-studio --lang zh_CN --help' is not in Chinese:"$'\n'"$help"
    # The demo tree is a resource too; a screenshot needs the window to come up.
    QT_QPA_PLATFORM=offscreen treelock-studio --memory --lang zh_CN --after 300 \
        --screenshot "$stage/studio.png" 2>"$stage/err" || fail "installed treelock-studio --screenshot failed: $(cat "$stage/err")"
    [ -s "$stage/studio.png" ] || fail "installed treelock-studio wrote no screenshot"
fi
echo "tst_install: ${programs[*]} install to $prefix/bin and run from there"
