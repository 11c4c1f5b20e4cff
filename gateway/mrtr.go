package gateway

import (
	"crypto/rand"
	"encoding/hex"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Over protocol version 2026-07-28 and later a server asks the person
// through a multi round-trip request (SEP-2322): the tools/call result is
// input_required with the elicitation and an opaque state, and the client
// calls again with the answer and the state. The state is a one-time
// nonce the gateway issued for exactly this call (its tool and argument
// digest), so an answer is taken only for the question it answers: a
// first call that arrives with an answer, an answer for another call, or
// a state used twice is asked again.

// approveKey is the input request's key.
const approveKey = "recourse_approve"

const (
	pendingTTL = 10 * time.Minute
	maxPending = 10000
)

// pendingAsks are the questions issued and not yet answered.
type pendingAsks struct {
	mu   sync.Mutex
	asks map[string]pendingAsk
}

type pendingAsk struct {
	call    string // upstream/tool and argument digest
	expires time.Time
}

// issue records a question for call and returns its nonce; "" when too
// many are pending.
func (p *pendingAsks) issue(call string) string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return ""
	}
	nonce := hex.EncodeToString(b[:])
	now := time.Now()
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.asks == nil {
		p.asks = map[string]pendingAsk{}
	}
	for k, a := range p.asks {
		if now.After(a.expires) {
			delete(p.asks, k)
		}
	}
	if len(p.asks) >= maxPending {
		return ""
	}
	p.asks[nonce] = pendingAsk{call: call, expires: now.Add(pendingTTL)}
	return nonce
}

// take consumes the question nonce named, if it was issued for call and
// has not expired.
func (p *pendingAsks) take(nonce, call string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	a, ok := p.asks[nonce]
	if !ok {
		return false
	}
	delete(p.asks, nonce)
	return a.call == call && time.Now().Before(a.expires)
}

// askModern answers an escalate for a 2026-07-28 client: the person's
// answer when the call carries one for a question issued for it, or else
// the input_required result that asks.
func (g *Gateway) askModern(p mcp.CallToolParams, argsDigest string, r route, v verdict) (bool, string, *mcp.CallToolResult) {
	call := r.up.name + "/" + r.tool.Name + "/" + argsDigest
	if p.RequestState != "" && g.pending.take(p.RequestState, call) {
		ok, outcome := approved(server.ElicitationResponse(p.InputResponses, approveKey))
		return ok, outcome, nil
	}
	nonce := g.pending.issue(call)
	if nonce == "" {
		return false, "error", nil
	}
	return false, "", server.NewInputRequestBuilder(nonce).Elicit(approveKey, elicitation(r, v)).ToolResult()
}
