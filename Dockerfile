# syntax=docker/dockerfile:1
# The mazebook command in a container, for the batch engines that build
# catalogues past one machine (a Kubernetes indexed Job, a CI matrix, GNU
# parallel over hosts): see docs/catalogue.md.
#
#   docker build -t mazebook .
#   docker run --rm -v "$PWD:/work" mazebook build specs/ -o books/
#
# The binary is static (no cgo) and carries its fonts, so the image is a
# distroless base with nothing else but Debian's free fonts that books in
# Chinese, Hindi, Bengali and Arabic are set in, run as a user without privileges.
FROM golang:1.26-bookworm AS build
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends fonts-wqy-microhei fonts-lohit-deva fonts-lohit-beng-bengali fonts-hosny-amiri && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/mazebook ./cmd/mazebook

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/mazebook /usr/local/bin/mazebook
COPY --from=build /usr/share/fonts/truetype/wqy/wqy-microhei.ttc /usr/share/fonts/truetype/wqy/wqy-microhei.ttc
COPY --from=build /usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf /usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf
COPY --from=build /usr/share/fonts/truetype/lohit-bengali/Lohit-Bengali.ttf /usr/share/fonts/truetype/lohit-bengali/Lohit-Bengali.ttf
COPY --from=build /usr/share/fonts/opentype/fonts-hosny-amiri/Amiri-Regular.ttf /usr/share/fonts/opentype/fonts-hosny-amiri/Amiri-Regular.ttf
COPY --from=build /usr/share/fonts/opentype/fonts-hosny-amiri/Amiri-Bold.ttf /usr/share/fonts/opentype/fonts-hosny-amiri/Amiri-Bold.ttf
WORKDIR /work
USER nonroot:nonroot
ENTRYPOINT ["/usr/local/bin/mazebook"]
CMD ["--help"]
