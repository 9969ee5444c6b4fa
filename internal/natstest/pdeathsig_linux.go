//go:build linux

package natstest

import "syscall"

// dieWithParent has the kernel kill a node when the test process dies,
// however it dies (a test binary killed at its timeout, Ctrl+C, kill -9):
// otherwise the nodes live on, holding their ports. Strictly the signal
// comes when the OS thread that started the node exits; the Go runtime
// ends a thread only when a goroutine locked to it exits, which nothing
// here does.
func dieWithParent() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
