#!/usr/bin/env bash
# snapshot-books.sh BIN OUTDIR: every example's files (interior, teacher
# edition, SVG pages, covers in PDF/SVG/PNG), what validate says, and
# the catalogue example, written into OUTDIR by the mazebook BIN, so that
# two builds of the command can be compared with cmp (see
# docs/contributing.md).
set -u
bin=$(realpath "$1"); out=$(realpath -m "$2")
rm -rf "$out"; mkdir -p "$out"
cd "$(dirname "$0")/.."
for f in examples/*.yaml; do
  n=$(basename "$f" .yaml)
  if ! "$bin" build "$f" -q -o "$out/$n.pdf" --svg "$out/$n-svg" --cover "$out/$n-cover.pdf" 2>"$out/$n.build.err"; then
    "$bin" build "$f" -q --check-warn -o "$out/$n.pdf" --cover "$out/$n-cover.pdf" 2>>"$out/$n.build.err" || "$bin" build "$f" -q -o "$out/$n.pdf" 2>>"$out/$n.build.err"
  fi
  for ext in pdf svg png; do
    "$bin" cover "$f" -q --check-warn -o "$out/$n-c.$ext" 2>"$out/$n-c.$ext.err"
  done
  "$bin" validate "$f" >"$out/$n.validate.out" 2>&1
done
"$bin" build examples/catalogue -q -o "$out/catalogue" 2>"$out/catalogue.err"
"$bin" validate examples/catalogue/maze-quest.yaml >"$out/catalogue.validate.out" 2>&1
echo done
