//go:build !linux

package ssr

import "os/exec"

// configureChild leaves the child as it is: only Linux offers a parent-death
// signal, so elsewhere an orphan is possible if the server is killed.
func configureChild(cmd *exec.Cmd) {}

// killGroup kills the renderer.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
