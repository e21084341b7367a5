#!/usr/bin/python3
"""List the jobs of every Harrier scheduler, as condor_q does, over QMF.

    /usr/bin/python3 python-examples/q.py [--broker URL] [--owner NAME]
"""

import argparse
import sys

from harrier_qmf import DEFAULT_BROKER, add_login_arguments, connect

STATUS = {1: "I", 2: "R", 3: "X", 4: "C", 5: "H", 6: ">", 7: "S"}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--broker", default=DEFAULT_BROKER, help="broker URL (default %(default)s)")
    add_login_arguments(parser)
    parser.add_argument("--owner", help="only this owner's jobs")
    options = parser.parse_args()
    console = connect(options, "q.py")
    try:
        where = ["eq", "Owner", ["quote", options.owner]] if options.owner else None
        jobs = [data["_values"] for _, data in console.objects("job", where)]
        jobs.sort(key=lambda v: (v.get("ClusterId", 0), v.get("ProcId", 0)))
        print(" %-10s %-12s %2s  %s" % ("ID", "OWNER", "ST", "CMD"))
        for v in jobs:
            print(" %-10s %-12s %2s  %s %s" % (v.get("CustomId"), v.get("Owner"), STATUS.get(v.get("JobStatus"), "?"),
                                              v.get("Cmd"), v.get("Arguments", v.get("Args", ""))))
        counts = {}
        for v in jobs:
            counts[v.get("JobStatus")] = counts.get(v.get("JobStatus"), 0) + 1
        print("\n%d jobs; %d completed, %d removed, %d idle, %d running, %d held, %d suspended" % (
            len(jobs), counts.get(4, 0), counts.get(3, 0), counts.get(1, 0), counts.get(2, 0),
            counts.get(5, 0), counts.get(7, 0)))
        return 0
    finally:
        console.close()


if __name__ == "__main__":
    sys.exit(main())
