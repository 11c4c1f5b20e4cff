//go:build providerschema && infoblox

package main

import (
	"context"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-mux/tf5to6server"

	"github.com/infobloxopen/terraform-provider-infoblox/infoblox"
)

// providerAddress is the address the provider serves under (the registry
// address of infobloxopen/terraform-provider-infoblox, whose main.go serves
// the SDKv2 provider over protocol 5 without naming one).
const providerAddress = "registry.terraform.io/infobloxopen/infoblox"

// server is the provider's plugin-protocol server: the SDKv2 provider its
// infobloxopen/terraform-provider-infoblox main.go serves, upgraded to
// protocol 6 as terraform-plugin-mux does, without serving it over gRPC.
func server(ctx context.Context) (tfprotov6.ProviderServer, error) {
	sdk, err := tf5to6server.UpgradeServer(ctx, infoblox.Provider().GRPCProvider)
	if err != nil {
		return nil, err
	}
	return sdk, nil
}
