# Recourse's container image: the pure-Go binary on a distroless base, run
# as a non-root user, with recourse as the entrypoint.
#   docker build -t recourse .
#   docker run --rm -v "$PWD:/work" -w /work recourse eval plan.json
# The builder is Go 1.27.3, the toolchain releases use (.goreleaser.yaml).
FROM golang:1.27.3 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/recourse ./cmd/recourse && \
    CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/recourse-hook ./cmd/recourse-hook

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/recourse /out/recourse-hook /usr/local/bin/
USER nonroot:nonroot
ENTRYPOINT ["/usr/local/bin/recourse"]
