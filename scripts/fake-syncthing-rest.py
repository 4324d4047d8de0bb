#!/usr/bin/env python3
"""A stand-in for Syncthing's REST API on 127.0.0.1, for the adapter's
tests: how the adapter's HTTP client meets answers a real Syncthing rarely
gives (a refused key, a page that is not JSON, an answer too large, no
answer at all, TLS with a self-signed certificate).

    fake-syncthing-rest.py PORT_FILE MODE [CERT KEY]

It binds a free port, writes it to PORT_FILE, and serves until killed.
MODE: normal, refuse (403), html, huge (65 MiB), silent (accepts, never
answers). With CERT and KEY it speaks TLS.
"""
import http.server
import json
import os
import ssl
import sys
import time

port_file, mode = sys.argv[1], sys.argv[2]
KEY = "k3yK3y"


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *arguments):
        pass

    def answer(self, status, body, kind="application/json"):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if mode == "silent":
            time.sleep(60)
            return
        if mode == "refuse" or self.headers.get("X-API-Key") != KEY:
            return self.answer(403, b"CSRF Error\n", "text/plain")
        if mode == "html":
            return self.answer(200, b"<html><body>Syncthing</body></html>", "text/html")
        if mode == "huge":
            self.send_response(200)
            self.send_header("Content-Length", str(65 << 20))
            self.end_headers()
            chunk = b" " * (1 << 20)
            try:
                for _ in range(65):
                    self.wfile.write(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass
            return
        path = self.path.split("?")[0]
        if path == "/rest/config/folders":
            body = [{"id": "cloud", "path": os.environ["FAKE_SYNCTHING_FOLDER"]}]
        elif path == "/rest/db/status":
            body = {"state": "syncing", "needTotalItems": 2}
        elif path == "/rest/db/need":
            body = {"progress": [{"name": "Documents/Big.bin"}], "queued": [], "rest": [{"name": "Documents/Deck.key/Index.iwa"}]}
        else:
            return self.answer(404, b"{}")
        self.answer(200, json.dumps(body).encode())


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
if len(sys.argv) > 4:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(sys.argv[3], sys.argv[4])
    server.socket = context.wrap_socket(server.socket, server_side=True)
with open(port_file + ".tmp", "w") as out:
    out.write(str(server.server_address[1]))
os.rename(port_file + ".tmp", port_file)
server.serve_forever()
