package org.harrier.exec.bus;

import java.time.Clock;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.harrier.bus.Agent;
import org.harrier.bus.Bus;
import org.harrier.bus.Console;
import org.harrier.exec.ExecSettings;
import org.harrier.exec.Startd;
import org.harrier.exec.StartdListener;
import org.harrier.exec.StartdSettings;
import org.harrier.exec.run.checkpoint.SpoolCheckpointStore;
import org.harrier.exec.claim.ClaimIds;
import org.harrier.exec.claim.OwnerWatch;
import org.harrier.exec.claim.PartitionableSlot;
import org.harrier.exec.machine.Machine;
import org.harrier.exec.machine.MachineProbe;
import org.harrier.exec.machine.ProcSensor;
import org.harrier.exec.run.account.JobAccounts;
import org.harrier.exec.run.starter.Cgroups;
import org.harrier.exec.run.transfer.SandboxTransfer;
import org.harrier.exec.run.transfer.Sandboxes;
import org.harrier.exec.run.transfer.SchedulerCalls;
import org.harrier.protocol.AgentName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The execute node on the bus: agent {@code harrier:startd:<name>} hosting the slot objects,
 * a console for exit reports, and the {@link Startd} behind them. Wired by hand (docs/architecture.md):
 * publisher, then startd (which reports to the publisher), then the first advertisement, then
 * the re-detection of the machine every UPDATE_INTERVAL on thread "harrier-startd-probe"
 * (its findings go to the startd's owner thread, which re-advertises on change).
 */
public final class ExecService implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ExecService.class);

    private final ScheduledExecutorService probing;
    private final Agent agent;
    private final Console console;
    private final SlotPublisher publisher;
    private final Startd startd;
    private final Sandboxes sandboxes;
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

    private ExecService(ScheduledExecutorService probing, Agent agent, Console console, SlotPublisher publisher,
            Startd startd, Sandboxes sandboxes) {
        this.probing = probing;
        this.agent = agent;
        this.console = console;
        this.publisher = publisher;
        this.startd = startd;
        this.sandboxes = sandboxes;
    }

    /** Starts the startd {@code name} on {@code bus}; the caller keeps owning the bus. */
    public static ExecService start(Bus bus, String name, ExecSettings settings) {
        return start(bus, name, settings, () -> MachineProbe.detect(settings));
    }

    /**
     * Starts the startd with {@code probe} as its detection of the machine: called now for the
     * first advertisement and again every update interval; a probe that throws is logged and
     * the machine stays as it was.
     */
    public static ExecService start(Bus bus, String name, ExecSettings settings, Supplier<Machine> probe) {
        Objects.requireNonNull(bus, "bus");
        Objects.requireNonNull(settings, "settings");
        Machine machine = probe.get();
        Agent agent = bus.agent(agentName(name), settings.timings().updateInterval());
        Console console = bus.console();
        SlotPublisher publisher = new SlotPublisher(agent, console, settings.timings().updateInterval());
        Sandboxes sandboxes = new Sandboxes(settings.executeDir(), machine.fileSystemDomain(),
                SandboxTransfer.over(schedulerCalls(console)));
        Startd startd = startd(name, machine, settings, publisher, sandboxes);
        publisher.start(startd);
        ScheduledExecutorService probing = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "harrier-startd-probe");
            t.setDaemon(true);
            return t;
        });
        long every = settings.timings().updateInterval().toMillis();
        probing.scheduleWithFixedDelay(() -> redetect(startd, probe), every, every, TimeUnit.MILLISECONDS);
        // Leases are whole seconds: a check each second ends an expired claim within a second of its lease.
        probing.scheduleWithFixedDelay(startd::expireLeases, 1, 1, TimeUnit.SECONDS);
        long usage = settings.starterUpdateInterval().toMillis();
        // Running jobs' usage to their schedulers (STARTER_UPDATE_INTERVAL), gathered on the startd's owner thread.
        probing.scheduleWithFixedDelay(startd::reportUsage, usage, usage, TimeUnit.MILLISECONDS);
        long polling = settings.pollingInterval().toMillis();
        // The owner policy's look (POLLING_INTERVAL); the poll runs on the startd's owner thread.
        probing.scheduleWithFixedDelay(startd::poll, polling, polling, TimeUnit.MILLISECONDS);
        return new ExecService(probing, agent, console, publisher, startd, sandboxes);
    }

    /** File transfer's calls on a scheduler object, by the scheduler's agent name (docs/protocols.md, Agents). */
    public static SchedulerCalls schedulerCalls(Console console) {
        return new BusSchedulerCalls(console);
    }

    private static void redetect(Startd startd, Supplier<Machine> probe) {
        try {
            startd.redetected(probe.get());
        } catch (RuntimeException e) {
            log.warn("re-detecting the machine failed, keeping what was detected before: {}", e.getMessage());
        }
    }

    public static AgentName agentName(String name) {
        return AgentName.harrier("startd", name);
    }

    public AgentName agentName() {
        return agent.name();
    }

    /** The startd, for in-JVM callers (the personal grid's status, tests). */
    public Startd startd() {
        return startd;
    }

    /**
     * Kills running jobs' process trees (their exits are still reported), withdraws the slot
     * ads, and closes the agent and console. The bus stays open. Idempotent.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        probing.shutdownNow();
        startd.close();
        sandboxes.close();
        publisher.withdraw();
        agent.close();
        console.close();
    }

    /** The startd for {@code slot1@name} on {@code machine}: secure claim ids, the system clock, the machine's sensors and cgroups. */
    private static Startd startd(String name, Machine machine, ExecSettings settings, StartdListener listener,
            Sandboxes sandboxes) {
        Clock clock = Clock.systemUTC();
        PartitionableSlot slot = PartitionableSlot.of(name, machine, settings.start(), settings.slotPolicy(),
                clock.instant().getEpochSecond());
        Cgroups cgroups = Cgroups.detect();
        removeLeftovers(name, settings, cgroups);
        StartdSettings parts = new StartdSettings(slot, ClaimIds.secure(), settings.policy(), settings.timings(), clock,
                settings.claimLease(), new OwnerWatch(settings.ownerPolicy(), ProcSensor.of(settings)), cgroups,
                new SpoolCheckpointStore(), sandboxes, accounts(settings));
        return new Startd(parts, listener);
    }

    /** Root switches each job to its account (RunAsPolicy) unless code asked it not to; logged once. */
    private static JobAccounts accounts(ExecSettings settings) {
        JobAccounts accounts = settings.accounts();
        if (accounts.root()) {
            log.info("running as root: jobs run as their Owner where STARTER_ALLOW_RUNAS_OWNER allows and the account"
                    + " has a uid of MIN_UID {} or more, else as SLOT_USER {}", accounts.policy().minUid(),
                    accounts.policy().slotUser());
        } else {
            log.info("jobs run as this startd's own account");
        }
        return accounts;
    }

    /**
     * Before the startd takes claims: what an earlier process of it killed with kill -9 left
     * (docs/protocols.md, "File transfer"): the processes in its job cgroups are killed and the
     * cgroups removed, then its sandboxes under EXECUTE (HTCondor's startd cleans EXECUTE at start).
     */
    private static void removeLeftovers(String name, ExecSettings settings, Cgroups cgroups) {
        cgroups.removeLeftovers(name);
        Sandboxes.removeLeftovers(settings.executeDir());
    }
}
