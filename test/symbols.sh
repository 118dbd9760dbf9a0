#!/usr/bin/env bash
# symbols.sh LIB PREFIX... -- every symbol LIB exports must start with one of the module
# prefixes given (dlx_ and bits_ for the engine; one per module for models and solvers):
# the libraries are linked together into dance, and must not squat on each other's names.
set -u
lib=$1
shift
pattern="^($(printf '%s|' "$@" | sed 's/|$//'))"
# (a sanitizer build adds its own __odr_asan.NAME symbol beside each exported variable)
bad=$(nm -g --defined-only "$lib" | awk 'NF == 3 { print $3 }' | grep -Ev "$pattern" |
  grep -Ev '^__(odr_asan|asan|ubsan)' || true)
if [ -n "$bad" ]; then
  echo "symbols without a prefix ($*) in $lib:"
  echo "$bad"
  echo "0 passed, 1 failed"
  exit 1
fi
echo "$(nm -g --defined-only "$lib" | awk 'NF == 3' | wc -l) exported symbols, all prefixed"
echo "1 passed, 0 failed"
