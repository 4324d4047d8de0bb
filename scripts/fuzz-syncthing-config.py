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

import json
import os
import random
import sys
import tempfile
import time

import process_fuzzing

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
    verdicts, status, stdout, stderr = process_fuzzing.run([adapter, "sync-status", "--folder", documents], environment, timeout)
    details = []
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
    arguments = process_fuzzing.arguments(__doc__, "adapter", "docbrowser-syncthing")
    adapter = arguments.adapter
    seed = arguments.seed
    rng = random.Random(seed)
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
                process_fuzzing.save(arguments.out, runs, kind, ".xml", data, verdicts, status, stdout, stderr, details)
    print("syncthing config.xml: %d runs, %d crashes, %d hangs, %d protocol errors, %d unfit reasons" % (
        runs, counts["crash"], counts["hang"], counts["protocol"], counts["speech"]), flush=True)
    return 1 if any(counts.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
