package containers

import (
	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
)

func TestRows(t *testing.T) {
	var cases []rulestest.Case
	for _, p := range []string{"docker", "podman", "nerdctl"} {
		cases = append(cases,
			rulestest.Case{Row: "container." + p + ".volume-rm", Hit: p + " volume rm app_data", Miss: p + " volume ls"},
			rulestest.Case{Row: "container." + p + ".system-prune", Hit: p + " system prune -af --volumes", Miss: p + " system df"},
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
		)
	}
	cases = append(cases,
		rulestest.Case{Row: "container.docker-compose.down-volumes", Hit: "docker-compose down --volumes", Miss: "docker-compose down"},
		rulestest.Case{Row: "container.docker-compose.down-volumes-test", Hit: "docker-compose -f compose.ci.yaml down -v", Miss: "docker-compose -f compose.yaml down -v"},
		rulestest.Case{Row: "container.docker-compose.rm-volumes", Hit: "docker-compose rm -f -v", Miss: "docker-compose rm -f"},
		rulestest.Case{Row: "container.docker-compose.rm", Hit: "docker-compose rm -f", Miss: "docker-compose up -d"},
		rulestest.Case{Row: "container.docker-compose.other", Hit: "docker-compose up -d", Miss: "docker-compose rm"},
	)
	rulestest.Run(t, Rules(), cases)
}
