module github.com/recourse-dev/recourse/scripts/provider-schema

go 1.24.0
