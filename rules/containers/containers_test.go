package containers

import (
	"github.com/recourse-dev/recourse/evaluator/shell"
	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
	"github.com/recourse-dev/recourse/model"
)

func TestRows(t *testing.T) {
	var cases []rulestest.Case
	for _, p := range []string{"docker", "podman", "nerdctl"} {
		cases = append(cases,
			rulestest.Case{Row: "container." + p + ".volume-rm", Hit: p + " volume rm app_data", Miss: p + " volume ls"},
			rulestest.Case{Row: "container." + p + ".volume-rm", Hit: p + " volume rm -f myapp_prod_db", Miss: p + " volume rm myapp_test_db"},
			rulestest.Case{Row: "container." + p + ".volume-rm", Hit: p + " volume rm myapp_dev_db $(" + p + " volume ls -q)", Miss: p + " volume rm ci-cache"},
			rulestest.Case{Row: "container." + p + ".volume-rm-throwaway", Hit: p + " volume rm myproject_test_db dev-pgdata", Miss: p + " volume rm myproject_test_db pgdata"},
			rulestest.Case{Row: "container." + p + ".volume-prune", Hit: p + " volume prune -f", Miss: p + " volume rm x_test"},
			rulestest.Case{Row: "container." + p + ".system-prune", Hit: p + " system prune -af --volumes", Miss: p + " system df"},
			rulestest.Case{Row: "container." + p + ".system-prune", Hit: p + " system prune --all", Miss: p + " system prune -f"},
			rulestest.Case{Row: "container." + p + ".system-prune", Hit: p + " system prune --volumes -f", Miss: p + " system prune --filter until=24h"},
			rulestest.Case{Row: "container." + p + ".system-prune-dangling", Hit: p + " system prune -f", Miss: p + " system prune -a -f"},
			rulestest.Case{Row: "container." + p + ".system-reset", Hit: p + " system reset -f", Miss: p + " system info"},
			rulestest.Case{Row: "container." + p + ".container-prune", Hit: p + " container prune -f", Miss: p + " container ls"},
			rulestest.Case{Row: "container." + p + ".rm-volumes", Hit: p + " rm -v db", Miss: p + " rm db"},
			rulestest.Case{Row: "container." + p + ".rm-unseen", Hit: p + " rm -f $(" + p + " ps -aq)", Miss: p + " rm -f web"},
			rulestest.Case{Row: "container." + p + ".rm", Hit: p + " container rm web", Miss: p + " container rm -v web"},
			rulestest.Case{Row: "container." + p + ".image-rm", Hit: p + " rmi app:old", Miss: p + " images"},
			rulestest.Case{Row: "container." + p + ".network-rm", Hit: p + " network prune", Miss: p + " network ls"},
			rulestest.Case{Row: "container." + p + ".compose-down-volumes", Hit: p + " compose down -v", Miss: p + " compose down"},
			rulestest.Case{Row: "container." + p + ".compose-down-volumes-test", Hit: p + " compose -f docker-compose.test.yml down -v", Miss: p + " compose -f docker-compose.yml -f docker-compose.test.yml down -v"},
			rulestest.Case{Row: "container." + p + ".compose-down-volumes-test", Hit: p + " compose -p myapp_test down --volumes", Miss: p + " compose -p myapp down --volumes"},
			rulestest.Case{Row: "container." + p + ".compose-rm-volumes", Hit: p + " compose rm -fsv", Miss: p + " compose rm -fs"},
			rulestest.Case{Row: "container." + p + ".swarm-leave", Hit: p + " swarm leave --force", Miss: p + " swarm leave"},
			rulestest.Case{Row: "container." + p + ".secret-rm", Hit: p + " secret rm db_password", Miss: p + " secret ls"},
			rulestest.Case{Row: "container." + p + ".secret-rm", Hit: p + " config rm nginx_conf", Miss: p + " config inspect nginx_conf"},
			rulestest.Case{Row: "container." + p + ".service-rm", Hit: p + " stack rm app", Miss: p + " stack ls"},
			rulestest.Case{Row: "container." + p + ".service-rm", Hit: p + " service rm web", Miss: p + " service ls"},
			rulestest.Case{Row: "container." + p + ".stop", Hit: p + " stop web", Miss: p + " start web"},
			rulestest.Case{Row: "container." + p + ".cp-database", Hit: p + " cp dump.rdb cache:/data/../var/lib/redis/dump.rdb", Miss: p + " cp cache:/var/lib/redis/dump.rdb ./dump.rdb"},
			rulestest.Case{Row: "container." + p + ".read", Hit: p + " ps -a", Miss: p + " run --rm alpine"},
			rulestest.Case{Row: "container." + p + ".other", Hit: p + " run -d nginx", Miss: p + " logs web"},
			// A CI job's stack is the job's own (rules/runcontext.go).
			rulestest.Case{Row: "container." + p + ".compose-down-volumes-ci", Hit: p + " compose down -v", Miss: p + " compose down", Dialect: shell.DialectGitLabCI},
		)
	}
	cases = append(cases,
		rulestest.Case{Row: "container.docker-compose.down-volumes", Hit: "docker-compose down --volumes", Miss: "docker-compose down"},
		rulestest.Case{Row: "container.docker-compose.down-volumes-ci", Hit: "docker-compose down -v", Miss: "docker-compose down", Dialect: shell.DialectGitHubActions},
		rulestest.Case{Row: "container.docker-compose.down-volumes-test", Hit: "docker-compose -f compose.ci.yaml down -v", Miss: "docker-compose -f compose.yaml down -v"},
		rulestest.Case{Row: "container.docker-compose.rm-volumes", Hit: "docker-compose rm -f -v", Miss: "docker-compose rm -f"},
		rulestest.Case{Row: "container.docker-compose.rm", Hit: "docker-compose rm -f", Miss: "docker-compose up -d"},
		rulestest.Case{Row: "container.docker-compose.other", Hit: "docker-compose up -d", Miss: "docker-compose rm"},
	)
	rulestest.Run(t, Rules(), cases)
}

// TestThrowawayResets holds issue 32's local resets: a volume named as
// test or development data and a compose stack's own volumes are not
// blocked, a volume named as production data is, and one whose name says
// neither needs review naming the fact (throwaway-volume:NAME).
func TestThrowawayResets(t *testing.T) {
	rulestest.RunTiers(t, Rules(), "/home/dev/project", []rulestest.TierCase{
		{Line: "docker volume rm app_data", Type: "docker", Tier: model.TierNeedsReview, Missing: "throwaway-volume:app_data"},
		{Line: "podman volume rm myproject_test_db pgdata", Type: "podman", Tier: model.TierNeedsReview, Missing: "throwaway-volume:pgdata"},
		{Line: "docker volume rm myproject_test_db", Type: "docker", Tier: model.TierRecoverableWithEffort},
		{Line: "docker volume rm shop_prod_pgdata", Type: "docker", Tier: model.TierUnrecoverable},
		{Line: "docker volume prune -f", Type: "docker", Tier: model.TierUnrecoverable},
		// Whether the stack's volumes hold data is not in the line (the
		// incident of owncloud/client#7358): needs review naming it.
		{Line: "docker compose down -v", Type: "docker", Tier: model.TierNeedsReview, Missing: "throwaway-volume:the stack of the working directory's compose file"},
		{Line: "docker-compose down --volumes", Type: "docker-compose", Tier: model.TierNeedsReview, Missing: "throwaway-volume:the stack of the working directory's compose file"},
		{Line: "docker compose -p shop down -v", Type: "docker", Tier: model.TierNeedsReview, Missing: "throwaway-volume:shop"},
		{Line: "docker compose -f docker-compose.test.yml down -v", Type: "docker", Tier: model.TierRecoverableWithEffort},
		{Line: "docker system prune -f", Type: "docker", Tier: model.TierRecoverableWithEffort},
		{Line: "docker system prune -af", Type: "docker", Tier: model.TierUnrecoverable},
	})
}
