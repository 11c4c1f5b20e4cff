package classifier

import "github.com/recourse-dev/recourse/model"

// Reading is what the classifier makes of a Terraform resource type no
// rule knows: the category its name suggests, the word that decided it,
// and the verdict it gives a destroy of one. The CLI's resources command
// and the MCP server's recourse_supported_resources answer with it for a
// name that has no rows.
type Reading struct {
	Type        string           `json:"type"`
	Category    Category         `json:"category"`
	Word        string           `json:"word"`
	DataBearing bool             `json:"dataBearing"`
	Tier        model.Tier       `json:"destroyTier"`
	Label       string           `json:"destroyLabel"`
	Confidence  model.Confidence `json:"confidence"`
	Reasoning   string           `json:"reasoning"`
}

// ReadType returns the classifier's reading of resource type typ.
func ReadType(typ string) Reading {
	cat, word, _ := Categorize(typ)
	v := Classify(&model.Mutation{Source: model.SourceTerraform, Action: model.ActionDelete, Address: typ + ".x",
		Target: model.Target{Type: typ, ID: typ + ".x"}})
	return Reading{Type: typ, Category: cat, Word: word, DataBearing: cat.DataBearing(), Tier: v.Tier, Label: v.Tier.Label(),
		Confidence: v.Confidence, Reasoning: v.Reasoning}
}
