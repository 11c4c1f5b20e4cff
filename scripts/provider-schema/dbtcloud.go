//go:build providerschema && dbtcloud

package main

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/dbt-labs/terraform-provider-dbtcloud/pkg/provider"
)

// providerAddress is the address the provider serves under (its dbt-labs/terraform-provider-dbtcloud main.go).
const providerAddress = "registry.terraform.io/dbt-labs/dbtcloud"

// server is the provider's plugin-protocol server, made as its dbt-labs/terraform-provider-dbtcloud main.go
// makes it, without serving it over gRPC.
func server(ctx context.Context) (tfprotov6.ProviderServer, error) {
	return providerserver.NewProtocol6(provider.New())(), nil
}
