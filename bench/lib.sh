# shellcheck shell=bash
# bench/lib.sh -- shared by the benchmark scripts: build a Release tree, and print the
# lines every recorded result starts with (machine, load, compiler, commit).

# bench_build ROOT BUILD TARGET: configure (Release, no tests) and build one target. A tree
# configured before (BUILD_DIR=build, say) keeps its own DANCE_TESTS: turning it off there
# left that tree's test programs as they were, and ctest then ran the old ones.
bench_build() {
  local tests=-DDANCE_TESTS=OFF
  [ -f "$2/CMakeCache.txt" ] && tests=
  cmake -S "$1" -B "$2" -DCMAKE_BUILD_TYPE=Release -DDANCE_BENCH=ON $tests >/dev/null
  cmake --build "$2" --target "$3" -j "$(nproc)" >/dev/null
}

# bench_machine: the machine and its load, as Markdown list items.
bench_machine() {
  local model
  model=$(lscpu | sed -n 's/^Model name: *//p' | head -n 1)
  echo "- machine: ${model:-unknown}, $(nproc) cores online, $(uname -sr)"
  echo "- load average when started: $(cut -d' ' -f1-3 /proc/loadavg)"
}

# bench_compiler BUILD: the compiler of a build tree and its Release flags.
bench_compiler() {
  local cc flags
  cc=$(sed -n 's/^CMAKE_C_COMPILER:[A-Z]*=//p' "$1/CMakeCache.txt")
  flags=$(sed -n 's/^CMAKE_C_FLAGS_RELEASE:[A-Z]*=//p' "$1/CMakeCache.txt")
  echo "$("$cc" --version | head -n 1), flags \`$flags\`"
}

# bench_header TITLE ROOT BUILD COMMAND PATHS...: the lines a recorded result starts with:
# the title and date, the machine, the compiler, the commit (marked when PATHS have
# uncommitted changes) and the command.
bench_header() {
  local title=$1 root=$2 build=$3 command=$4
  shift 4
  echo "### $title, $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  bench_machine
  echo "- compiler: $(bench_compiler "$build")"
  echo "- commit: $(bench_commit "$root" "$@")"
  echo "- command: \`$command\`"
  echo
}

# bench_commit ROOT PATHS...: the commit, marked when PATHS have uncommitted changes.
bench_commit() {
  local root=$1
  shift
  echo "$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo none)$(
    git -C "$root" diff --quiet HEAD -- "$@" 2>/dev/null || echo ' (with uncommitted changes)')"
}

# bench_cpu INPUT OUT ERR CMD...: runs CMD with stdin from INPUT, stdout to OUT, stderr to
# ERR, and prints its user CPU seconds (bash's `time`, from getrusage).
bench_cpu() {
  local input=$1 out=$2 err=$3 t
  shift 3
  t=$( { TIMEFORMAT=%U; time "$@" <"$input" >"$out" 2>"$err"; } 2>&1)
  echo "$t"
}
