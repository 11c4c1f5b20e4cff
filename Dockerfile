# Recourse's container image: the pure-Go binaries on a distroless base, run
# as a non-root user (65532, distroless's nonroot), with recourse as the
# entrypoint.
#   docker build -t recourse .
#   docker run --rm -v "$PWD:/work" -w /work recourse eval plan.json
# The builder is Go 1.27.3, the toolchain releases use (.goreleaser.yaml).
#
# BINARIES=prebuilt takes recourse and recourse-hook from the build context
# instead of building them (pure-Go, CGO_ENABLED=0, as the source stage
# builds them), and BASE names another base image: scripts/image-check
# builds the image so, on an empty base, where the registries of the Go and
# distroless images are out of reach. BuildKit (Docker's builder) and
# buildah build only the stages the image needs, so the stage a build does
# not use is neither pulled nor built.
ARG BASE=gcr.io/distroless/static-debian12:nonroot
ARG BINARIES=source

FROM golang:1.27.3 AS source
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# VERSION (docker build --build-arg VERSION=v1.2.3) is the version the
# binaries report (recourse version, the MCP server's serverInfo.version);
# without it, the git describe of the context when it holds the
# repository's .git, and otherwise the build's own information (the VCS
# revision go build stamps, or 0.0.0-unknown): never "dev".
ARG VERSION=
RUN version="${VERSION:-$(git describe --tags --always --dirty 2>/dev/null || true)}" && \
    CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${version}" -o /out/recourse ./cmd/recourse && \
    CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${version}" -o /out/recourse-hook ./cmd/recourse-hook

FROM scratch AS prebuilt
COPY recourse recourse-hook /out/

FROM ${BINARIES} AS binaries

FROM ${BASE}
COPY --from=binaries /out/recourse /out/recourse-hook /usr/local/bin/
USER 65532:65532
ENTRYPOINT ["/usr/local/bin/recourse"]
