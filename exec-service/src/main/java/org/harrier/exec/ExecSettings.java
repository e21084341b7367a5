package org.harrier.exec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import org.harrier.classad.ClassAdParseException;
import org.harrier.classad.Expr;
import org.harrier.exec.claim.ConsumptionPolicy;
import org.harrier.exec.claim.OwnerPolicy;
import org.harrier.exec.claim.SlotPolicy;
import org.harrier.exec.claim.StartdLeases;
import org.harrier.exec.claim.VacateTime;
import org.harrier.exec.machine.MachineNames;
import org.harrier.exec.machine.MachineResource;
import org.harrier.exec.run.account.JobAccounts;

/**
 * How an execute node is configured. Every machine fact the startd would detect (cores, memory,
 * disk, Arch, OpSys, OpSysAndVer, FileSystemDomain, Machine) can be pinned here; a value left
 * unset is detected. Tests and the personal grid pin small resources so a laptop's 16 cores do
 * not turn into 16 concurrent test jobs.
 *
 * <p>Immutable; build with {@link #builder()}. Validation happens in {@link Builder#build()}
 * with messages naming the setting, so a bad command line fails before anything starts.
 */
public final class ExecSettings {
    /** The knobs of the {@link OwnerPolicy}, as HTCondor names them. */
    public static final List<String> OWNER_KNOBS = List.of("SUSPEND", "CONTINUE", "PREEMPT", "KILL", "WANT_SUSPEND",
            "WANT_VACATE");

    /** HTCondor's default START: the owner lets every job run. */
    public static final String DEFAULT_START = "TRUE";

    private final Long cpus;
    private final Long memoryMiB;
    private final Long diskKiB;
    private final MachineNames names;
    private final Path executeDir;
    private final Expr start;
    private final StartdTimings timings;
    private final SlotPolicy policy;
    private final List<MachineResource> customResources;
    private final ConsumptionPolicy slotPolicy;
    private final Duration claimLease;
    private final OwnerPolicy ownerPolicy;
    private final Duration pollingInterval;
    private final Duration starterUpdateInterval;
    private final JobAccounts accounts;

    private ExecSettings(Builder b) {
        JobAccounts detected = b.switchesAccounts ? JobAccounts.detect(b.runAs) : new JobAccounts(b.runAs, false);
        this.accounts = b.gridOwner == null ? detected : detected.withGridOwner(b.gridOwner);
        this.starterUpdateInterval = b.starterUpdateInterval;
        this.ownerPolicy = b.ownerPolicy();
        this.pollingInterval = b.pollingInterval;
        this.cpus = b.cpus;
        this.memoryMiB = b.memoryMiB;
        this.diskKiB = b.diskKiB;
        this.names = new MachineNames(b.machine, b.arch, b.opSys, b.opSysAndVer, b.fileSystemDomain);
        this.executeDir = b.executeDir;
        this.start = b.start;
        this.timings = new StartdTimings(b.updateInterval, b.killGrace, b.usageInterval, b.matchTimeout);
        this.policy = new SlotPolicy(b.rank, b.maxJobRetirementTime, b.maxVacateTime);
        this.customResources = List.copyOf(b.customResources.values());
        this.slotPolicy = b.slotPolicy();
        this.claimLease = b.claimLease;
    }

    /** How long an idle claim lasts without its scheduler's Alive (CLAIM_LEASE; HTCondor's 1800 s). */
    public Duration claimLease() {
        return claimLease;
    }

    public static ExecSettings defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Pinned core count, or null to detect. */
    public Long cpus() {
        return cpus;
    }

    /** Pinned memory in MiB, or null to detect. */
    public Long memoryMiB() {
        return memoryMiB;
    }

    /** Pinned disk in KiB, or null to detect (free space in {@link #executeDir()}). */
    public Long diskKiB() {
        return diskKiB;
    }

    public MachineNames names() {
        return names;
    }

    /** Where the disk is measured and the sandboxes of jobs whose files travel are made; other jobs run in their Iwd. */
    public Path executeDir() {
        return executeDir;
    }

    /** The owner's START policy (HTCondor's START knob), a ClassAd expression over the job as TARGET. */
    public Expr start() {
        return start;
    }

    public StartdTimings timings() {
        return timings;
    }

    /** The owner's RANK and MAXJOBRETIREMENTTIME (both default 0). */
    public SlotPolicy policy() {
        return policy;
    }

    /** The custom resources the machine declares (MACHINE_RESOURCE_&lt;name&gt;), in name order. */
    public List<MachineResource> customResources() {
        return customResources;
    }

    /** CONSUMPTION_POLICY, CONSUMPTION_&lt;Resource&gt; and SLOT_WEIGHT. */
    public ConsumptionPolicy slotPolicy() {
        return slotPolicy;
    }

    /** SUSPEND, CONTINUE, PREEMPT, KILL, WANT_SUSPEND and WANT_VACATE (HTCondor's defaults unless set). */
    public OwnerPolicy ownerPolicy() {
        return ownerPolicy;
    }

    /** How often the owner policy is evaluated (HTCondor's POLLING_INTERVAL, default 5 s). */
    public Duration pollingInterval() {
        return pollingInterval;
    }

    /** How often a running job's usage goes to its scheduler (HTCondor's STARTER_UPDATE_INTERVAL,
     * default 300 s; the personal grid and tests use less). */
    public Duration starterUpdateInterval() {
        return starterUpdateInterval;
    }

    /** Which account each job runs as: STARTER_ALLOW_RUNAS_OWNER, SLOT_USER, MIN_UID, and whether this process is root. */
    public JobAccounts accounts() {
        return accounts;
    }

    public static final class Builder {
        private Long cpus;
        private Long memoryMiB;
        private Long diskKiB;
        private String machine;
        private String arch;
        private String opSys;
        private String opSysAndVer;
        private String fileSystemDomain;
        private Path executeDir = Path.of(System.getProperty("java.io.tmpdir"));
        private Expr start = Expr.parse(DEFAULT_START);
        private Duration updateInterval = Duration.ofSeconds(5);
        private Duration killGrace = Duration.ofSeconds(2);
        private Duration usageInterval = Duration.ofMillis(500);
        private Duration claimLease = StartdLeases.CLAIM_LEASE;
        private Expr rank = SlotPolicy.DEFAULT.rank();
        private Expr maxJobRetirementTime = SlotPolicy.DEFAULT.maxJobRetirementTime();
        private Expr maxVacateTime;
        private final Map<String, MachineResource> customResources = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        private boolean consumptionPolicy;
        private final Map<String, Expr> consumption = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        private Expr slotWeight = Expr.parse(ConsumptionPolicy.DEFAULT_SLOT_WEIGHT);
        private final Map<String, Expr> owner = new TreeMap<>();
        private Duration pollingInterval = Duration.ofSeconds(5);
        private Duration starterUpdateInterval = Duration.ofSeconds(300);
        private Duration matchTimeout = Duration.ofSeconds(120);
        private org.harrier.exec.run.account.RunAsPolicy runAs = org.harrier.exec.run.account.RunAsPolicy.DEFAULT;
        private boolean switchesAccounts = true;
        private String gridOwner;

        private Builder() {
        }

        /** Jobs run as the startd's own account even as root (tests whose jobs use root's directories); no knob sets it. */
        public Builder runJobsAsItself() {
            this.switchesAccounts = false;
            return this;
        }

        /** A personal grid's: {@code owner}'s jobs run as the startd's account, others' by the policy ({@link JobAccounts#withGridOwner}). */
        public Builder gridOwner(String owner) {
            this.gridOwner = owner;
            return this;
        }

        /** One of RunAsPolicy.KNOBS as configuration text; IllegalArgumentException naming it. */
        public Builder runAs(String knob, String value) {
            this.runAs = runAs.with(knob, value);
            return this;
        }

        /** STARTER_UPDATE_INTERVAL: how often running jobs' usage is reported. */
        public Builder starterUpdateInterval(Duration d) {
            this.starterUpdateInterval = d;
            return this;
        }

        /**
         * One of the owner policy's knobs (SUSPEND, CONTINUE, PREEMPT, KILL, WANT_SUSPEND,
         * WANT_VACATE) as ClassAd text; IllegalArgumentException naming it if the knob is not
         * one of them or the text does not parse.
         */
        public Builder ownerPolicy(String knob, String expression) {
            String k = knob.toUpperCase(java.util.Locale.ROOT);
            if (!OWNER_KNOBS.contains(k)) {
                throw new IllegalArgumentException(knob + " is not an owner policy knob (one of " + OWNER_KNOBS + ")");
            }
            owner.put(k, parse(k, expression));
            return this;
        }

        /** POLLING_INTERVAL: how often the owner policy is evaluated. */
        public Builder pollingInterval(Duration d) {
            this.pollingInterval = d;
            return this;
        }

        private OwnerPolicy ownerPolicy() {
            OwnerPolicy d = OwnerPolicy.DEFAULT;
            return new OwnerPolicy(owner.getOrDefault("SUSPEND", d.suspend()), owner.getOrDefault("CONTINUE", d.resume()),
                    owner.getOrDefault("PREEMPT", d.preempt()), owner.getOrDefault("KILL", d.kill()),
                    owner.getOrDefault("WANT_SUSPEND", d.wantSuspend()), owner.getOrDefault("WANT_VACATE", d.wantVacate()));
        }

        /** Declares (or replaces, by name ignoring case) a custom resource. */
        public Builder resource(MachineResource r) {
            customResources.remove(r.name());
            customResources.put(r.name(), r);
            return this;
        }

        /** HTCondor's CONSUMPTION_POLICY: whether the partitionable slot advertises consumption policies. */
        public Builder consumptionPolicy(boolean on) {
            this.consumptionPolicy = on;
            return this;
        }

        /** CONSUMPTION_&lt;resource&gt; as ClassAd text; IllegalArgumentException naming it if it does not parse. */
        public Builder consumption(String resource, String expression) {
            consumption.remove(resource);
            consumption.put(resource, parse("CONSUMPTION_" + resource, expression));
            return this;
        }

        /** SLOT_WEIGHT as ClassAd text over the slot ad (default Cpus). */
        public Builder slotWeight(String expression) {
            this.slotWeight = parse("SLOT_WEIGHT", expression);
            return this;
        }

        private static Expr parse(String knob, String expression) {
            try {
                return Expr.parse(Objects.requireNonNull(expression, knob));
            } catch (ClassAdParseException e) {
                throw new IllegalArgumentException(knob + " is not a ClassAd expression: " + e.getMessage());
            }
        }

        private ConsumptionPolicy slotPolicy() {
            return new ConsumptionPolicy(consumptionPolicy, consumptionPolicy ? consumption : Map.of(), slotWeight);
        }

        public Builder cpus(long n) {
            this.cpus = atLeastOne(n, "cpus");
            return this;
        }

        public Builder memoryMiB(long n) {
            this.memoryMiB = atLeastOne(n, "memory (MiB)");
            return this;
        }

        public Builder diskKiB(long n) {
            this.diskKiB = atLeastOne(n, "disk (KiB)");
            return this;
        }

        private static long atLeastOne(long n, String what) {
            if (n < 1) {
                throw new IllegalArgumentException(what + " must be at least 1, got " + n);
            }
            return n;
        }

        public Builder machine(String name) {
            this.machine = nonBlank(name, "machine");
            return this;
        }

        public Builder arch(String value) {
            this.arch = nonBlank(value, "arch");
            return this;
        }

        public Builder opSys(String value) {
            this.opSys = nonBlank(value, "opSys");
            return this;
        }

        public Builder opSysAndVer(String value) {
            this.opSysAndVer = nonBlank(value, "opSysAndVer");
            return this;
        }

        public Builder fileSystemDomain(String value) {
            this.fileSystemDomain = nonBlank(value, "fileSystemDomain");
            return this;
        }

        private static String nonBlank(String s, String what) {
            if (s == null || s.isBlank()) {
                throw new IllegalArgumentException(what + " must not be blank");
            }
            return s;
        }

        public Builder executeDir(Path dir) {
            this.executeDir = Objects.requireNonNull(dir, "executeDir");
            return this;
        }

        /** START as ClassAd text; IllegalArgumentException if it does not parse. */
        public Builder start(String expression) {
            try {
                this.start = Expr.parse(Objects.requireNonNull(expression, "start"));
            } catch (ClassAdParseException e) {
                throw new IllegalArgumentException("START is not a ClassAd expression: " + e.getMessage());
            }
            return this;
        }

        /** The slot's RANK (HTCondor's knob): how much it prefers a job, TARGET being the job. */
        public Builder rank(String expression) {
            this.rank = parse("RANK", expression);
            return this;
        }

        /** MAXJOBRETIREMENTTIME: seconds a preempted job may still run, from its start; TARGET is the job. */
        public Builder maxJobRetirementTime(String expression) {
            this.maxJobRetirementTime = parse("MAXJOBRETIREMENTTIME", expression);
            return this;
        }

        public Builder updateInterval(Duration d) {
            this.updateInterval = d;
            return this;
        }

        /** The machine's vacate time in seconds (--kill-grace); it replaces an earlier MAXVACATETIME. */
        public Builder killGrace(Duration d) {
            this.killGrace = d;
            this.maxVacateTime = null;
            return this;
        }

        /** MAXVACATETIME ({@link VacateTime}); a constant is also the kill grace, a negative one is refused. */
        public Builder maxVacateTime(String expression) {
            Expr e = parse("MAXVACATETIME", expression);
            this.killGrace = VacateTime.constant(e).orElse(killGrace);
            this.maxVacateTime = e;
            return this;
        }

        public Builder usageInterval(Duration d) {
            this.usageInterval = d;
            return this;
        }

        /** MATCH_TIMEOUT (HTCondor's default 120 s). */
        public Builder matchTimeout(Duration d) {
            this.matchTimeout = d;
            return this;
        }

        public Builder claimLease(Duration d) {
            this.claimLease = d;
            return this;
        }

        public ExecSettings build() {
            new StartdTimings(updateInterval, killGrace, usageInterval, matchTimeout);
            new StartdLeases(claimLease);
            if (pollingInterval == null || pollingInterval.isZero() || pollingInterval.isNegative()) {
                throw new IllegalArgumentException("pollingInterval must be positive, got " + pollingInterval);
            }
            slotPolicy();
            if (starterUpdateInterval == null || starterUpdateInterval.isZero() || starterUpdateInterval.isNegative()) {
                throw new IllegalArgumentException("starterUpdateInterval must be positive, got " + starterUpdateInterval);
            }
            return new ExecSettings(this);
        }
    }
}
