"""Browsing: both locations, folders, the grid and the list, the states,
sorting and filtering, as the server renders them and the script keeps them."""

import json
import os
import subprocess
import sys
import time

import pytest
from playwright.sync_api import expect

NAMES = "#listing .item .name"


def names(page):
    return page.locator(NAMES)


def test_the_first_page_lists_the_local_documents_in_a_grid(page):
    expect(page).to_have_title("On My Device – docbrowser")
    expect(page.locator(".place[aria-current=page]")).to_have_text("On My Device")
    expect(page.locator("#listing .items")).to_have_class("items grid")
    expect(names(page)).to_have_text(["Deck.key", "Letter.txt", "Notes.txt", "Projects", "Sunset.png"])
    expect(page.locator("#listing .count")).to_have_text("5 items")
    # The token left the address bar for a session cookie.
    assert "token" not in page.url


def size(path):
    return f"{sum(f.stat().st_size for f in path.rglob('*') if f.is_file()) if path.is_dir() else path.stat().st_size} B"


def test_the_list_shows_kind_size_and_state(page, home):
    page.click(".view-list")
    expect(page.locator("#listing .items")).to_have_class("items list")
    rows = page.locator("#listing .item")
    expect(rows.locator(".kind")).to_have_text(["Keynote document", "plain text", "plain text", "Folder", "PNG image"])
    expect(rows.locator(".size")).to_have_text([size(home.local / name) for name in ("Deck.key", "Letter.txt", "Notes.txt")] + ["--", size(home.local / "Sunset.png")])
    letter = rows.filter(has_text="Letter.txt")
    expect(letter.locator(".badge")).to_have_text(["In Conflict"])
    expect(page.locator("#listing .badge")).to_have_count(1)


def test_the_cloud_shows_documents_still_arriving_and_not_downloaded(page):
    page.click("text=iCloud Drive")
    expect(page).to_have_title("iCloud Drive – docbrowser")
    expect(names(page)).to_have_text(["Budget.csv", "Holiday.mov", "Movie.mp4"])
    items = page.locator("#listing .item")
    expect(items.filter(has_text="Movie.mp4").locator(".badge")).to_have_text(["Incomplete · Syncthing"])
    expect(items.filter(has_text="Holiday.mov").locator(".badge")).to_have_text(["Not Downloaded"])
    expect(items.filter(has_text="Budget.csv").locator(".badge")).to_have_count(0)


def children(pid):
    """The processes whose parent is `pid`, from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = open(f"/proc/{entry}/stat").read()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry))
    return found


def test_a_document_an_app_has_open_names_the_app_and_its_pid(page, home):
    handler = home.root / "handler"
    handler.mkdir()
    script = handler / "hold.py"
    script.write_text("#!/usr/bin/env python3\nimport time\ntime.sleep(120)\n")
    script.chmod(0o755)
    manifest = handler / "org.example.scribble.json"
    manifest.write_text(json.dumps({
        "CFBundleIdentifier": "org.example.scribble", "CFBundleName": "Scribble", "CFBundleExecutable": "hold.py",
        "CFBundleDocumentTypes": [{"CFBundleTypeName": "Text", "LSItemContentTypes": ["public.plain-text"],
                                   "CFBundleTypeRole": "Editor", "LSHandlerRank": "Owner"}]}))
    home.run("handlers", "register", str(manifest))
    opener = subprocess.Popen([str(home.binary), "--home", str(home.path), "open", "Notes.txt", "--with", "org.example.scribble", "--wait"],
                              env=home.environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        # Only a hang is detected here, never a slow machine.
        for _ in range(600):
            listed = json.loads(home.run("list", "--json").stdout)
            if next(d for d in listed if d["name"] == "Notes.txt")["states"] == ["open"]:
                break
            time.sleep(0.05)
        page.reload()
        app = children(opener.pid)
        assert len(app) == 1, app
        badge = page.locator("#listing .item", has_text="Notes.txt").locator(".badge")
        expect(badge).to_have_text([f"Open · org.example.scribble · pid {app[0]}"])
        expect(badge).to_have_attribute("title", f"open in org.example.scribble (pid {app[0]})")
    finally:
        os.killpg(opener.pid, 9)
        opener.wait()


def test_folders_open_with_enter_and_the_breadcrumb_leads_back(page):
    page.locator("#listing .item", has_text="Projects").click()
    page.keyboard.press("Enter")
    expect(page.locator(".breadcrumb li")).to_have_text(["On My Device", "Projects"])
    expect(names(page)).to_have_text(["Plan.md"])
    page.click(".breadcrumb a")
    expect(names(page)).to_have_text(["Deck.key", "Letter.txt", "Notes.txt", "Projects", "Sunset.png"])


def test_sorting_and_filtering_by_name_kind_and_state(page):
    # Largest first, as the Finder sorts by size.
    page.select_option("select[name=sort]", "size")
    expect(names(page)).to_have_text(["Sunset.png", "Deck.key", "Notes.txt", "Letter.txt", "Projects"])
    page.select_option("select[name=sort]", "name")
    page.select_option("select[name=kind]", "public.image")
    expect(names(page)).to_have_text(["Sunset.png"])
    page.select_option("select[name=kind]", "public.text")
    expect(names(page)).to_have_text(["Letter.txt", "Notes.txt"])
    page.select_option("select[name=kind]", "")
    page.select_option("select[name=state]", "inConflict")
    expect(names(page)).to_have_text(["Letter.txt"])
    page.select_option("select[name=state]", "")
    page.fill("input[name=search]", "TES")
    expect(names(page)).to_have_text(["Notes.txt"])
    # Another view keeps the search.
    page.click(".view-list")
    expect(page.locator("#listing .items")).to_have_class("items list")
    expect(names(page)).to_have_text(["Notes.txt"])
    page.fill("input[name=search]", "nothing like it")
    expect(page.locator("#listing .empty")).to_have_text("No documents match.")
    # The filters are in the address, so a reload keeps them.
    page.reload()
    expect(page.locator("input[name=search]")).to_have_value("nothing like it")


def test_a_hostile_name_is_shown_as_text_and_runs_nothing(page, home):
    name = '<img src=x onerror="window.pwned=1">&amp;.txt'
    (home.local / name).write_text("hi\n")
    expect(names(page)).to_have_text([name, "Deck.key", "Letter.txt", "Notes.txt", "Projects", "Sunset.png"])
    page.locator("#listing .item").first.click()
    page.keyboard.press("Enter")
    expect(page.locator("#preview-title")).to_have_text(name)
    assert page.evaluate("window.pwned") is None
    assert page.locator("#listing img[src=x]").count() == 0


def test_a_quote_with_a_combining_mark_cannot_add_an_attribute_that_runs(page, server, home):
    # swift-mustache escapes a character at a time, and '"' followed by
    # U+0301 is one character to Swift but a quote to the HTML parser: the
    # page's Content-Security-Policy must keep such an attribute from running.
    name = 'a"\u0301 onmouseover=window.pwned=1 onfocus=window.pwned=2 x=.txt'
    (home.local / name).write_text("hi\n")
    page.goto(server.origin + "/?location=local")
    item = page.locator("#listing .item").first
    item.hover()
    item.focus()
    page.mouse.move(5, 5)
    assert page.evaluate("window.pwned") is None


def test_a_long_list_comes_a_page_at_a_time_as_it_scrolls(page, server, home):
    url = server.origin + "/?location=local&limit=2&search=t"
    # The server renders the first page, and a link to the rest.
    html = page.request.get(url).text()
    assert html.count('role="option"') == 2
    assert '<a class="more" href="/?location=local&amp;search=t&amp;limit=2&amp;offset=2">2 more</a>' in html
    # In the browser, the link is in view at once, and the rest is appended.
    page.goto(url)
    expect(names(page)).to_have_text(["Letter.txt", "Notes.txt", "Projects", "Sunset.png"])
    expect(page.locator("#listing .count")).to_have_text("4 items")
    expect(page.locator("#listing .more")).to_have_count(0)
    # A live refresh keeps all that was loaded, and the search.
    (home.local / "Toast.txt").write_text("crumbs\n")
    expect(names(page)).to_have_text(["Letter.txt", "Notes.txt", "Projects", "Sunset.png", "Toast.txt"])
