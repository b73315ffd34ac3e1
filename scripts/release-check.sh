#!/usr/bin/env bash
# Checks what 'goreleaser release --snapshot --clean' left in dist/: the
# checksums, every archive's files, the Linux binary building a book in
# each script mazebook ships fonts for (every font embedded), and the
# Debian package installed with dpkg -i, run, and removed. .ci/run calls
# it; run it by hand after a snapshot (as root for the package).
set -euo pipefail
cd "$(dirname "$0")/.."
dist=dist
fail() { echo "release-check: $*" >&2; exit 1; }

[ -f "$dist/checksums.txt" ] || fail "no $dist/checksums.txt"
# The archives and packages are in dist/; the site's zip is summed where
# the hook made it (below).
(cd "$dist" && grep -v '  mazebook-site\.zip$' checksums.txt | sha256sum --quiet -c -) || fail "the checksums do not match"

# The ready-made web site, summed beside the archives.
site=site-dist/mazebook-site.zip
[ -f "$site" ] || fail "no $site"
sum=$(sha256sum "$site" | cut -d' ' -f1)
grep -q "^$sum  mazebook-site.zip\$" "$dist/checksums.txt" || fail "mazebook-site.zip is not in checksums.txt with its sum"
names=$(unzip -Z1 "$site")
for f in index.html sw.js manifest.webmanifest assets/wasm_exec.js assets/studio.wasm; do
  grep -qx "$f" <<<"$names" || fail "mazebook-site.zip lacks $f"
done
printf '%-16s %8s bytes  %s\n' site "$(stat -c %s "$site")" mazebook-site.zip

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for target in linux_amd64 linux_arm64 darwin_amd64 darwin_arm64 windows_amd64 windows_arm64; do
  case $target in
    windows_*) archive=$(ls "$dist"/mazebook_*_"$target".zip 2>/dev/null | head -n1); list() { unzip -Z1 "$1"; } ;;
    *) archive=$(ls "$dist"/mazebook_*_"$target".tar.gz 2>/dev/null | head -n1); list() { tar -tzf "$1"; } ;;
  esac
  [ -n "$archive" ] || fail "no archive for $target"
  grep -q "  $(basename "$archive")\$" "$dist/checksums.txt" || fail "$(basename "$archive") is not in checksums.txt"
  want=mazebook; [ "${target%%_*}" = windows ] && want=mazebook.exe
  names=$(list "$archive")
  for f in "$want" LICENSE NOTICE README.md; do
    grep -qx "$f" <<<"$names" || fail "$(basename "$archive") lacks $f"
  done
  printf '%-16s %8s bytes  %s\n' "$target" "$(stat -c %s "$archive")" "$(basename "$archive")"
done

# The Linux binary, on this amd64 machine, with nothing but itself.
tar -xzf "$dist"/mazebook_*_linux_amd64.tar.gz -C "$work" mazebook
bin="$work/mazebook"
"$bin" version
for lang in hi bn zh ar; do
  printf 'title: Mazes\nlanguage: %s\nseed: 7\nsections:\n  - {count: 2}\n' "$lang" > "$work/$lang.yaml"
  "$bin" build "$work/$lang.yaml" -o "$work/$lang.pdf" >/dev/null
  if command -v pdffonts >/dev/null 2>&1; then
    # Every font embedded: pdffonts' emb column says yes on every row.
    pdffonts "$work/$lang.pdf" | awk -v lang="$lang" 'NR > 2 && $(NF-4) != "yes" { bad = 1; print "release-check: " lang ": not embedded: " $0 > "/dev/stderr" } NR > 2 { n++ } END { exit bad || n < 2 }' \
      || fail "$lang: a font is not embedded"
  fi
done
echo "release-check: the linux amd64 binary built books in hi, bn, zh and ar, every font embedded"

# The Debian package.
deb=$(ls "$dist"/mazebook_*_amd64.deb | head -n1)
[ -n "$deb" ] || fail "no amd64 .deb"
if [ "$(id -u)" = 0 ] && command -v dpkg >/dev/null 2>&1; then
  dpkg -i "$deb" >/dev/null
  trap 'dpkg -r mazebook >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
  [ "$(command -v mazebook)" = /usr/bin/mazebook ] || fail "the package did not install /usr/bin/mazebook"
  /usr/bin/mazebook version
  (cd "$work" && /usr/bin/mazebook build -o deb-book.pdf >/dev/null) || fail "the installed mazebook did not build the default book"
  [ -s "$work/deb-book.pdf" ] || fail "the installed mazebook wrote no book"
  [ -f /usr/share/doc/mazebook/copyright ] || fail "the package has no copyright file"
  dpkg -r mazebook >/dev/null
  [ ! -e /usr/bin/mazebook ] || fail "dpkg -r left /usr/bin/mazebook"
  echo "release-check: $(basename "$deb") installed with dpkg -i, built a book, and was removed"
else
  dpkg-deb -c "$deb" | grep '\./usr/bin/mazebook$' >/dev/null || fail "$(basename "$deb") holds no /usr/bin/mazebook"
  echo "release-check: $(basename "$deb") holds /usr/bin/mazebook (not root: not installed)"
fi
