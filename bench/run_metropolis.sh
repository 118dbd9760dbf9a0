#!/usr/bin/env bash
# run_metropolis.sh -- builds bench_metropolis (Release) in build-bench/, runs it on every
# Gridlock and One Up puzzle in data/ with the One Up temperature sweep first, and prints a
# Markdown report ready to paste into bench/RESULTS.md: the machine, the compiler, the
# date, the exact command, then the figures. The same report and the data go to
# bench/metropolis/: report.md, table.md, runs.tsv, summary.tsv, sweep.tsv, sweep2.tsv
# (the sweep's second pass, over more seeds near the best temperature), and the plots
# times.svg (seconds per puzzle, DLX against Metropolis) and sweep.svg (One Up steps
# against the temperature), drawn with gnuplot (installed from Debian's gnuplot-nox if
# missing). Arguments go to bench_metropolis (e.g. --seeds 20, --reps 9).
#
#   bench/run_metropolis.sh
#
# About two minutes on a 2-vCPU machine, most of it the sweep's hot temperatures, where
# runs spend their whole budget. BUILD_DIR overrides the build directory (default:
# build-bench/ in the repository root); OUT_DIR the output directory.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build-bench}
out=${OUT_DIR:-$root/bench/metropolis}

. "$root/bench/lib.sh"
bench_build "$root" "$build" bench_metropolis
mkdir -p "$out"

{
  bench_header bench_metropolis "$root" "$build" "bench/run_metropolis.sh${*:+ $*}" \
    bench solvers models dlx
  "$build/bench_metropolis" --sweep --out "$out" "$@"
} | tee "$out/report.md"

# gnuplot: Debian's gnuplot-nox when it is missing (as root, or through sudo).
if ! command -v gnuplot >/dev/null; then
  echo "run_metropolis.sh: installing gnuplot-nox for the plots" >&2
  if [ "$(id -u)" = 0 ]; then
    apt-get install -y gnuplot-nox >/dev/null || true
  else
    sudo apt-get install -y gnuplot-nox >/dev/null || true
  fi
fi
if ! command -v gnuplot >/dev/null; then
  echo "run_metropolis.sh: no gnuplot, so no plots" >&2
  exit 0
fi

# The temperatures and seed counts, from the data, for the titles.
read -r gtemp gseeds < <(awk -F'\t' '$1 ~ /^gridlock/ {print $3, $4; exit}' "$out/summary.tsv")
read -r utemp useeds < <(awk -F'\t' '$1 ~ /^oneup/ {print $3, $4; exit}' "$out/summary.tsv")
reps=$(sed -n 's/.*CPU time, best of \([0-9]*\).*/\1/p' "$out/table.md" | head -n 1)
seeds2=$(awk -F'\t' 'NR == 2 {print $2}' "$out/sweep2.tsv")
budget=$(sed -n 's/.*at most \([0-9,]*\) steps a run.*/\1/p' "$out/report.md" | head -n 1)

cd "$out"
gnuplot <<EOF
set terminal svg size 1100,560 dynamic enhanced font 'sans,12' background rgb 'white'
set datafile separator '\t'
set grid ytics mytics lc rgb '#dddddd'
set key below height 1.5

set output 'times.svg'
set title "Time to solve each puzzle, CPU seconds on one core: DLX against Metropolis\n{/*0.8 Gridlock at T = $gtemp over seeds 1..$gseeds; One Up (7 July 2024) at T = $utemp over seeds 1..$useeds}"
set xlabel 'Rubik''s Gridlock puzzle 1..88, and the One Up puzzle at the right'
set ylabel 'CPU seconds (log scale)'
set logscale y
set format y '10^{%L}'
set xrange [0:93]
set yrange [1e-5:1]
set xtics ("1" 1, "10" 10, "20" 20, "30" 30, "40" 40, "50" 50, "60" 60, "70" 70, "80" 80, "88" 88, "One Up" 91)
set arrow from 89.5, graph 0 to 89.5, graph 1 nohead dt 2 lc rgb '#888888'
plot 'summary.tsv' skip 1 using 2:17:15:19 with yerrorbars pt 7 ps 0.5 lc rgb '#1f5fbf' \
       title 'Metropolis: median run, bar from the fastest to the worst', \
     '' skip 1 using 2:8 with points pt 5 ps 0.45 lc rgb '#d62728' \
       title "DLX: compile and count every solution (best of $reps)"

set output 'sweep.svg'
unset arrow
set title "One Up, 7 July 2024: Metropolis steps to a solution against the temperature\n{/*0.8 100 seeds at each T, at most $budget steps a run (an unsolved run counts as its budget: a lower bound)}"
set xlabel 'temperature T'
set ylabel 'steps (log scale)'
set xrange [*:*]
set autoscale x
set xtics auto
set yrange [1e4:*]
set y2label 'runs solved (%)'
set y2range [0:105]
set y2tics 0, 20, 100
\$anchor << EOD
0.4	97077
0.5	55000
EOD
plot 'sweep.tsv' skip 1 using 1:(\$3 == \$2 ? \$7 : 1/0):5:9 with yerrorbars pt 7 ps 0.6 lc rgb '#1f5fbf' \
       title 'median steps, bar from the 10th to the 90th percentile', \
     '' skip 1 using 1:(\$3 < \$2 ? \$7 : 1/0):5:9 with yerrorbars pt 6 ps 0.6 lc rgb '#888888' \
       title 'the same, some runs unsolved (lower bounds)', \
     '' skip 1 using 1:10 with points pt 2 ps 0.6 lc rgb '#d62728' title 'worst run', \
     'sweep2.tsv' skip 1 using 1:7 with points pt 4 ps 1.1 lc rgb '#9467bd' \
       title "median over seeds 1..$seeds2 (second pass)", \
     \$anchor using 1:2 with points pt 9 ps 1.2 lc rgb '#2ca02c' \
       title 'Howard''s C++ sampler, median (quoted, not measured here)', \
     'sweep.tsv' skip 1 using 1:(100.0 * \$3 / \$2) axes x1y2 with linespoints dt 2 pt 1 \
       lc rgb '#555555' title 'runs solved (%, right axis)'
EOF
echo "run_metropolis.sh: wrote $out/{report.md,table.md,runs.tsv,summary.tsv,sweep.tsv,sweep2.tsv,times.svg,sweep.svg}" >&2
