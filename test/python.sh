#!/usr/bin/env bash
# python.sh DANCE ROOT -- the Python package (python/): built and installed with pip into a
# fresh venv from a copy of the sources, so that nothing is written into the repository,
# then its tests (python/tests) run with pytest, DANCE_BIN=DANCE for the comparisons with
# the command. Needs a python3 with venv, pip, setuptools, pytest and its headers (Debian:
# python3-dev python3-venv python3-pip python3-setuptools python3-pytest); without them the
# test is skipped (status 77).
set -u
dance=$1 root=$2

# Debian's python3 first: another one first on PATH (pyenv, say) may lack pytest.
python=""
for candidate in ${DANCE_PYTHON:-} /usr/bin/python3 python3; do
  if "$candidate" -c 'import venv, pytest, setuptools, sysconfig, os, sys
sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' 2>/dev/null; then
    python=$candidate
    break
  fi
done
if [ -z "$python" ]; then
  echo "SKIP python: no python3 with venv, pip, setuptools, pytest and Python.h" >&2
  exit 77
fi

tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT || exit 1
before=$(git -C "$root" status --porcelain -- python 2>/dev/null)
mkdir "$tmp/src" && cp -r "$root/python" "$root/dlx" "$root/models" "$root/cube_pieces" "$tmp/src/" &&
  rm -rf "$tmp/src/python/build" "$tmp/src/python/"*.egg-info || exit 1
"$python" -m venv --system-site-packages "$tmp/venv" || exit 1
# ccache, where scripts/lib.sh turned it on, keeps the extension's objects between runs; the
# copy's folder is new each run, so paths are hashed relative to it.
if [ -n "${CCACHE_BASEDIR:-}" ] && command -v ccache >/dev/null; then
  export CC="ccache ${CC:-cc}" CCACHE_BASEDIR=$tmp
fi
if ! (cd "$tmp" && "$tmp/venv/bin/pip" install -q --no-build-isolation --no-deps \
  --no-index "$tmp/src/python" >"$tmp/pip.log" 2>&1); then
  echo "FAIL python: pip could not build and install the package" >&2
  cat "$tmp/pip.log" >&2
  exit 1
fi

cd "$tmp" && PYTHONDONTWRITEBYTECODE=1 DANCE_BIN=$dance DANCE_ROOT=$root \
  "$tmp/venv/bin/python" -m pytest -q -p no:cacheprovider "$tmp/src/python/tests"
status=$?
after=$(git -C "$root" status --porcelain -- python 2>/dev/null)
if [ "$before" != "$after" ]; then
  echo "FAIL python: the run changed the source tree's python/:" >&2
  echo "$after" >&2
  status=1
fi
exit $status
