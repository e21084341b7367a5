package org.harrier.protocol.scheduler;

import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/**
 * {@code scheduler.GetTotals}: how many jobs the queue holds in each status, of every owner or of
 * {@code owner} (null: all), from the counts the scheduler keeps (condor_q -totals), not a scan.
 */
public record GetTotals(String owner) implements Request<GetTotals.Totals> {
    private static final Arg<String> OWNER = Arg.sstr("Owner").optional();
    private static final Arg<Long> JOBS = Arg.uint32("Jobs");
    private static final Arg<Long> IDLE = Arg.uint32("Idle");
    private static final Arg<Long> RUNNING = Arg.uint32("Running");
    private static final Arg<Long> REMOVED = Arg.uint32("Removed");
    private static final Arg<Long> COMPLETED = Arg.uint32("Completed");
    private static final Arg<Long> HELD = Arg.uint32("Held");
    private static final Arg<Long> TRANSFERRING_OUTPUT = Arg.uint32("TransferringOutput");
    private static final Arg<Long> SUSPENDED = Arg.uint32("Suspended");

    public static final Method<GetTotals, Totals> METHOD = Method.<GetTotals, Totals>of("scheduler", "GetTotals")
            .inputs(OWNER)
            .outputs(JOBS, IDLE, RUNNING, REMOVED, COMPLETED, HELD, TRANSFERRING_OUTPUT, SUSPENDED)
            .request(a -> new GetTotals(a.get(OWNER)), q -> MethodArguments.writer().put(OWNER, q.owner()))
            .answer(a -> new Totals(a.get(JOBS), a.get(IDLE), a.get(RUNNING), a.get(REMOVED), a.get(COMPLETED), a.get(HELD),
                            a.get(TRANSFERRING_OUTPUT), a.get(SUSPENDED)),
                    r -> MethodArguments.writer().put(JOBS, r.jobs()).put(IDLE, r.idle()).put(RUNNING, r.running())
                            .put(REMOVED, r.removed()).put(COMPLETED, r.completed()).put(HELD, r.held())
                            .put(TRANSFERRING_OUTPUT, r.transferringOutput()).put(SUSPENDED, r.suspended()))
            .build();

    /** All owners'. */
    public GetTotals() {
        this(null);
    }

    /** Queued jobs by status, and all of them. */
    public record Totals(long jobs, long idle, long running, long removed, long completed, long held,
                         long transferringOutput, long suspended) {
    }

    @Override
    public Method<GetTotals, Totals> method() {
        return METHOD;
    }
}
