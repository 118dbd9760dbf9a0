#!/usr/bin/env bash
# Every symbol the engine library exports must carry a module prefix (dlx_ or bits_):
# the library is linked into every model and solver, and must not squat on their names.
set -u
lib=$1
bad=$(nm -g --defined-only "$lib" | awk 'NF == 3 { print $3 }' | grep -Ev '^(dlx_|bits_)' || true)
if [ -n "$bad" ]; then
  echo "symbols without the dlx_ or bits_ prefix in $lib:"
  echo "$bad"
  echo "0 passed, 1 failed"
  exit 1
fi
echo "$(nm -g --defined-only "$lib" | awk 'NF == 3' | wc -l) exported symbols, all prefixed"
echo "1 passed, 0 failed"
