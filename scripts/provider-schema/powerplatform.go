//go:build providerschema && powerplatform

package main

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/microsoft/terraform-provider-power-platform/internal/provider"
)

// providerAddress is the address the provider serves under (its microsoft/terraform-provider-power-platform main.go).
const providerAddress = "registry.terraform.io/microsoft/power-platform"

// server is the provider's plugin-protocol server, made as its microsoft/terraform-provider-power-platform main.go
// makes it, without serving it over gRPC.
func server(ctx context.Context) (tfprotov6.ProviderServer, error) {
	return providerserver.NewProtocol6(provider.NewPowerPlatformProvider(ctx)())(), nil
}
