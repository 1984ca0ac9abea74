// The OpenRosa module's tests: the form list and downloads, submissions through the outbox, and the
// loopback OpenRosa server they run against (Tests/TestSupport/openrosa_server.py).
