package terraform

import (
	"fmt"
	"reflect"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// writes are the actions that leave an object with new attributes.
var writes = []model.Action{model.ActionCreate, model.ActionUpdate, model.ActionReplace}

// exposureRows read, in the attributes a create, update or replace leaves,
// the settings that open data to everyone or a port to the whole internet
// (rules.PublicSetting, rules.OpenIngress): a public-read ACL, S3's public
// access block off, an IAM member allUsers, a bucket policy for principal
// "*", a database made publicly accessible, an ingress rule from
// 0.0.0.0/0. They need review, as the same setting does on a command line
// or in an MCP call. They are read beside the type's own rows (Also): a
// worse verdict of those stands, and a milder one gives way.
func exposureRows() []rules.Rule {
	return []rules.Rule{
		{ID: "terraform.public", Type: rules.AnyType, On: writes, Also: true, Tier: model.TierNeedsReview, Reason: rules.PublicReason,
			When: opens("a setting that opens data to everyone", publicSetting)},
		{ID: "terraform.open-ingress", Type: rules.AnyType, On: writes, Also: true, Tier: model.TierNeedsReview, Reason: rules.OpenIngressReason,
			When: opens("an ingress rule from every address", func(_ string, doc map[string]any, _ bool) (string, any, bool) { return rules.OpenIngress(doc) })},
	}
}

// opens holds when find finds a setting in the object after the change
// that the object before it did not have: an update that leaves a bucket
// as public as it was opens nothing new. A create's own public flag (a new
// database made publicly accessible) exposes nothing that exists yet
// (rules.PublicSetting's creates).
func opens(desc string, find func(typ string, doc map[string]any, creates bool) (string, any, bool)) rules.Cond {
	return rules.Func(desc, func(f rules.Facts) rules.Result {
		m := f.M
		name, v, ok := find(m.Target.Type, m.After, m.Action != model.ActionUpdate)
		if !ok {
			return rules.Result{Truth: rules.False}
		}
		if was, old, ok := find(m.Target.Type, m.Before, false); ok && was == name && reflect.DeepEqual(old, v) {
			return rules.Result{Truth: rules.False}
		}
		return rules.SettingFound(name, v)
	})
}

// publicSetting is rules.PublicSetting, and the settings whose meaning is
// the resource type's own: publicByType.
func publicSetting(typ string, doc map[string]any, creates bool) (string, any, bool) {
	if name, v, ok := rules.PublicSetting(doc, creates); ok {
		return name, v, true
	}
	if p, ok := publicByType[typ]; ok && doc != nil && fmt.Sprint(doc[p.attr]) == p.value {
		return p.attr, p.value, true
	}
	return "", nil, false
}

// publicByType are attributes that make a resource public only in the
// type's own words: an image's launch permission for the group "all" is
// every AWS account; a Lambda function URL without authorization lets
// anyone on the internet invoke the function (which exists already, so a
// create opens it too).
var publicByType = map[string]struct{ attr, value string }{
	"aws_ami_launch_permission": {"group", "all"},
	"aws_lambda_function_url":   {"authorization_type", "NONE"},
}
