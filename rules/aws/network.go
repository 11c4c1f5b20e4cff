package aws

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// networkRules: network pieces hold no data; an apply recreates them, but
// with new ids that whatever referred to the old ones outside this
// configuration must be pointed at, and traffic fails meanwhile.
func networkRules() []rules.Rule {
	var out []rules.Rule
	for _, n := range []struct{ typ, id, what string }{
		{"aws_vpc", "aws.vpc", "VPC"},
		{"aws_subnet", "aws.vpc.subnet", "subnet"},
		{"aws_internet_gateway", "aws.vpc.internet-gateway", "internet gateway"},
		{"aws_nat_gateway", "aws.vpc.nat-gateway", "NAT gateway (and its public address, unless the Elastic IP is kept)"},
		{"aws_route_table", "aws.vpc.route-table", "route table"},
		{"aws_security_group", "aws.vpc.security-group", "security group"},
		{"aws_lb", "aws.elb.load-balancer", "load balancer (with a new DNS name)"},
	} {
		out = append(out,
			rules.Rule{ID: n.id + ".delete", Type: n.typ, On: rules.Destroy, Tier: model.TierRecoverableWithEffort,
				Reason: "an apply recreates the " + n.what + " with a new id; references to the old one outside this configuration must be updated, and traffic through it fails meanwhile"},
			rules.InPlace(n.typ, n.id+".update.in-place"))
	}
	return append(out, route53Rules()...)
}

// route53Rules: Route 53 refuses to delete a hosted zone that holds
// records other than its NS and SOA unless force_destroy is true. A new
// zone gets new name servers, so the parent delegation must be updated.
func route53Rules() []rules.Rule {
	const zone = "aws_route53_zone"
	return append(rules.Emptied{Type: zone, ID: "aws.route53.zone", Attr: "force_destroy", ForcedConfidence: model.ConfidenceMedium,
		Forced:  "force_destroy deletes the zone with every record in it, including records this configuration does not manage; a new zone gets new name servers",
		Refused: "Route 53 refuses to delete a zone that still holds records, so only an empty zone goes; a recreated zone gets new name servers and the parent delegation must be updated"}.Rows(),
		rules.InPlace(zone, "aws.route53.zone.update.in-place"),
		rules.Rule{ID: "aws.route53.record.delete", Type: "aws_route53_record", On: rules.Destroy, Tier: model.TierReversible,
			Reason: "an apply recreates the record from configuration; resolvers answer NXDOMAIN for it until then (and cache that for the zone's negative TTL)"},
		rules.InPlace("aws_route53_record", "aws.route53.record.update.in-place"))
}
