"""Takes README's screenshot of `docbrowser serve` (docs/images/serve.png)
with the browser tests' own harness and Chromium: the test documents, the
grid, and a preview open. Run by scripts/screenshot.sh."""

import shutil
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
from conftest import CHROMIUM, Home, Server, populate  # noqa: E402


def main(output):
    root = Path(tempfile.mkdtemp(prefix="docbrowser-screenshot-"))
    server = None
    try:
        home = Home(root)
        populate(home)
        server = Server(home)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
            page = browser.new_page(viewport={"width": 1100, "height": 620})
            page.goto(server.url)
            page.locator("#listing .item", has_text="Notes.txt").click()
            page.keyboard.press("Enter")
            expect(page.locator("#preview-body pre")).to_be_visible()
            page.wait_for_load_state("networkidle")
            page.screenshot(path=output)
            browser.close()
    finally:
        if server:
            server.stop()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/images/serve.png")
