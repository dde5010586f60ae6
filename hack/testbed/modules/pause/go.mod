module nimbus.local/testbed/pause

go 1.26.0
