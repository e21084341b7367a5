package org.harrier.scheduler.queue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import org.harrier.classad.BooleanValue;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.ListExpr;
import org.harrier.classad.RecordExpr;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;
import org.harrier.scheduler.ScheddFailure;

/**
 * Decides what a submission writes to the queue: validates the ad and turns it into one
 * transaction (a cluster ad and its procs), filling defaults exactly as MRG Grid's QMF submit
 * did (its SchedulerObject::Submit; docs/protocols.md, "Submit"):
 * <ol>
 *   <li>early defaults the ad may override: ShouldTransferFiles "NO", JobStatus 1, JobPrio 0,
 *       ImageSize 0, RemoteUserCpu 0.0, JobUniverse 5, MaxHosts = MinHosts = 1, CurrentHosts 0;
 *   <li>the submitted attributes;
 *   <li>late values the ad cannot override: ClusterId, QDate, EnteredCurrentStatus, CustomId
 *       "cluster.proc" and GlobalJobId "schedd#cluster.proc#qdate" (in the cluster ad, as
 *       expressions each proc evaluates to its own: {@link JobIdentity}), and per proc ProcId.
 * </ol>
 * A new job is Idle, or Held when the client submits it on hold (condor_submit's
 * {@code hold = true} writes JobStatus 5 with HoldReasonCode 15); a held job without a
 * HoldReasonCode gets 15 and HoldReason "submitted on hold at user's request", as
 * condor_submit would have written. Any other JobStatus is refused rather than replaced:
 * HTCondor's schedd only queues new jobs as Idle or Held, and a client sending Running has a
 * bug worth hearing about. A held job stays out of matching until it is released.
 * The ad must be one the schedd, shadow and starter can act on ({@link #checkJob}): Cmd, Owner
 * and Iwd non-empty strings without control characters, Iwd an absolute path, Requirements an
 * expression and not a literal other than a boolean, JobUniverse one of HTCondor's, and within
 * the scheduler's {@link AdLimits}. Everything wrong is a {@link ScheddFailure.Invalid} naming
 * the attribute; nothing is decided half-way.
 *
 * <p>One per scheduler: its name (in GlobalJobId) and its limits are fixed.
 */
public final class Submission {
    /** Without these the job cannot be scheduled or run (MRG Grid's SchedulerObject::Submit). */
    public static final List<String> REQUIRED = List.of(Attr.CMD, Attr.REQUIREMENTS, Attr.OWNER, Attr.IWD);
    /** Names the ClassAd language reserves, which MRG Grid's SubmitJob refused. */
    static final Set<String> KEYWORDS = Set.of("error", "false", "is", "isnt", "parent", "true", "undefined");
    /** A cluster this big is a mistake, not a workload; refusing it keeps one call from exhausting the heap. */
    public static final int MAX_PROCS = 1_000_000;
    /** HTCondor's universes (condor_universe.h): 1 standard to 13 vm; the schedd refuses any other. */
    static final long MIN_UNIVERSE = 1;
    static final long MAX_UNIVERSE = 13;
    /** The HoldReason condor_submit writes for {@code hold = true}. */
    public static final String SUBMITTED_ON_HOLD = "submitted on hold at user's request";

    private final AdLimits limits;
    /**
     * This scheduler's GlobalJobId expression, made once: parsing it anew for every Submit was
     * about half of deciding a single-job cluster (JFR, DrainBenchmark).
     */
    private final Expr globalJobId;

    /** Submissions to the scheduler named {@code schedd}, within {@code limits}. */
    public Submission(String schedd, AdLimits limits) {
        this.globalJobId = JobIdentity.globalJobId(Objects.requireNonNull(schedd, "schedd"));
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    public AdLimits limits() {
        return limits;
    }

    /**
     * The transaction that queues {@code count} procs of cluster {@code cluster} from {@code ad},
     * proc i also getting {@code items.get(i)}'s attributes when items are given.
     */
    public Transaction decide(ClassAd ad, int count, List<ClassAd> items, int cluster, long now) {
        Objects.requireNonNull(ad, "ad");
        if (count < 1 || count > MAX_PROCS) {
            throw new ScheddFailure.Invalid("Count must be between 1 and " + MAX_PROCS + ", got " + count);
        }
        if (items != null && !items.isEmpty() && items.size() != count) {
            throw new ScheddFailure.Invalid("ItemData has " + items.size() + " items but Count is " + count
                    + "; give one map per proc or none");
        }
        List<ClassAd> perProc = items == null || items.isEmpty() ? null : items;
        limits.check(ad, "the ad");
        checkNames(ad, "the ad");
        if (perProc != null) {
            for (int i = 0; i < perProc.size(); i++) {
                limits.check(perProc.get(i), "ItemData[" + i + "]");
                checkNames(perProc.get(i), "ItemData[" + i + "]");
            }
        }
        ClassAd clusterAd = clusterAd(ad, cluster, now, globalJobId);
        int clusterSize = clusterAd.size();
        Transaction.Builder tx = Transaction.builder().add(new QueueOp.NewCluster(cluster, clusterAd));
        for (int proc = 0; proc < count; proc++) {
            ClassAd item = perProc == null ? null : perProc.get(proc);
            JobId id = new JobId(cluster, proc);
            ClassAd own = procAd(item, id);
            String where = item == null ? "the ad" : "the ad with ItemData[" + proc + "]";
            checkStatus(own.chainedTo(clusterAd), where);
            own = withHoldDefaults(own, own.chainedTo(clusterAd));
            ClassAd job = own.chainedTo(clusterAd);
            checkJob(job, where);
            limits.checkCount(AdLimits.countAsQueued(job, clusterSize),
                    where + " as queued (the scheduler's own attributes included)");
            tx.add(new QueueOp.NewProc(id, own));
        }
        return tx.build();
    }

    private static ClassAd clusterAd(ClassAd ad, int cluster, long now, Expr globalJobId) {
        ClassAd.Builder b = ClassAd.builder()
                .set(Attr.SHOULD_TRANSFER_FILES, "NO")
                .set(Attr.JOB_STATUS, JobStatus.IDLE.code())
                .set(Attr.JOB_PRIO, 0)
                .set(Attr.IMAGE_SIZE, 0)
                .set(Attr.REMOTE_USER_CPU, 0.0)
                .set(Attr.JOB_UNIVERSE, 5)
                .set(Attr.MAX_HOSTS, 1)
                .set(Attr.MIN_HOSTS, 1)
                .set(Attr.CURRENT_HOSTS, 0);
        ad.forEach(b::set);
        b.set(Attr.CLUSTER_ID, cluster)
                .set(Attr.QDATE, now)
                .set(Attr.ENTERED_CURRENT_STATUS, now)
                .set(Attr.CUSTOM_ID, JobIdentity.customId())
                .set(Attr.GLOBAL_JOB_ID, globalJobId);
        ClassAd merged = b.build();
        return withHoldDefaults(merged, merged);
    }

    /**
     * {@code own} plus condor_submit's hold attributes when {@code job} (own as it will be
     * queued) is held without a HoldReasonCode; {@code own} unchanged otherwise. Applied to the
     * cluster ad first, so a cluster submitted on hold stores them once.
     */
    private static ClassAd withHoldDefaults(ClassAd own, ClassAd job) {
        if (!(job.lookup(Attr.JOB_STATUS) instanceof IntegerValue s) || s.value() != JobStatus.HELD.code()
                || job.lookup(Attr.HOLD_REASON_CODE) != null) {
            return own;
        }
        ClassAd.Builder b = own.toBuilder().set(Attr.HOLD_REASON_CODE, Transition.HOLD_SUBMITTED_ON_HOLD);
        if (job.lookup(Attr.HOLD_REASON) == null) {
            b.set(Attr.HOLD_REASON, SUBMITTED_ON_HOLD);
        }
        return b.build();
    }

    private static ClassAd procAd(ClassAd item, JobId id) {
        ClassAd.Builder b = ClassAd.builder();
        if (item != null) {
            item.forEach(b::set);
            b.remove(Attr.CUSTOM_ID).remove(Attr.GLOBAL_JOB_ID); // the cluster's, which no proc may override
        }
        return b.set(Attr.PROC_ID, id.proc()).build();
    }

    private static void checkNames(ClassAd ad, String where) {
        ad.forEach((name, expr) -> checkName(name, where));
    }

    /** {@link ScheddFailure.Invalid} unless {@code name} can be an attribute name (an identifier, not a keyword). */
    static void checkName(String name, String where) {
        if (KEYWORDS.contains(name.toLowerCase(Locale.ROOT))) {
            throw new ScheddFailure.Invalid(where + " uses the ClassAd keyword '" + name + "' as an attribute name");
        }
        if (!isIdentifier(name)) {
            throw new ScheddFailure.Invalid(where + " has attribute name '" + AdLimits.shown(name)
                    + "'; names are letters, digits and '_', not starting with a digit");
        }
    }

    private static boolean isIdentifier(String name) {
        if (name.isEmpty() || !(Character.isLetter(name.charAt(0)) || name.charAt(0) == '_')) {
            return false;
        }
        return name.chars().allMatch(c -> c < 128 && (Character.isLetterOrDigit(c) || c == '_'));
    }

    /**
     * The rules on the job as it will be queued (cluster ad plus proc attributes), which an
     * edited job must still keep (SetAttribute).
     */
    static void checkJob(ClassAd job, String where) {
        List<String> missing = new ArrayList<>();
        for (String name : REQUIRED) {
            if (job.lookup(name) == null) {
                missing.add(name);
            }
        }
        if (!missing.isEmpty()) {
            throw new ScheddFailure.Invalid(where + " has no " + String.join(", ", missing)
                    + (missing.size() == 1 ? " attribute" : " attributes")
                    + "; a job needs Cmd, Requirements, Owner and Iwd");
        }
        requireText(job, Attr.OWNER, where);
        requireText(job, Attr.CMD, where);
        requireText(job, Attr.IWD, where);
        // The starter runs the job there and resolves In, Out and the transfers against it; a
        // relative one would mean whatever directory the starter happens to run in.
        if (!((StringValue) job.lookup(Attr.IWD)).value().startsWith("/")) {
            throw new ScheddFailure.Invalid(where + " has Iwd = " + shownValue(job, Attr.IWD) + "; it must be an absolute path");
        }
        requireExpression(job, Attr.REQUIREMENTS, where);
        requireExpression(job, Attr.RANK, where);
        if (isNonBooleanLiteral(job.lookup(Attr.REQUIREMENTS))) {
            throw new ScheddFailure.Invalid(where + " has Requirements = " + shownValue(job, Attr.REQUIREMENTS)
                    + "; it must be an expression that can be true or false, such as true or TARGET.Memory >= 1024");
        }
        requireInteger(job, Attr.JOB_PRIO, where);
        requireInteger(job, Attr.JOB_UNIVERSE, where);
        long universe = ((IntegerValue) job.lookup(Attr.JOB_UNIVERSE)).value();
        if (universe < MIN_UNIVERSE || universe > MAX_UNIVERSE) {
            throw new ScheddFailure.Invalid(where + " has JobUniverse = " + universe + "; HTCondor's universes are "
                    + MIN_UNIVERSE + " to " + MAX_UNIVERSE + " (5 vanilla, 12 local)");
        }
        if (job.lookup(Attr.HOLD_REASON_CODE) != null && JobQueue.status(job) == JobStatus.HELD) {
            requireInteger(job, Attr.HOLD_REASON_CODE, where);
        }
    }

    private static void checkStatus(ClassAd job, String where) {
        Expr status = job.lookup(Attr.JOB_STATUS);
        if (!(status instanceof IntegerValue s) || (s.value() != JobStatus.IDLE.code() && s.value() != JobStatus.HELD.code())) {
            throw new ScheddFailure.Invalid(where + " sets JobStatus to " + AdLimits.shown(status.unparse())
                    + "; a new job is Idle (1) or Held (5)");
        }
    }

    /**
     * A non-empty string without control characters: the starter passes Cmd and Iwd to the system
     * and runs the job as Owner, where a newline or NUL would make a different path or name than
     * the one shown in condor_q and the user log.
     */
    private static void requireText(ClassAd job, String name, String where) {
        Expr e = job.lookup(name);
        if (!(e instanceof StringValue s) || s.value().isEmpty()) {
            throw new ScheddFailure.Invalid(where + " has " + name + " = " + shownValue(job, name)
                    + "; it must be a non-empty string");
        }
        for (int i = 0; i < s.value().length(); i++) {
            char c = s.value().charAt(i);
            if (Character.isISOControl(c)) {
                throw new ScheddFailure.Invalid(where + " has " + name + " = " + shownValue(job, name)
                        + String.format("; it must not contain control characters (U+%04X at %d)", (int) c, i));
            }
        }
    }

    /** The attribute's ClassAd text, cut short for a refusal. */
    private static String shownValue(ClassAd job, String name) {
        return AdLimits.shown(job.lookup(name).unparse());
    }

    /**
     * A Requirements or Rank that arrived as a string would never evaluate to a boolean or a
     * number, so the job would sit idle for ever; refusing it says how to send an expression.
     */
    private static void requireExpression(ClassAd job, String name, String where) {
        Expr e = job.lookup(name);
        if (e instanceof StringValue s) {
            throw new ScheddFailure.Invalid(where + " has " + name + " as the string \"" + AdLimits.shown(s.value())
                    + "\"; send it as an expression (list it in !!descriptors as com.redhat.grid.Expression, or {TYPE: EXPR})");
        }
    }

    /**
     * A literal that can never be true or false, which as Requirements would leave the job idle
     * for ever (or match everywhere, if a non-zero number counted as true): an integer, real,
     * string, undefined, error, list or record.
     */
    private static boolean isNonBooleanLiteral(Expr e) {
        return e instanceof Value && !(e instanceof BooleanValue) || e instanceof ListExpr || e instanceof RecordExpr;
    }

    private static void requireInteger(ClassAd job, String name, String where) {
        if (!(job.lookup(name) instanceof IntegerValue)) {
            throw new ScheddFailure.Invalid(where + " has " + name + " = " + shownValue(job, name) + "; it must be an integer");
        }
    }
}
