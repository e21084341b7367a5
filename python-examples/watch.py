#!/usr/bin/python3
"""Print job status changes as Harrier publishes them (QMF data indications of class job).

    /usr/bin/python3 python-examples/watch.py [--broker URL] [--count N] [--timeout SECONDS]

Stops after --count changes, after --timeout seconds without one, or on Ctrl-C.
"""

import argparse
import sys

from proton import Timeout

from harrier_qmf import DEFAULT_BROKER, add_login_arguments, connect

JOB_STATUS = ("", "Idle", "Running", "Removed", "Completed", "Held", "Transferring Output", "Suspended")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--broker", default=DEFAULT_BROKER, help="broker URL (default %(default)s)")
    add_login_arguments(parser)
    parser.add_argument("--count", type=int, default=0, help="stop after this many changes (default: never)")
    parser.add_argument("--timeout", type=float, default=0, help="stop after this many quiet seconds (default: never)")
    options = parser.parse_args()
    console = connect(options, "watch.py")
    last = {}
    seen = 0
    try:
        receiver = console.listen("job")
        print("watching job status changes (Ctrl-C to stop)", flush=True)
        while options.count == 0 or seen < options.count:
            try:
                msg = receiver.receive(timeout=options.timeout or None)
            except Timeout:
                break
            receiver.accept()
            for data in msg.body or []:
                values = data.get("_values", {})
                job = values.get("CustomId")
                status = values.get("JobStatus")
                if data.get("_delete_ts"):
                    print("%s left the queue" % job, flush=True)
                    continue
                if job is None or status is None or last.get(job) == status:
                    continue
                before = JOB_STATUS[last[job]] if job in last else "(new)"
                print("%s %s -> %s" % (job, before, JOB_STATUS[status]), flush=True)
                last[job] = status
                seen += 1
        return 0
    except KeyboardInterrupt:
        return 0
    finally:
        console.close()


if __name__ == "__main__":
    sys.exit(main())
