//go:build providerschema && coralogix

package main

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-mux/tf5to6server"
	"github.com/hashicorp/terraform-plugin-mux/tf6muxserver"

	"github.com/coralogix/terraform-provider-coralogix/internal/provider"
)

// providerAddress is the address the provider serves under (its coralogix/terraform-provider-coralogix main.go).
const providerAddress = "registry.terraform.io/coralogix/coralogix"

// server is the provider's plugin-protocol server, made as its coralogix/terraform-provider-coralogix main.go
// makes it, without serving it over gRPC.
func server(ctx context.Context) (tfprotov6.ProviderServer, error) {
	sdk, err := tf5to6server.UpgradeServer(ctx, provider.OldProvider().GRPCProvider)
	if err != nil {
		return nil, err
	}
	mux, err := tf6muxserver.NewMuxServer(ctx,
		func() tfprotov6.ProviderServer { return sdk },
		providerserver.NewProtocol6(provider.NewCoralogixProvider()))
	if err != nil {
		return nil, err
	}
	return mux.ProviderServer(), nil
}
