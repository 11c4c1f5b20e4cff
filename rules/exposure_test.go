package rules

import (
	"encoding/json"
	"fmt"
	"testing"
)

// TestPublicSetting: the settings that open data to everyone, in MCP
// arguments and Terraform attributes alike, and their near misses.
func TestPublicSetting(t *testing.T) {
	for _, tt := range []struct {
		doc     string
		creates bool
		want    string // the dotted name found, "" for none
	}{
		{`{"acl": "public-read"}`, false, "acl"},
		{`{"acl": "private"}`, false, ""},
		{`{"block_public_acls": false, "block_public_policy": true}`, true, "block_public_acls"},
		{`{"block_public_acls": true}`, false, ""},
		{`{"publicly_accessible": true}`, false, "publicly_accessible"},
		{`{"publicly_accessible": true}`, true, ""}, // a new database holds nothing yet
		{`{"container_access_type": "blob"}`, true, "container_access_type"},
		{`{"container_access_type": "private"}`, false, ""},
		{`{"allow_nested_items_to_be_public": true}`, false, "allow_nested_items_to_be_public"},
		{`{"member": "allUsers", "role": "roles/storage.objectViewer"}`, true, "member"},
		{`{"member": "user:a@example.com"}`, true, ""},
		{`{"shared_accounts": ["123456789012", "all"]}`, true, "shared_accounts"},
		{`{"shared_accounts": ["123456789012"]}`, true, ""},
		{`{"policy": "{\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":\"*\",\"Action\":\"s3:GetObject\"}]}"}`, true, "policy"},
		{`{"policy": "{\"Statement\":[{\"Effect\":\"Deny\",\"Principal\":\"*\",\"Action\":\"s3:*\"}]}"}`, true, ""},
		{`{"settings": [{"public": true}]}`, false, "settings.0.public"},
	} {
		name, _, ok := PublicSetting(doc(t, tt.doc), tt.creates)
		if name != tt.want || ok != (tt.want != "") {
			t.Errorf("%s (creates %v): found %q, want %q", tt.doc, tt.creates, name, tt.want)
		}
	}
}

// TestOpenIngress: a source range of every address, but not in an
// egress rule.
func TestOpenIngress(t *testing.T) {
	for _, tt := range []struct {
		doc, want string
	}{
		{`{"type": "ingress", "cidr_blocks": ["10.0.0.0/8", "0.0.0.0/0"], "from_port": 22}`, "cidr_blocks"},
		{`{"type": "egress", "cidr_blocks": ["0.0.0.0/0"]}`, ""},
		{`{"ingress": [{"cidr_blocks": ["0.0.0.0/0"]}], "egress": [{"cidr_blocks": ["0.0.0.0/0"]}]}`, "ingress.0.cidr_blocks"},
		{`{"ingress": [{"cidr_blocks": ["10.0.0.0/8"]}], "egress": [{"cidr_blocks": ["0.0.0.0/0"]}]}`, ""},
		{`{"direction": "INGRESS", "source_ranges": ["0.0.0.0/0"]}`, "source_ranges"},
		{`{"direction": "EGRESS", "destination_ranges": ["0.0.0.0/0"], "source_ranges": ["0.0.0.0/0"]}`, ""},
		{`{"direction": "Inbound", "source_address_prefix": "*"}`, "source_address_prefix"},
		{`{"direction": "Outbound", "source_address_prefix": "*"}`, ""},
		{`{"start_ip_address": "0.0.0.0", "end_ip_address": "255.255.255.255"}`, "start_ip_address"},
		{`{"start_ip_address": "0.0.0.0", "end_ip_address": "0.0.0.0"}`, ""},
		{`{"settings": [{"ip_configuration": [{"authorized_networks": [{"name": "all", "value": "0.0.0.0/0"}]}]}]}`, "settings.0.ip_configuration.0.authorized_networks"},
		{`{"cidr_ipv4": "0.0.0.0/0", "from_port": 5432}`, "cidr_ipv4"},
		{`{"type": "ingress", "cidr_blocks": ["0.0.0.0/0"], "from_port": 443, "to_port": 443}`, ""},
		{`{"type": "ingress", "cidr_blocks": ["0.0.0.0/0"], "from_port": 80, "to_port": 443}`, "cidr_blocks"}, // every port between
		{`{"ingress": [{"from_port": 443, "to_port": 443, "cidr_blocks": ["0.0.0.0/0"]}, {"from_port": 22, "to_port": 22, "cidr_blocks": ["0.0.0.0/0"]}]}`, "ingress.1.cidr_blocks"},
		{`{"source_ranges": ["0.0.0.0/0"], "allow": [{"protocol": "tcp", "ports": ["80", "443"]}]}`, ""},
		{`{"source_ranges": ["0.0.0.0/0"], "allow": [{"protocol": "tcp"}]}`, "source_ranges"},
		{`{"source_address_prefix": "*", "destination_port_range": "443", "direction": "Inbound"}`, ""},
		{`{"IpPermissions": [{"FromPort": 5432, "ToPort": 5432, "IpRanges": [{"CidrIp": "0.0.0.0/0"}]}]}`, "IpPermissions.0.IpRanges.0.CidrIp"},
		{`{"IpPermissions": [{"FromPort": 443, "ToPort": 443, "IpRanges": [{"CidrIp": "0.0.0.0/0"}]}]}`, ""},
	} {
		name, _, ok := OpenIngress(doc(t, tt.doc))
		if name != tt.want || ok != (tt.want != "") {
			t.Errorf("%s: found %q, want %q", tt.doc, name, tt.want)
		}
	}
}

func doc(t *testing.T, text string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(text), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestShown: short lists of plain values are shown as they are, documents
// summarised.
func TestShown(t *testing.T) {
	for _, tt := range []struct {
		v    any
		want string
	}{
		{"public-read", "public-read"},
		{[]any{"10.0.0.0/8", "0.0.0.0/0"}, `[10.0.0.0/8 0.0.0.0/0]`},
		{[]any{map[string]any{"CidrIp": "0.0.0.0/0"}}, "(a document)"},
		{map[string]any{"Statement": []any{}}, "(a document)"},
		{[]any{"1", "2", "3", "4", "5", "6", "7", "8", "9"}, "(a document)"},
	} {
		if got := fmt.Sprint(shown(tt.v)); got != tt.want {
			t.Errorf("shown(%v) = %s, want %s", tt.v, got, tt.want)
		}
	}
}
