package gcp

import "github.com/recourse-dev/recourse/rules"

// Hints say how an agent can answer the evidence keys the GCP rows report
// missing, with read-only commands and the permissions they need.
func Hints() []rules.EvidenceHint {
	why := "an authoritative binding or policy removes every principal it lists; read the current policy to see who holds the role another way (answer access_kept true only when everyone who needs the access keeps it)"
	var out []rules.EvidenceHint
	for _, h := range []struct {
		types []string
		argv  []string
		perm  string
	}{
		{[]string{"google_project_iam_binding", "google_project_iam_policy"}, []string{"gcloud", "projects", "get-iam-policy", "{attr:project}", "--format=json"}, "resourcemanager.projects.getIamPolicy"},
		{[]string{"google_folder_iam_binding", "google_folder_iam_policy"}, []string{"gcloud", "resource-manager", "folders", "get-iam-policy", "{attr:folder}", "--format=json"}, "resourcemanager.folders.getIamPolicy"},
		{[]string{"google_organization_iam_binding", "google_organization_iam_policy"}, []string{"gcloud", "organizations", "get-iam-policy", "{attr:org_id}", "--format=json"}, "resourcemanager.organizations.getIamPolicy"},
		{[]string{"google_service_account_iam_binding", "google_service_account_iam_policy"}, []string{"gcloud", "iam", "service-accounts", "get-iam-policy", "{attr:service_account_id}", "--format=json"}, "iam.serviceAccounts.getIamPolicy"},
	} {
		for _, typ := range h.types {
			out = append(out, rules.EvidenceHint{Type: typ, Key: rules.AccessKept, Why: why, Argv: h.argv, Permissions: []string{h.perm}})
		}
	}
	return out
}
