"""A test receiver for the outbox's HTTP transport, on 127.0.0.1 only, standard library only.

It prints the port it listens on, then serves until told to stop, or for --lifetime seconds at most.

  POST /records   a submission; answered by the next planned behaviour (default "ok"):
                  ok, 400, 422, 500, 503, 429, stall (answer nothing for --stall seconds),
                  drop (close without answering), ok-drop (accept the record, then close without answering)
  POST /plan      a JSON list of behaviours for the next /records requests
  GET  /log       every /records request so far: idempotency key, content type, body, behaviour
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

    def do_GET(self):
        if self.path == "/log":
            with lock:
                self.answer(200, log)
        else:
            self.answer(404, {"message": "no such path"})

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
            return self.answer(404, {"message": "no such path"})
        with lock:
            behaviour = plan.pop(0) if plan else "ok"
            log.append({
                "key": self.headers.get("Idempotency-Key"),
                "contentType": self.headers.get("Content-Type"),
                "body": body.decode("utf-8", "replace"),
                "behaviour": behaviour,
            })
        if behaviour == "ok":
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
