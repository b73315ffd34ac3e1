#!/usr/bin/env bash
# Builds the studio's static web site (mazebook site) and zips it as
# site-dist/mazebook-site.zip, the release's ready-made site: GoReleaser
# runs it before its builds (.goreleaser.yaml), and the release carries
# the zip beside the archives, in checksums.txt too.
set -euo pipefail
cd "$(dirname "$0")/.."
version=${1:-}
rm -rf site-dist
mkdir -p site-dist
go run ${version:+-ldflags "-X main.version=$version"} ./cmd/mazebook site site-dist/mazebook-site >/dev/null
(cd site-dist/mazebook-site && find . -type f | LC_ALL=C sort | sed 's|^\./||' > ../files.txt)
# The files in a stable order and with the commit's time, so that the same
# commit gives the same zip.
stamp=$(git log -1 --format=%cd --date=format:%Y%m%d%H%M.%S 2>/dev/null || date +%Y%m%d%H%M.%S)
find site-dist/mazebook-site -exec touch -h -t "$stamp" {} +
(cd site-dist/mazebook-site && zip -q -X -D ../mazebook-site.zip -@ < ../files.txt)
rm -f site-dist/files.txt
echo "site-zip: site-dist/mazebook-site.zip, $(stat -c %s site-dist/mazebook-site.zip) bytes"
