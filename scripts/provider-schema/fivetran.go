//go:build providerschema && fivetran

package main

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/fivetran/terraform-provider-fivetran/fivetran/framework"
)

// providerAddress is the address the provider serves under (its fivetran/terraform-provider-fivetran main.go).
const providerAddress = "registry.terraform.io/fivetran/fivetran"

// server is the provider's plugin-protocol server, made as its fivetran/terraform-provider-fivetran main.go
// makes it, without serving it over gRPC.
func server(ctx context.Context) (tfprotov6.ProviderServer, error) {
	return providerserver.NewProtocol6(framework.FivetranProvider())(), nil
}
