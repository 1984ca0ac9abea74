"""A test receiver for the outbox's HTTP transport, on 127.0.0.1 only, standard library only.

It prints the port it listens on, then serves until told to stop, or for --lifetime seconds at most.

  POST /records   a submission; answered by the next planned behaviour (default "ok"):
                  ok, 400, 422, 500, 503, 429, stall (answer nothing for --stall seconds),
                  drop (close without answering), ok-drop (accept the record, then close without answering),
                  trickle (a 201 whose 20-byte body comes one byte every half second),
                  or an object {"status": 307, "headers": {"Location": "..."}, "body": "..."}: that answer
                  exactly (the body's characters U+0000 to U+00FF sent as those bytes)
  POST /plan      a JSON list of behaviours for the next /records requests
  GET  /log       every /records request so far: idempotency key, content type, body, behaviour
  GET  /others    every request to any other path: method, path, Authorization header, body length
  POST /stop      stops the server
"""
import argparse
import json
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

lock = threading.Lock()
plan = []
log = []
others = []


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def answer(self, status, payload):
        data = json.dumps(payload).encode()
        self.send_response(status)
        # A fresh connection for every request, so a dropped one is a failure the client sees, not a
        # stale keep-alive connection its HTTP library quietly retries.
        self.close_connection = True
        self.send_header("Connection", "close")
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        self.wfile.flush()

    def drop(self):
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def other(self, body):
        with lock:
            others.append({
                "method": self.command,
                "path": self.path,
                "authorization": self.headers.get("Authorization"),
                "length": len(body),
            })
        self.answer(200, {"stored": True})

    def do_GET(self):
        if self.path == "/log":
            with lock:
                self.answer(200, log)
        elif self.path == "/others":
            with lock:
                self.answer(200, others)
        else:
            self.other(b"")

    def exact(self, answer):
        data = answer.get("body", "").encode("latin-1")
        self.send_response(answer["status"])
        self.close_connection = True
        self.send_header("Connection", "close")
        for name, value in answer.get("headers", {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        self.wfile.flush()

    def trickle(self):
        self.send_response(201)
        self.close_connection = True
        self.send_header("Connection", "close")
        self.send_header("Content-Length", "20")
        self.end_headers()
        self.wfile.flush()
        try:
            for _ in range(20):
                time.sleep(0.5)
                self.wfile.write(b"x")
                self.wfile.flush()
        except OSError:
            pass

    def do_PUT(self):
        self.other(self.body())

    def do_POST(self):
        body = self.body()
        if self.path == "/plan":
            with lock:
                plan.extend(json.loads(body))
            return self.answer(200, {"planned": len(plan)})
        if self.path == "/stop":
            self.answer(200, {})
            threading.Thread(target=self.server.shutdown, daemon=True).start()
            return
        if self.path != "/records":
            return self.other(body)
        with lock:
            behaviour = plan.pop(0) if plan else "ok"
            log.append({
                "key": self.headers.get("Idempotency-Key"),
                "contentType": self.headers.get("Content-Type"),
                "body": body.decode("utf-8", "replace"),
                "behaviour": behaviour if isinstance(behaviour, str) else json.dumps(behaviour),
            })
        if isinstance(behaviour, dict):
            self.exact(behaviour)
        elif behaviour == "trickle":
            self.trickle()
        elif behaviour == "ok":
            self.answer(201, {"stored": True})
        elif behaviour in ("400", "422"):
            self.answer(int(behaviour), {"message": "count is out of range", "errors": {"count": ["must be at most 10"]}})
        elif behaviour in ("500", "503", "429"):
            self.answer(int(behaviour), {"message": "try again later"})
        elif behaviour == "stall":
            time.sleep(self.server.stall)
            self.drop()
        elif behaviour in ("drop", "ok-drop"):
            self.drop()
        else:
            self.answer(500, {"message": "unknown behaviour " + behaviour})


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stall", type=float, default=3.0)
    parser.add_argument("--lifetime", type=float, default=120.0)
    options = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.stall = options.stall
    timer = threading.Timer(options.lifetime, server.shutdown)
    timer.daemon = True
    timer.start()
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
