//go:build providerschema

// Command provider-schema writes what `terraform providers schema -json`
// writes for one provider, without terraform or a registry: it is built
// inside the provider's own source tree (generate.sh copies it there, with
// the file that makes that provider's server), asks the provider's
// plugin-protocol server for its schema in-process (tfprotov6
// GetProviderSchema, the call terraform makes over gRPC), and writes the
// answer in terraform's JSON format (hashicorp/terraform-json's
// ProviderSchemas, format_version 1.0), keeping only the resource types
// named on standard input (one a line), so that a test's excerpt stays
// small.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"sort"
	"strings"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/zclconf/go-cty/cty"
)

func main() {
	address := flag.String("address", providerAddress, "the provider's source address, the key of provider_schemas")
	flag.Parse()
	want, err := wanted(os.Stdin)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	srv, err := server(ctx)
	if err != nil {
		log.Fatal(err)
	}
	resp, err := srv.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		log.Fatal(err)
	}
	for _, d := range resp.Diagnostics {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			log.Fatalf("GetProviderSchema: %s: %s", d.Summary, d.Detail)
		}
	}
	out, missing, err := convert(*address, resp, want)
	if err != nil {
		log.Fatal(err)
	}
	if len(missing) > 0 {
		log.Printf("not in the provider's schema: %s", strings.Join(missing, ", "))
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", " ")
	if err := enc.Encode(out); err != nil {
		log.Fatal(err)
	}
}

// wanted reads the resource types to keep, one a line; blank lines and
// lines starting with # are skipped.
func wanted(f *os.File) (map[string]bool, error) {
	want := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line != "" && !strings.HasPrefix(line, "#") {
			want[line] = true
		}
	}
	return want, sc.Err()
}

// convert turns the provider's answer into terraform's JSON document,
// with the resource schemas of want, and says which of want the provider
// does not have.
func convert(address string, resp *tfprotov6.GetProviderSchemaResponse, want map[string]bool) (*tfjson.ProviderSchemas, []string, error) {
	ps := &tfjson.ProviderSchema{ResourceSchemas: map[string]*tfjson.Schema{}}
	var missing []string
	for typ := range want {
		s, ok := resp.ResourceSchemas[typ]
		if !ok {
			missing = append(missing, typ)
			continue
		}
		b, err := block(s.Block)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", typ, err)
		}
		ps.ResourceSchemas[typ] = &tfjson.Schema{Version: uint64(s.Version), Block: b}
	}
	sort.Strings(missing)
	return &tfjson.ProviderSchemas{FormatVersion: "1.0", Schemas: map[string]*tfjson.ProviderSchema{address: ps}}, missing, nil
}

func block(b *tfprotov6.SchemaBlock) (*tfjson.SchemaBlock, error) {
	if b == nil {
		return &tfjson.SchemaBlock{}, nil
	}
	out := &tfjson.SchemaBlock{Description: b.Description, DescriptionKind: descriptionKind(b.DescriptionKind), Deprecated: b.Deprecated}
	if len(b.Attributes) > 0 {
		out.Attributes = map[string]*tfjson.SchemaAttribute{}
	}
	for _, a := range b.Attributes {
		ca, err := attribute(a)
		if err != nil {
			return nil, fmt.Errorf("attribute %s: %w", a.Name, err)
		}
		out.Attributes[a.Name] = ca
	}
	if len(b.BlockTypes) > 0 {
		out.NestedBlocks = map[string]*tfjson.SchemaBlockType{}
	}
	for _, nb := range b.BlockTypes {
		inner, err := block(nb.Block)
		if err != nil {
			return nil, fmt.Errorf("block %s: %w", nb.TypeName, err)
		}
		out.NestedBlocks[nb.TypeName] = &tfjson.SchemaBlockType{NestingMode: blockNesting[nb.Nesting], Block: inner,
			MinItems: uint64(nb.MinItems), MaxItems: uint64(nb.MaxItems)}
	}
	return out, nil
}

func attribute(a *tfprotov6.SchemaAttribute) (*tfjson.SchemaAttribute, error) {
	out := &tfjson.SchemaAttribute{Description: a.Description, DescriptionKind: descriptionKind(a.DescriptionKind),
		Deprecated: a.Deprecated, Required: a.Required, Optional: a.Optional, Computed: a.Computed, Sensitive: a.Sensitive,
		WriteOnly: a.WriteOnly}
	if a.NestedType != nil {
		nt := &tfjson.SchemaNestedAttributeType{NestingMode: objectNesting[a.NestedType.Nesting], Attributes: map[string]*tfjson.SchemaAttribute{}}
		for _, inner := range a.NestedType.Attributes {
			ca, err := attribute(inner)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", inner.Name, err)
			}
			nt.Attributes[inner.Name] = ca
		}
		out.AttributeNestedType = nt
		return out, nil
	}
	// tftypes writes a type as terraform's JSON type syntax, which is
	// cty's.
	raw, err := json.Marshal(a.Type)
	if err != nil {
		return nil, err
	}
	var t cty.Type
	if err := json.Unmarshal(raw, &t); err != nil {
		return nil, err
	}
	out.AttributeType = t
	return out, nil
}

func descriptionKind(k tfprotov6.StringKind) tfjson.SchemaDescriptionKind {
	if k == tfprotov6.StringKindMarkdown {
		return tfjson.SchemaDescriptionKindMarkdown
	}
	return tfjson.SchemaDescriptionKindPlain
}

var blockNesting = map[tfprotov6.SchemaNestedBlockNestingMode]tfjson.SchemaNestingMode{
	tfprotov6.SchemaNestedBlockNestingModeSingle: tfjson.SchemaNestingModeSingle,
	tfprotov6.SchemaNestedBlockNestingModeList:   tfjson.SchemaNestingModeList,
	tfprotov6.SchemaNestedBlockNestingModeSet:    tfjson.SchemaNestingModeSet,
	tfprotov6.SchemaNestedBlockNestingModeMap:    tfjson.SchemaNestingModeMap,
	tfprotov6.SchemaNestedBlockNestingModeGroup:  tfjson.SchemaNestingModeGroup,
}

var objectNesting = map[tfprotov6.SchemaObjectNestingMode]tfjson.SchemaNestingMode{
	tfprotov6.SchemaObjectNestingModeSingle: tfjson.SchemaNestingModeSingle,
	tfprotov6.SchemaObjectNestingModeList:   tfjson.SchemaNestingModeList,
	tfprotov6.SchemaObjectNestingModeSet:    tfjson.SchemaNestingModeSet,
	tfprotov6.SchemaObjectNestingModeMap:    tfjson.SchemaNestingModeMap,
}
