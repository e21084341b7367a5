#!/usr/bin/python3
"""Submit a job to Harrier over QMF and find it again: MRG Grid's "Submitting to Condor from QMF"
example (2009), ported from the Qpid 0-10 qmf.console Session to AMQP 1.0 with python3-qpid-proton.

The flow is the original's: find the scheduler object, Submit a job ad whose attributes are
{TYPE, VALUE} maps, print the Id it returns, find the job object whose CustomId is that Id, and
print its status and properties.

    /usr/bin/python3 python-examples/submit.py [--broker amqp://127.0.0.1:5672] [--args 120]
"""

import argparse
import getpass
import sys
import time

from harrier_qmf import DEFAULT_BROKER, QmfError, object_name, add_login_arguments, connect

UNIVERSE = {"VANILLA": 5, "SCHEDULER": 7, "GRID": 9, "JAVA": 10, "PARALLEL": 11, "LOCAL": 12, "VM": 13}
JOB_STATUS = ("", "Idle", "Running", "Removed", "Completed", "Held", "Transferring Output", "Suspended")
STRING_TYPE, INTEGER_TYPE, EXPR_TYPE = "STRING", "INTEGER", "EXPR"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--broker", default=DEFAULT_BROKER, help="broker URL (default %(default)s)")
    add_login_arguments(parser)
    parser.add_argument("--args", default="120", help="arguments of /bin/sleep (default %(default)s)")
    parser.add_argument("--owner", default=getpass.getuser(), help="job owner (default: you)")
    options = parser.parse_args()

    ad = {"Cmd":          {"TYPE": STRING_TYPE,  "VALUE": "/bin/sleep"},
          "Args":         {"TYPE": STRING_TYPE,  "VALUE": options.args},
          "Requirements": {"TYPE": EXPR_TYPE,    "VALUE": "TRUE"},
          "JobUniverse":  {"TYPE": INTEGER_TYPE, "VALUE": "%s" % (UNIVERSE["VANILLA"],)},
          "Iwd":          {"TYPE": STRING_TYPE,  "VALUE": "/tmp"},
          "Owner":        {"TYPE": STRING_TYPE,  "VALUE": options.owner}}

    console = connect(options, "submit.py")
    try:
        schedulers = console.objects("scheduler")
        if not schedulers:
            print("No scheduler found", file=sys.stderr)
            return 1
        agent, scheduler = schedulers[0]
        try:
            result = console.call(agent, object_name(scheduler), "Submit", Ad=ad)
        except QmfError as e:
            print("Error submitting job:", e.text, file=sys.stderr)
            return 1
        print("Submitted job:", result["Id"])

        # The job object appears as soon as Submit returns; allow a moment for a busy scheduler.
        job = None
        deadline = time.time() + 10
        while job is None and time.time() < deadline:
            jobs = console.query(agent, "job", ["eq", "CustomId", ["quote", result["Id"]]])
            job = jobs[0] if jobs else None
        if not job:
            print("Did not find job", file=sys.stderr)
            return 1

        values = job["_values"]
        print("Job status:", JOB_STATUS[values["JobStatus"]])
        print("Job properties:")
        for name in sorted(values):
            if name != "!!descriptors":
                print(" ", name, "=", values[name])
        return 0
    finally:
        console.close()


if __name__ == "__main__":
    sys.exit(main())
