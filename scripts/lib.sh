# scripts/lib.sh -- shared by the scripts of scripts/ and by .ci/run: install what is missing
# from Debian's packages, then configure and build one tree (through ccache when installed).

# The Debian packages dance needs to build and test (time: /usr/bin/time, which
# bench/run_cube.sh and bench/vs_dlx6.sh read).
DANCE_PACKAGES="cmake make gcc libc6-dev python3 pkgconf libxxhash-dev zlib1g-dev parallel time"
# And to build with clang: the fuzz targets (libFuzzer is libclang_rt.fuzzer, in Debian 12's
# libclang-rt-14-dev, clang 14's runtimes) and the ThreadSanitizer build; llvm brings
# llvm-symbolizer, which puts file and line into the sanitizers' reports.
DANCE_CLANG_PACKAGES="clang libclang-rt-14-dev llvm"
# And for the Python package (python/), which scripts/test builds and tests (test/python.sh).
DANCE_PYTHON_PACKAGES="python3-dev python3-venv python3-pip python3-setuptools python3-pytest"
# And for dance-mpi (-DDANCE_MPI=ON), which scripts/test builds and tests on 3 local ranks.
DANCE_MPI_PACKAGES="libopenmpi-dev openmpi-bin"

# ensure_packages [PACKAGE...]: install those missing of the packages named, by default
# DANCE_PACKAGES.
ensure_packages() {
  missing=""
  for p in ${*:-$DANCE_PACKAGES}; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
      missing="$missing $p"
  done
  [ -z "$missing" ] && return 0
  echo "dance: installing Debian packages:$missing" >&2
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >&2
}

# build DIR [cmake args...]: configure and build the tree in DIR, quietly: cmake's and the
# compiler's output go to DIR/build.log, which is shown (its last 60 lines) when they fail.
build() {
  build_targets "$1" all "${@:2}"
}

# build_targets DIR "TARGET..." [cmake args...]: the same for those targets only.
build_targets() {
  dir=$1 targets=$2
  shift 2
  mkdir -p "$dir"
  echo "dance: building $targets in $dir (output in $dir/build.log)" >&2
  if ! { cmake -S "$DANCE_ROOT" -B "$dir" $DANCE_LAUNCHER "$@" && cmake --build "$dir" -j "$(nproc)" --target $targets; } \
    >"$dir/build.log" 2>&1; then
    tail -n 60 "$dir/build.log" >&2
    echo "dance: the build failed; all of its output is in $dir/build.log" >&2
    return 1
  fi
}

DANCE_ROOT=$(cd "$(dirname "$0")/.." && pwd)

# ccache, when it is installed (CI installs it), keeps each compiled object under a hash of
# its preprocessed source and flags, so a clean checkout compiles only what changed since
# the last one. Paths are hashed relative to the checkout (CCACHE_BASEDIR, CCACHE_NOHASHDIR)
# so that checkouts in other folders share the objects. DANCE_CCACHE=0 compiles everything.
DANCE_LAUNCHER=-DCMAKE_C_COMPILER_LAUNCHER=
if [ "${DANCE_CCACHE:-1}" != 0 ] && command -v ccache >/dev/null; then
  DANCE_LAUNCHER=-DCMAKE_C_COMPILER_LAUNCHER=ccache
  export CCACHE_BASEDIR=$DANCE_ROOT CCACHE_NOHASHDIR=true
fi
