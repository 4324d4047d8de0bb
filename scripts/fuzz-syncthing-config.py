#!/usr/bin/env python3
"""A bounded mutation fuzzer for the Syncthing adapter's config.xml reader.

The reader lives in the docbrowser-syncthing executable, so the adapter
process itself is run, once per mutant, in a sandbox of its own:

    SANDBOX/state/syncthing/config.xml   the mutant (XDG_STATE_HOME=SANDBOX/state)
    SANDBOX/Documents/.stfolder          makes Documents a Syncthing folder

and asked `sync-status --folder SANDBOX/Documents`. The seeds point the GUI
at 127.0.0.1:1, where nothing listens, so a configuration that reads well
ends in "not running" rather than in a request to whoever listens.

docs/PLUGIN-PROTOCOL.md §10 promises one `result` event on stdout and exit
status 0, whatever keeps the adapter from asking (a configuration it cannot
read included). A run is flagged when the adapter
  - crashes: killed by a signal, or "Fatal error" / a backtrace on stderr;
  - hangs: still running after --timeout seconds;
  - breaks the protocol: exit status other than 0, stdout not exactly one
    JSON `result` line, or "no engine" without a reason;
  - speaks badly: a reason that spans lines or holds control characters
    (docbrowser shows it on a terminal).

Flagged inputs are saved in --out with the adapter's output beside them.
Python 3 standard library only. Exits 1 when anything was flagged.

    scripts/fuzz-syncthing-config.py --adapter .build/debug/docbrowser-syncthing --seconds 60 --out /tmp/fuzz-out
"""

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

CONFIG = """<configuration version="37">
    <folder id="default" label="Default Folder" path="{folder}" type="sendreceive">
        <device id="AAAAAAA-BBBBBBB-CCCCCCC-DDDDDDD-EEEEEEE-FFFFFFF-GGGGGGG-HHHHHHH"></device>
        <versioning type="staggered"><param key="maxAge" val="31536000"></param></versioning>
    </folder>
    <gui enabled="true" tls="{tls}" debugging="false">
        <address>{address}</address>
        <apikey>{key}</apikey>
        <theme>default</theme>
    </gui>
    <options><listenAddress>default</listenAddress></options>
</configuration>
"""


def seeds(folder):
    def config(address="127.0.0.1:1", tls="false", key="abcDEF123-_xyz"):
        return CONFIG.format(folder=folder, address=address, tls=tls, key=key).encode()
    laughs = b'<?xml version="1.0"?>\n<!DOCTYPE configuration [<!ENTITY a "aaaaaaaaaa">' + b"".join(
        b'<!ENTITY %c "&%c;&%c;&%c;&%c;&%c;&%c;&%c;&%c;&%c;&%c;">' % ((98 + i,) + (97 + i,) * 10) for i in range(8)) + \
        b']>\n<configuration><gui><address>127.0.0.1:1</address><apikey>&i;</apikey></gui></configuration>\n'
    return {
        "plain": config(),
        "tls": config(tls="true"),
        "https": config(address="https://localhost:1/"),
        "ipv6": config(address="[::1]:1"),
        "every-interface": config(address="0.0.0.0:1"),
        "elsewhere": config(address="192.0.2.7:8384"),
        "socket": config(address="unix:///run/syncthing.sock"),
        "no-key": config(key=""),
        "bad-key": config(key="key with spaces\r\nX-Injected: 1"),
        "deep": b"<configuration>" + b"<gui>" * 100 + b"</gui>" * 100 + b"</configuration>",
        "laughs": laughs,
        "external-entity": b'<?xml version="1.0"?>\n<!DOCTYPE c [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
                           b"<configuration><gui><address>127.0.0.1:1</address><apikey>&x;</apikey></gui></configuration>\n",
        "not-xml": b"\x00\xff\xfe garbage <<<",
    }


INTERESTING = [b"127.0.0.1:0", b"127.0.0.1:65536", b"127.0.0.1:-1", b"[::1]", b"[::1", b"localhost:99999999999999999999",
               b"http://", b"https://[", b"::1:1", b"\xc3\x28", b"&#0;", b"&#x1b;[31m", b"<![CDATA[127.0.0.1:1]]>",
               b"<!-- -->", b"</gui><gui>", b"<address>", b"</apikey>", b"\x00", b"\xef\xbb\xbf", b"\xff\xfe"]


def mutate(data, pool, rng):
    data = bytearray(data)
    for _ in range(rng.choice([1, 1, 2, 3, 6])):
        if not data:
            data = bytearray(rng.choice(pool))
        choice = rng.randrange(6)
        index = rng.randrange(len(data))
        if choice == 0:
            data[index] ^= 1 << rng.randrange(8)
        elif choice == 1:
            data[index:index] = rng.choice(INTERESTING)
        elif choice == 2:
            # Replace an element's text or an attribute's value.
            start = data.find(b">", index)
            end = data.find(b"<", start + 1) if start >= 0 else -1
            if 0 <= start < end:
                data[start + 1:end] = rng.choice(INTERESTING)
        elif choice == 3:
            donor = rng.choice(pool)
            begin = rng.randrange(len(donor))
            data[index:index] = donor[begin:begin + rng.randint(1, 200)]
        elif choice == 4:
            del data[index:index + rng.randint(1, 64)]
        else:
            chunk = data[index:index + rng.randint(1, 256)]
            data[index:index] = chunk * rng.randint(1, 8)
    return bytes(data)


def run_one(adapter, data, sandbox, timeout):
    documents = os.path.join(sandbox, "Documents")
    config = os.path.join(sandbox, "state", "syncthing", "config.xml")
    with open(config, "wb") as file:
        file.write(data)
    environment = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": os.path.join(sandbox, "home"),
                   "XDG_STATE_HOME": os.path.join(sandbox, "state"), "XDG_CONFIG_HOME": os.path.join(sandbox, "config")}
    process = subprocess.Popen([adapter, "sync-status", "--folder", documents], stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment, start_new_session=True)
    verdicts, details = [], []
    try:
        stdout, stderr = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        stdout, stderr = process.communicate()
        verdicts.append("hang")
    status = process.returncode
    text = stderr.decode("utf-8", "replace")
    if "hang" not in verdicts and (status < 0 or status in (132, 134, 139) or "Fatal error" in text or "backtrace" in text.lower()):
        verdicts.append("crash")
    if not verdicts:
        lines = stdout.decode("utf-8", "replace").splitlines()
        try:
            answer = json.loads(lines[0]) if len(lines) == 1 else None
        except ValueError:
            answer = None
        if status != 0 or not isinstance(answer, dict) or answer.get("event") != "result" or "engine" not in answer:
            details.append("exit %d, stdout %r" % (status, stdout[:300]))
            verdicts.append("protocol")
        elif answer["engine"] is None:
            reason = answer.get("reason")
            if not isinstance(reason, str) or not reason:
                details.append("no engine, and no reason: %r" % answer)
                verdicts.append("protocol")
            elif any(ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0 for c in reason):
                details.append("a reason with control characters: %r" % reason[:300])
                verdicts.append("speech")
    return verdicts, status, stdout, stderr, details


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--adapter", required=True, help="the docbrowser-syncthing executable")
    parser.add_argument("--seconds", type=float, required=True, help="how long to fuzz")
    parser.add_argument("--out", required=True, help="where flagged inputs are saved")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds one run may take (default 20)")
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: from the clock)")
    arguments = parser.parse_args()

    adapter = os.path.abspath(arguments.adapter)
    if not os.access(adapter, os.X_OK):
        parser.error("%s is not executable" % adapter)
    seed = arguments.seed if arguments.seed is not None else int(time.time())
    rng = random.Random(seed)
    os.makedirs(arguments.out, exist_ok=True)
    counts = {"crash": 0, "hang": 0, "protocol": 0, "speech": 0}
    runs = 0
    print("seed %d" % seed, flush=True)
    with tempfile.TemporaryDirectory(prefix="docbrowser-fuzz-syncthing-") as sandbox:
        for folder in ("Documents", "state/syncthing", "home", "config"):
            os.makedirs(os.path.join(sandbox, folder))
        open(os.path.join(sandbox, "Documents", ".stfolder"), "w").close()
        corpus = seeds(os.path.join(sandbox, "Documents"))
        names = sorted(corpus)
        pool = list(corpus.values())
        deadline = time.monotonic() + arguments.seconds
        while time.monotonic() < deadline:
            kind = names[runs] if runs < len(names) else rng.choice(names)
            data = corpus[kind] if runs < len(names) else mutate(corpus[kind], pool, rng)
            verdicts, status, stdout, stderr, details = run_one(adapter, data, sandbox, arguments.timeout)
            runs += 1
            for verdict in sorted(set(verdicts)):
                counts[verdict] += 1
            if verdicts:
                stem = os.path.join(arguments.out, "%s-%d-%s" % ("-".join(sorted(set(verdicts))), runs, kind))
                with open(stem + ".xml", "wb") as file:
                    file.write(data)
                with open(stem + ".txt", "w") as file:
                    file.write("seed kind: %s\nexit status: %s\n%s\n--- stdout\n%s\n--- stderr\n%s\n" % (
                        kind, status, "\n".join(details), stdout.decode("utf-8", "replace")[-4000:], stderr.decode("utf-8", "replace")[-4000:]))
                print("%s: %s (exit %s) %s" % (stem + ".xml", ", ".join(sorted(set(verdicts))), status, "; ".join(details)), flush=True)
    print("syncthing config.xml: %d runs, %d crashes, %d hangs, %d protocol errors, %d unfit reasons" % (
        runs, counts["crash"], counts["hang"], counts["protocol"], counts["speech"]), flush=True)
    return 1 if any(counts.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
