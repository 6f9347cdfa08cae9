#!/usr/bin/env bash
# thp.sh measures what memory advice to the kernel costs jsontui on a large
# pair (ARCHITECTURE.md, "Memory and the kernel", has its last figures).
# It builds jsontui and the internal/cli test binary once per
# configuration, each from a git revision, then runs
# `jsontui score REF OUT --no-history --quiet` and the explorer's first
# screen (the child process of BenchmarkFirstScreen) ROUNDS times per
# configuration, round-robin (the order rotates every round), PAUSE
# seconds apart, so that whatever drifts on the machine (its free memory,
# other work) hits every configuration alike. Every run is one line of
# RUNS (tab-separated: times, peak RSS, load, and the system's
# compact_stall and thp_fault_alloc counters across the run); the summary
# (median and worst of each figure) is printed at the end, or alone with
# -summary RUNS.
#
#   make bigdata && bash testdata/thp.sh
#   ROUNDS=5 PAUSE=0 CONFIGS='huge=KNOBS: head=HEAD' bash testdata/thp.sh
#
# A configuration is NAME=REV or NAME=REV:OFF. REV is a revision
# (KNOBS: the commit "mem: link-time knobs", the last with the advice and
# a link-time switch for each piece of it); OFF, the comma-separated
# advice that revision's build leaves out (-X internal/mem.off): read
# (the input buffers on huge pages), parse (the parser's tables on huge
# pages), build (the build's tables on huge pages), prefault (the build's
# tables faulted in on a goroutine of their own, MADV_POPULATE_WRITE).
#
# PAUSE matters on a virtual machine whose balloon reports free memory to
# the host (page_reporting_order, printed at the start): memory freed by
# one run is handed back to the host about 2 s later, and touching it
# again costs a fault in the host too. PAUSE=4 measures what a user who
# runs jsontui now and then gets; PAUSE=0, runs back to back.
set -euo pipefail

summary() {
	# kind config → median and worst (max) of each figure, n runs.
	printf '%-7s %-14s %4s  %-13s %-13s %-13s %-13s %-15s %-9s %-6s %s\n' kind config n 'wall med/max' 'user med/max' 'sys med/max' 'screen med/max' 'RSS MB med/max' 'load1 med' 'stalls' 'THP/run'
	tail -n +2 "$1" | cut -f1,2 | sort -u | while IFS=$'\t' read -r kind config; do
		line=$(printf '%-7s %-14s' "$kind" "$config")
		rows=$(awk -F'\t' -v k="$kind" -v c="$config" '$1==k && $2==c' "$1")
		n=$(printf '%s\n' "$rows" | wc -l)
		line+=$(printf ' %4d ' "$n")
		for col in 4 5 6 8 7 9; do
			sorted=$(printf '%s\n' "$rows" | cut -f$col | sort -g)
			med=$(printf '%s\n' "$sorted" | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}')
			worst=$(printf '%s\n' "$sorted" | tail -1)
			case $col in
			7) line+=$(printf ' %-15s' "$(awk -v a="$med" -v b="$worst" 'BEGIN {printf "%.0f/%.0f", a/1024, b/1024}')") ;;
			9) line+=$(printf ' %-9s' "$med") ;;
			8) if [ "$kind" = score ]; then line+=$(printf ' %-13s' -); else line+=$(printf ' %-13s' "$(printf '%.2f/%.2f' "$med" "$worst")"); fi ;;
			*) line+=$(printf ' %-13s' "$(printf '%.2f/%.2f' "$med" "$worst")") ;;
			esac
		done
		line+=$(printf '%s\n' "$rows" | awk -F'\t' '{s+=$11} END {printf " %-6d", s}')
		line+=$(printf ' %s' "$(printf '%s\n' "$rows" | cut -f12 | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}')")
		echo "$line"
	done
}

if [ "${1:-}" = -summary ]; then
	summary "$2"
	exit
fi

ROUNDS=${ROUNDS:-15}
PAUSE=${PAUSE:-4}
REF=${REF:-testdata/bench/ref-200.json}
OUT=${OUT:-testdata/bench/out-200.json}
RUNS=${RUNS:-thp-runs.tsv}
CONFIGS=${CONFIGS:-"on=KNOBS: no-prefault=KNOBS:prefault no-huge=KNOBS:read,parse,build small=KNOBS:read,parse,build,prefault no-huge-read=KNOBS:read no-huge-parse=KNOBS:parse no-huge-build=KNOBS:build head=HEAD"}
KINDS=${KINDS:-"score screen"}
MOD=$(go list -m)
KNOBS=${KNOBS:-$(git log -1 --format=%H --fixed-strings --grep='mem: link-time knobs' HEAD)}

[ -f "$REF" ] && [ -f "$OUT" ] || { echo "thp.sh: no $REF or $OUT (make bigdata)" >&2; exit 2; }
[ -n "$KNOBS" ] || { echo "thp.sh: no commit \"mem: link-time knobs\" in this history; set KNOBS" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
read -r -a configs <<<"$CONFIGS"
for c in "${configs[@]}"; do
	name=${c%%=*} spec=${c#*=}
	rev=${spec%%:*} off=
	case $spec in *:*) off=${spec#*:} ;; esac
	[ "$rev" = KNOBS ] && rev=$KNOBS
	src="$work/src-$(git rev-parse --short "$rev")"
	if [ ! -d "$src" ]; then
		mkdir -p "$src"
		git archive "$rev" | tar -x -C "$src"
	fi
	flags=
	[ -n "$off" ] && flags="-X $MOD/internal/mem.off=$off"
	mkdir -p "$work/$name"
	(cd "$src" && go build -ldflags "$flags" -o "$work/$name/jsontui" . && go test -c -ldflags "$flags" -o "$work/$name/cli.test" ./internal/cli)
done

vm() { awk '$1=="compact_stall"||$1=="thp_fault_alloc"||$1=="thp_fault_fallback" {printf "%s ", $2}' /proc/vmstat; }
machine() {
	echo "# $1: $(uptime)"
	echo "# THP enabled: $(cat /sys/kernel/mm/transparent_hugepage/enabled); defrag: $(cat /sys/kernel/mm/transparent_hugepage/defrag)"
	echo "# page_reporting_order: $(cat /sys/module/page_reporting/parameters/page_reporting_order 2>/dev/null || echo none)"
	grep -E '^compact_|^thp_fault' /proc/vmstat | tr '\n' ' ' | sed 's/^/# /'
	echo
	sed 's/^/# /' /proc/buddyinfo
} >&2
machine before
printf 'kind\tconfig\tround\twall\tuser\tsys\trss_kb\tscreen_s\tload1\tminflt\tcompact_stall\tthp_alloc\tthp_fallback\n' >"$RUNS"
for round in $(seq 1 "$ROUNDS"); do
	# Rotate the order by one configuration per round.
	k=$(((round - 1) % ${#configs[@]}))
	order=("${configs[@]:k}" "${configs[@]:0:k}")
	for kind in $KINDS; do
		for c in "${order[@]}"; do
			name=${c%%=*}
			sleep "$PAUSE"
			load=$(cut -d' ' -f1 /proc/loadavg)
			read -r cs0 ta0 tf0 <<<"$(vm)"
			screen=0
			case $kind in
			score)
				/usr/bin/time -f '%e %U %S %M %R' -o "$work/time" "$work/$name/jsontui" score "$REF" "$OUT" --no-history --quiet >/dev/null
				;;
			screen)
				JSONTUI_HISTORY="$work/history.db" JSONTUI_BENCH_FIRST_SCREEN="$REF"$'\x1f'"$OUT"$'\x1f'"$(date +%s%N)" \
					/usr/bin/time -f '%e %U %S %M %R' -o "$work/time" "$work/$name/cli.test" >"$work/screen"
				screen=$(awk '/first-screen-ns:/ {printf "%.3f", $2/1e9}' "$work/screen")
				;;
			esac
			read -r cs1 ta1 tf1 <<<"$(vm)"
			read -r wall user sys rss minflt <"$work/time"
			printf '%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%d\t%d\n' "$kind" "$name" "$round" "$wall" "$user" "$sys" "$rss" "$screen" "$load" "$minflt" \
				$((cs1 - cs0)) $((ta1 - ta0)) $((tf1 - tf0)) | tee -a "$RUNS" >&2
		done
	done
done
machine after
summary "$RUNS"
