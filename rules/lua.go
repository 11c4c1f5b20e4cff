package rules

import "strings"

// LuaRedisCalls returns the command (and first argument, when it is a
// string literal) of every redis.call, redis.pcall, server.call and
// server.pcall in a Lua script: redis.call('FUNCTION', 'FLUSH') is
// FUNCTION FLUSH. A command given as a variable is not returned.
func LuaRedisCalls(script string) [][]string {
	var out [][]string
	for _, fn := range []string{"redis.call(", "redis.pcall(", "server.call(", "server.pcall("} {
		rest := script
		for {
			i := strings.Index(rest, fn)
			if i < 0 {
				break
			}
			rest = rest[i+len(fn):]
			var call []string
			args := rest
			for len(call) < 2 {
				lit, after, ok := luaString(strings.TrimLeft(args, " \t\n"))
				if !ok {
					break
				}
				call = append(call, lit)
				args = strings.TrimLeft(after, " \t\n")
				if !strings.HasPrefix(args, ",") {
					break
				}
				args = args[1:]
			}
			if len(call) > 0 {
				out = append(out, call)
			}
		}
	}
	return out
}

// luaString reads a quoted Lua string literal at the start of s.
func luaString(s string) (lit, rest string, ok bool) {
	if s == "" || (s[0] != '\'' && s[0] != '"') {
		return "", s, false
	}
	end := strings.IndexByte(s[1:], s[0])
	if end < 0 {
		return "", s, false
	}
	return s[1 : end+1], s[end+2:], true
}
