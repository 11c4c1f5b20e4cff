package model

// ResourceSchema is what a provider's own schema says of one resource
// type: the block of `terraform providers schema -json`, given by the
// caller with the plan (recourse eval --provider-schema). It is the
// caller's word about the type, not the plan's: the classifier may read
// it to raise a type with no rule to data-bearing, and to lower one its
// name leaves uncertain only where the schema positively shows nothing
// that holds data (classifier/schema.go).
type ResourceSchema struct {
	// Provider is the provider's source address, the key of
	// provider_schemas (registry.terraform.io/zitadel/zitadel).
	Provider string
	// Type is the resource type the schema describes.
	Type string
	// File names the schema document the caller gave.
	File string
	// Description is the resource's own block description.
	Description string
	// Fields are the block's attributes and nested blocks, at every depth,
	// in path order.
	Fields []SchemaField
	// RaiseOnly is set where caller facts must not lower a verdict (an
	// operator-marked production environment): the schema may then only
	// raise one.
	RaiseOnly bool
}

// SchemaField is one attribute or nested block of a ResourceSchema.
type SchemaField struct {
	// Path is the field's dotted path from the resource's block
	// (settings.retention_days).
	Path string
	// Block is true for a nested block or a nested attribute type, whose
	// fields follow under its path.
	Block       bool
	Description string
	// Sensitive and WriteOnly mark an attribute that holds a secret.
	Sensitive bool
	WriteOnly bool
	// Required, Optional and Computed say who sets an attribute: the
	// operator's configuration (Required, Optional) or the provider
	// (Computed; with Optional, the provider when the configuration does
	// not). A value only the provider sets is not in the configuration, so
	// an apply that recreates the object makes a new one.
	Required, Optional, Computed bool
	// Type is an attribute's value type as terraform names it (string,
	// bool, number, list of string, …); empty for a block.
	Type string
}
