// Command pause holds a pod's namespaces open until it is told to stop: the sandbox
// ("pause") container of the test bed's real node, built here instead of pulled.
package main

import (
	"os"
	"os/signal"
	"syscall"
)

func main() {
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGINT, syscall.SIGTERM)
	// As PID 1 of the sandbox it also reaps orphaned children, like the upstream pause.
	signal.Notify(make(chan os.Signal, 1), syscall.SIGCHLD)
	<-stop
}
