package org.harrier.protocol.slot;

import java.util.Objects;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/**
 * {@code slot.Activate}: run job {@code id} with ad {@code job} on claim {@code claimId}; with
 * {@code queue}, as soon as the claim's running job ends (docs/protocols.md, "Queued activations").
 */
public record Activate(String claimId, String id, ClassAd job, boolean queue) implements Request<Activate.Started> {
    static final Arg<String> ID = Arg.sstr("Id");
    private static final Arg<ClassAd> JOB = Arg.ad("Job");
    private static final Arg<Boolean> QUEUE = Arg.bool("Queue").optional();
    private static final Arg<Boolean> STARTED = Arg.bool("Started");
    private static final Arg<String> REMOTE_HOST = Arg.sstr("RemoteHost");
    private static final Arg<Boolean> DROPPED = Arg.bool("Dropped");

    public static final Method<Activate, Started> METHOD = Method.<Activate, Started>of("slot", "Activate")
            .inputs(ClaimSlot.CLAIM_ID, ID, JOB, QUEUE)
            .outputs(STARTED, REMOTE_HOST, DROPPED)
            .request(a -> new Activate(a.get(ClaimSlot.CLAIM_ID), a.get(ID), a.get(JOB), a.get(QUEUE, false)),
                    q -> MethodArguments.writer().put(ClaimSlot.CLAIM_ID, q.claimId()).put(ID, q.id()).put(JOB, q.job())
                            .put(QUEUE, q.queue() ? Boolean.TRUE : null))
            .answer(Activate::readStarted, Activate::writeStarted)
            .build();

    public Activate {
        Objects.requireNonNull(claimId, "claimId");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(job, "job");
    }

    /** An activation to run at once. */
    public Activate(String claimId, String id, ClassAd job) {
        this(claimId, id, job, false);
    }

    /**
     * The start report: {@code started} once the process runs, with {@code remoteHost} the dynamic
     * slot; a job that could not start answers false and no RemoteHost (its JobExited says why).
     * {@code dropped}: a queued activation the startd gave up before starting it; no report follows.
     */
    public record Started(boolean started, String remoteHost, boolean dropped) {
        public static final Started NOT_STARTED = new Started(false, null, false);
        public static final Started DROPPED = new Started(false, null, true);

        public Started {
            if (started && dropped) {
                throw new IllegalArgumentException("an activation is either started or dropped, not both");
            }
        }

        public Started(boolean started, String remoteHost) {
            this(started, remoteHost, false);
        }
    }

    /** An answer without Started is a job that did not start, as schedulers have always read it. */
    private static Started readStarted(MethodArguments a) {
        boolean started = a.has(STARTED) && a.get(STARTED);
        return new Started(started, a.has(REMOTE_HOST) ? a.get(REMOTE_HOST) : null, !started && a.has(DROPPED) && a.get(DROPPED));
    }

    private static MethodArguments.Writer writeStarted(Started s) {
        MethodArguments.Writer w = MethodArguments.writer().put(STARTED, s.started());
        if (s.dropped()) {
            w.put(DROPPED, true);
        }
        return s.remoteHost() == null ? w : w.put(REMOTE_HOST, s.remoteHost());
    }

    @Override
    public Method<Activate, Started> method() {
        return METHOD;
    }
}
