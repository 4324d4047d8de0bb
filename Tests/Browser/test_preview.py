"""The preview pane: an image as itself, text as text, a package as its tree."""

from playwright.sync_api import expect

from conftest import pdf


def open_preview(page, name):
    page.locator("#listing .item", has_text=name).click()
    page.keyboard.press("Enter")
    expect(page.locator("#preview")).to_be_visible()
    expect(page.locator("#preview-title")).to_have_text(name)


def test_an_image_shows_as_itself(page):
    open_preview(page, "Sunset.png")
    image = page.locator("#preview-body img")
    expect(image).to_be_visible()
    page.wait_for_function("document.querySelector('#preview-body img').complete")
    assert image.evaluate("i => [i.naturalWidth, i.naturalHeight]") == [48, 32]


def test_text_shows_as_text(page):
    open_preview(page, "Notes.txt")
    expect(page.locator("#preview-body pre")).to_be_visible()
    # Line by line, exactly: not one line, not joined by commas.
    assert page.locator("#preview-body pre").evaluate("e => e.textContent") == "Milk, eggs, flour.\nCall Bo."


def test_a_pdf_shows_its_pages_and_version(page, home):
    (home.local / "Report.pdf").write_bytes(pdf("Quarterly report"))
    expect(page.locator("#listing .item .name", has_text="Report.pdf")).to_be_visible()
    open_preview(page, "Report.pdf")
    expect(page.locator("#preview-body dt")).to_have_text(["type", "size", "version", "pages"])
    expect(page.locator("#preview-body dd")).to_have_text(["com.adobe.pdf (PDF document)", "590 bytes", "PDF 1.4", "1"])


def test_a_package_shows_its_tree(page):
    open_preview(page, "Deck.key")
    expect(page.locator("#preview-body .tree li")).to_contain_text(["Data", "slide-1.png", "Index.zip"])


def test_the_preview_follows_the_selection_and_escape_closes_it(page):
    open_preview(page, "Notes.txt")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#preview-title")).to_have_text("Projects")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#preview-title")).to_have_text("Sunset.png")
    page.keyboard.press("Escape")
    expect(page.locator("#preview")).to_be_hidden()
