"""Keyboard use and a phone's width."""

from playwright.sync_api import expect


def test_arrow_keys_move_the_selection_and_focus_is_visible(page):
    # Tab reaches the list as one stop, after the toolbar (whose other
    # buttons wait for a selection).
    page.focus("#upload-input")
    page.keyboard.press("Tab")
    expect(page.locator("#listing .item").first).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#listing .item[aria-selected=true] .name")).to_have_text(["Letter.txt"])
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    selected = page.locator("#listing .item[aria-selected=true]")
    expect(selected).to_have_count(1)
    expect(selected.locator(".name")).to_have_text("Notes.txt")
    expect(selected).to_be_focused()
    assert selected.evaluate("e => getComputedStyle(e).outlineStyle") != "none"
    page.keyboard.press("Shift+ArrowLeft")
    expect(page.locator("#listing .item[aria-selected=true] .name")).to_have_text(["Letter.txt", "Notes.txt"])
    # End jumps to the last document.
    page.keyboard.press("End")
    expect(page.locator("#listing .item[aria-selected=true] .name")).to_have_text(["Sunset.png"])


def test_at_a_phones_width_nothing_overflows_and_everything_is_reachable(browser, server):
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(server.url)
    expect(page.locator("#listing .item .name")).to_have_text(["Deck.key", "Letter.txt", "Notes.txt", "Projects", "Sunset.png"])
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    for place in ("On My Device", "iCloud Drive", "Trash"):
        box = page.locator(".place", has_text=place).bounding_box()
        assert 0 <= box["x"] and box["x"] + box["width"] <= 375, place
    # Three icons a row, each wholly on screen.
    tops = page.locator("#listing .item").evaluate_all("items => items.map(i => i.getBoundingClientRect().top)")
    assert tops[0] == tops[1] == tops[2] and tops[3] > tops[0]
    page.locator("#listing .item", has_text="Notes.txt").tap()
    page.keyboard.press("Enter")
    preview = page.locator("#preview")
    expect(preview.locator("pre")).to_have_text("Milk, eggs, flour.\nCall Bo.\n")
    box = preview.bounding_box()
    assert box["x"] == 0 and box["width"] == 375
    context.close()
