#!/usr/bin/env python3
"""Score a JSON Lines dataset on a Dask cluster with jsontui, then add it up.

The map: the input files are cut into blocks at line ends (Dask's
read_bytes); every block is written, on the worker that reads it, to a
numbered file part-NNNNNN.jsonl and scored there with
`jsontui score part-NNNNNN.jsonl --format jsonl --no-history`. The reduce:
the case lines come back to this process, are written to one file, and
`jsontui aggregate` prints the dataset's figures from them.

The partitions are numbered in the order of the inputs (a glob's files in
name order), then of the blocks in each file; aggregate places the cases
by file name and record, so the zero-padded numbers keep the dataset's
order. A partition whose score fails, or whose lines end with the
unfinished mark or are cut short, stops the run with exit 2, naming the
partition and the error.

Usage:
  score_dask.py [options] INPUT... [-- SCORE_FLAG...]

Everything after `--` is given to every partition's `jsontui score`
(--metric, --group-by, --ref-field, ...); the flags of aggregate
(--format, --pass, --min, ...) are options of this script.
See docs/distributed.md.
"""

import argparse
import contextlib
import os
import subprocess
import sys
import tempfile

PROG = "score_dask.py"


def parse_args(argv):
    """Returns the options and the flags for score (those after --)."""
    score_flags = []
    if "--" in argv:
        at = argv.index("--")
        argv, score_flags = argv[:at], argv[at + 1:]
    p = argparse.ArgumentParser(
        prog=PROG, usage="%(prog)s [options] INPUT... [-- SCORE_FLAG...]",
        description="Score JSON Lines files of records on a Dask cluster with "
        "`jsontui score --format jsonl`, partition by partition, then add the "
        "case lines up with `jsontui aggregate`. Flags after -- go to every "
        "partition's score.")
    p.add_argument("inputs", nargs="+", metavar="INPUT",
                   help="JSON Lines files of records holding both sides, or globs "
                   "(any URL Dask's read_bytes reads); one dataset, in this order")
    p.add_argument("--jsontui", default="jsontui", metavar="PATH",
                   help="the jsontui binary, on this machine and every worker (default: jsontui on PATH)")
    p.add_argument("--scheduler", metavar="ADDR",
                   help="a running Dask scheduler (host:8786); by default a local cluster of threads")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1, metavar="N",
                   help="the local cluster's threads, partitions scored at once (default: the cores)")
    p.add_argument("--blocksize", default="64MiB", metavar="SIZE", type=parse_blocksize,
                   help="bytes per partition, cut at line ends (default 64MiB); 0 for a partition per file")
    p.add_argument("--weights", metavar="FILE",
                   help="the weights file: read here and sent to the workers")
    p.add_argument("--rules", metavar="FILE",
                   help="the rules file (--rules of score): read here and sent to the workers")
    p.add_argument("--cases", metavar="FILE",
                   help="keep the case lines in FILE (in the order the partitions finish; "
                   "written once they are all scored)")
    p.add_argument("--format", default="text", help="aggregate's output format (default text)")
    p.add_argument("-o", "--output", metavar="FILE", help="write aggregate's output to FILE")
    p.add_argument("--pass", dest="pass_", metavar="X", help="report the share of cases scoring at least X")
    p.add_argument("--min", metavar="X", help="exit with code 1 when the score is below X")
    p.add_argument("-q", "--quiet", action="store_true", help="print only the dataset's score")
    p.add_argument("--no-history", action="store_true", help="do not record the run in the history")
    p.add_argument("--label", help="a label for the run in the history")
    return p.parse_args(argv), score_flags


def parse_blocksize(text):
    """The --blocksize in bytes (64MiB, 1e6, 100000), None for 0."""
    from dask.utils import parse_bytes
    try:
        n = parse_bytes(text)
    except (ValueError, TypeError) as e:
        raise argparse.ArgumentTypeError(f"not a size: {text!r} ({e})")
    if n < 0:
        raise argparse.ArgumentTypeError(f"a size below 0: {text!r}")
    return n or None


class PartitionError(Exception):
    """A partition whose score failed: its message names the partition."""


def read_optional(path):
    """(path's base name, its bytes), or None when path is None."""
    if path is None:
        return None
    with open(path, "rb") as f:
        return os.path.basename(path), f.read()


def write_in(tmp, folder, name, data):
    """Writes data to tmp/folder/name; returns folder/name, the path that
    jsontui's messages name."""
    os.mkdir(os.path.join(tmp, folder))
    with open(os.path.join(tmp, folder, name), "wb") as f:
        f.write(data)
    return os.path.join(folder, name)


def score_partition(block, name, jsontui, score_flags, weights, rules):
    """Scores one block of records as the file name in a directory of its
    own. Returns (exit code, case lines as bytes, stderr as text); the
    exit code is None when jsontui did not run."""
    if not block.strip():
        return 0, b"", ""  # no records: nothing to score
    with tempfile.TemporaryDirectory(prefix="jsontui-dask-") as tmp:
        with open(os.path.join(tmp, name), "wb") as f:
            f.write(block)
        args = [jsontui, "score", name]
        if weights is not None:
            args.append(write_in(tmp, "weights", *weights))
        if rules is not None:
            args += ["--rules", write_in(tmp, "rules", *rules)]
        args += ["--format", "jsonl", "--no-history"] + score_flags
        try:
            out = subprocess.run(args, cwd=tmp, capture_output=True)
        except OSError as e:
            return None, b"", f"cannot run {jsontui}: {e}"
    return out.returncode, out.stdout, out.stderr.decode("utf-8", "replace")


def failure(code, lines, stderr):
    """What went wrong in a partition's score, or None when it finished."""
    last = lines[lines.rfind(b"\n", 0, len(lines) - 1) + 1:]
    if last.startswith(b'{"unfinished": true'):
        return "the score stopped: " + last.decode("utf-8", "replace").strip()
    if code is None:
        return stderr
    if code != 0:
        msg = stderr.strip().splitlines()
        return f"jsontui score exited {code}: {msg[-1] if msg else 'no message'}"
    if lines and not lines.endswith(b"\n"):
        return "the case lines are cut short (no line end at the end)"
    return None


class Partition:
    """A block of an input file, cut at line ends, and where it is."""

    def __init__(self, block, path, j, blocks):
        self.block, self.path, self.j, self.blocks = block, path, j, blocks

    def where(self, i, name, client):
        """Names partition i (file name): its input, block and first line,
        counted on the cluster (only when a partition failed)."""
        counts = client.compute([delayed_count(b) for b in self.blocks[:self.j]], sync=True)
        return (f"partition {i} ({name}: {self.path} block {self.j + 1} of {len(self.blocks)}, "
                f"from line {sum(counts) + 1})")


def delayed_count(block):
    """The lines of a delayed block, delayed."""
    from dask import delayed
    return delayed(bytes.count)(block, b"\n")


def partitions(inputs, blocksize):
    """The blocks of the inputs, in the order of the inputs."""
    from dask.bytes import read_bytes
    out = []
    for pattern in inputs:  # one at a time: a glob's files in name order
        _, blocks, paths = read_bytes(pattern, delimiter=b"\n", blocksize=blocksize,
                                      sample=False, include_path=True)
        for path, file_blocks in zip(paths, blocks):
            out += [Partition(b, path, j, file_blocks) for j, b in enumerate(file_blocks)]
    return out


def map_step(client, opts, score_flags, cases):
    """Scores every partition on the cluster and writes their case lines to
    the file cases as they come; raises PartitionError on the first
    failure."""
    from dask import delayed
    from distributed import as_completed
    parts = partitions(opts.inputs, opts.blocksize)
    if not parts:
        raise PartitionError(f"{' '.join(opts.inputs)}: no records: the inputs are empty")
    width = max(6, len(str(len(parts) - 1)))
    names = [f"part-{i:0{width}d}.jsonl" for i in range(len(parts))]
    weights, rules = read_optional(opts.weights), read_optional(opts.rules)
    tasks = [delayed(score_partition)(p.block, name, opts.jsontui, score_flags, weights, rules)
             for p, name in zip(parts, names)]
    index = {t.key: i for i, t in enumerate(tasks)}
    futures = client.compute(tasks)
    done = as_completed(futures)
    for fut in done:
        i = index[fut.key]
        code, lines, stderr = fut.result()
        wrong = failure(code, lines, stderr)
        if wrong is not None:
            done.clear()
            client.cancel(futures)
            raise PartitionError(f"{parts[i].where(i, names[i], client)}: {wrong}")
        for line in stderr.splitlines():
            if "warning:" in line:
                print(f"{PROG}: partition {i} ({names[i]}, {parts[i].path}): {line.removeprefix('jsontui: ')}",
                      file=sys.stderr)
        cases.write(lines)
        fut.release()


def reduce_step(opts, cases_path):
    """Runs jsontui aggregate over the case lines; returns its exit code."""
    args = [opts.jsontui, "aggregate", cases_path, "--format", opts.format]
    for flag, value in (("--output", opts.output), ("--pass", opts.pass_), ("--min", opts.min),
                        ("--label", opts.label)):
        if value is not None:
            args += [flag, value]
    if opts.quiet:
        args.append("--quiet")
    if opts.no_history:
        args.append("--no-history")
    return subprocess.run(args).returncode


def connect(opts, stack):
    """A client of the scheduler, or of a local cluster of threads; stack
    closes them."""
    from distributed import Client, LocalCluster
    if opts.scheduler:
        return stack.enter_context(Client(opts.scheduler))
    cluster = stack.enter_context(LocalCluster(n_workers=1, threads_per_worker=max(opts.workers, 1),
                                               processes=False, dashboard_address=None))
    return stack.enter_context(Client(cluster))


def main(argv):
    try:
        import distributed  # noqa: F401 (checked before any work)
    except ImportError as e:
        print(f"{PROG}: Dask's distributed scheduler is not installed ({e}): "
              "apt-get install python3-dask python3-distributed, or pip install 'dask[distributed]'",
              file=sys.stderr)
        return 2
    opts, score_flags = parse_args(argv)
    # The case lines go to a temporary file, beside --cases when it is
    # given: it replaces that file whole once every partition is scored.
    folder = os.path.dirname(os.path.abspath(opts.cases)) if opts.cases else None
    fd, tmp = tempfile.mkstemp(prefix=".jsontui-dask-", suffix=".cases", dir=folder)
    try:
        with contextlib.ExitStack() as stack, os.fdopen(fd, "wb") as cases:
            map_step(connect(opts, stack), opts, score_flags, cases)
        path = tmp
        if opts.cases:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
            os.replace(tmp, opts.cases)
            path = opts.cases
        return reduce_step(opts, path)
    except (PartitionError, OSError, ValueError) as e:
        print(f"{PROG}: {e}", file=sys.stderr)
        return 2
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
