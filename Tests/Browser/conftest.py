"""The browser tests' harness: a fresh docbrowser home with a few documents,
`docbrowser serve` on it, and the machine's Chromium driven by Playwright.

Debian's chromium is used, never Playwright's own download, so that the tests
run what a user has and need no network. The binary is DOCBROWSER_BIN (the
release build `make test` tests), else the debug build.
"""

import os
import plistlib
import shutil
import signal
import struct
import subprocess
import tempfile
import zlib
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parents[2]
BINARY = Path(os.environ.get("DOCBROWSER_BIN") or REPO / ".build/debug/docbrowser")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# A server that has not printed its URL by then is broken, not slow.
STARTUP_SECONDS = 30


def png(width, height, top, bottom=None):
    """A real PNG, a vertical gradient from `top` to `bottom`, so that the
    preview and thumbnail have something a decoder accepts."""
    bottom = bottom or top
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))
    rows = b""
    for y in range(height):
        colour = bytes(round(a + (b - a) * y / max(1, height - 1)) for a, b in zip(top, bottom))
        rows += b"\x00" + colour * width
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows))
            + chunk(b"IEND", b""))


def pdf(text):
    """A one-page PDF showing `text`, as small as a valid one can be."""
    stream = b"BT /F1 18 Tf 20 40 Td (" + text.encode() + b") Tj ET"
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
               b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream",
               b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    out, offsets = b"%PDF-1.4\n", []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    start = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode() + b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    return out + f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{start}\n%%EOF\n".encode()


class Home:
    """A docbrowser home in a temporary directory, with a user environment
    of its own so that nothing outside it is read or written."""

    def __init__(self, root: Path):
        self.root = root
        self.binary = BINARY
        self.path = root / "home"
        self.local = self.path / "Documents"
        self.cloud = self.path / "Cloud" / "Documents"
        self.path.mkdir()
        # The tests act on a cloud document as soon as it is written.
        (self.path / "config.json").write_text('{"cloud.quiet-seconds": "0"}')
        system_data = root / "system-data"
        system_data.mkdir()
        (system_data / "mime").symlink_to("/usr/share/mime")
        user = root / "user"
        self.environment = {
            **os.environ,
            "HOME": str(user),
            "XDG_DATA_HOME": str(user / ".local/share"),
            "XDG_DATA_DIRS": str(system_data),
            "XDG_CONFIG_HOME": str(user / ".config"),
            "XDG_CONFIG_DIRS": str(root / "system-config"),
            "NO_COLOR": "1",
        }
        for name in ("XDG_CURRENT_DESKTOP", "DOCBROWSER_HOME", "DOCBROWSER_SHARE_DIR"):
            self.environment.pop(name, None)

    def run(self, *arguments, check=True):
        return subprocess.run([str(BINARY), "--home", str(self.path), *arguments],
                              env=self.environment, capture_output=True, text=True, check=check, timeout=60)

    def write(self, relative, content):
        path = self.path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
        return path


def populate(home: Home):
    """The documents every test starts from: one of each kind the page
    shows differently, in both locations, and one of each state."""
    home.run("list")
    home.write("Documents/Notes.txt", "Milk, eggs, flour.\nCall Bo.\n")
    home.write("Documents/Sunset.png", png(48, 32, (70, 110, 200), (245, 150, 60)))
    home.write("Documents/Projects/Plan.md", "# Plan\n")
    home.write("Documents/Deck.key/Index.zip", "index")
    home.write("Documents/Deck.key/Data/slide-1.png", png(4, 4, (0, 90, 200)))
    # Syncthing's conflict copy beside its document.
    home.write("Documents/Letter.txt", "Dear Ann, mine.\n")
    home.write("Documents/Letter.sync-conflict-20261122-120303-JZLXCF2.txt", "Dear Ann, theirs.\n")
    home.write("Cloud/Documents/Budget.csv", "month,amount\nJanuary,12\n")
    # A file Syncthing is still writing, and one only in the cloud.
    home.write("Cloud/Documents/.syncthing.Movie.mp4.tmp", bytes(8192))
    home.write("Cloud/Documents/.Holiday.mov.icloud",
               plistlib.dumps({"NSURLNameKey": "Holiday.mov", "NSURLFileSizeKey": 160000000}, fmt=plistlib.FMT_BINARY))


class Server:
    """`docbrowser --home H serve`, on 127.0.0.1 and a free port."""

    def __init__(self, home: Home):
        self.home = home
        self.process = subprocess.Popen([str(BINARY), "--home", str(home.path), "serve"],
                                        env=home.environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            self.url = self._first_line()
        except Exception:
            self.stop()
            raise
        # The login URL carries the one-time token; the origin is what the
        # pages are under.
        self.origin = self.url.split("/?", 1)[0]

    def _first_line(self):
        import selectors
        selector = selectors.DefaultSelector()
        selector.register(self.process.stdout, selectors.EVENT_READ)
        if not selector.select(STARTUP_SECONDS):
            raise RuntimeError(f"docbrowser serve printed nothing in {STARTUP_SECONDS} s")
        line = self.process.stdout.readline().strip()
        if not line.startswith("http://127.0.0.1:"):
            raise RuntimeError(f"docbrowser serve's first line is not its URL: {line!r}; stderr: {self.process.stderr.read()}")
        return line

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode


@pytest.fixture
def home():
    root = Path(tempfile.mkdtemp(prefix="docbrowser-browser-"))
    try:
        home = Home(root)
        populate(home)
        yield home
    finally:
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def server(home):
    server = Server(home)
    yield server
    status = server.stop()
    assert status == 0, f"docbrowser serve ended with {status} on SIGTERM: {server.process.stderr.read()}"


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, server):
    """A page logged in with the server's one-time URL, at a desktop's
    width. Any script error on the page fails the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" and "404" not in message.text else None)
    page.set_default_timeout(10_000)
    page.goto(server.url)
    yield page
    context.close()
    assert errors == [], f"the page reported errors: {errors}"
