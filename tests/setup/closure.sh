#!/usr/bin/env bash
# tst_setup_closure: every file a build used must come from a Debian package that
# `scripts/setup --list` names or pulls in through Depends/Pre-Depends, so that a
# fresh machine prepared by scripts/setup can build and test. Recommends do not
# count: scripts/setup installs with --no-install-recommends.
#
# Files checked, outside the source and build trees:
#   - every header in `ninja -t deps` of the build tree (and of nested build trees,
#     such as the fuzz tree of scripts/fuzz, when they exist);
#   - the CMake package config files of the <Name>_DIR entries of CMakeCache.txt;
#   - the libraries and objects on the link lines, and the compiler's implicit ones;
#   - the tools: compiler (and its cc1plus/as/ld), cmake, ctest, ninja, pkg-config,
#     the --tool files (CMake passes the Qt tools it found), redis-server, redis-cli.
# A compiler launcher (ccache) is a developer's own choice and is not checked.
#
# Usage: closure.sh --source DIR --build DIR [--setup SCRIPT] [--tool FILE]...
set -euo pipefail

source_dir="" build_dir="" setup="" tools=()
while [ $# -gt 0 ]; do
    case $1 in
        --source) source_dir=$2; shift 2 ;;
        --build) build_dir=$2; shift 2 ;;
        --setup) setup=$2; shift 2 ;;
        --tool) tools+=("$2"); shift 2 ;;
        *) echo "closure.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
[ -n "$source_dir" ] && [ -n "$build_dir" ] || { echo "closure.sh: --source and --build are required" >&2; exit 2; }
source_dir=$(realpath -e "$source_dir")
build_dir=$(realpath -e "$build_dir")
setup=${setup:-$source_dir/scripts/setup}
for tool in dpkg dpkg-query apt-cache ninja; do
    command -v "$tool" >/dev/null || { echo "tst_setup_closure: needs '$tool' on PATH" >&2; exit 1; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
files=$work/files # "kind<TAB>path", one a line

add() { printf '%s\t%s\n' "$1" "$2" >>"$files"; }
cache_value() { sed -n "s|^$2:[A-Z]*=||p" "$1/CMakeCache.txt" | head -n 1; }

# Adds the program `name` as the compiler `cxx` finds it, if it does.
add_compiler_program() {
    local cxx=$1 name=$2 found
    found=$("$cxx" -print-prog-name="$name" 2>/dev/null) || return 0
    [[ $found == /* ]] || found=$(command -v "$found" 2>/dev/null) || return 0
    if [ -x "$found" ]; then add tool "$found"; fi
}

# Adds the library or object `name` as the compiler `cxx` finds it; fails if it does not.
add_compiler_file() {
    local cxx=$1 name=$2 found
    found=$("$cxx" -print-file-name="$name" 2>/dev/null) || true
    if [[ $found == /* ]] && [ -e "$found" ]; then
        add library "$found"
        return 0
    fi
    return 1
}

scan_tree() {
    local tree=$1 cxx
    cxx=$(cache_value "$tree" CMAKE_CXX_COMPILER)

    # Headers. Relative paths are relative to the tree (ccache's base_dir makes
    # them so): made absolute, they go through the same filter as the rest.
    ninja -C "$tree" -t deps | awk '/^    /{ sub(/^ +/, ""); print }' | sort -u \
        | (cd "$tree" && xargs -r -d '\n' realpath -m -s --) | sed 's/^/header\t/' >>"$files"

    # Package config files: <Name>_DIR=/usr/... holds <Name>Config.cmake or <name>-config.cmake.
    local name dir f lower
    while IFS=$'\t' read -r name dir; do
        [ -d "$dir" ] || continue
        lower=${name,,}
        for f in "$dir"/*; do
            case ${f##*/} in
                *[Cc]onfig.cmake)
                    local base=${f##*/}
                    base=${base,,}
                    if [ "$base" = "${lower}config.cmake" ] || [ "$base" = "${lower}-config.cmake" ]; then
                        add cmake-config "$f"
                    fi ;;
            esac
        done
    done < <(sed -n -E 's|^([A-Za-z0-9_.+-]+)_DIR:[A-Z]+=(/usr/.*)$|\1\t\2|p' "$tree/CMakeCache.txt")

    # Link lines.
    local token
    while read -r token; do
        case $token in
            -l*)
                add_compiler_file "$cxx" "lib${token#-l}.so" || add_compiler_file "$cxx" "lib${token#-l}.a" \
                    || echo "unresolved-link	$token" >>"$files" ;;
            /*.so|/*.so.*|/*.a|/*.o) add library "$token" ;;
        esac
    done < <(sed -n -E 's/^ +LINK_(LIBRARIES|FLAGS) = //p' "$tree/build.ninja" | tr ' ' '\n' | sort -u)

    # The compiler, its own programs and implicit libraries, and the build tools.
    local key value
    for key in CMAKE_CXX_COMPILER CMAKE_C_COMPILER CMAKE_COMMAND CMAKE_CTEST_COMMAND CMAKE_MAKE_PROGRAM \
               PKG_CONFIG_EXECUTABLE; do
        value=$(cache_value "$tree" "$key")
        if [[ $value == /* ]] && [ -e "$value" ]; then add tool "$value"; fi
    done
    for f in cc1plus as ld; do add_compiler_program "$cxx" "$f"; done
    for f in libstdc++.so libc.so libm.so crt1.o crti.o; do add_compiler_file "$cxx" "$f" || true; done
    # libFuzzer and the sanitizer runtimes, which clang links without naming them.
    if grep -q -- '-fsanitize=fuzzer' "$tree/build.ninja"; then
        local runtime
        runtime=$("$cxx" -print-runtime-dir 2>/dev/null) || runtime=""
        for f in fuzzer asan ubsan_standalone; do
            f=$runtime/libclang_rt.$f-$(uname -m).a
            if [ -n "$runtime" ] && [ -e "$f" ]; then add library "$f"; fi
        done
    fi
}

: >"$files"
[ -f "$build_dir/build.ninja" ] || { echo "tst_setup_closure: $build_dir is not a Ninja build tree" >&2; exit 1; }
while read -r tree; do
    scan_tree "${tree%/build.ninja}"
done < <(find "$build_dir" -maxdepth 3 -name build.ninja -print | sort)
if ! grep -q '^header' "$files"; then
    echo "tst_setup_closure: FAIL: ninja -t deps of $build_dir lists no header: build the tree first"
    exit 1
fi
for f in "${tools[@]}"; do
    if [ -e "$f" ]; then add tool "$f"; else echo "missing-tool	$f" >>"$files"; fi
done
for f in redis-server redis-cli; do
    found=$(command -v "$f") || { echo "tst_setup_closure: FAIL: $f is not on PATH (the tests start it)"; exit 1; }
    add tool "$found"
done

# Drop what lives in the source and build trees (generated, ours).
inside() { [[ $1 == "$source_dir"/* || $1 == "$build_dir"/* ]]; }

# Every name a file is known by: its path, each link of its symlink chain, its real
# path, and their merged-/usr twins (/lib/x vs /usr/lib/x), since dpkg knows only
# the name the package shipped.
twin() {
    case $1 in
        /usr/bin/*|/usr/sbin/*|/usr/lib/*|/usr/lib32/*|/usr/lib64/*|/usr/libx32/*) twin=${1#/usr} ;;
        /bin/*|/sbin/*|/lib/*|/lib32/*|/lib64/*|/libx32/*) twin=/usr$1 ;;
        *) twin="" ;;
    esac
}
sort -u "$files" -o "$files"
failures=()
paths=()
while IFS=$'\t' read -r kind path; do
    if [ "$kind" = unresolved-link ]; then
        failures+=("the link line names $path, which the compiler cannot find")
    elif [ "$kind" = missing-tool ]; then
        failures+=("$path, a tool CMake found, does not exist")
    elif ! inside "$path" && [ -e "$path" ]; then
        paths+=("$path")
    fi
done <"$files"
mapfile -t reals < <(printf '%s\n' "${paths[@]}" | xargs -r -d '\n' realpath -e --)
[ ${#reals[@]} -eq ${#paths[@]} ] || { echo "tst_setup_closure: cannot resolve the files' real paths" >&2; exit 1; }
names=$work/names # "path<TAB>name"
for i in "${!paths[@]}"; do
    path=${paths[$i]}
    inside "${reals[$i]}" && continue
    chain=("$path" "${reals[$i]}")
    p=$path
    while [ -L "$p" ]; do
        t=$(readlink "$p")
        [[ $t == /* ]] || t=${p%/*}/$t
        p=$(realpath -m -s "$t")
        chain+=("$p")
    done
    for n in "${chain[@]}"; do
        printf '%s\t%s\n' "$path" "$n"
        twin "$n"
        [ -z "$twin" ] || printf '%s\t%s\n' "$path" "$twin"
    done
done >"$names"
sort -u "$names" -o "$names"

# Owners of every name, one dpkg-query run for all of them: "name<TAB>package package".
cut -f2 "$names" | sort -u | xargs -r -d '\n' dpkg-query -S 2>/dev/null \
    | awk '!/^diversion by/ {
               i = index($0, ": /"); if (i == 0) next
               n = split(substr($0, 1, i - 1), pkgs, ", ")
               out = ""
               for (k = 1; k <= n; ++k) { sub(/:.*/, "", pkgs[k]); out = out (k > 1 ? " " : "") pkgs[k] }
               print substr($0, i + 2) "\t" out
           }' | sort -u >"$work/owners" || true

# The closure of the setup list over installed packages. `apt-cache depends
# --installed` prints each package of the closure unindented, and the installed
# providers of a virtual dependency indented by four spaces.
list=$("$setup" --list) || { echo "tst_setup_closure: FAIL: '$setup --list' failed" >&2; exit 1; }
mapfile -t listed < <(printf '%s\n' "$list" | sed '/^$/d')
[ ${#listed[@]} -gt 0 ] || { echo "tst_setup_closure: FAIL: '$setup --list' printed no package"; exit 1; }
not_installed=()
for p in "${listed[@]}"; do
    dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null | grep -q '^ii' || not_installed+=("$p")
done
if [ ${#not_installed[@]} -gt 0 ]; then
    echo "tst_setup_closure: FAIL: scripts/setup lists packages that are not installed: ${not_installed[*]} (run scripts/setup)"
    exit 1
fi
apt-cache depends --recurse --installed --no-recommends --no-suggests --no-conflicts --no-breaks \
        --no-replaces --no-enhances "${listed[@]}" 2>"$work/apt-errors" \
    | awk '/^[^ ]/ || /^    [^ ]/ { sub(/^ +/, ""); gsub(/[<>]/, ""); sub(/:.*/, ""); print }' \
    | sort -u >"$work/closure" || true
for p in "${listed[@]}"; do
    if ! grep -qxF "$p" "$work/closure"; then
        echo "tst_setup_closure: FAIL: apt-cache knows no dependencies of '$p' (are the apt lists missing? run 'apt-get update'):"
        cat "$work/apt-errors"
        exit 1
    fi
done

# A file passes when at least one of its names is a packaged file and every owner
# set of its packaged names meets the closure.
status=0
for f in "${failures[@]}"; do echo "tst_setup_closure: FAIL: $f"; status=1; done
awk -F'\t' -v closurefile="$work/closure" -v ownersfile="$work/owners" '
    BEGIN {
        while ((getline line < closurefile) > 0) closure[line] = 1
        while ((getline line < ownersfile) > 0) { split(line, f, "\t"); owners[f[1]] = f[2] }
    }
    {
        file = $1; name = $2
        seen[file] = 1
        if (!(name in owners)) next
        known[file] = 1
        n = split(owners[name], pkgs, " ")
        ok = 0
        for (k = 1; k <= n; ++k) if (pkgs[k] in closure) ok = 1
        if (!ok) print "MISSING\t" owners[name] "\t" file (name == file ? "" : " (" name ")")
    }
    END { for (file in seen) if (!(file in known)) print "UNPACKAGED\t-\t" file }' "$names" \
    | sort -u >"$work/report"
awk -F'\t' '
    $1 == "UNPACKAGED" { flush(); pkg = ""; print "tst_setup_closure: FAIL: " $3 " is used by the build but belongs to no Debian package"; next }
    {
        if ($2 != pkg) {
            flush()
            pkg = $2
            print "tst_setup_closure: FAIL: package " pkg " is used by the build but is neither listed by scripts/setup nor a Depends of a listed package; files used from it:"
        }
        if (++count[pkg] <= 8) print "    " $3
    }
    function flush() { if (pkg != "" && count[pkg] > 8) print "    ... and " count[pkg] - 8 " more" }
    END { flush() }' "$work/report"
[ -s "$work/report" ] && status=1
if [ $status -eq 0 ]; then
    echo "tst_setup_closure: $(cut -f1 "$names" | sort -u | wc -l) files from $(cut -f2 "$work/owners" | tr ' ' '\n' | sort -u | wc -l) packages, all in the closure of scripts/setup --list ($(wc -l <"$work/closure") packages)"
fi
exit $status
