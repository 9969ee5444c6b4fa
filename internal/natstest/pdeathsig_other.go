//go:build !linux

package natstest

import "syscall"

// dieWithParent is Linux's parent-death signal elsewhere: there is none,
// so a node outlives a test process that is killed (a test that ends
// stops its nodes either way).
func dieWithParent() *syscall.SysProcAttr { return nil }
