#!/usr/bin/env python3
"""kill -9 campaign: SPEC §3's "no data loss on any path", measured.

Runs docbrowser in fresh homes and kills it with SIGKILL at a random instant
of move, storage, delete, import, export, open-in, inbox --accept, rename, resolve, trash
restore, copy and duplicate, and of moving and copying a folder that holds
a folder, a package and a large file, with half the trials moving across file systems (the cloud container on
/dev/shm). After each kill one ordinary command runs (its recovery finishes or
undoes what was cut off), then the trial is judged by content, whatever names
things end up under:

  lost     a document that existed before is whole nowhere: not in either
           Documents folder, the Trash, an app's container, nor (for import)
           is an imported item half there;
  damaged  a visible item whose content is no version that ever existed;
  litter   after the recovery command, a journal, a journaled temporary
           (.docbrowser-tmp-ID.ROLE) or an import staging folder remains.

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
              "move-folder", "copy-folder"]
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
        }[self.operation]

    def resolved(self):
        """What a finished resolve makes of the letter: the other device's
        file in its place, and no copy; nothing for other operations."""
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
    options = parser.parse_args()
    rng = random.Random(options.seed)
    work = tempfile.mkdtemp(prefix="docbrowser-campaign-archive-")
    options.docbrowser = private_copy(options.docbrowser, work)
    archive, archive_items = make_archive(work)
    ceilings = {operation: 0.3 for operation in OPERATIONS}
    totals = {"trials": 0, "landed": 0, "lost": 0, "damaged": 0, "litter": 0, "swept-later": 0}
    per_operation = {operation: [0, 0] for operation in OPERATIONS}
    failures = []
    for index in range(options.trials):
        operation = OPERATIONS[index % len(OPERATIONS)]
        trial = Trial(options.docbrowser, operation, cross_filesystem=rng.random() < 0.5, archive=archive)
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
            totals["trials"] += 1
            totals["landed"] += landed
            totals["lost"] += len(lost)
            totals["damaged"] += len(damaged)
            totals["litter"] += len(journaled)
            totals["swept-later"] += len(unjournaled)
            per_operation[operation][0] += 1
            per_operation[operation][1] += landed
            if lost or damaged or journaled:
                failures.append(f"trial {index} ({operation}, killed after {delay:.3f}s, exit {status}): "
                                f"lost {len(lost)}, damaged {damaged}, litter {journaled}")
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
          f"{totals['lost']} lost, {totals['damaged']} damaged, {totals['litter']} litter "
          f"({totals['swept-later']} hidden unjournaled temporaries left for the hourly sweep)")
    return 1 if totals["lost"] or totals["damaged"] or totals["litter"] or totals["trials"] < options.trials else 0


if __name__ == "__main__":
    sys.exit(main())
