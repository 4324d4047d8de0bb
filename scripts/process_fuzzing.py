"""What the process fuzzers (fuzz-archives.py, fuzz-syncthing-config.py)
share: running one process on a mutant, bounded in time and watched for
a crash, the command line they take, and saving what they flag."""

import argparse
import os
import signal
import subprocess
import time


def arguments(description, program, what):
    """The options every process fuzzer takes; `program` names the executable's option."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--" + program, required=True, help="the %s executable" % what)
    parser.add_argument("--seconds", type=float, required=True, help="how long to fuzz")
    parser.add_argument("--out", required=True, help="where flagged inputs are saved")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds one run may take (default 20)")
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: from the clock)")
    options = parser.parse_args()
    executable = os.path.abspath(getattr(options, program))
    if not os.access(executable, os.X_OK):
        parser.error("%s is not executable" % executable)
    setattr(options, program, executable)
    if options.seed is None:
        options.seed = int(time.time())
    os.makedirs(options.out, exist_ok=True)
    return options


def run(command, environment, timeout, cwd=None):
    """Runs `command` in a process group of its own; returns (verdicts,
    status, stdout, stderr), the verdicts "hang" past `timeout` (the group
    is killed) or "crash" on a signal, a trap's status or a Swift runtime
    error on stderr."""
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               cwd=cwd, env=environment, start_new_session=True)
    verdicts = []
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
    return verdicts, status, stdout, stderr


def save(out, run_number, kind, suffix, data, verdicts, status, stdout, stderr, details):
    """Saves a flagged input with the process's output beside it, and says so."""
    stem = os.path.join(out, "%s-%d-%s" % ("-".join(sorted(set(verdicts))), run_number, kind.replace(".", "_")))
    with open(stem + suffix, "wb") as file:
        file.write(data)
    with open(stem + ".txt", "w") as file:
        file.write("seed kind: %s\nexit status: %s\n%s\n--- stdout\n%s\n--- stderr\n%s\n" % (
            kind, status, "\n".join(details), stdout.decode("utf-8", "replace")[-4000:], stderr.decode("utf-8", "replace")[-4000:]))
    print("%s: %s (exit %s) %s" % (stem + suffix, ", ".join(sorted(set(verdicts))), status, "; ".join(details)), flush=True)
