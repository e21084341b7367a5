package org.harrier.console.grid;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.harrier.classad.ClassAd;
import org.harrier.classad.IntegerValue;
import org.harrier.console.ConsoleFailure;
import org.harrier.console.GridClient;
import org.harrier.console.GridConnector;
import org.harrier.console.format.JobStatusCode;
import org.harrier.console.grid.GridObjects.Located;
import org.harrier.console.submit.ClusterSubmission;
import org.harrier.protocol.AdMaps;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectData;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.Predicate;
import org.harrier.protocol.collector.Query;
import org.harrier.bus.Bus;
import org.harrier.bus.BusException;
import org.harrier.bus.LoginRefusedException;
import org.harrier.bus.Console;
import org.harrier.protocol.method.Request;
import org.harrier.protocol.scheduler.Continue;
import org.harrier.protocol.scheduler.GetAd;
import org.harrier.protocol.scheduler.GetHistory;
import org.harrier.protocol.scheduler.GetTotals;
import org.harrier.protocol.scheduler.Hold;
import org.harrier.protocol.scheduler.Release;
import org.harrier.protocol.scheduler.Remove;
import org.harrier.protocol.scheduler.SetAttribute;
import org.harrier.protocol.scheduler.SubmitCluster;
import org.harrier.protocol.scheduler.Suspend;
import org.harrier.protocol.scheduler.VacateJob;
import org.harrier.protocol.slot.Vacate;

/**
 * The {@link GridClient} over the bus: a QMF console that finds the scheduler and collector agents
 * (preferring those named after this host, as a personal grid's are) and calls their methods
 * (docs/protocols.md). With {@link GridObjects}, which finds and calls those objects, the only
 * place in the commands that imports the bus; bus and QMF failures become {@link ConsoleFailure}s
 * there ({@link GridObjects#bus}), once.
 *
 * <p>Used by one command at a time on the calling thread; the bus's own threads only complete
 * futures and deliver indications.
 */
public final class BusGridClient implements GridClient {
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration POLL = Duration.ofSeconds(1);
    /** A command fails rather than hang when the broker takes no message (a full disk blocks producers). */
    static final Duration SEND_TIMEOUT = Duration.ofSeconds(30);

    private final Bus bus;
    private final Console console;
    private final GridObjects objects;

    private BusGridClient(Bus bus) {
        this.bus = bus;
        this.console = bus.console();
        this.objects = new GridObjects(bus, console);
    }

    /** Connects after the probe found a listener; the broker's refusal is a one-line failure too. */
    public static GridConnector connector(BrokerProbe probe) {
        return address -> {
            probe.check(address);
            try {
                BrokerAddress.Login login = address.login();
                return new BusGridClient(Bus.connect(address.url(), new Bus.Options(login == null ? null : login.user(),
                        login == null ? null : login.password(), address.caFile(), SEND_TIMEOUT, true)));
            } catch (LoginRefusedException e) {
                throw new ConsoleFailure(e.getMessage() + " (a personal grid's own account finds its password in the"
                        + " grid's data directory; others set HARRIER_USER and HARRIER_PASSWORD_FILE, see docs/security.md)");
            } catch (BusException e) {
                // A broker that answered but would not speak (TLS, certificates) is running: the hint would mislead.
                throw new ConsoleFailure(e.getMessage() + (e.getMessage().startsWith("cannot reach") ? "; is 'harrier up' running?" : ""));
            }
        };
    }

    @Override
    public Submitted submit(ClusterSubmission cluster) {
        SubmitCluster.Submitted out = objects.call(objects.scheduler(), new SubmitCluster(cluster.common(), cluster.count(), cluster.items()));
        return new Submitted(out.clusterId(), cluster.count());
    }

    @Override
    public void queue(String constraint, java.util.Set<String> attributes, Long limit,
            java.util.function.Consumer<List<ClassAd>> pages) {
        // QueuePages joins its pages itself, so a wrong guess could not be told apart there from
        // a page's own failure; the listing asks for the object first, as every command did.
        Located s = objects.confirmed(objects.scheduler());
        new QueuePages(q -> console.call(s.agent(), s.object(), q, CALL_TIMEOUT), answer -> GridObjects.bus(() -> Console.join(answer)))
                .read(constraint, attributes == null ? null : List.copyOf(attributes), limit, pages);
    }

    @Override
    public List<ClassAd> queueOf(List<String> ids) {
        Located s = objects.scheduler();
        List<ClassAd> jobs = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>(); // "12 12.3" shows 12.3 once
        for (String id : new java.util.LinkedHashSet<>(ids)) {
            int dot = id.indexOf('.');
            // ClusterId alone: the cluster's queued jobs from the queue's index; ClusterId and
            // ProcId: that job, which the scheduler also finds in its history once it has left
            // (docs/protocols.md), so a job that has finished is left out here.
            Predicate where = dot < 0 ? Predicate.eq("ClusterId", Long.parseLong(id))
                    : Predicate.and(Predicate.eq("ClusterId", Long.parseLong(id.substring(0, dot))),
                            Predicate.eq("ProcId", Long.parseLong(id.substring(dot + 1))));
            for (ObjectData d : GridObjects.bus(() -> console.query(s.agent(), "job", where, CALL_TIMEOUT))) {
                boolean left = dot >= 0 && (d.get("JobStatus") instanceof Number st && (st.intValue() == 3 || st.intValue() == 4));
                if (!d.deleted() && !left && seen.add(d.id().key())) {
                    jobs.add(ad(d.values(), "job " + d.id().key()));
                }
            }
        }
        return jobs;
    }

    @Override
    public Map<JobStatusCode, Integer> totals(List<String> owners) {
        Located s = objects.scheduler();
        List<GetTotals.Totals> each = new ArrayList<>();
        if (owners.isEmpty()) {
            each.add(objects.call(s, new GetTotals()));
        } else {
            for (String owner : new java.util.LinkedHashSet<>(owners)) {
                each.add(objects.call(s, new GetTotals(owner)));
            }
        }
        Map<JobStatusCode, Integer> out = new java.util.EnumMap<>(JobStatusCode.class);
        for (GetTotals.Totals t : each) {
            out.merge(JobStatusCode.IDLE, (int) t.idle(), Integer::sum);
            out.merge(JobStatusCode.RUNNING, (int) t.running(), Integer::sum);
            out.merge(JobStatusCode.REMOVED, (int) t.removed(), Integer::sum);
            out.merge(JobStatusCode.COMPLETED, (int) t.completed(), Integer::sum);
            out.merge(JobStatusCode.HELD, (int) t.held(), Integer::sum);
            out.merge(JobStatusCode.TRANSFERRING_OUTPUT, (int) t.transferringOutput(), Integer::sum);
            out.merge(JobStatusCode.SUSPENDED, (int) t.suspended(), Integer::sum);
        }
        return out;
    }

    @Override
    public List<ClassAd> slots(String constraint) {
        Located c = objects.collector();
        Query query = new Query("slot", constraint, List.of());
        return objects.call(c, query).ads();
    }

    @Override
    public ClassAd jobAd(String id) {
        return jobAd(objects.scheduler(), id);
    }

    @Override
    public List<ClassAd> priorities() {
        return negotiatorCalls().priorities();
    }

    @Override
    public ClassAd submitterStats(String name) {
        return negotiatorCalls().stats(name);
    }

    @Override
    public void setPriority(String name, double priority) {
        negotiatorCalls().setPriority(name, priority);
    }

    @Override
    public void setPriorityFactor(String name, double factor) {
        negotiatorCalls().setPriorityFactor(name, factor);
    }

    @Override
    public void setUsage(String name, double usage) {
        negotiatorCalls().setUsage(name, usage);
    }

    @Override
    public List<ConcurrencyLimit> limits() {
        return negotiatorCalls().limits();
    }

    @Override
    public void setLimit(String name, double max) {
        negotiatorCalls().setLimit(name, max);
    }

    @Override
    public void reschedule() {
        negotiatorCalls().reschedule();
    }

    private NegotiatorCalls negotiatorCalls() {
        Located n = objects.find("collector", "negotiator");
        return new NegotiatorCalls(new NegotiatorCalls.Invoker() {
            @Override
            public <R> R call(Request<R> request) {
                return objects.call(n, request);
            }
        });
    }

    @Override
    public List<String> remove(Jobs jobs, String reason) {
        return control(new Remove(wire(jobs), reason));
    }

    @Override
    public List<String> hold(Jobs jobs, String reason) {
        return control(new Hold(wire(jobs), reason));
    }

    @Override
    public List<String> release(Jobs jobs, String reason) {
        return control(new Release(wire(jobs), reason));
    }

    @Override
    public List<String> suspend(Jobs jobs, String reason) {
        return control(new Suspend(wire(jobs), reason));
    }

    @Override
    public List<String> resume(Jobs jobs, String reason) {
        return control(new Continue(wire(jobs), reason));
    }

    @Override
    public List<String> setAttribute(Jobs jobs, String name, String value) {
        return control(new SetAttribute(wire(jobs), name, value));
    }

    @Override
    public List<String> vacate(Jobs jobs, String reason) {
        return control(new VacateJob(wire(jobs), reason));
    }

    /**
     * condor_vacate: the slots the collector knows by that Name, or the partitionable slots of
     * that host (Machine, or the startd name after the '@'); each is asked to Vacate on its
     * startd's agent ({@code harrier:startd:<name after @>}).
     */
    @Override
    public Map<String, List<String>> vacateSlots(String slotOrHost) {
        Map<String, List<String>> out = new java.util.TreeMap<>();
        for (ClassAd slot : slots(null)) {
            String name = slot.evaluate("Name") instanceof org.harrier.classad.StringValue n ? n.value() : "";
            String machine = slot.evaluate("Machine") instanceof org.harrier.classad.StringValue m ? m.value() : "";
            int at = name.indexOf('@');
            boolean partitionable = slot.evaluate("PartitionableSlot") == org.harrier.classad.BooleanValue.TRUE;
            boolean named = name.equals(slotOrHost) || partitionable && (machine.equals(slotOrHost)
                    || at >= 0 && name.substring(at + 1).equals(slotOrHost));
            if (named && at >= 0) {
                Located target = new Located(AgentName.harrier("startd", name.substring(at + 1)),
                        ObjectId.grid("slot", name), false);
                out.put(name, objects.call(target, Vacate.SLOT).ids());
            }
        }
        if (out.isEmpty()) {
            throw new ConsoleFailure("no slot or host named " + slotOrHost + " in the pool");
        }
        return out;
    }

    /** The jobs as the scheduler's control methods name them: an Id or a Constraint. */
    private static org.harrier.protocol.scheduler.Jobs wire(Jobs jobs) {
        return jobs.id() != null ? org.harrier.protocol.scheduler.Jobs.id(jobs.id())
                : org.harrier.protocol.scheduler.Jobs.matching(jobs.constraint());
    }

    /** Calls a control method; returns the jobs it acted on. */
    private List<String> control(Request<org.harrier.protocol.scheduler.Jobs.Acted> request) {
        return objects.call(objects.scheduler(), request).ids();
    }

    @Override
    public List<ClassAd> history(String constraint, Integer limit) {
        return history(constraint, null, limit);
    }

    @Override
    public List<ClassAd> history(String constraint, java.util.Set<String> projection, Integer limit) {
        Located s = objects.scheduler();
        List<ClassAd> all = new ArrayList<>();
        java.util.Set<String> cursors = new java.util.HashSet<>();
        // A projection comes as rows (docs/protocols.md, "Ads as rows"), as harrier q's does.
        GetHistory ask = new GetHistory(constraint, limit == null ? null : (long) limit, null,
                projection == null ? null : List.copyOf(projection), projection != null);
        while (true) {
            GetHistory.Ads page = objects.call(s, ask);
            all.addAll(page.ads());
            if (!page.more() || page.ads().isEmpty() || (limit != null && all.size() >= limit)) {
                return all;
            }
            // The next answer continues just past the last ad of this one (docs/protocols.md, GetHistory).
            ClassAd last = page.ads().get(page.ads().size() - 1);
            if (last.lookup("ClusterId") == null || last.lookup("ProcId") == null) {
                throw new ConsoleFailure("the scheduler's history answer was cut short, and its last ad has no ClusterId"
                        + " and ProcId to continue from");
            }
            String after = last.lookup("ClusterId").unparse() + "." + last.lookup("ProcId").unparse();
            ask = ask.after(after, limit == null ? null : (long) (limit - all.size()));
            if (!cursors.add(after)) {
                // A job whose final ad a crash left in the history twice can send the cursor back
                // to where it was (scheduler-service/README.md): stop rather than page forever.
                throw new ConsoleFailure("the scheduler's history came back to job " + after + " a second time (its"
                        + " final ad is in the history twice); ask for a -constraint or -limit that ends before it");
            }
        }
    }

    @Override
    public ClassAd awaitFinished(String id, Duration timeout) {
        Located s = objects.scheduler();
        Instant deadline = Instant.now().plus(timeout.compareTo(Duration.ofDays(3650)) > 0 ? Duration.ofDays(3650) : timeout);
        CompletableFuture<ClassAd> finished = new CompletableFuture<>();
        try (AutoCloseable watch = GridObjects.bus(() -> console.subscribe("job", d -> {
            if (id.equals(d.get("CustomId")) && !d.deleted()) {
                ClassAd ad = AdMaps.toAd(d.values());
                if (isFinished(ad)) {
                    finished.complete(ad);
                }
            }
        }))) {
            // Subscribed first, then asked: a job that finishes in between is seen one way or the other.
            ClassAd last = jobAd(s, id);
            while (!isFinished(last)) {
                Duration left = Duration.between(Instant.now(), deadline);
                if (left.isNegative() || left.isZero()) {
                    JobStatusCode st = status(last);
                    throw new ConsoleFailure("job " + id + " is still " + (st == null ? "in the queue" : st.word())
                            + " after " + timeout.toSeconds() + " s");
                }
                try {
                    return finished.get(Math.min(left.toMillis(), POLL.toMillis()), TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    // Indications can be missed across a broker restart; ask again now and then.
                    last = jobAd(s, id);
                } catch (ExecutionException e) {
                    throw new IllegalStateException("the job watcher never fails", e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new ConsoleFailure("interrupted while waiting for job " + id);
                }
            }
            return last;
        } catch (ConsoleFailure | IllegalStateException e) {
            throw e;
        } catch (Exception e) {
            throw new ConsoleFailure("cannot watch job " + id + ": " + e.getMessage());
        }
    }

    private ClassAd jobAd(Located s, String id) {
        return objects.call(s, new GetAd(id)).ad();
    }

    private static boolean isFinished(ClassAd job) {
        JobStatusCode s = status(job);
        return s != null && s.isFinal();
    }

    private static JobStatusCode status(ClassAd job) {
        return job.evaluate("JobStatus") instanceof IntegerValue i ? JobStatusCode.of(i.value()) : null;
    }

    static ClassAd ad(Map<?, ?> map, String what) {
        Map<String, Object> values = new LinkedHashMap<>();
        map.forEach((k, v) -> values.put(String.valueOf(k), v));
        try {
            return AdMaps.toAd(values);
        } catch (IllegalArgumentException e) {
            throw new ConsoleFailure("the grid sent an unreadable ad for " + what + ": " + e.getMessage());
        }
    }

    @Override
    public void close() {
        bus.close();
    }
}
