# syntax=docker/dockerfile:1
# The mazebook command in a container, for the batch engines that build
# catalogues past one machine (a Kubernetes indexed Job, a CI matrix, GNU
# parallel over hosts): see docs/catalogue.md.
#
#   docker build -t mazebook .
#   docker run --rm --user "$(id -u):$(id -g)" -v "$PWD:/work" mazebook build specs/ -o books/
#
# (--user runs mazebook as you, so that it can write into your folder and
# the books are yours; without it, it runs as the image's user nonroot,
# uid 65532, who may write nowhere in a mounted folder.)
#
# The binary is static (no cgo) and carries every font its books are set
# in, those of Chinese, Hindi, Bengali and Arabic too, so the image is a
# distroless base with nothing else, run as a user without privileges. It
# has no shell and no package manager: a font of your own is mounted
# (-v "$PWD/fonts:/fonts:ro" -e MAZEBOOK_FONTS=/fonts) or put beside the
# spec, and named under its fonts:.
#
# The bases are pinned by digest, so that the same Dockerfile builds the
# same image: golang:1.26-bookworm as of 2026-09-13 and
# gcr.io/distroless/static-debian12:nonroot as of 2026-08-26. To move
# them on, take the new digests (docker buildx imagetools inspect
# golang:1.26-bookworm, or crane digest) and replace them here; CI pulls
# what these lines name.
FROM golang:1.26-bookworm@sha256:9fdc884aacc3bec89b20ffc69f4bb369c78210e3e4f600387b5128b12c199f81 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/mazebook ./cmd/mazebook

FROM gcr.io/distroless/static-debian12:nonroot@sha256:afa5c872c891853ca7fcf1f12c3edb23f7eeef36189728842dd51042ff57f7ab
COPY --from=build /out/mazebook /usr/local/bin/mazebook
WORKDIR /work
USER nonroot:nonroot
ENTRYPOINT ["/usr/local/bin/mazebook"]
CMD ["--help"]
