// Package harness is what the programs and tests that drive a real server
// on loopback share (the benchmarks, the fault runs, the server command's
// tests): the server process on a port it chose, waited for until it is ready or
// has exited, its child processes, solutions of the server's captcha, and
// a TCP proxy that can cut a connection to the database.
package harness

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"

	altcha "github.com/altcha-org/altcha-lib-go"

	"noorvale.example/site/api/captcha"
)

// ParentPID returns the parent of a process, -1 when it is gone.
func ParentPID(pid int) int {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return -1
	}
	// The command name may contain spaces; fields after the closing parenthesis are fixed.
	fields := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:]))
	if len(fields) < 2 {
		return -1
	}
	ppid, _ := strconv.Atoi(fields[1])
	return ppid
}

// ChildrenOf lists the processes whose parent is pid: the server's renderer.
func ChildrenOf(pid int) []int {
	entries, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range entries {
		child, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if ParentPID(child) == pid {
			out = append(out, child)
		}
	}
	return out
}

// Running reports whether a process exists and has not exited (a zombie
// waiting for its parent counts as exited).
func Running(pid int) bool {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	fields := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:]))
	return len(fields) > 0 && fields[0] != "Z" && fields[0] != "X"
}

// SolvedCaptcha fetches an ALTCHA challenge from the server and returns
// its solution as a form submits it.
func SolvedCaptcha(client *http.Client, baseURL string) (string, error) {
	res, err := client.Get(baseURL + "/api/captcha/challenge")
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var env struct {
		Data captcha.Widget `json:"data"`
	}
	if err := json.NewDecoder(res.Body).Decode(&env); err != nil || env.Data.Challenge == nil {
		return "", fmt.Errorf("captcha challenge: %d %v", res.StatusCode, err)
	}
	ch := env.Data.Challenge
	sol, err := altcha.SolveChallenge(ch.Challenge, ch.Salt, altcha.Algorithm(ch.Algorithm), int(ch.MaxNumber), 0, nil)
	if err != nil || sol == nil {
		return "", fmt.Errorf("captcha challenge not solved: %v", err)
	}
	raw, _ := json.Marshal(map[string]any{"algorithm": ch.Algorithm, "challenge": ch.Challenge, "number": sol.Number,
		"salt": ch.Salt, "signature": ch.Signature})
	return base64.StdEncoding.EncodeToString(raw), nil
}
