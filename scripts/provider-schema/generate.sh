#!/usr/bin/env bash
# generate.sh NAME SRC [REPLACE]... — write `terraform providers schema -json`
# for the provider NAME (zitadel, fivetran, coralogix, dbtcloud, infoblox, mist,
# powerplatform: a NAME.go beside this script makes its server) from its
# source tree SRC (the provider's repository at the commit wanted, e.g.
# `git archive COMMIT`),
# keeping the resource types read on standard input, one a line.
#
# The generator is built inside SRC, as a package of the provider's own
# module, so that the provider is compiled with exactly the dependencies
# its go.mod and go.sum name; nothing is added to Recourse's go.mod. Each
# REPLACE is a `module=dir` handed to `go mod edit -replace`, for a
# dependency the module proxy does not serve (a copy of that module's
# source at the version the provider's go.mod names).
#
# Example (testdata/classifier/schemas/README.md says how the committed
# excerpts were made):
#   grep '^dbtcloud_' testdata/classifier/heldout10-decisions.tsv | cut -f1 |
#     scripts/provider-schema/generate.sh dbtcloud /tmp/dbtcloud > dbtcloud.json
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 NAME SRC [module=dir]..." >&2; exit 64; }
name=$1 src=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
[ -f "$here/$name.go" ] || { echo "$0: no $name.go beside this script" >&2; exit 64; }
[ -f "$src/go.mod" ] || { echo "$0: $src has no go.mod" >&2; exit 64; }
dir=$src/recourse_provider_schema
mkdir -p "$dir"
cp "$here/convert.go" "$here/$name.go" "$dir/"
cd "$src"
for r in "$@"; do
	go mod edit -replace "$r"
done
# -mod=mod lets go add terraform-json and go-cty to the provider's go.mod
# where they are only indirect there.
GOFLAGS=-mod=mod go run -tags "providerschema $name" ./recourse_provider_schema
