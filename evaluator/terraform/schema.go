package terraform

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/zclconf/go-cty/cty"

	"github.com/recourse-dev/recourse/internal/jsonerr"
	"github.com/recourse-dev/recourse/internal/jsonstrict"
	"github.com/recourse-dev/recourse/model"
)

// MaxProviderSchemaBytes bounds a provider schema document. The schemas
// of the largest providers (aws, azurerm, google) are some tens of MiB
// together; a document past this is refused, not read in part.
const MaxProviderSchemaBytes = 256 << 20

// schemaExample is how a corrected provider schema is made.
const schemaExample = `terraform providers schema -json > schema.json && recourse eval --provider-schema schema.json plan.json`

// ProviderSchemas are the resource schemas of a validated
// `terraform providers schema -json` document, by provider and type.
type ProviderSchemas struct {
	// FormatVersion is the document's format_version.
	FormatVersion string
	byType        map[string]map[string]*model.ResourceSchema // type → provider → schema
}

// ParseProviderSchemas reads the JSON of `terraform providers schema
// -json` (OpenTofu's too) exactly as terraform wrote it: a document past
// MaxProviderSchemaBytes, a key given twice, a key terraform-json's
// ProviderSchemas does not have at any depth, a format_version it does not
// read, or a document without provider_schemas is an error naming the
// field, never a partial reading. file names the document in the
// schemas' provenance.
func ParseProviderSchemas(data []byte, file string) (*ProviderSchemas, error) {
	if len(data) > MaxProviderSchemaBytes {
		return nil, schemaError(model.KindInputTooLarge, "", fmt.Sprintf("the provider schema is larger than %d MiB", MaxProviderSchemaBytes>>20),
			"the output of `terraform providers schema -json` for one configuration")
	}
	trimmed := bytes.TrimLeft(data, " \t\r\n")
	if len(trimmed) == 0 || trimmed[0] != '{' {
		if len(trimmed) > 0 && !json.Valid(trimmed) {
			var v any
			return nil, schemaJSONError(data, json.Unmarshal(data, &v))
		}
		return nil, schemaError(model.KindWrongDocument, "", "the provider schema is not a JSON object",
			`{"format_version": "1.0", "provider_schemas": {"registry.terraform.io/hashicorp/aws": {"resource_schemas": {...}}}}`)
	}
	if err := jsonstrict.Duplicates(data); err != nil {
		if e, ok := err.(*model.Error); ok {
			e.Field = prefixedSchema(e.Field)
			e.Message = "the provider schema: " + e.Message
		}
		return nil, err
	}
	var keys struct {
		FormatVersion   *string         `json:"format_version"`
		ProviderSchemas json.RawMessage `json:"provider_schemas"`
	}
	if err := json.Unmarshal(data, &keys); err != nil {
		return nil, schemaJSONError(data, err)
	}
	if keys.FormatVersion == nil {
		return nil, schemaError(model.KindWrongDocument, "format_version", "the provider schema has no format_version",
			`"format_version": "1.0", as terraform providers schema -json writes it`)
	}
	if len(keys.ProviderSchemas) == 0 || string(keys.ProviderSchemas) == "null" {
		return nil, schemaError(model.KindWrongDocument, "provider_schemas", "the provider schema has no provider_schemas",
			`"provider_schemas": {"registry.terraform.io/hashicorp/aws": {"resource_schemas": {...}}}`)
	}
	if err := knownKeys(data, reflect.TypeFor[tfjson.ProviderSchemas](), ""); err != nil {
		return nil, err
	}
	var doc tfjson.ProviderSchemas
	if err := json.Unmarshal(data, &doc); err != nil {
		if strings.Contains(err.Error(), "format version") {
			return nil, schemaError(model.KindUnsupportedFormat, "format_version",
				fmt.Sprintf("format_version %q is not one this build reads (%v)", *keys.FormatVersion, err),
				"a provider schema format_version "+tfjson.ProviderSchemasFormatVersionConstraints+" (Terraform 0.12 to 1.x, OpenTofu 1.x)")
		}
		return nil, schemaJSONError(data, err)
	}
	out := &ProviderSchemas{FormatVersion: doc.FormatVersion, byType: map[string]map[string]*model.ResourceSchema{}}
	for provider, ps := range doc.Schemas {
		if ps == nil {
			return nil, schemaError(model.KindInvalidField, "provider_schemas."+provider, "null",
				`{"resource_schemas": {...}} as terraform writes it for each provider`)
		}
		for typ, s := range ps.ResourceSchemas {
			if s == nil || s.Block == nil {
				return nil, schemaError(model.KindInvalidField, "provider_schemas."+provider+".resource_schemas."+typ+".block",
					"missing or null", `{"version": 0, "block": {"attributes": {...}, "description": "..."}}`)
			}
			rs := &model.ResourceSchema{Provider: provider, Type: typ, File: file, Description: s.Block.Description}
			rs.Fields = fields(s.Block, "", rs.Fields)
			sort.Slice(rs.Fields, func(i, j int) bool { return rs.Fields[i].Path < rs.Fields[j].Path })
			if out.byType[typ] == nil {
				out.byType[typ] = map[string]*model.ResourceSchema{}
			}
			out.byType[typ][provider] = rs
		}
	}
	return out, nil
}

// Len is how many resource schemas the document holds.
func (s *ProviderSchemas) Len() int {
	n := 0
	for _, ps := range s.byType {
		n += len(ps)
	}
	return n
}

// Lookup returns the schema of typ as the provider at address serves it,
// or nil. A plan names each change's provider (provider_name); only a
// plan that does not (address "") takes the type's schema from the one
// provider that has it, never from one of two.
func (s *ProviderSchemas) Lookup(address, typ string) *model.ResourceSchema {
	if s == nil {
		return nil
	}
	ps := s.byType[typ]
	if address != "" {
		if rs := ps[address]; rs != nil {
			return rs
		}
		// A plan of Terraform 0.12 names a provider by its short name.
		if !strings.Contains(address, "/") {
			return s.unique(ps, func(p string) bool { return p == address || strings.HasSuffix(p, "/"+address) })
		}
		return nil
	}
	return s.unique(ps, func(string) bool { return true })
}

// unique returns the schema of the one provider match accepts, or nil.
func (s *ProviderSchemas) unique(ps map[string]*model.ResourceSchema, match func(string) bool) *model.ResourceSchema {
	var found *model.ResourceSchema
	for p, rs := range ps {
		if !match(p) {
			continue
		}
		if found != nil {
			return nil
		}
		found = rs
	}
	return found
}

// fields appends b's attributes and nested blocks, at every depth, under
// prefix.
func fields(b *tfjson.SchemaBlock, prefix string, out []model.SchemaField) []model.SchemaField {
	for name, a := range b.Attributes {
		if a == nil {
			continue
		}
		out = attributeFields(name, a, prefix, out)
	}
	for name, nb := range b.NestedBlocks {
		if nb == nil {
			continue
		}
		f := model.SchemaField{Path: prefix + name, Block: true}
		if nb.Block != nil {
			f.Description = nb.Block.Description
		}
		out = append(out, f)
		if nb.Block != nil {
			out = fields(nb.Block, prefix+name+".", out)
		}
	}
	return out
}

func attributeFields(name string, a *tfjson.SchemaAttribute, prefix string, out []model.SchemaField) []model.SchemaField {
	f := model.SchemaField{Path: prefix + name, Block: a.AttributeNestedType != nil, Description: a.Description,
		Sensitive: a.Sensitive, WriteOnly: a.WriteOnly, Required: a.Required, Optional: a.Optional, Computed: a.Computed}
	if a.AttributeType != cty.NilType {
		f.Type = a.AttributeType.FriendlyName()
	}
	out = append(out, f)
	if a.AttributeNestedType == nil {
		return out
	}
	for inner, ia := range a.AttributeNestedType.Attributes {
		if ia != nil {
			out = attributeFields(inner, ia, prefix+name+".", out)
		}
	}
	return out
}

// knownKeys refuses a key that t (a terraform-json type) does not have,
// at every depth of data, so that nothing terraform wrote is silently
// skipped: a key of a newer terraform is an error that says so, not a
// schema read in part. A type that decodes itself (cty.Type) is not
// looked into; terraform-json's ProviderSchemas only validates its
// format_version and is walked as a plain struct.
func knownKeys(data []byte, t reflect.Type, path string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t != reflect.TypeFor[tfjson.ProviderSchemas]() && reflect.PointerTo(t).Implements(reflect.TypeFor[json.Unmarshaler]()) {
		return nil
	}
	trimmed := bytes.TrimLeft(data, " \t\r\n")
	if len(trimmed) == 0 || string(trimmed) == "null" {
		return nil
	}
	switch t.Kind() {
	case reflect.Struct:
		var obj map[string]json.RawMessage
		if json.Unmarshal(data, &obj) != nil {
			return nil // the decoder says what is wrong with it
		}
		byName := jsonFields(t)
		for _, k := range sortedKeys(obj) {
			ft, ok := byName[k]
			if !ok {
				return schemaError(model.KindInvalidField, joinPath(path, k), fmt.Sprintf("%q is not a key of a provider schema here", k),
					"only the keys terraform-json's ProviderSchemas reads here: "+strings.Join(sortedKeys(byName), ", ")+
						" (a key of a newer Terraform means this build cannot read the whole schema)")
			}
			if err := knownKeys(obj[k], ft, joinPath(path, k)); err != nil {
				return err
			}
		}
	case reflect.Map:
		var obj map[string]json.RawMessage
		if json.Unmarshal(data, &obj) != nil {
			return nil
		}
		for _, k := range sortedKeys(obj) {
			if err := knownKeys(obj[k], t.Elem(), joinPath(path, k)); err != nil {
				return err
			}
		}
	case reflect.Slice:
		var list []json.RawMessage
		if json.Unmarshal(data, &list) != nil {
			return nil
		}
		for i, v := range list {
			if err := knownKeys(v, t.Elem(), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	}
	return nil
}

// jsonFields maps the JSON keys of struct type t to their field types.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f.Type
	}
	return out
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// schemaError is an error about the provider schema, its field prefixed
// so that it is not taken for one of the plan's.
func schemaError(kind model.ErrorKind, field, msg, expected string) *model.Error {
	return &model.Error{Kind: kind, Field: prefixedSchema(field), Message: msg, Expected: expected, Example: schemaExample}
}

func prefixedSchema(field string) string {
	if field == "" {
		return "provider_schema"
	}
	return "provider_schema." + field
}

// schemaJSONError turns a decoding error into a model.Error with a line
// and column.
func schemaJSONError(data []byte, err error) error {
	e := jsonerr.Wrap(data, err, "well-formed JSON from `terraform providers schema -json`", schemaExample,
		"the field's type from the Terraform provider schema format")
	e.Field = prefixedSchema(e.Field)
	e.Message = "the provider schema: " + e.Message
	return e
}

// AttachSchemas gives each resource change of p that has no schema yet
// the schema s has for its type and provider, if any; raiseOnly marks
// them as schemas that may only raise a verdict
// (model.ResourceSchema.RaiseOnly). A nil s attaches nothing. Called
// with the operator's schemas first and the caller's after, the
// operator's win.
func (p *Plan) AttachSchemas(s *ProviderSchemas, raiseOnly bool) {
	if s == nil {
		return
	}
	for i, provider := range p.providers {
		m := &p.Mutations[i]
		if m.Schema != nil {
			continue
		}
		rs := s.Lookup(provider, m.Target.Type)
		if rs == nil {
			continue
		}
		c := *rs
		c.RaiseOnly = raiseOnly
		m.Schema = &c
	}
}
