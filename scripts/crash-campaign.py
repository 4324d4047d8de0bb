#!/usr/bin/env python3
"""kill -9 campaign: SPEC §3's "no data loss on any path", measured.

Runs docbrowser in fresh homes and kills it with SIGKILL at a random instant
of move, storage, delete, import, export, open-in, inbox --accept, rename, resolve, trash
restore, copy and duplicate, and of moving and copying a folder that holds
a folder, a package and a large file, with half the trials moving across file systems (the cloud container on
/dev/shm); of `resolve --keep 1` restoring a package that lost its tree
through sync, from the Trash and from Syncthing's .stversions; and of the
first `search`, which builds the search index. After each kill one ordinary command runs (its recovery finishes or
undoes what was cut off), then the trial is judged by content, whatever names
things end up under:

  lost     a document that existed before is whole nowhere: not in either
           Documents folder, the Trash, an app's container, nor (for import)
           is an imported item half there;
  damaged  a visible item whose content is no version that ever existed;
  litter   after the recovery command, a journal, a journaled temporary
           (.docbrowser-tmp-ID.ROLE) or an import staging folder remains;
  doubled  a lost package's whole version or its remnant is whole in more
           than one place (or, from .stversions, neither restored nor still
           kept there);
  wrong    after a killed first search, the next two searches do not find
           exactly the documents that hold the word.

Hidden unjournaled temporaries (an interrupted delivery's .docbrowser-tmp-UUID)
are swept by age, an hour later; they are counted and shown apart.

Kill instants adapt per operation, as the tests' KillInstants do: a run that
finished before its kill lowers that operation's ceiling, one cut off raises
it, so kills land mid-operation on any machine. Nothing here asserts on time.
"""
import argparse
import hashlib
import io
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
import zipfile

OPERATIONS = ["move", "storage", "delete", "import", "export", "open-in", "inbox-accept", "rename", "resolve", "restore", "copy", "duplicate",
              "move-folder", "copy-folder", "restore-lost-package", "restore-lost-package-stversions", "search"]
LOST_PACKAGE = ("restore-lost-package", "restore-lost-package-stversions")
VERSION_TAG = "~20261127-101010"
SEARCHED_WORD = "zebra"
CONFLICT_COPY = "TXT.sync-conflict-20261122-120303-AAAAAAA.rtf"
TEMPORARY_PREFIX = ".docbrowser-tmp-"
SHARE_DIRECTORY = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "share", "docbrowser")


def private_copy(binary, directory):
    """docbrowser and its archiver copied aside, so that a rebuild during a
    long campaign cannot swap the binary under a running trial."""
    for name in ("docbrowser", "docbrowser-archiver"):
        shutil.copy2(os.path.join(os.path.dirname(os.path.abspath(binary)), name), os.path.join(directory, name))
    return os.path.join(directory, "docbrowser")


def digest(path):
    """A file's or a tree's content, links as their targets, names relative."""
    h = hashlib.sha256()
    if os.path.islink(path):
        h.update(b"L" + os.readlink(path).encode("utf-8", "surrogateescape"))
    elif os.path.isdir(path):
        for root, dirs, files in os.walk(path):
            dirs.sort()
            for name in sorted(files + [d for d in dirs if os.path.islink(os.path.join(root, d))]):
                full = os.path.join(root, name)
                h.update(os.path.relpath(full, path).encode("utf-8", "surrogateescape") + b"\0")
                h.update(digest(full).encode())
            for name in dirs:
                h.update(os.path.relpath(os.path.join(root, name), path).encode("utf-8", "surrogateescape") + b"/\0")
    else:
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
    return h.hexdigest()


class Trial:
    def __init__(self, binary, operation, cross_filesystem, archive):
        self.binary = binary
        self.operation = operation
        self.root = tempfile.mkdtemp(prefix="docbrowser-campaign-")
        self.home = os.path.join(self.root, "home")
        self.user = os.path.join(self.root, "user")
        self.local = os.path.join(self.home, "Documents")
        if cross_filesystem:
            self.container = os.path.join("/dev/shm", "docbrowser-campaign-" + uuid.uuid4().hex)
        else:
            self.container = os.path.join(self.home, "Cloud")
        self.cloud = os.path.join(self.container, "Documents")
        self.trash = os.path.join(self.user, ".local/share/Trash")
        self.archive = archive
        self.environment = dict(os.environ, HOME=self.user, XDG_DATA_HOME=os.path.join(self.user, ".local/share"), NO_COLOR="1")
        self.environment.pop("DOCBROWSER_HOME", None)
        self.environment["DOCBROWSER_SHARE_DIR"] = SHARE_DIRECTORY

    def run(self, *arguments, kill_after=None):
        command = [self.binary, "--home", self.home, *arguments]
        process = subprocess.Popen(command, env=self.environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            _, error = process.communicate(timeout=kill_after)
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGKILL)
            process.communicate()
            return 137, b""
        return process.returncode, error

    def prepare(self):
        os.makedirs(self.local)
        os.makedirs(self.cloud)
        self.must("config", "set", "cloud.container", self.container)
        with open(os.path.join(self.local, "Note.txt"), "w") as f:
            f.write("a note\n")
        with open(os.path.join(self.local, "Big.bin"), "wb") as f:
            f.write(os.urandom(6 << 20))
        package = os.path.join(self.local, "Letter.rtfd")
        os.makedirs(os.path.join(package, "Attachments"))
        with open(os.path.join(package, "TXT.rtf"), "w") as f:
            f.write("{\\rtf1 letter}")
        for i in range(60):
            with open(os.path.join(package, "Attachments", f"part-{i}"), "wb") as f:
                f.write(os.urandom(16384))
        os.symlink("TXT.rtf", os.path.join(package, "link"))
        with open(os.path.join(self.cloud, "Remote.txt"), "w") as f:
            f.write("from another device\n")
        manifest = os.path.join(self.root, "true.json")
        with open(manifest, "w") as f:
            json.dump({"CFBundleIdentifier": "org.example.true", "CFBundleExecutable": "/bin/true",
                       "CFBundleDocumentTypes": [{"LSItemContentTypes": ["public.data", "com.apple.rtfd"], "CFBundleTypeRole": "Viewer"}]}, f)
        self.must("handlers", "register", manifest)
        if self.operation == "resolve":
            # Another device's edit of the letter, left by Syncthing inside it.
            with open(os.path.join(package, CONFLICT_COPY), "w") as f:
                f.write("{\\rtf1 their letter}")
        if self.operation == "restore":
            self.must("delete", "Big.bin", "Letter.rtfd", "Note.txt")
        if self.operation in ("move-folder", "copy-folder"):
            # A folder is judged whole, by the digest of everything in it.
            drafts = os.path.join(self.local, "Work", "Drafts")
            os.makedirs(drafts)
            for name in ("Big.bin", "Letter.rtfd"):
                os.rename(os.path.join(self.local, name), os.path.join(drafts, name))
            os.rename(os.path.join(self.local, "Note.txt"), os.path.join(self.local, "Work", "Note.txt"))
        if self.operation == "inbox-accept":
            self.must("open-in", "Letter.rtfd", "--to", "org.example.true")
            self.must("open-in", "Big.bin", "--to", "org.example.true")
        if self.operation in LOST_PACKAGE:
            self.lose_package(from_versions=self.operation.endswith("stversions"))
        if self.operation == "search":
            self.write_searched_documents()

    def lose_package(self, from_versions):
        """A cloud Deck.key of 16 files that sync took down to one edited
        file (issue 42), its whole version in the Trash (deleted with
        docbrowser) or in Syncthing's .stversions (deleted by Syncthing)."""
        # The package is written just now, and acted on at once.
        self.must("config", "set", "cloud.quiet-seconds", "0")
        deck = os.path.join(self.cloud, "Deck.key")
        os.makedirs(os.path.join(deck, "Data"))
        os.makedirs(os.path.join(deck, "Index"))
        for i in range(1, 17):
            with open(os.path.join(deck, "Data", f"part-{i}"), "wb") as f:
                f.write(os.urandom(200000))
        self.must("list", "--cloud")
        self.whole = digest(deck)
        if from_versions:
            with open(os.path.join(self.container, ".stfolder"), "w"):
                pass
            kept = os.path.join(self.container, ".stversions", "Documents", "Deck.key", "Data")
            os.makedirs(kept)
            for i in range(2, 17):
                os.rename(os.path.join(deck, "Data", f"part-{i}"), os.path.join(kept, f"part-{i}{VERSION_TAG}"))
            self.kept = digest(os.path.join(self.container, ".stversions"))
        else:
            self.must("delete", "cloud:Deck.key")
            os.makedirs(os.path.join(deck, "Data"))
        with open(os.path.join(deck, "Data", "part-1"), "w") as f:
            f.write("edited")
        self.remnant = digest(deck)
        if from_versions:
            # Restored from .stversions, the remnant's files stay and
            # Syncthing's versions fill in the rest.
            merged = os.path.join(self.root, "expected", "Deck.key")
            shutil.copytree(deck, merged, symlinks=True)
            for name in os.listdir(kept):
                shutil.copy2(os.path.join(kept, name), os.path.join(merged, "Data", name.replace(VERSION_TAG, "")))
            self.whole = digest(merged)

    def write_searched_documents(self):
        """Enough text that indexing it takes a while; every seventh
        document holds the searched word. Their dates are old, so that
        none counts as still being written."""
        self.searched = set()
        filler = " ".join(f"word{i % 997}" for i in range(3000))
        for i in range(240):
            name = f"doc-{i}.txt"
            path = os.path.join(self.local, name)
            with open(path, "w") as f:
                f.write(f"document {i}\n{filler}\n" + (f"the {SEARCHED_WORD} is here\n" if i % 7 == 0 else ""))
            os.utime(path, (1_600_000_000, 1_600_000_000))
            if i % 7 == 0:
                self.searched.add("local:" + name)

    def must(self, *arguments):
        status, error = self.run(*arguments)
        if status != 0:
            raise RuntimeError(f"setup: docbrowser {' '.join(arguments)}: exit {status}: {error.decode(errors='replace')}")

    def command(self):
        return {
            "move": ["move", "Big.bin", "Letter.rtfd", "Note.txt", "--to", "cloud"],
            "storage": ["storage", "cloud"],
            "delete": ["delete", "Big.bin", "Letter.rtfd", "Note.txt"],
            "import": ["import", self.archive, "--to", "cloud"],
            "export": ["export", "Letter.rtfd", "Big.bin", "-o", os.path.join(self.root, "out.zip")],
            "open-in": ["open-in", "Letter.rtfd", "--to", "org.example.true"],
            "inbox-accept": ["inbox", "--app", "org.example.true", "--accept"],
            "rename": ["rename", "Letter.rtfd", "Memo"],
            "resolve": ["resolve", "Letter.rtfd", "--keep", "1"],
            # Into the cloud: across file systems in half the trials.
            "restore": ["trash", "restore", "Big.bin", "Letter.rtfd", "Note.txt", "--to", self.cloud],
            "copy": ["copy", "Big.bin", "Letter.rtfd", "Note.txt", "--to", "cloud"],
            "duplicate": ["duplicate", "Big.bin", "Letter.rtfd", "Note.txt"],
            "move-folder": ["move", "Work", "--to", "cloud"],
            "copy-folder": ["copy", "Work", "--to", "cloud"],
            "restore-lost-package": ["resolve", "cloud:Deck.key", "--keep", "1"],
            "restore-lost-package-stversions": ["resolve", "cloud:Deck.key", "--keep", "1"],
            "search": ["search", SEARCHED_WORD],
        }[self.operation]

    def resolved(self):
        """What a finished resolve makes of the letter: the other device's
        file in its place, and no copy; of a lost package, the package
        whole again; nothing for other operations."""
        if self.operation in LOST_PACKAGE:
            return {self.whole}
        if self.operation != "resolve":
            return set()
        staged = os.path.join(self.root, "expected", "Letter.rtfd")
        shutil.copytree(os.path.join(self.local, "Letter.rtfd"), staged, symlinks=True)
        os.replace(os.path.join(staged, CONFLICT_COPY), os.path.join(staged, "TXT.rtf"))
        return {digest(staged)}

    def places(self):
        """Where a document may be after any operation."""
        containers = os.path.join(self.home, "Containers")
        places = [self.local, self.cloud, os.path.join(self.trash, "files")]
        if os.path.isdir(containers):
            for app in os.listdir(containers):
                documents = os.path.join(containers, app, "Documents")
                places += [documents, os.path.join(documents, "Inbox")]
        return places

    def visible(self):
        items = {}
        for place in self.places():
            if not os.path.isdir(place):
                continue
            for name in os.listdir(place):
                full = os.path.join(place, name)
                if name.startswith(".") or (name == "Inbox" and os.path.isdir(full)):
                    continue
                items[full] = digest(full)
        return items

    def leftovers(self):
        journaled, unjournaled = [], []
        directories = self.places() + [self.trash, os.path.join(self.home, "tmp")]
        for directory in directories:
            if not os.path.isdir(directory):
                continue
            for name in os.listdir(directory):
                if name.startswith(TEMPORARY_PREFIX):
                    rest = name[len(TEMPORARY_PREFIX):]
                    (journaled if "." in rest else unjournaled).append(os.path.join(directory, name))
        # A .trashinfo without its item, or an item without one: a restore
        # or a deletion cut in half that recovery did not settle.
        files, info = os.path.join(self.trash, "files"), os.path.join(self.trash, "info")
        trashed = set(os.listdir(files)) if os.path.isdir(files) else set()
        described = {n[:-len(".trashinfo")] for n in os.listdir(info)} if os.path.isdir(info) else set()
        journaled += [os.path.join(self.trash, n) for n in sorted(trashed ^ described) if not n.startswith(".")]
        journal = os.path.join(self.home, "Library", "Journal")
        if os.path.isdir(journal):
            journaled += [os.path.join(journal, n) for n in os.listdir(journal)]
        return journaled, unjournaled

    def doubled(self, after):
        """A lost package's versions not whole exactly once: the remnant,
        and the whole package (from .stversions, either restored or still
        kept there, untouched)."""
        if self.operation not in LOST_PACKAGE:
            return []
        found = list(after.values())
        problems = []
        if found.count(self.remnant) != 1:
            problems.append(f"the remnant is whole {found.count(self.remnant)} times")
        if self.operation.endswith("stversions"):
            kept = os.path.join(self.container, ".stversions")
            if found.count(self.whole) > 1 or (found.count(self.whole) == 0 and not (os.path.isdir(kept) and digest(kept) == self.kept)):
                problems.append(f"the whole package is restored {found.count(self.whole)} times, and Syncthing's versions are "
                                + ("intact" if os.path.isdir(kept) and digest(kept) == self.kept else "changed"))
        elif found.count(self.whole) != 1:
            problems.append(f"the whole package is whole {found.count(self.whole)} times")
        return problems

    def wrong_answers(self):
        """After a killed search, the next two: each must find exactly the
        documents holding the word, their words read."""
        if self.operation != "search":
            return []
        problems = []
        for attempt in ("first", "second"):
            command = [self.binary, "--home", self.home, "search", SEARCHED_WORD, "--json", "--limit", "1000"]
            result = subprocess.run(command, env=self.environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            try:
                answer = json.loads(result.stdout)
                found = {hit["document"] for hit in answer["hits"] if hit.get("extraction") == "text"}
            except (ValueError, KeyError, TypeError):
                problems.append(f"{attempt} search after the kill: exit {result.returncode}: {result.stderr.decode(errors='replace')[:300]}")
                continue
            if result.returncode != 0 or found != self.searched or answer.get("count") != len(self.searched):
                problems.append(f"{attempt} search after the kill found {answer.get('count')}: "
                                f"missing {sorted(self.searched - found)[:5]}, extra {sorted(found - self.searched)[:5]}")
        return problems

    def cleanup(self):
        shutil.rmtree(self.root, ignore_errors=True)
        if self.container.startswith("/dev/shm/"):
            shutil.rmtree(self.container, ignore_errors=True)


def make_archive(directory):
    """The archive every import trial brings in: a file and a package."""
    path = os.path.join(directory, "incoming.zip")
    items = {}
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("Imported.txt", "imported\n")
        for i in range(40):
            z.writestr(f"Pkg.rtfd/part-{i}", os.urandom(32768))
        z.writestr("Pkg.rtfd/TXT.rtf", "{\\rtf1 pkg}")
    extracted = os.path.join(directory, "extracted")
    with zipfile.ZipFile(path) as z:
        z.extractall(extracted)
    for name in os.listdir(extracted):
        items[name] = digest(os.path.join(extracted, name))
    return path, items


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docbrowser", required=True)
    parser.add_argument("--trials", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--keep-failures", default=None, help="copy the root of each failed trial here")
    parser.add_argument("--operations", default=",".join(OPERATIONS), help="the operations to kill, by turns (default: all)")
    options = parser.parse_args()
    operations = options.operations.split(",")
    if not set(operations) <= set(OPERATIONS):
        parser.error("unknown operations: %s (known: %s)" % (", ".join(sorted(set(operations) - set(OPERATIONS))), ", ".join(OPERATIONS)))
    rng = random.Random(options.seed)
    work = tempfile.mkdtemp(prefix="docbrowser-campaign-archive-")
    options.docbrowser = private_copy(options.docbrowser, work)
    archive, archive_items = make_archive(work)
    ceilings = {operation: 0.3 for operation in operations}
    totals = {"trials": 0, "landed": 0, "lost": 0, "damaged": 0, "litter": 0, "swept-later": 0, "doubled": 0, "wrong": 0}
    per_operation = {operation: [0, 0] for operation in operations}
    failures = []
    for index in range(options.trials):
        operation = operations[index % len(operations)]
        # A lost package stays on its file system: across one, its Trash is
        # the volume's own (/dev/shm/.Trash-UID), shared by every trial.
        cross_filesystem = rng.random() < 0.5 and operation not in LOST_PACKAGE
        trial = Trial(options.docbrowser, operation, cross_filesystem=cross_filesystem, archive=archive)
        try:
            trial.prepare()
            before = trial.visible()
            originals = set(before.values())
            known = originals | set(archive_items.values()) | trial.resolved()
            delay = rng.uniform(0.003, max(0.004, ceilings[operation]))
            status, _ = trial.run(*trial.command(), kill_after=delay)
            landed = status == 137
            ceilings[operation] = min(2.0, ceilings[operation] * 1.15) if landed else delay * 0.75
            # The next ordinary command recovers what the kill cut off.
            trial.run("list")
            after = trial.visible()
            present = set(after.values())
            lost = sorted(originals - present)
            damaged = sorted(path for path, value in after.items() if value not in known)
            journaled, unjournaled = trial.leftovers()
            doubled = trial.doubled(after)
            wrong = trial.wrong_answers()
            totals["trials"] += 1
            totals["landed"] += landed
            totals["lost"] += len(lost)
            totals["damaged"] += len(damaged)
            totals["litter"] += len(journaled)
            totals["swept-later"] += len(unjournaled)
            totals["doubled"] += bool(doubled)
            totals["wrong"] += bool(wrong)
            per_operation[operation][0] += 1
            per_operation[operation][1] += landed
            if lost or damaged or journaled or doubled or wrong:
                failures.append(f"trial {index} ({operation}, killed after {delay:.3f}s, exit {status}): "
                                f"lost {len(lost)}, damaged {damaged}, litter {journaled}, doubled {doubled}, wrong {wrong}")
                if options.keep_failures:
                    shutil.copytree(trial.root, os.path.join(options.keep_failures, f"trial-{index}"), symlinks=True)
        finally:
            trial.cleanup()
    shutil.rmtree(work, ignore_errors=True)
    for line in failures[:20]:
        print(line)
    print("operation      trials  killed mid-operation")
    for operation, (trials, landed) in per_operation.items():
        print(f"{operation:<14} {trials:>6}  {landed:>6}")
    print(f"crash campaign: {totals['trials']} trials, {totals['landed']} killed mid-operation, "
          f"{totals['lost']} lost, {totals['damaged']} damaged, {totals['litter']} litter, "
          f"{totals['doubled']} doubled, {totals['wrong']} wrong answers "
          f"({totals['swept-later']} hidden unjournaled temporaries left for the hourly sweep)")
    failed = totals["lost"] or totals["damaged"] or totals["litter"] or totals["doubled"] or totals["wrong"]
    return 1 if failed or totals["trials"] < options.trials else 0


if __name__ == "__main__":
    sys.exit(main())
