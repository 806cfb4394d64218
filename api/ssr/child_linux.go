//go:build linux

package ssr

import (
	"os/exec"
	"syscall"
)

// configureChild puts the renderer in its own process group, so a terminal's
// Ctrl-C reaches only the server, which then stops it in order, and asks the
// kernel to kill it if the server dies without doing so.
func configureChild(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setpgid: true}
}

// killGroup kills the renderer and anything it started.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}
