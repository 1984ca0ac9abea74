"""A loopback OpenRosa server for the tests, on 127.0.0.1 only, python3's standard library only.

Written from the OpenRosa specifications as the ODK documentation publishes them:
  - Form List API (docs.getodk.org/openrosa-form-list): GET formList answers an <xforms> document in the
    http://openrosa.org/xforms/xformsList namespace (formID, name, version, hash "md5:<hex of the form
    file>", downloadUrl, manifestUrl when the form has media); ?formID= returns that form only (the
    specification's MUST; Central ignores it). The manifest is a <manifest> in the
    http://openrosa.org/xforms/xformsManifest namespace, one <mediaFile> (filename, hash, downloadUrl)
    per media file.
  - HTTP Request API (docs.getodk.org/openrosa-http): every answer carries X-OpenRosa-Version: 1.0,
    Date and Content-Language; transactional answers are an <OpenRosaResponse
    xmlns="http://openrosa.org/http/response"> with one <message>.
  - Form Submission API (docs.getodk.org/openrosa-form-submission): HEAD answers 204 with
    X-OpenRosa-Accept-Content-Length; POST takes multipart/form-data (Content-Length or chunked), the
    instance in the xml_submission_file part and each attachment in a part of its own, and answers 201
    with an OpenRosaResponse. The same instance may come in several POSTs (attachments spread over them).
  - ODK Central's "OpenRosa Endpoints" (docs.getodk.org/central-api-openrosa-endpoints) and its
    departures, which this server follows:
      * X-OpenRosa-Version must be exactly 1.0 or the request is refused (400); Date is not required.
      * A POST of an instanceID already held with byte-identical XML is accepted (201, its attachments
        added or replaced: Central's "attachment upsert"); with different XML it is refused with 409
        and Central's message. Central never answers 202; neither does this server.
      * Basic credentials are checked on every request (no try/retry of the challenge is needed); this
        server answers 401 with a WWW-Authenticate: Basic challenge as the specification asks.
      * App-user token URLs: the same endpoints under /v1/key/{token}/projects/{id}/ (formList,
        submission, forms/{formID}.xml, forms/{formID}/manifest, forms/{formID}/attachments/{name}); a
        wrong token is 403 as Central answers a well-formed unknown one; another project is 404.
      * Central refuses Basic over plain HTTP; this server, on loopback only, takes it.
  Missing instanceID, XML that is not well-formed (or has a DOCTYPE), a multipart body that does not
  parse, or no xml_submission_file part: 400 with a message. A form id (the instance root's id) that is
  not among the served forms: 404, when --forms is given.

Command line:
  python3 openrosa_server.py [--forms DIR] [--submissions DIR] [--user NAME (--password P | --password-file F)]
                             [--token T] [--project N] [--accept-content-length N] [--max-body N]
                             [--lifetime SECONDS] [--stop-on-eof] [--host 127.0.0.1] [--port N]
  It prints the port it listens on (N, or an ephemeral one by default) as its first line, then
  serves until POST /control/stop, SIGTERM, the end of its standard input with --stop-on-eof (so it
  ends with the test process that holds the other end), or --lifetime seconds (300 by default).

  --forms DIR        every DIR/NAME.xml is a form; DIR/NAME-media/ (ODK's convention) holds its media files.
  --submissions DIR  where submissions are stored (a fresh temporary folder by default):
                     DIR/<instanceID, percent-encoded>/submission.xml, byte for byte as received, and each
                     attachment beside it under its own file name.
  --user, --password, --password-file
                     Basic credentials every request to the plain endpoints must carry (401 otherwise).
                     The file's first line is the password.
  --token, --project the app-user token and project id of the /v1/key/{token}/projects/{id}/ endpoints.
  --accept-content-length N   the X-OpenRosa-Accept-Content-Length announced (10000000 by default).
  --max-body N       a POST body above N bytes is answered 413 (no limit by default).

Endpoints (also under /v1/key/{token}/projects/{id} and under /moved, an alias for redirect targets):
  GET  /formList                              the form list
  GET  /forms/{formID}.xml                    a form
  GET  /forms/{formID}/manifest               its manifest
  GET  /forms/{formID}/attachments/{name}     a media file
  HEAD /submission                            204 with X-OpenRosa-Accept-Content-Length
  POST /submission                            a submission

Control (no credentials, no OpenRosa header):
  POST /control/faults     a JSON list of faults, each used once by the next request it matches, in order:
                           {"fault": KIND, "on": ROUTE, ...}; ROUTE is formList, form, manifest, media,
                           submission (HEAD and POST) or * (the default); KIND is
                             drop         read the request (and its body), close without answering
                             store-drop   handle the request (a submission is stored), close without answering
                             status       answer "status" (500 by default) with an OpenRosaResponse
                                          "message", and "retryAfter" as Retry-After when given; nothing stored
                             drip         answer normally, the body one byte every "interval" seconds (0.2)
                             stall        wait "seconds" (3) before answering normally
                             corrupt      answer normally with the body's last byte changed (a wrong hash)
                             cut          answer with the whole body's Content-Length, send its first half, close
                             redirect     answer "status" (307 by default) with Location "to": a path or a
                                          whole URL (another origin); "/moved" + the request's path by default
                           Faults are used after the credentials and the OpenRosa header are checked.
  POST /control/faults/clear  drops the faults not used yet
  POST /control/settings   {"acceptContentLength": N, "maxBody": N or null}
  GET  /control/log        every request so far: method, path, status, authorization (the header as sent),
                           openRosaVersion, date, acceptLanguage, contentType, length, fault
  GET  /control/submissions  every stored submission: instanceID, folder, deprecatedID, files, posts, and
                           complete: whether its last POST came without the *isIncomplete* part
  POST /control/stop       stops the server
"""
import argparse
import base64
import binascii
import hashlib
import json
import os
import re
import signal
import socket
import sys
import tempfile
import threading
import time
import urllib.parse
import xml.etree.ElementTree as ElementTree
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from xml.sax.saxutils import escape

LOOPBACK = "127.0.0.1"
XFORMS_LIST = "http://openrosa.org/xforms/xformsList"
XFORMS_MANIFEST = "http://openrosa.org/xforms/xformsManifest"
RESPONSE = "http://openrosa.org/http/response"
ROUTES = ("formList", "form", "manifest", "media", "submission")

lock = threading.Lock()
faults = []
log = []
submissions = {}  # instanceID -> {"folder", "deprecatedID", "posts"}
settings = {"acceptContentLength": 10_000_000, "maxBody": None}


class BadRequest(Exception):
    """A request refused with 400 and this message."""


def local(tag):
    return tag.rsplit("}", 1)[-1]


def parse_xml(data, what):
    """The root element of `data`; BadRequest naming `what` when it is not well-formed or has a DOCTYPE."""
    if b"<!DOCTYPE" in data or b"<!doctype" in data or b"<!ENTITY" in data:
        raise BadRequest(f"{what} has a DOCTYPE, which is not accepted")
    try:
        return ElementTree.fromstring(data)
    except ElementTree.ParseError as error:
        raise BadRequest(f"{what} is not well-formed XML: {error}") from None


def child(element, name):
    for item in element:
        if local(item.tag) == name:
            return item
    return None


class Form:
    """A form file of the forms folder: its id, title, version, bytes and media files."""

    def __init__(self, path):
        self.path = path
        with open(path, "rb") as handle:
            self.data = handle.read()
        root = ElementTree.fromstring(self.data)
        head = child(root, "head")
        model = child(head, "model") if head is not None else None
        instance = next((i for i in model if local(i.tag) == "instance" and "id" not in i.attrib), None) if model is not None else None
        data = next(iter(instance), None) if instance is not None else None
        if data is None or not data.get("id"):
            raise ValueError(f"{path}: no primary instance with an id")
        self.form_id = data.get("id")
        self.version = data.get("version") or ""
        title = child(head, "title")
        self.name = (title.text or "").strip() if title is not None and title.text else self.form_id
        self.hash = "md5:" + hashlib.md5(self.data).hexdigest()
        self.media_folder = path[: -len(".xml")] + "-media"
        self.has_media = os.path.isdir(self.media_folder)

    def media(self):
        if not self.has_media:
            return []
        names = sorted(n for n in os.listdir(self.media_folder) if os.path.isfile(os.path.join(self.media_folder, n)))
        return names


def load_forms(folder):
    if not folder:
        return {}
    forms = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith(".xml") and os.path.isfile(os.path.join(folder, name)):
            form = Form(os.path.join(folder, name))
            forms[form.form_id] = form
    return forms


def quote(text):
    return urllib.parse.quote(text, safe="-._")


def parse_content_type(value):
    parts = [p.strip() for p in (value or "").split(";")]
    params = {}
    for part in parts[1:]:
        if "=" in part:
            key, _, item = part.partition("=")
            item = item.strip()
            if len(item) >= 2 and item[0] == '"' and item[-1] == '"':
                item = item[1:-1]
            params[key.strip().lower()] = item
    return parts[0].lower(), params


def parse_multipart(body, boundary):
    """The parts of a multipart/form-data body: a list of (name, filename, content type, bytes)."""
    if not boundary or len(boundary) > 70:
        raise BadRequest("the multipart body has no usable boundary")
    delimiter = b"--" + boundary.encode("latin-1")
    start = body.find(delimiter)
    if start < 0 or (start > 0 and body[start - 2:start] != b"\r\n"):
        raise BadRequest("the multipart body does not start with its boundary")
    position = start + len(delimiter)
    parts = []
    while True:
        if body[position:position + 2] == b"--":
            break
        if body[position:position + 2] != b"\r\n":
            raise BadRequest("a multipart boundary is not followed by a line end")
        position += 2
        end_of_headers = body.find(b"\r\n\r\n", position)
        if end_of_headers < 0:
            raise BadRequest("a multipart part has no end to its headers")
        headers = {}
        for line in body[position:end_of_headers].split(b"\r\n"):
            name, colon, value = line.partition(b":")
            if not colon:
                raise BadRequest("a multipart part header has no colon")
            headers[name.strip().lower().decode("latin-1")] = value.strip().decode("utf-8", "replace")
        next_delimiter = body.find(b"\r\n" + delimiter, end_of_headers + 4)
        if next_delimiter < 0:
            raise BadRequest("a multipart part has no closing boundary")
        content = body[end_of_headers + 4:next_delimiter]
        disposition, params = parse_content_type(headers.get("content-disposition"))
        if disposition != "form-data" or "name" not in params:
            raise BadRequest("a multipart part has no Content-Disposition: form-data with a name")
        content_type, _ = parse_content_type(headers.get("content-type", "application/octet-stream"))
        parts.append((params["name"], params.get("filename"), content_type, content))
        position = next_delimiter + 2 + len(delimiter)
    return parts


def instance_ids(root):
    """The meta/instanceID and meta/deprecatedID of a submission, in any namespace (orx:meta too)."""
    meta = child(root, "meta")
    if meta is None:
        return None, None
    found = child(meta, "instanceID")
    deprecated = child(meta, "deprecatedID")
    instance = (found.text or "").strip() if found is not None and found.text else None
    old = (deprecated.text or "").strip() if deprecated is not None and deprecated.text else None
    return instance or None, old or None


def write_atomically(path, data):
    folder = os.path.dirname(path)
    descriptor, temporary = tempfile.mkstemp(dir=folder, prefix=".incoming-")
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "OpenRosaLoopback/1.0"

    def log_message(self, *args):
        pass

    # Reading

    def read_body(self):
        if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
            chunks = []
            while True:
                line = self.rfile.readline(1024)
                try:
                    size = int(line.split(b";")[0].strip() or b"x", 16)
                except ValueError:
                    raise BadRequest("the chunked body is malformed") from None
                if size == 0:
                    while self.rfile.readline(1024) not in (b"\r\n", b"\n", b""):
                        pass
                    break
                chunks.append(self.rfile.read(size))
                self.rfile.readline(1024)
            return b"".join(chunks)
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    # Answering

    def record(self, status, fault=None):
        with lock:
            log.append({
                "method": self.command,
                "path": self.path,
                "status": status,
                "authorization": self.headers.get("Authorization"),
                "openRosaVersion": self.headers.get("X-OpenRosa-Version"),
                "date": self.headers.get("Date"),
                "acceptLanguage": self.headers.get("Accept-Language"),
                "contentType": self.headers.get("Content-Type"),
                "length": self.body_length,
                "fault": fault,
            })

    def send(self, status, data=b"", content_type="text/xml; charset=utf-8", headers=None, fault=None):
        """Answers `status` with `data`; the fault "drip", "corrupt" or "cut" changes how the body goes."""
        kind = fault.get("fault") if fault else None
        self.record(status, kind)
        if kind == "corrupt" and data:
            data = data[:-1] + bytes([data[-1] ^ 0x01])
        self.send_response(status)
        self.close_connection = True
        self.send_header("Connection", "close")
        self.send_header("X-OpenRosa-Version", "1.0")
        self.send_header("Content-Language", "en")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        if self.command != "HEAD" or status != 204:
            self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command == "HEAD":
            return
        try:
            if kind == "drip":
                interval = float(fault.get("interval", 0.2))
                self.wfile.flush()
                for index in range(len(data)):
                    self.wfile.write(data[index:index + 1])
                    self.wfile.flush()
                    time.sleep(interval)
            elif kind == "cut":
                self.wfile.write(data[:len(data) // 2])
                self.wfile.flush()
            else:
                self.wfile.write(data)
                self.wfile.flush()
        except OSError:
            pass

    def message(self, status, text, headers=None, fault=None):
        nature = "" if status < 300 else "error"
        body = (f'<OpenRosaResponse xmlns="{RESPONSE}" items="0">'
                f'<message nature="{nature}">{escape(text)}</message></OpenRosaResponse>').encode()
        all_headers = {"X-OpenRosa-Accept-Content-Length": str(settings["acceptContentLength"])}
        all_headers.update(headers or {})
        self.send(status, body, headers=all_headers, fault=fault)

    def drop(self, kind):
        self.record(None, kind)
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def control_json(self, status, payload):
        self.record(status)
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.close_connection = True
        self.send_header("Connection", "close")
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        self.wfile.flush()

    # Routing

    def do_GET(self):
        self.handle_request()

    def do_HEAD(self):
        self.handle_request()

    def do_POST(self):
        self.handle_request()

    def do_PUT(self):
        self.handle_request()

    def do_DELETE(self):
        self.handle_request()

    def handle_request(self):
        self.body_length = 0
        try:
            body = self.read_body() if self.command in ("POST", "PUT") else b""
        except BadRequest as error:
            return self.message(400, str(error))
        self.body_length = len(body)
        url = urllib.parse.urlsplit(self.path)
        path = url.path
        if path.startswith("/control/"):
            return self.control(path, body)
        if path == "/moved" or path.startswith("/moved/"):
            path = path[len("/moved"):] or "/"
        key = re.fullmatch(r"/v1/key/([^/]+)/projects/([^/]+)(/.*)", path)
        if key:
            token, project, path = urllib.parse.unquote(key.group(1)), key.group(2), key.group(3)
            if self.server.token is None or token != self.server.token:
                return self.message(403, "The authentication you provided does not have rights to perform that action.")
            if project != str(self.server.project):
                return self.message(404, "Could not find the resource you were looking for.")
            prefix = key.group(0)[: -len(path)]
        else:
            prefix = ""
            if self.server.user is not None and not self.authorized():
                return self.message(401, "Could not authenticate with the provided credentials.",
                                    headers={"WWW-Authenticate": 'Basic realm="OpenRosa loopback", charset="UTF-8"'})
        route, form, name = self.route(path)
        if route is None:
            return self.message(404, "Could not find the resource you were looking for.")
        if self.headers.get("X-OpenRosa-Version") != "1.0":
            value = self.headers.get("X-OpenRosa-Version")
            return self.message(400, f"An expected header field (X-OpenRosa-Version) did not match the expected value (got {value!r}).")
        fault = self.take_fault(route)
        kind = fault.get("fault") if fault else None
        if kind == "drop":
            return self.drop(kind)
        if kind == "status":
            status = int(fault.get("status", 500))
            headers = {"Retry-After": str(fault["retryAfter"])} if fault.get("retryAfter") is not None else {}
            return self.message(status, fault.get("message", "The server could not take the request now."), headers, fault)
        if kind == "redirect":
            target = fault.get("to") or ("/moved" + self.path)
            return self.send(int(fault.get("status", 307)), b"", headers={"Location": target}, fault=fault)
        if kind == "stall":
            time.sleep(float(fault.get("seconds", 3)))
        base = f"http://{self.host()}{prefix}"
        if route == "submission":
            return self.submission(body, fault)
        if self.command not in ("GET", "HEAD"):
            return self.message(405, "Only GET is accepted here.")
        if route == "formList":
            return self.form_list(base, url.query, fault)
        if form not in self.server.forms:
            return self.message(404, "Could not find the resource you were looking for.")
        served = self.server.forms[form]
        if route == "form":
            return self.send(200, served.data, fault=fault)
        if route == "manifest":
            return self.manifest(base, served, fault)
        if name not in served.media():
            return self.message(404, "Could not find the resource you were looking for.")
        with open(os.path.join(served.media_folder, name), "rb") as handle:
            return self.send(200, handle.read(), content_type="application/octet-stream", fault=fault)

    def route(self, path):
        """The route of `path`, the form id and the media file name it names."""
        if path == "/formList":
            return "formList", None, None
        if path == "/submission":
            return "submission", None, None
        match = re.fullmatch(r"/forms/([^/]+)\.xml", path)
        if match:
            return "form", urllib.parse.unquote(match.group(1)), None
        match = re.fullmatch(r"/forms/([^/]+)/manifest", path)
        if match:
            return "manifest", urllib.parse.unquote(match.group(1)), None
        match = re.fullmatch(r"/forms/([^/]+)/attachments/([^/]+)", path)
        if match:
            return "media", urllib.parse.unquote(match.group(1)), urllib.parse.unquote(match.group(2))
        return None, None, None

    def host(self):
        host = self.headers.get("Host") or ""
        if re.fullmatch(r"(127\.0\.0\.1|localhost):\d+", host):
            return host
        return f"{LOOPBACK}:{self.server.server_address[1]}"

    def authorized(self):
        value = self.headers.get("Authorization") or ""
        scheme, _, encoded = value.partition(" ")
        if scheme.lower() != "basic":
            return False
        try:
            decoded = base64.b64decode(encoded.strip(), validate=True).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError):
            return False
        user, colon, password = decoded.partition(":")
        return bool(colon) and user == self.server.user and password == self.server.password

    def take_fault(self, route):
        with lock:
            for index, fault in enumerate(faults):
                if fault.get("on", "*") in ("*", route):
                    return faults.pop(index)
        return None

    # OpenRosa

    def form_list(self, base, query, fault):
        wanted = urllib.parse.parse_qs(query).get("formID")
        items = []
        for form in self.server.forms.values():
            if wanted and form.form_id not in wanted:
                continue
            quoted = urllib.parse.quote(form.form_id, safe="")
            item = (f"<xform><formID>{escape(form.form_id)}</formID><name>{escape(form.name)}</name>"
                    f"<version>{escape(form.version)}</version><hash>{form.hash}</hash>"
                    f"<downloadUrl>{escape(base)}/forms/{quoted}.xml</downloadUrl>")
            if form.has_media:
                item += f"<manifestUrl>{escape(base)}/forms/{quoted}/manifest</manifestUrl>"
            items.append(item + "</xform>")
        body = f'<?xml version="1.0" encoding="UTF-8"?>\n<xforms xmlns="{XFORMS_LIST}">{"".join(items)}</xforms>'
        self.send(200, body.encode(), fault=fault)

    def manifest(self, base, form, fault):
        items = []
        quoted = urllib.parse.quote(form.form_id, safe="")
        for name in form.media():
            with open(os.path.join(form.media_folder, name), "rb") as handle:
                digest = hashlib.md5(handle.read()).hexdigest()
            items.append(f"<mediaFile><filename>{escape(name)}</filename><hash>md5:{digest}</hash>"
                         f"<downloadUrl>{escape(base)}/forms/{quoted}/attachments/{urllib.parse.quote(name, safe='')}</downloadUrl></mediaFile>")
        body = f'<?xml version="1.0" encoding="UTF-8"?>\n<manifest xmlns="{XFORMS_MANIFEST}">{"".join(items)}</manifest>'
        self.send(200, body.encode(), fault=fault)

    def submission(self, body, fault):
        if self.command == "HEAD":
            return self.send(204, headers={"X-OpenRosa-Accept-Content-Length": str(settings["acceptContentLength"])}, fault=fault)
        if self.command != "POST":
            return self.message(405, "Only HEAD and POST are accepted here.")
        limit = settings["maxBody"]
        if limit is not None and len(body) > limit:
            return self.message(413, f"The submission is {len(body)} bytes, above this server's limit of {limit}.")
        try:
            status, text = self.store(body)
        except BadRequest as error:
            return self.message(400, str(error))
        if fault and fault.get("fault") == "store-drop":
            return self.drop("store-drop")
        self.message(status, text, fault=fault)

    def store(self, body):
        """Stores a submission; its status and message."""
        kind, params = parse_content_type(self.headers.get("Content-Type"))
        if kind != "multipart/form-data":
            raise BadRequest("the submission is not multipart/form-data")
        parts = parse_multipart(body, params.get("boundary"))
        xml_parts = [p for p in parts if p[0] == "xml_submission_file"]
        if not xml_parts:
            raise BadRequest("Required multipart POST field xml_submission_file missing.")
        if len(xml_parts) > 1:
            raise BadRequest("the submission has more than one xml_submission_file part")
        xml = xml_parts[0][3]
        root = parse_xml(xml, "the xml_submission_file")
        instance, deprecated = instance_ids(root)
        if instance is None:
            raise BadRequest("the submission has no meta/instanceID")
        if self.server.forms and root.get("id") not in self.server.forms:
            return 404, f"The form {root.get('id')!r} is not on this server."
        attachments = []
        incomplete = False
        for name, filename, _, content in parts:
            if name == "xml_submission_file":
                continue
            if name == "*isIncomplete*" and not filename:
                # The split of a large submission: more POSTs follow this one (ODK Collect's field).
                incomplete = content.strip() == b"yes"
                continue
            file = filename or name
            if not file or "/" in file or "\\" in file or file in (".", "..") or file.startswith(".") or file == "submission.xml":
                raise BadRequest(f"the attachment name {file!r} is not a plain file name")
            attachments.append((file, content))
        with lock:
            folder = os.path.join(self.server.submissions, quote(instance))
            held = os.path.join(folder, "submission.xml")
            if os.path.exists(held):
                with open(held, "rb") as handle:
                    if handle.read() != xml:
                        return 409, ("A submission already exists with this ID, but with different XML. Resubmissions to "
                                     "attach additional multimedia must resubmit an identical xml_submission_file.")
            else:
                os.makedirs(folder, exist_ok=True)
                write_atomically(held, xml)
            for file, content in attachments:
                write_atomically(os.path.join(folder, file), content)
            entry = submissions.setdefault(instance, {"folder": folder, "deprecatedID": deprecated, "posts": 0})
            entry["posts"] += 1
            entry["complete"] = not incomplete
        return 201, "full submission upload was successful!"

    # Control

    def control(self, path, body):
        try:
            payload = json.loads(body) if body else None
        except ValueError:
            return self.control_json(400, {"message": "the body is not JSON"})
        if path == "/control/faults" and self.command == "POST":
            if not isinstance(payload, list) or not all(isinstance(f, dict) and f.get("on", "*") in ROUTES + ("*",) for f in payload):
                return self.control_json(400, {"message": "a list of faults, each with an 'on' of " + ", ".join(ROUTES) + " or *"})
            with lock:
                faults.extend(payload)
                count = len(faults)
            return self.control_json(200, {"planned": count})
        if path == "/control/faults/clear" and self.command == "POST":
            with lock:
                unused = len(faults)
                faults.clear()
            return self.control_json(200, {"cleared": unused})
        if path == "/control/settings" and self.command == "POST":
            with lock:
                for name in ("acceptContentLength", "maxBody"):
                    if isinstance(payload, dict) and name in payload:
                        settings[name] = payload[name]
                current = dict(settings)
            return self.control_json(200, current)
        if path == "/control/log" and self.command == "GET":
            with lock:
                entries = list(log)
            return self.control_json(200, entries)
        if path == "/control/submissions" and self.command == "GET":
            with lock:
                listing = [{"instanceID": key, "folder": value["folder"], "deprecatedID": value["deprecatedID"],
                            "posts": value["posts"], "complete": value["complete"],
                            "files": sorted(os.listdir(value["folder"]))}
                           for key, value in sorted(submissions.items())]
            return self.control_json(200, listing)
        if path == "/control/stop" and self.command == "POST":
            self.control_json(200, {})
            threading.Thread(target=self.server.shutdown, daemon=True).start()
            return
        return self.control_json(404, {"message": "no such control endpoint"})


def main():
    parser = argparse.ArgumentParser(description="A loopback OpenRosa server for tests.")
    parser.add_argument("--host", default=LOOPBACK)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--forms")
    parser.add_argument("--submissions")
    parser.add_argument("--user")
    parser.add_argument("--password")
    parser.add_argument("--password-file")
    parser.add_argument("--token")
    parser.add_argument("--project", default="1")
    parser.add_argument("--accept-content-length", type=int, default=10_000_000)
    parser.add_argument("--max-body", type=int)
    parser.add_argument("--lifetime", type=float, default=300.0)
    parser.add_argument("--stop-on-eof", action="store_true")
    options = parser.parse_args()
    if options.host != LOOPBACK:
        parser.error(f"this server listens on {LOOPBACK} only, not {options.host!r}")
    password = options.password
    if options.password_file:
        with open(options.password_file, encoding="utf-8") as handle:
            password = handle.readline().rstrip("\r\n")
    if options.user is not None and password is None:
        parser.error("--user needs --password or --password-file")
    settings["acceptContentLength"] = options.accept_content_length
    settings["maxBody"] = options.max_body
    server = ThreadingHTTPServer((LOOPBACK, options.port), Handler)
    server.daemon_threads = True
    server.forms = load_forms(options.forms)
    server.submissions = options.submissions or tempfile.mkdtemp(prefix="openrosa-submissions-")
    os.makedirs(server.submissions, exist_ok=True)
    server.user = options.user
    server.password = password
    server.token = options.token
    server.project = options.project

    def stop(*_):
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    if options.stop_on_eof:
        def watch():
            while sys.stdin.buffer.read(4096):
                pass
            stop()
        threading.Thread(target=watch, daemon=True).start()
    timer = threading.Timer(options.lifetime, server.shutdown)
    timer.daemon = True
    timer.start()
    print(server.server_address[1], flush=True)
    server.serve_forever()
    server.server_close()


if __name__ == "__main__":
    sys.exit(main())
