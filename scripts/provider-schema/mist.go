//go:build providerschema && mist

package main

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/Juniper/terraform-provider-mist/internal/provider"
)

// providerAddress is the address the provider serves under (its Juniper/terraform-provider-mist main.go).
const providerAddress = "registry.terraform.io/Juniper/mist"

// server is the provider's plugin-protocol server, made as its Juniper/terraform-provider-mist main.go
// makes it, without serving it over gRPC.
func server(ctx context.Context) (tfprotov6.ProviderServer, error) {
	return providerserver.NewProtocol6(provider.New()())(), nil
}
