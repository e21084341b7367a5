package org.harrier.protocol.slot;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.AdMaps;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/**
 * {@code slot.Activate}: run job {@code id} with ad {@code job} on claim {@code claimId}; with
 * {@code queue}, behind the claim's running job, followed by the jobs of {@code more}, each
 * started the moment the one before it leaves the claim (docs/protocols.md, "Queued activations").
 */
public record Activate(String claimId, String id, ClassAd job, boolean queue, List<Next> more) implements Request<Activate.Started> {
    static final Arg<String> ID = Arg.sstr("Id");
    private static final Arg<ClassAd> JOB = Arg.ad("Job");
    private static final Arg<Boolean> QUEUE = Arg.bool("Queue").optional();
    private static final Arg<List<Next>> MORE = Arg.listOf("More", Activate::readNext, Activate::writeNext).optional();
    private static final Arg<Boolean> STARTED = Arg.bool("Started");
    private static final Arg<String> REMOTE_HOST = Arg.sstr("RemoteHost");
    private static final Arg<Long> QUEUED = Arg.int64("Queued").optional();

    public static final Method<Activate, Started> METHOD = Method.<Activate, Started>of("slot", "Activate")
            .inputs(ClaimSlot.CLAIM_ID, ID, JOB, QUEUE, MORE)
            .outputs(STARTED, REMOTE_HOST, QUEUED)
            .request(a -> new Activate(a.get(ClaimSlot.CLAIM_ID), a.get(ID), a.get(JOB), a.get(QUEUE, false), a.get(MORE, List.of())),
                    q -> MethodArguments.writer().put(ClaimSlot.CLAIM_ID, q.claimId()).put(ID, q.id()).put(JOB, q.job())
                            .put(QUEUE, q.queue() ? Boolean.TRUE : null).put(MORE, q.more().isEmpty() ? null : q.more()))
            .answer(Activate::readStarted, Activate::writeStarted)
            .build();

    /** A further job of a queued activation, queued behind the ones before it. */
    public record Next(String id, ClassAd job) {
        public Next {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(job, "job");
        }
    }

    public Activate {
        Objects.requireNonNull(claimId, "claimId");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(job, "job");
        more = List.copyOf(more);
        if (!queue && !more.isEmpty()) {
            throw new IllegalArgumentException("More goes with Queue only: an activation to run at once runs one job");
        }
    }

    /** An activation to run at once. */
    public Activate(String claimId, String id, ClassAd job) {
        this(claimId, id, job, false, List.of());
    }

    /** Job {@code id}, then every job of {@code more}, in order. */
    public List<Next> jobs() {
        List<Next> all = new java.util.ArrayList<>(1 + more.size());
        all.add(new Next(id, job));
        all.addAll(more);
        return all;
    }

    private static Next readNext(Object wire, String what) {
        if (!(wire instanceof Map<?, ?> m) || !(m.get("Id") instanceof String id) || id.isEmpty()) {
            throw new IllegalArgumentException(what + " must be a map with a job id string Id and its ad Job");
        }
        return new Next(id, Arg.toAd(m.get("Job"), what + ".Job"));
    }

    private static Object writeNext(Next n) {
        return Map.of("Id", n.id(), "Job", AdMaps.toNative(n.job()));
    }

    /**
     * The start report: {@code started} once the process of job {@code Id} runs, with {@code
     * remoteHost} the dynamic slot; a job that could not start answers false and no RemoteHost (its
     * JobExited says why). {@code queued}: for a queued activation, how many of its jobs the startd
     * now holds behind a running one (each start is then reported in the exit report of the job
     * before it, NextStarted).
     */
    public record Started(boolean started, String remoteHost, int queued) {
        public static final Started NOT_STARTED = new Started(false, null, 0);

        public Started {
            if (queued < 0) {
                throw new IllegalArgumentException("a startd holds no fewer than 0 queued jobs: " + queued);
            }
        }

        public Started(boolean started, String remoteHost) {
            this(started, remoteHost, 0);
        }
    }

    /** An answer without Started is a job that did not start, as schedulers have always read it. */
    private static Started readStarted(MethodArguments a) {
        boolean started = a.has(STARTED) && a.get(STARTED);
        long queued = a.has(QUEUED) ? a.get(QUEUED) : 0;
        if (queued < 0 || queued > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("Queued must be a count of jobs, got " + queued);
        }
        return new Started(started, a.has(REMOTE_HOST) ? a.get(REMOTE_HOST) : null, (int) queued);
    }

    private static MethodArguments.Writer writeStarted(Started s) {
        MethodArguments.Writer w = MethodArguments.writer().put(STARTED, s.started());
        if (s.queued() > 0) {
            w.put(QUEUED, (long) s.queued());
        }
        return s.remoteHost() == null ? w : w.put(REMOTE_HOST, s.remoteHost());
    }

    @Override
    public Method<Activate, Started> method() {
        return METHOD;
    }
}
