package org.harrier.protocol.slot;

import java.util.Objects;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/** {@code slot.Activate}: run job {@code id} with ad {@code job} on claim {@code claimId}. */
public record Activate(String claimId, String id, ClassAd job) implements Request<Activate.Started> {
    static final Arg<String> ID = Arg.sstr("Id");
    private static final Arg<ClassAd> JOB = Arg.ad("Job");
    private static final Arg<Boolean> STARTED = Arg.bool("Started");
    private static final Arg<String> REMOTE_HOST = Arg.sstr("RemoteHost");

    public static final Method<Activate, Started> METHOD = Method.<Activate, Started>of("slot", "Activate")
            .inputs(ClaimSlot.CLAIM_ID, ID, JOB)
            .outputs(STARTED, REMOTE_HOST)
            .request(a -> new Activate(a.get(ClaimSlot.CLAIM_ID), a.get(ID), a.get(JOB)),
                    q -> MethodArguments.writer().put(ClaimSlot.CLAIM_ID, q.claimId()).put(ID, q.id()).put(JOB, q.job()))
            .answer(Activate::readStarted, Activate::writeStarted)
            .build();

    public Activate {
        Objects.requireNonNull(claimId, "claimId");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(job, "job");
    }

    /**
     * The start report: {@code started} once the process runs, with {@code remoteHost} the dynamic
     * slot; a job that could not start answers false and no RemoteHost (its JobExited says why).
     */
    public record Started(boolean started, String remoteHost) {
        public static final Started NOT_STARTED = new Started(false, null);
    }

    /** An answer without Started is a job that did not start, as schedulers have always read it. */
    private static Started readStarted(MethodArguments a) {
        return new Started(a.has(STARTED) && a.get(STARTED), a.has(REMOTE_HOST) ? a.get(REMOTE_HOST) : null);
    }

    private static MethodArguments.Writer writeStarted(Started s) {
        MethodArguments.Writer w = MethodArguments.writer().put(STARTED, s.started());
        return s.remoteHost() == null ? w : w.put(REMOTE_HOST, s.remoteHost());
    }

    @Override
    public Method<Activate, Started> method() {
        return METHOD;
    }
}
