#!/bin/sh
# speed.sh measures the command-line rows of the speed table (see
# docs/speed.md): each job run with /usr/bin/time, the best of RUNS runs
# (default 2), its time and peak memory, printed as a Markdown table,
# then the ratios of the two --stats rows to the tight program's.
# Run it on an idle machine: other work skews the times several times over.
#
#	scripts/speed.sh            # from the repository's root
#	RUNS=3 scripts/speed.sh
set -eu
RUNS=${RUNS:-2}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go build -o "$dir/mazebook" ./cmd/mazebook
go build -o "$dir/tight" ./scripts/tight
mb="$dir/mazebook"
cp examples/500-mazes.yaml "$dir/book.yaml"

# best runs a job RUNS times and sets bt and bm to the best time (s) and
# its peak memory (kB).
best() {
	bt= bm=
	i=0
	while [ "$i" -lt "$RUNS" ]; do
		/usr/bin/time -f '%e %M' -o "$dir/t" "$@" >/dev/null 2>"$dir/err" || { cat "$dir/err" >&2; exit 1; }
		read -r t m <"$dir/t"
		if [ -z "$bt" ] || awk "BEGIN{exit !($t < $bt)}"; then bt=$t bm=$m; fi
		i=$((i + 1))
	done
}

echo "| job | time | peak memory |"
echo "|---|---:|---:|"
row() { name=$1; shift; best "$@"; printf '| %s | %s s | %s MB |\n' "$name" "$bt" "$((bm / 1024))"; }
row "tight program: backtracker 4000x4000, generation + BFS" "$dir/tight" -size 4000x4000 -algorithm backtracker
tb=$bt
row "backtracker 4000x4000 \`maze --stats\`" "$mb" maze --size 4000x4000 --stats
sb=$bt sm=$bm
row "tight program: kruskal 4000x4000, generation + BFS" "$dir/tight" -size 4000x4000 -algorithm kruskal
tk=$bt
row "kruskal 4000x4000 \`maze --stats\`" "$mb" maze --size 4000x4000 --algorithm kruskal --stats
sk=$bt
row "1000x1000 at 2 mm to PDF" "$mb" maze --size 1000x1000 --cell 2mm -o "$dir/m.pdf"
row "1000x1000 at 2 mm to SVG" "$mb" maze --size 1000x1000 --cell 2mm -o "$dir/m.svg"
row "1000x1000 at 2 mm to PNG" "$mb" maze --size 1000x1000 --cell 2mm -o "$dir/m.png"
row "50x50 prim \`--animate x.gif\`" "$mb" maze --size 50x50 --algorithm prim --animate "$dir/a.gif"
row "200x200 \`--animate x.gif\`" "$mb" maze --size 200x200 --animate "$dir/b.gif"
row "2000x2000 \`--braid 1 --stats\`" "$mb" maze --size 2000x2000 --braid 1 --stats
row "500-maze 6x9 book" "$mb" build -q "$dir/book.yaml" -o "$dir/book.pdf"
# The ratios the targets are set in: time to the tight program's, and
# peak memory a cell (16 million cells).
echo
awk -v tb="$tb" -v sb="$sb" -v sm="$sm" -v tk="$tk" -v sk="$sk" 'BEGIN {
	printf "backtracker --stats: %.2f times the tight program, %.1f bytes a cell\n", sb / tb, sm * 1024 / 16e6
	printf "kruskal --stats: %.2f times the tight program\n", sk / tk
}'
