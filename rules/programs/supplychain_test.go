package programs

import "github.com/recourse-dev/recourse/internal/rulestest"

// supplyChainCases are the test rows for supplyChainRows; TestRows runs
// them with the rest.
func supplyChainCases() []rulestest.Case {
	return []rulestest.Case{
		{Row: "program.uv.install-url", Hit: "uv add git+https://github.com/acme/tool", Miss: "uv add httpx"},
		{Row: "program.uv.install-url", Hit: "uv pip install --index-url https://mirror.example/simple requests", Miss: "uv pip install requests"},
		{Row: "program.pip.install-url", Hit: "pip install git+https://github.com/acme/tool.git", Miss: "pip install -r requirements.txt"},
		{Row: "program.pip3.install-url", Hit: "pip3 install -i https://mirror.example/simple requests", Miss: "pip3 install requests==2.32.0"},
		{Row: "program.pip.registry", Hit: "pip config set global.index-url https://mirror.example/simple", Miss: "pip config set global.timeout 60"},
		{Row: "program.pip3.registry", Hit: "pip3 config set global.extra-index-url https://mirror.example/simple", Miss: "pip3 config list"},
		{Row: "program.bun.install-url", Hit: "bun add https://example.com/pkg.tgz", Miss: "bun add zod"},
		{Row: "program.npm.install-url", Hit: "npm install https://example.com/pkg.tgz", Miss: "npm install lodash"},
		{Row: "program.npm.install-url", Hit: "npm i git+ssh://git@github.com/acme/pkg.git", Miss: "npm i -D typescript"},
		{Row: "program.npm.registry", Hit: "npm config set registry https://mirror.example", Miss: "npm config set fund false"},
		{Row: "program.pnpm.install-url", Hit: "pnpm add https://example.com/pkg.tgz", Miss: "pnpm add react"},
		{Row: "program.pnpm.registry", Hit: "pnpm config set @acme:registry https://mirror.example", Miss: "pnpm config get registry"},
		{Row: "program.yarn.install-url", Hit: "yarn add git+https://github.com/acme/pkg.git", Miss: "yarn add react"},
		{Row: "program.yarn.registry", Hit: "yarn config set npmRegistryServer https://mirror.example", Miss: "yarn config set nodeLinker node-modules"},
		{Row: "program.cargo.install-url", Hit: "cargo install --git https://github.com/acme/tool", Miss: "cargo install ripgrep"},
		{Row: "program.go.proxy", Hit: "go env -w GOPROXY=https://mirror.example,direct", Miss: "go env -w GOOS=linux"},
		{Row: "program.go.proxy", Hit: "go env -w GOFLAGS=-insecure", Miss: "go env GOPROXY"},
		{Row: "program.gem.sources-add", Hit: "gem sources --add https://mirror.example/", Miss: "gem sources --list"},
		{Row: "program.bundle.mirror", Hit: "bundle config set --global mirror.https://rubygems.org https://mirror.example", Miss: "bundle config set --local path vendor/bundle"},
		{Row: "program.conda.channel", Hit: "conda config --add channels https://mirror.example", Miss: "conda config --show channels"},
		{Row: "program.flatpak.remote-add", Hit: "flatpak remote-add --if-not-exists --user flathub https://dl.flathub.org/repo/flathub.flatpakrepo", Miss: "flatpak install -y --user flathub org.freedesktop.Platform"},
		{Row: "program.brew.tap-url", Hit: "brew tap acme/tools https://example.com/tap.git", Miss: "brew tap acme/tools"},
		{Row: "program.npm.install-url", Hit: "npm install --registry https://mirror.example lodash", Miss: "npm install --save-dev lodash"},
		{Row: "program.npm.tls-off", Hit: "npm config set strict-ssl false", Miss: "npm config set strict-ssl true"},
		{Row: "program.pnpm.tls-off", Hit: "pnpm config set strict-ssl=false", Miss: "pnpm config set store-dir /tmp/s"},
		{Row: "program.yarn.tls-off", Hit: "yarn config set enableStrictSsl false", Miss: "yarn config set enableTelemetry false"},
		{Row: "program.pip.trusted-host", Hit: "pip config set global.trusted-host mirror.example", Miss: "pip config set global.timeout 60"},
		{Row: "program.pip3.trusted-host", Hit: "pip3 install --trusted-host mirror.example requests", Miss: "pip3 install requests"},
		{Row: "program.add-apt-repository", Hit: "add-apt-repository -y ppa:acme/tools", Miss: "add-apt-repository --remove ppa:acme/tools"},
		{Row: "program.apt-key.add", Hit: "apt-key add key.gpg", Miss: "apt-key list"},
		{Row: "program.rpm.import-key", Hit: "rpm --import https://example.com/key.asc", Miss: "rpm -qa"},
		{Row: "program.rpm.install-url", Hit: "rpm -i https://example.com/tool.rpm", Miss: "rpm -i ./tool.rpm"},
		{Row: "program.zypper.add-repo", Hit: "zypper ar https://example.com/repo acme", Miss: "zypper lr"},
		{Row: "program.dnf.add-repo", Hit: "dnf config-manager --add-repo https://example.com/acme.repo", Miss: "dnf repolist"},
		{Row: "program.yum-config-manager.add-repo", Hit: "yum-config-manager --add-repo https://example.com/acme.repo", Miss: "yum-config-manager --disable acme"},
		{Row: "program.snap.install-unsigned", Hit: "snap install --dangerous ./tool.snap", Miss: "snap install jq"},
	}
}
