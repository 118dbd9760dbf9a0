#!/usr/bin/env bash
# install.sh BUILD SOURCE -- install the build tree BUILD to a scratch prefix, then use it as
# a user would: the dance command with its piece sets, the library through pkg-config and
# through find_package(dance), shared and static, the header's version, the exported
# symbols; and again after the installed tree is moved elsewhere (nothing may depend on the
# prefix it was installed to).
set -u
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() {
  echo "FAIL: $*"
  failed=$((failed + 1))
}
# expect_out WHAT EXPECTED COMMAND...: COMMAND exits 0 and prints EXPECTED (a grep -x regex).
expect_out() {
  local what=$1 expected=$2
  shift 2
  local out
  if ! out=$("$@" 2>&1); then
    fail "$what: '$*' failed: $out"
  elif ! grep -qx -- "$expected" <<<"$out"; then
    fail "$what: '$*' printed '$out', expected a line '$expected'"
  else
    ok
  fi
}

prefix=$scratch/prefix
if ! cmake --install "$build" --prefix "$prefix" >"$scratch/install.log" 2>&1; then
  cat "$scratch/install.log"
  fail "cmake --install"
  echo "$passed passed, $failed failed"
  exit 1
fi

pc=$(find "$prefix" -name dance.pc)
[ -n "$pc" ] || fail "no dance.pc installed"
libdir=$(dirname "$(dirname "$pc")")
version=$(sed -n 's/^#define DLX_VERSION_STRING "\(.*\)"$/\1/p' "$src/dlx/dlx.h")
# The SONAME carries the major version, and while that is 0 the minor one too (CMakeLists.txt).
major=$(echo "$version" | cut -d. -f1)
if [ "$major" = 0 ]; then
  soname=libdance.so.$(echo "$version" | cut -d. -f1-2)
else
  soname=libdance.so.$major
fi
for f in bin/dance include/dance/dlx.h share/dance/pieces/bedlam.txt share/dance/pieces/soma.txt \
  share/man/man1/dance.1 share/bash-completion/completions/dance \
  "${libdir#"$prefix"/}/libdance.a" "${libdir#"$prefix"/}/$soname" \
  "${libdir#"$prefix"/}/cmake/dance/dance-config.cmake" \
  "${libdir#"$prefix"/}/cmake/dance/dance-config-version.cmake"; do
  if [ -e "$prefix/$f" ]; then ok; else fail "not installed: $f"; fi
done
# The man page and the completion are the generators' output for this very binary.
if cmp -s "$prefix/share/man/man1/dance.1" <("$prefix/bin/dance" --generate man) &&
  cmp -s "$prefix/share/bash-completion/completions/dance" <("$prefix/bin/dance" --generate bash); then
  ok
else
  fail "the installed man page or completion is not what the installed dance generates"
fi
expect_out "SONAME" ".*Library soname: \[$soname\]" readelf -d "$libdir/libdance.so"

# The shared library exports exactly the functions its header marks DLX_API.
declared=$(sed -n 's/^DLX_API [^(]*[ *]\(dlx_[a-z_0-9]*\)(.*/\1/p' "$src/dlx/dlx.h" | sort)
exported=$(nm -D --defined-only "$libdir/libdance.so" | awk '{ print $3 }' | sort)
if [ -n "$declared" ] && [ "$declared" = "$exported" ]; then
  ok
else
  fail "the exported symbols are not the header's DLX_API functions:
$(diff <(echo "$declared") <(echo "$exported"))"
fi

check_tree() { # check_tree PREFIX LIBDIR LABEL
  local p=$1 l=$2 label=$3 out=$scratch/$3
  mkdir -p "$out"
  # The command, run from elsewhere, finds its piece sets beside itself.
  expect_out "$label: dance --version" "dance $version" env -u DANCE_PIECES "$p/bin/dance" --version
  expect_out "$label: installed piece sets" "480 solutions (11520 covers in all)" \
    env -u DANCE_PIECES sh -c "cd / && '$p/bin/dance' cube soma"
  # The help's examples name the installed example data (share/dance/examples), so that
  # they run from any folder.
  local example
  example=$("$p/bin/dance" xc --help | sed -n '/^Examples:$/{n;s/^  dance //p;q}')
  case $example in
  "xc $p/"*"/dance/examples/xc/pent6x10.dlx --threads 2 --stats") ok ;;
  *) fail "$label: the first example of dance xc --help is 'dance $example'" ;;
  esac
  expect_out "$label: the first example of dance xc --help, from /" "9356 solutions" \
    sh -c "cd / && '$p/bin/dance' $example"

  # pkg-config, shared library.
  local cflags libs
  cflags=$(PKG_CONFIG_PATH=$l/pkgconfig pkg-config --cflags dance) &&
    libs=$(PKG_CONFIG_PATH=$l/pkgconfig pkg-config --libs dance) || fail "$label: pkg-config dance"
  expect_out "$label: pkg-config --modversion" "$version" env PKG_CONFIG_PATH="$l/pkgconfig" \
    pkg-config --modversion dance
  # shellcheck disable=SC2086 # the flags are words
  if cc -std=c17 -Wall -Wextra -Wpedantic -Werror "$src/examples/queens.c" $cflags $libs \
    -o "$out/queens" 2>"$out/cc.log"; then
    expect_out "$label: queens (pkg-config)" "8 queens: 92 solutions .*" \
      env LD_LIBRARY_PATH="$l" "$out/queens" 8
  else
    fail "$label: cc queens.c \$(pkg-config --cflags --libs dance): $(cat "$out/cc.log")"
  fi
  # pkg-config --static: libdance.a and what it needs (Libs.private).
  local slibs
  slibs=$(PKG_CONFIG_PATH=$l/pkgconfig pkg-config --static --libs dance)
  # shellcheck disable=SC2086
  if cc -std=c17 -Wall -Werror "$src/examples/polyomino.c" $cflags \
    -Wl,-Bstatic -ldance -Wl,-Bdynamic ${slibs/-ldance/} -o "$out/polyomino" 2>"$out/cc.log"; then
    expect_out "$label: polyomino (pkg-config --static)" \
      "520 solutions (the board's 8 symmetries give 8 of each)" "$out/polyomino"
  else
    fail "$label: cc polyomino.c with pkg-config --static: $(cat "$out/cc.log")"
  fi

  # The snippet of docs/library.md, inside a main().
  {
    echo '#include <stdio.h>'
    awk '/^```c$/ { inside = 1; next } /^```/ { if (inside) exit } inside && /^#include/' \
      "$src/docs/library.md"
    echo 'int main(void) {'
    awk '/^```c$/ { inside = 1; next } /^```/ { if (inside) exit } inside && !/^#include/' \
      "$src/docs/library.md"
    echo 'return 0; }'
  } >"$out/snippet.c"
  # shellcheck disable=SC2086
  if cc -std=c17 -Wall -Werror "$out/snippet.c" $cflags $libs -o "$out/snippet" 2>"$out/cc.log"; then
    expect_out "$label: the snippet of docs/library.md" "2 solutions, complete" \
      env LD_LIBRARY_PATH="$l" "$out/snippet"
  else
    fail "$label: the snippet of docs/library.md does not build: $(cat "$out/cc.log")"
  fi

  # find_package(dance): shared, then static.
  for kind in OFF ON; do
    if cmake -S "$src/examples" -B "$out/cmake-$kind" -DCMAKE_PREFIX_PATH="$p" \
      -DDANCE_EXAMPLES_STATIC=$kind -DCMAKE_C_FLAGS="-Wall -Wextra -Wpedantic -Werror" \
      >"$out/cmake.log" 2>&1 && cmake --build "$out/cmake-$kind" >>"$out/cmake.log" 2>&1; then
      expect_out "$label: queens (find_package, static $kind)" "12 queens: 14200 solutions .*" \
        env LD_LIBRARY_PATH="$l" "$out/cmake-$kind/queens" 12
      expect_out "$label: polyomino (find_package, static $kind)" "  LLXUUVVV" \
        env LD_LIBRARY_PATH="$l" "$out/cmake-$kind/polyomino"
      if [ $kind = ON ] && readelf -d "$out/cmake-$kind/queens" | grep -q 'NEEDED.*libdance'; then
        fail "$label: dance::dance_static linked the shared library"
      else
        ok
      fi
    else
      fail "$label: find_package(dance) build (static $kind): $(tail -20 "$out/cmake.log")"
    fi
  done
}

check_tree "$prefix" "$libdir" installed
# Moved: every path must be found relative to the tree itself.
mv "$prefix" "$scratch/moved"
check_tree "$scratch/moved" "$scratch/moved/${libdir#"$prefix"/}" moved

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
