#!/usr/bin/env python3
"""A bounded mutation fuzzer for the archiver plugin's extract process.

It builds small seed archives (zip, tar in three dialects, tar.gz, cpio,
and 7z when bsdtar writes it), mutates their bytes, and runs
`docbrowser-archiver extract` on each mutant in a sandbox of its own:

    SANDBOX/input.bin   the mutant
    SANDBOX/staging/    where the archiver may write
    SANDBOX/canary/     must stay as it was

A run is flagged when the archiver
  - crashes: killed by a signal, exit status 132, 134 or 139, or
    "Fatal error" / "backtrace" on stderr;
  - hangs: still running after --timeout seconds;
  - escapes: anything in the sandbox besides staging/ changed, or
    staging/ holds a symbolic link that resolves outside it;
  - leaves something behind: it refused, yet staging/ is not empty;
  - breaks the protocol: a stdout line that is not a JSON event, success
    without a result event, or more than one stderr line on failure.

Flagged inputs are saved in --out with the archiver's output beside them.
Python 3 standard library only. Exits 1 when anything was flagged.

    scripts/fuzz-archives.py --archiver .build/debug/docbrowser-archiver --seconds 180 --out /tmp/fuzz-out
"""

import hashlib
import io
import json
import os
import random
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile

import process_fuzzing


def seed_tree():
    """Entries every seed carries: files, a directory, links in and out."""
    return [
        ("dir", "Doc.pages", None),
        ("file", "Doc.pages/index.xml", b"<doc>hello</doc>\n" * 20),
        ("file", "Doc.pages/Data/blob.bin", bytes(range(256)) * 8),
        ("file", "Doc.pages/zeros", bytes(4096)),
        ("symlink", "Doc.pages/current", "index.xml"),
        ("hardlink", "Doc.pages/same", "Doc.pages/index.xml"),
        ("file", "Caf\u00e9 \u2013 notes.txt", "caf\u00e9\n".encode()),
        ("file", "d/" * 12 + "deep.txt", b"deep\n"),
    ]


def make_zip(stored):
    buffer = io.BytesIO()
    method = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
    with zipfile.ZipFile(buffer, "w", method) as archive:
        for kind, name, data in seed_tree():
            if kind == "dir":
                archive.writestr(name + "/", b"")
            elif kind == "file":
                archive.writestr(name, data)
            elif kind == "symlink":
                info = zipfile.ZipInfo(name)
                info.create_system = 3
                info.external_attr = 0o120777 << 16
                archive.writestr(info, data)
    return buffer.getvalue()


def make_tar(dialect, compression=""):
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w" + (":" + compression if compression else ""), format=dialect) as archive:
        for kind, name, data in seed_tree():
            info = tarfile.TarInfo(name)
            info.mtime = 1_600_000_000
            if kind == "dir":
                info.type = tarfile.DIRTYPE
                info.mode = 0o755
                archive.addfile(info)
            elif kind == "file":
                info.size = len(data)
                archive.addfile(info, io.BytesIO(data))
            elif kind == "symlink":
                info.type = tarfile.SYMTYPE
                info.linkname = data
                archive.addfile(info)
            else:
                info.type = tarfile.LNKTYPE
                info.linkname = data
                archive.addfile(info)
        long = tarfile.TarInfo("long/" + "n" * 150 + "/file")
        long.size = 3
        archive.addfile(long, io.BytesIO(b"abc"))
    return buffer.getvalue()


def make_with_bsdtar(format_options, work):
    """cpio and 7z come from bsdtar, on a tree written to disk."""
    if shutil.which("bsdtar") is None:
        return None
    tree = os.path.join(work, "tree")
    if not os.path.isdir(tree):
        os.makedirs(tree)
        for kind, name, data in seed_tree():
            path = os.path.join(tree, name)
            os.makedirs(os.path.dirname(path) or tree, exist_ok=True)
            if kind == "dir":
                os.makedirs(path, exist_ok=True)
            elif kind == "file":
                with open(path, "wb") as file:
                    file.write(data)
            elif kind == "symlink":
                os.symlink(data, path)
            else:
                os.link(os.path.join(tree, data), path)
    output = os.path.join(work, "seed.out")
    if os.path.exists(output):
        os.unlink(output)
    result = subprocess.run(["bsdtar", "-cf", output] + format_options + ["-C", tree, "."],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if result.returncode != 0:
        return None
    with open(output, "rb") as file:
        return file.read()


def build_seeds(work):
    seeds = {
        "zip": make_zip(stored=False),
        "stored.zip": make_zip(stored=True),
        "ustar.tar": make_tar(tarfile.USTAR_FORMAT),
        "gnu.tar": make_tar(tarfile.GNU_FORMAT),
        "pax.tar": make_tar(tarfile.PAX_FORMAT),
        "tar.gz": make_tar(tarfile.PAX_FORMAT, "gz"),
    }
    for name, options in [("cpio", ["--format", "newc"]), ("7z", ["--format", "7zip"])]:
        data = make_with_bsdtar(options, work)
        if data:
            seeds[name] = data
    return seeds


INTERESTING16 = [0, 1, 0x7F, 0x80, 0xFF, 0x100, 0x7FFF, 0x8000, 0xFFFF]
INTERESTING32 = [0, 1, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFE, 0xFFFFFFFF, 0x10000, 1 << 20]


def field_offsets(data):
    """Places worth tweaking: just after the zip, 7z and gzip signatures,
    and the numeric fields of tar headers."""
    places = []
    for signature in (b"PK\x03\x04", b"PK\x01\x02", b"PK\x05\x06", b"PK\x06\x06", b"PK\x06\x07", b"7z\xbc\xaf", b"\x1f\x8b", b"070701"):
        start = 0
        while len(places) < 512:
            index = data.find(signature, start)
            if index < 0:
                break
            places.extend(range(index + len(signature), min(index + 48, len(data))))
            start = index + 1
    for block in range(0, min(len(data), 1 << 16), 512):
        if data[block + 257:block + 262] == b"ustar":
            places.extend(block + offset for offset in (100, 108, 116, 124, 136, 148, 156, 345))
    return places


def mutate(data, seeds, rng):
    data = bytearray(data)
    for _ in range(rng.choice([1, 1, 1, 2, 3, 8])):
        if not data:
            data = bytearray(rng.choice(list(seeds.values())))
        choice = rng.randrange(7)
        if choice == 0:
            for _ in range(rng.randint(1, 8)):
                index = rng.randrange(len(data))
                data[index] ^= 1 << rng.randrange(8)
        elif choice == 1:
            index = rng.randrange(len(data))
            data[index] = rng.choice([0, 0xFF, 0x7F, 0x80, ord("/"), ord("."), rng.randrange(256)])
        elif choice == 2:
            places = field_offsets(bytes(data))
            index = rng.choice(places) if places else rng.randrange(len(data))
            if rng.random() < 0.5:
                value = rng.choice(INTERESTING16).to_bytes(2, "little")
            else:
                value = rng.choice(INTERESTING32).to_bytes(4, "little")
            if rng.random() < 0.2:
                value = rng.choice([b"77777777777", b"00000000000", b"-1", b"\x80\x00\x00\x00\x00\x00\x00\x01", b"../../../x\x00", b"/tmp/x\x00"])
            data[index:index + len(value)] = value
        elif choice == 3:
            donor = rng.choice(list(seeds.values()))
            start = rng.randrange(len(donor))
            chunk = donor[start:start + rng.randint(1, 256)]
            index = rng.randrange(len(data) + 1)
            if rng.random() < 0.5:
                data[index:index + len(chunk)] = chunk
            else:
                data[index:index] = chunk
        elif choice == 4:
            cut = rng.randrange(len(data))
            data = data[:cut]
        elif choice == 5:
            start = rng.randrange(len(data))
            del data[start:start + rng.randint(1, 64)]
        else:
            start = rng.randrange(len(data))
            chunk = data[start:start + rng.randint(1, 512)]
            data[start:start] = chunk * rng.randint(1, 4)
    return bytes(data)


def snapshot(directory):
    """Every path below `directory`, with type and content digest."""
    result = {}
    for root, directories, files in os.walk(directory):
        for name in directories + files:
            path = os.path.join(root, name)
            relative = os.path.relpath(path, directory)
            status = os.lstat(path)
            if os.path.islink(path):
                result[relative] = "link:" + os.readlink(path)
            elif os.path.isdir(path):
                result[relative] = "dir"
            else:
                try:
                    with open(path, "rb") as file:
                        result[relative] = "file:" + hashlib.sha256(file.read()).hexdigest()
                except OSError:
                    result[relative] = "file:%o" % status.st_mode
    return result


def escaping_links(staging):
    real_staging = os.path.realpath(staging)
    found = []
    for root, directories, files in os.walk(staging):
        for name in directories + files:
            path = os.path.join(root, name)
            if os.path.islink(path):
                resolved = os.path.realpath(path)
                if resolved != real_staging and not resolved.startswith(real_staging + os.sep):
                    found.append("%s -> %s" % (os.path.relpath(path, staging), os.readlink(path)))
    return found


def make_writable(directory):
    for root, directories, _ in os.walk(directory):
        for name in directories:
            path = os.path.join(root, name)
            if not os.path.islink(path):
                os.chmod(path, 0o700)


def run_one(archiver, data, sandbox, timeout):
    """Returns (verdicts, details) for one mutant."""
    input_path = os.path.join(sandbox, "input.bin")
    staging = os.path.join(sandbox, "staging")
    canary = os.path.join(sandbox, "canary")
    os.makedirs(staging)
    os.makedirs(os.path.join(canary, "sub"))
    with open(os.path.join(canary, "keep.txt"), "w") as file:
        file.write("canary\n")
    with open(input_path, "wb") as file:
        file.write(data)
    before = snapshot(sandbox)
    verdicts, status, stdout, stderr = process_fuzzing.run(
        [archiver, "extract", "--archive", input_path, "--staging", staging, "--max-bytes", str(64 << 20)],
        {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "DOCBROWSER_PLUGIN_PROTOCOL": "1"}, timeout, cwd=canary)
    text = stderr.decode("utf-8", "replace")
    after = snapshot(sandbox)
    outside_before = {k: v for k, v in before.items() if not k.startswith("staging" + os.sep)}
    outside_after = {k: v for k, v in after.items() if not k.startswith("staging" + os.sep)}
    details = []
    if outside_before != outside_after:
        changed = sorted(set(outside_before.items()) ^ set(outside_after.items()))
        details.append("outside staging changed: %r" % changed[:5])
        verdicts.append("escape")
    links = escaping_links(staging)
    if links:
        details.append("links leading out of staging: %r" % links[:5])
        verdicts.append("escape")
    if "hang" not in verdicts and "crash" not in verdicts:
        lines = stdout.decode("utf-8", "replace").splitlines()
        events = []
        for line in lines:
            try:
                event = json.loads(line)
            except ValueError:
                event = None
            if not isinstance(event, dict) or not isinstance(event.get("event"), str):
                details.append("not a JSON event on stdout: %r" % line[:200])
                verdicts.append("protocol")
                break
            events.append(event)
        if status == 0 and not any(event.get("event") == "result" for event in events):
            details.append("success without a result event")
            verdicts.append("protocol")
        if status != 0 and len(text.splitlines()) != 1:
            details.append("%d stderr lines on failure" % len(text.splitlines()))
            verdicts.append("protocol")
        if status != 0 and os.listdir(staging):
            details.append("refused (exit %d) but staging holds %r" % (status, sorted(os.listdir(staging))[:5]))
            verdicts.append("leftover")
    return verdicts, status, stdout, stderr, details


def main():
    arguments = process_fuzzing.arguments(__doc__, "archiver", "docbrowser-archiver")
    archiver = arguments.archiver
    seed = arguments.seed
    rng = random.Random(seed)
    counts = {"crash": 0, "hang": 0, "escape": 0, "leftover": 0, "protocol": 0}
    runs = 0
    print("seed %d" % seed, flush=True)
    with tempfile.TemporaryDirectory(prefix="docbrowser-fuzz-") as work:
        seeds = build_seeds(work)
        print("seeds: " + ", ".join("%s (%d bytes)" % (name, len(data)) for name, data in seeds.items()), flush=True)
        names = sorted(seeds)
        deadline = time.monotonic() + arguments.seconds
        while time.monotonic() < deadline:
            kind = rng.choice(names)
            data = seeds[kind] if runs < len(names) else mutate(seeds[kind], seeds, rng)
            if runs < len(names):
                kind = names[runs]
                data = seeds[kind]
            sandbox = tempfile.mkdtemp(prefix="run-", dir=work)
            try:
                verdicts, status, stdout, stderr, details = run_one(archiver, data, sandbox, arguments.timeout)
            finally:
                make_writable(sandbox)
                shutil.rmtree(sandbox, ignore_errors=True)
            runs += 1
            for verdict in sorted(set(verdicts)):
                counts[verdict] += 1
            if verdicts:
                process_fuzzing.save(arguments.out, runs, kind, ".bin", data, verdicts, status, stdout, stderr, details)
    print("archives: %d runs, %d crashes, %d hangs, %d escapes (%d leftovers, %d protocol errors)" % (
        runs, counts["crash"], counts["hang"], counts["escape"], counts["leftover"], counts["protocol"]), flush=True)
    return 1 if any(counts.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
