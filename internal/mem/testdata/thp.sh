#!/usr/bin/env bash
# thp.sh measures internal/mem's memory advice on a large pair: it builds
# jsontui and the internal/cli test binary once per configuration, each
# leaving out some of the advice (the link-time knob internal/mem.off),
# then runs `jsontui score REF OUT --no-history --quiet` and the
# explorer's first screen (the child process of BenchmarkFirstScreen)
# ROUNDS times per configuration, round-robin (the order rotates every
# round), PAUSE seconds apart, so that whatever drifts on the machine
# (the kernel's free memory, other work) hits every configuration alike.
# Every run is one line of RUNS (tab-separated); the summary is printed at
# the end (or alone with -summary RUNS).
#
#   make bigdata && internal/mem/testdata/thp.sh
#   ROUNDS=20 PAUSE=3 CONFIGS='on= small=read,parse,build,prefault' internal/mem/testdata/thp.sh
#
# A configuration is NAME=OFF or NAME=OFF/ON, OFF the comma-separated
# advice left out: read (ReadFile's buffer on huge pages), parse (the
# parser's tables on huge pages), build (the build's tables on huge
# pages), prefault (the build's tables faulted in on the side); ON the
# advice under trial turned on (internal/mem.on).
set -euo pipefail

summary() {
	# kind config → median and worst (max) of each figure, n runs.
	printf '%-7s %-22s %4s  %-13s %-13s %-13s %-13s %-15s %s\n' kind config n 'wall med/max' 'user med/max' 'sys med/max' 'screen med/max' 'RSS MB med/max' 'load1 med'
	tail -n +2 "$1" | cut -f1,2 | sort -u | while IFS=$'\t' read -r kind config; do
		line=$(printf '%-7s %-22s' "$kind" "$config")
		rows=$(awk -F'\t' -v k="$kind" -v c="$config" '$1==k && $2==c' "$1")
		n=$(printf '%s\n' "$rows" | wc -l)
		line+=$(printf ' %4d ' "$n")
		for col in 4 5 6 8 7 9; do
			sorted=$(printf '%s\n' "$rows" | cut -f$col | sort -g)
			med=$(printf '%s\n' "$sorted" | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}')
			worst=$(printf '%s\n' "$sorted" | tail -1)
			case $col in
			7) line+=$(printf ' %-15s' "$(awk -v a="$med" -v b="$worst" 'BEGIN {printf "%.0f/%.0f", a/1024, b/1024}')") ;;
			9) line+=$(printf ' %s' "$med") ;;
			8) if [ "$kind" = score ]; then line+=$(printf ' %-13s' -); else line+=$(printf ' %-13s' "$(printf '%.2f/%.2f' "$med" "$worst")"); fi ;;
			*) line+=$(printf ' %-13s' "$(printf '%.2f/%.2f' "$med" "$worst")") ;;
			esac
		done
		echo "$line"
	done
}

if [ "${1:-}" = -summary ]; then
	summary "$2"
	exit
fi

ROUNDS=${ROUNDS:-15}
PAUSE=${PAUSE:-3}
REF=${REF:-testdata/bench/ref-200.json}
OUT=${OUT:-testdata/bench/out-200.json}
RUNS=${RUNS:-thp-runs.tsv}
CONFIGS=${CONFIGS:-"on= no-prefault=prefault no-huge-read=read no-huge-parse=parse no-huge-build=build small+prefault=read,parse,build small=read,parse,build,prefault"}
KINDS=${KINDS:-"score screen"}
MOD=$(go list -m)

[ -f "$REF" ] && [ -f "$OUT" ] || { echo "thp.sh: no $REF or $OUT (make bigdata)" >&2; exit 2; }
bins=$(mktemp -d)
trap 'rm -rf "$bins"' EXIT
read -r -a configs <<<"$CONFIGS"
for c in "${configs[@]}"; do
	name=${c%%=*} off=${c#*=} on=
	case $off in */*) on=${off#*/} off=${off%%/*} ;; esac
	flags="-X $MOD/internal/mem.off=$off -X $MOD/internal/mem.on=$on"
	mkdir -p "$bins/$name"
	go build -ldflags "$flags" -o "$bins/$name/jsontui" .
	go test -c -ldflags "$flags" -o "$bins/$name/cli.test" ./internal/cli
done

printf 'kind\tconfig\tround\twall\tuser\tsys\trss_kb\tscreen_s\tload1\tminflt\n' >"$RUNS"
for round in $(seq 1 "$ROUNDS"); do
	# Rotate the order by one configuration per round.
	k=$(((round - 1) % ${#configs[@]}))
	order=("${configs[@]:k}" "${configs[@]:0:k}")
	for kind in $KINDS; do
		for c in "${order[@]}"; do
			name=${c%%=*}
			sleep "$PAUSE"
			load=$(cut -d' ' -f1 /proc/loadavg)
			screen=0
			case $kind in
			score)
				/usr/bin/time -f '%e %U %S %M %R' -o "$bins/time" "$bins/$name/jsontui" score "$REF" "$OUT" --no-history --quiet >/dev/null
				;;
			screen)
				JSONTUI_HISTORY="$bins/history.db" JSONTUI_BENCH_FIRST_SCREEN="$REF"$'\x1f'"$OUT"$'\x1f'"$(date +%s%N)" \
					/usr/bin/time -f '%e %U %S %M %R' -o "$bins/time" "$bins/$name/cli.test" >"$bins/screen"
				screen=$(awk '/first-screen-ns:/ {printf "%.3f", $2/1e9}' "$bins/screen")
				;;
			esac
			read -r wall user sys rss minflt <"$bins/time"
			printf '%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$kind" "$name" "$round" "$wall" "$user" "$sys" "$rss" "$screen" "$load" "$minflt" | tee -a "$RUNS" >&2
		done
	done
done
summary "$RUNS"
