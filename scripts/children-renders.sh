#!/usr/bin/env bash
# children-renders.sh OLD NEW OUT [OLD_EXAMPLES]: draws the pages a
# children's book designer compares (issue 46) with two mazebook binaries,
# OLD above NEW: story-book's title page, two puzzle pages and its first
# answer page; mouse-and-cheese's and the default book's first two puzzle
# pages; kdp-6x9's answer key; story-book's cover. Each sheet also
# "photocopied" (thresholded at 50%). OLD builds the examples in
# OLD_EXAMPLES (the examples of its own commit), NEW this tree's. Needs
# poppler-utils and imagemagick.
set -euo pipefail
old=$(realpath "$1") new=$(realpath "$2") out=$3
here=$(cd "$(dirname "$0")/.." && pwd)
oldex=$(realpath "${4:-$here/examples}")
mkdir -p "$out"; out=$(realpath "$out")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
pages() { # bin examples dir
  local bin=$1 ex=$2 d=$3; mkdir -p "$d"; cd "$d"
  "$bin" build "$ex/story-book.yaml" -o story-book.pdf >/dev/null 2>&1
  "$bin" build "$ex/mouse-and-cheese.yaml" -o mouse-and-cheese.pdf >/dev/null 2>&1
  "$bin" build "$ex/kdp-6x9.yaml" -o kdp-6x9.pdf >/dev/null 2>&1
  "$bin" build -o default.pdf >/dev/null 2>&1
  "$bin" cover "$ex/story-book.yaml" --check-warn -o story-cover.pdf >/dev/null 2>&1
  page() { pdftoppm -png -r "$3" -f "$2" -l "$2" -singlefile "$1.pdf" "p-$1-$2"; }
  key() { local n; n=$(pdfinfo "$1.pdf" | awk '/^Pages/{print $2}')
    for i in $(seq 1 "$n"); do pdftotext -f "$i" -l "$i" "$1.pdf" - | head -3 | grep -qx Answers && { echo "$i"; return; }; done; echo "$n"; }
  local sk kk n; sk=$(key story-book); kk=$(key kdp-6x9); n=$(pdfinfo kdp-6x9.pdf | awk '/^Pages/{print $2}')
  for p in 1 2 3 "$sk"; do page story-book "$p" 40; done
  for b in mouse-and-cheese default; do page "$b" 2 40; page "$b" 3 40; done
  for p in $(seq "$kk" "$n"); do page kdp-6x9 "$p" 30; done
  montage p-story-book-{1,2,3,$sk}.png -tile 4x -geometry +6+6 -background '#999' story-book.png
  montage p-mouse-and-cheese-{2,3}.png p-default-{2,3}.png -tile 4x -geometry +6+6 -background '#999' mouse-and-default.png
  montage $(for p in $(seq "$kk" "$n"); do echo "p-kdp-6x9-$p.png"; done) -tile 10x -geometry +4+4 -background '#999' kdp-6x9-key.png
  pdftoppm -png -r 22 -singlefile story-cover.pdf story-cover
}
pages "$old" "$oldex" "$work/old"
pages "$new" "$here/examples" "$work/new"
for f in story-book mouse-and-default kdp-6x9-key story-cover; do
  convert "$work/old/$f.png" -gravity north -background white -splice 0x26 -pointsize 18 -annotate +0+3 before "$work/b.png"
  convert "$work/new/$f.png" -gravity north -background white -splice 0x26 -pointsize 18 -annotate +0+3 after "$work/a.png"
  convert "$work/b.png" "$work/a.png" -gravity west -background '#999' -append -strip "$out/$f.png"
  convert "$out/$f.png" -colorspace gray -threshold 50% -strip "$out/$f-photocopy.png"
done
ls "$out"
