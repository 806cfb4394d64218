package harness

import (
	"net"
	"sync"
)

// Proxy is a TCP proxy between the server and its database that can cut
// the line: while cut, it accepts connections and reads what is sent on
// every connection but forwards nothing either way, as a database behind a
// dead network link does (no refusal, no reset: only a deadline ends the
// wait). Restoring closes every connection that lived through the cut and
// forwards new ones again.
type Proxy struct {
	ln     net.Listener
	target string

	mu    sync.Mutex
	cond  *sync.Cond
	cut   bool
	conns map[*link]struct{}
}

type link struct {
	client, server net.Conn
	stalled        bool // lived through a cut: closed when the line is restored
}

// StartProxy listens on a loopback port and forwards to target.
func StartProxy(target string) (*Proxy, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	p := &Proxy{ln: ln, target: target, conns: map[*link]struct{}{}}
	p.cond = sync.NewCond(&p.mu)
	go p.accept()
	return p, nil
}

// Addr is the proxy's address, host:port.
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

func (p *Proxy) accept() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		go p.handle(c)
	}
}

// wait blocks while the line is cut and reports whether l may go on.
func (p *Proxy) wait(l *link) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	for p.cut {
		l.stalled = true
		p.cond.Wait()
	}
	_, open := p.conns[l]
	return open && !l.stalled
}

func (p *Proxy) handle(c net.Conn) {
	l := &link{client: c}
	p.mu.Lock()
	p.conns[l] = struct{}{}
	p.mu.Unlock()
	if !p.wait(l) {
		p.drop(l)
		return
	}
	s, err := net.Dial("tcp", p.target)
	if err != nil {
		p.drop(l)
		return
	}
	p.mu.Lock()
	l.server = s
	p.mu.Unlock()
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); p.pipe(l, s, c) }()
	go func() { defer wg.Done(); p.pipe(l, c, s) }()
	wg.Wait()
	p.drop(l)
}

// pipe copies src to dst, holding every chunk while the line is cut.
func (p *Proxy) pipe(l *link, dst, src net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			if !p.wait(l) {
				break
			}
			if _, werr := dst.Write(buf[:n]); werr != nil {
				break
			}
		}
		if err != nil {
			break
		}
	}
	p.drop(l)
}

func (p *Proxy) drop(l *link) {
	p.mu.Lock()
	delete(p.conns, l)
	server := l.server
	p.mu.Unlock()
	_ = l.client.Close()
	if server != nil {
		_ = server.Close()
	}
}

// Cut stops forwarding on every connection, open or new.
func (p *Proxy) Cut() {
	p.mu.Lock()
	p.cut = true
	for l := range p.conns {
		l.stalled = true
	}
	p.mu.Unlock()
}

// Restore closes the connections that lived through the cut and forwards
// again.
func (p *Proxy) Restore() {
	p.mu.Lock()
	var stale []*link
	for l := range p.conns {
		if l.stalled {
			stale = append(stale, l)
		}
	}
	p.cut = false
	p.cond.Broadcast()
	p.mu.Unlock()
	for _, l := range stale {
		p.drop(l)
	}
}

// Close stops the proxy and closes every connection.
func (p *Proxy) Close() {
	_ = p.ln.Close()
	p.mu.Lock()
	var all []*link
	for l := range p.conns {
		all = append(all, l)
	}
	p.cut = false
	p.cond.Broadcast()
	p.mu.Unlock()
	for _, l := range all {
		p.drop(l)
	}
}
