"""What the page does to documents: upload, download, move, rename,
duplicate, delete and put back, export, resolve a conflict; each checked on
the page and on disk."""

import io
import zipfile

from playwright.sync_api import expect

NAMES = "#listing .item .name"
LOCAL = ["Deck.key", "Letter.txt", "Notes.txt", "Projects", "Sunset.png"]


def choose(page, name):
    page.locator("#listing .item", has_text=name).click()


def zip_of(files):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return buffer.getvalue()


def drop(page, name, data, mime):
    """Drops a file on the listing as a file manager would: a DataTransfer
    holding it, through dragenter, dragover and drop."""
    page.evaluate("""([name, bytes, mime]) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], name, { type: mime }));
        const target = document.getElementById('listing');
        for (const type of ['dragenter', 'dragover', 'drop']) {
            target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
        }
    }""", [name, list(data), mime])


def test_an_archive_dropped_on_the_page_is_imported(page, home):
    drop(page, "Trip.zip", zip_of({"Trip/Itinerary.txt": "Day 1: Lisbon\n", "Receipt.txt": "12 EUR\n"}), "application/zip")
    expect(page.locator("#status")).to_have_text("Added Trip.zip")
    expect(page.locator(NAMES)).to_have_text(["Deck.key", "Letter.txt", "Notes.txt", "Projects", "Receipt.txt", "Sunset.png", "Trip"])
    assert (home.local / "Trip/Itinerary.txt").read_text() == "Day 1: Lisbon\n"
    assert (home.local / "Receipt.txt").read_text() == "12 EUR\n"


def test_a_file_chosen_with_the_keyboards_file_input_is_added(page, home):
    page.set_input_files("#upload-input", files=[{"name": "Memo.txt", "mimeType": "text/plain", "buffer": b"Call Bo.\n"}])
    expect(page.locator(NAMES)).to_have_text(["Deck.key", "Letter.txt", "Memo.txt", "Notes.txt", "Projects", "Sunset.png"])
    assert (home.local / "Memo.txt").read_text() == "Call Bo.\n"


def test_a_file_dropped_in_a_folder_lands_in_it(page, home):
    page.locator("#listing .item", has_text="Projects").dblclick()
    expect(page.locator(NAMES)).to_have_text(["Plan.md"])
    page.evaluate("""() => {
        const transfer = new DataTransfer();
        transfer.items.add(new File(['x'], 'x.txt'));
        document.getElementById('listing').dispatchEvent(new DragEvent('dragenter', { bubbles: true, dataTransfer: transfer }));
    }""")
    expect(page.locator("#drop-zone")).to_have_text("Drop to add to Projects")
    drop(page, "Budget 2027.ods", b"not really a spreadsheet", "application/vnd.oasis.opendocument.spreadsheet")
    expect(page.locator("#drop-zone")).to_be_hidden()
    expect(page.locator(NAMES)).to_have_text(["Budget 2027.ods", "Plan.md"])
    assert (home.local / "Projects/Budget 2027.ods").read_bytes() == b"not really a spreadsheet"
    assert not (home.local / "Budget 2027.ods").exists()


def test_a_document_moves_to_the_cloud(page, home):
    choose(page, "Notes.txt")
    page.click("[data-action=move]")
    dialog = page.locator("#move-dialog")
    expect(dialog.locator("label")).to_have_text(["iCloud Drive", "Into Projects"])
    dialog.locator("button[value=ok]").click()
    expect(page.locator(NAMES)).to_have_text(["Deck.key", "Letter.txt", "Projects", "Sunset.png"])
    assert not (home.local / "Notes.txt").exists()
    assert (home.cloud / "Notes.txt").read_text() == "Milk, eggs, flour.\nCall Bo.\n"
    page.click("text=iCloud Drive")
    expect(page.locator(NAMES)).to_have_text(["Budget.csv", "Holiday.mov", "Movie.mp4", "Notes.txt"])


def test_a_document_moves_into_a_folder_and_back_up(page, home):
    choose(page, "Sunset.png")
    page.click("[data-action=move]")
    page.locator("#move-dialog label", has_text="Into Projects").click()
    page.locator("#move-dialog button[value=ok]").click()
    expect(page.locator("#status")).to_have_text("Moved to Projects")
    expect(page.locator(NAMES)).to_have_text(["Deck.key", "Letter.txt", "Notes.txt", "Projects"])
    assert (home.local / "Projects/Sunset.png").exists()
    page.locator("#listing .item", has_text="Projects").dblclick()
    expect(page.locator(NAMES)).to_have_text(["Plan.md", "Sunset.png"])
    choose(page, "Plan.md")
    page.click("[data-action=move]")
    expect(page.locator("#move-dialog label")).to_have_text(["iCloud Drive", "Up to On My Device"])
    page.locator("#move-dialog label", has_text="Up to On My Device").click()
    page.locator("#move-dialog button[value=ok]").click()
    expect(page.locator(NAMES)).to_have_text(["Sunset.png"])
    assert (home.local / "Plan.md").read_text() == "# Plan\n"


def test_delete_goes_to_the_trash_and_put_back_returns_it(page, home):
    choose(page, "Notes.txt")
    page.keyboard.press("Delete")
    expect(page.locator(NAMES)).to_have_text(["Deck.key", "Letter.txt", "Projects", "Sunset.png"])
    assert not (home.local / "Notes.txt").exists()
    page.click(".place-trash")
    expect(page).to_have_title("Trash – docbrowser")
    row = page.locator("#listing .item")
    expect(row.locator(".name")).to_have_text(["Notes.txt"])
    expect(row.locator(".kind")).to_have_text([str(home.local / "Notes.txt")])
    row.locator("[data-action=put-back]").click()
    expect(page.locator("#listing .empty")).to_have_text("The Trash is empty.")
    assert (home.local / "Notes.txt").read_text() == "Milk, eggs, flour.\nCall Bo.\n"
    page.click("text=On My Device")
    expect(page.locator(NAMES)).to_have_text(LOCAL)


def test_rename_with_f2_and_duplicate(page, home):
    choose(page, "Notes.txt")
    page.keyboard.press("F2")
    field = page.locator("#rename-dialog input[name=name]")
    expect(field).to_be_focused()
    # The name is selected without its extension, as the Finder does.
    assert field.evaluate("f => f.value.slice(f.selectionStart, f.selectionEnd)") == "Notes"
    page.keyboard.type("Shopping")
    page.keyboard.press("Enter")
    expect(page.locator(NAMES)).to_have_text(["Deck.key", "Letter.txt", "Projects", "Shopping.txt", "Sunset.png"])
    assert (home.local / "Shopping.txt").read_text() == "Milk, eggs, flour.\nCall Bo.\n"
    choose(page, "Shopping.txt")
    page.click("[data-action=duplicate]")
    expect(page.locator(NAMES)).to_have_text(["Deck.key", "Letter.txt", "Projects", "Shopping copy.txt", "Shopping.txt", "Sunset.png"])


def test_download_gives_a_file_as_itself_and_a_package_as_a_zip(page, tmp_path):
    choose(page, "Notes.txt")
    with page.expect_download() as download:
        page.click("[data-action=download]")
    assert download.value.suggested_filename == "Notes.txt"
    download.value.save_as(tmp_path / "notes")
    assert (tmp_path / "notes").read_text() == "Milk, eggs, flour.\nCall Bo.\n"
    choose(page, "Deck.key")
    with page.expect_download() as download:
        page.click("[data-action=download]")
    assert download.value.suggested_filename == "Deck.key.zip"
    download.value.save_as(tmp_path / "deck.zip")
    with zipfile.ZipFile(tmp_path / "deck.zip") as archive:
        assert sorted(name for name in archive.namelist() if not name.endswith("/")) == ["Deck.key/Data/slide-1.png", "Deck.key/Index.zip"]


def test_a_selection_exports_to_one_zip(page, tmp_path):
    choose(page, "Letter.txt")
    page.locator("#listing .item", has_text="Notes.txt").click(modifiers=["Control"])
    with page.expect_download() as download:
        page.click("[data-action=export]")
    download.value.save_as(tmp_path / "export.zip")
    with zipfile.ZipFile(tmp_path / "export.zip") as archive:
        assert sorted(archive.namelist()) == ["Letter.txt", "Notes.txt"]
        assert archive.read("Notes.txt") == b"Milk, eggs, flour.\nCall Bo.\n"


def test_a_conflict_is_resolved_from_its_versions_side_by_side(page, home):
    choose(page, "Letter.txt")
    page.click("[data-action=resolve]")
    versions = page.locator("#conflict-versions .version")
    expect(versions).to_have_count(2)
    expect(versions.locator("strong")).to_have_text(["Letter.txt", "Letter.sync-conflict-20261122-120303-JZLXCF2.txt"])
    expect(versions.locator("pre")).to_have_text(["Dear Ann, mine.\n", "Dear Ann, theirs.\n"])
    expect(versions.nth(1).locator(".meta")).to_contain_text("from JZLXCF2 · syncthing")
    # Side by side: the second version is to the right of the first.
    first, second = versions.nth(0).bounding_box(), versions.nth(1).bounding_box()
    assert second["x"] > first["x"] + first["width"] - 1 and abs(second["y"] - first["y"]) < 1
    versions.nth(1).locator("input").check()
    page.click("#conflict-dialog button[value=ok]")
    expect(page.locator("#status")).to_have_text("Conflict resolved")
    expect(page.locator("#listing .badge")).to_have_count(0)
    assert (home.local / "Letter.txt").read_text() == "Dear Ann, theirs.\n"
    assert not (home.local / "Letter.sync-conflict-20261122-120303-JZLXCF2.txt").exists()


def test_a_file_written_behind_the_servers_back_appears_without_a_reload(page, home):
    page.evaluate("window.notReloaded = true")
    (home.local / "Arrived.txt").write_text("from elsewhere\n")
    expect(page.locator(NAMES)).to_have_text(["Arrived.txt"] + LOCAL)
    (home.local / "Sunset.png").unlink()
    expect(page.locator(NAMES)).to_have_text(["Arrived.txt", "Deck.key", "Letter.txt", "Notes.txt", "Projects"])
    assert page.evaluate("window.notReloaded") is True
