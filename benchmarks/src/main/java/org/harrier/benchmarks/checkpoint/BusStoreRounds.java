package org.harrier.benchmarks.checkpoint;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.harrier.benchmarks.transfer.StandInSlot;
import org.harrier.benchmarks.transfer.TransferBenchmark;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.exec.bus.ExecService;
import org.harrier.exec.run.checkpoint.BusCheckpointStore;
import org.harrier.exec.run.checkpoint.CheckpointPlan;
import org.harrier.exec.run.checkpoint.CheckpointSaved;
import org.harrier.exec.run.transfer.SandboxTransfer;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.scheduler.JobCheckpointed;
import org.harrier.bus.Agent;
import org.harrier.bus.Bus;
import org.harrier.bus.Console;
import org.harrier.scheduler.SchedulerSettings;
import org.harrier.scheduler.bus.SchedulerService;

/**
 * The bus side of the checkpoint benchmark: a real scheduler service with a spool on an
 * embedded broker, a job running on a stand-in slot ({@link StandInSlot}, as the transfer
 * benchmark has it), and this JVM as its starter saving and restoring checkpoints with
 * {@link BusCheckpointStore}. A save is the CheckpointOut transfers plus the JobCheckpointed
 * report that commits the checkpoint in the scheduler's spool, as the starter sends it.
 */
final class BusStoreRounds implements AutoCloseable {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final AgentName SCHEDULER = AgentName.harrier("scheduler", "bench");
    private static final AgentName STARTD = AgentName.harrier("startd", "bench");

    private final GridBroker broker;
    private final Bus schedulerBus;
    private final Bus starterBus;
    private final SchedulerService scheduler;
    private final Console console;
    private final String job;
    private final BusCheckpointStore store;

    private BusStoreRounds(Path dir) throws Exception {
        broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
        schedulerBus = Bus.connect(broker.clientUrl());
        starterBus = Bus.connect(broker.clientUrl());
        scheduler = SchedulerService.start(schedulerBus, "bench", SchedulerSettings.defaults().withCallTimeout(WAIT),
                Files.createDirectories(dir.resolve("spool")));
        Agent startd = starterBus.agent(STARTD, Duration.ofSeconds(5));
        startd.add(new StandInSlot("slot1@bench"));
        console = starterBus.console();
        job = TransferBenchmark.runningJob(console, Files.createDirectories(dir.resolve("iwd")));
        store = new BusCheckpointStore(SandboxTransfer.over(ExecService.schedulerCalls(console)),
                new SandboxTransfer.Endpoint(SCHEDULER.name(), job, StandInSlot.CLAIM));
    }

    static BusStoreRounds start(Path dir) throws Exception {
        return new BusStoreRounds(dir);
    }

    /** Saves {@code files} of {@code work} as the job's checkpoint after {@code saved} others, and commits it. */
    CheckpointSaved save(Path work, List<Path> files, long saved) {
        CheckpointSaved s = store.save(plan(saved), work, files);
        Console.join(console.call(SCHEDULER, ObjectId.grid("scheduler", "bench"),
                new JobCheckpointed(job, StandInSlot.CLAIM, s.number(), s.bytes(), s.seconds()), WAIT));
        return s;
    }

    /** Fetches the current checkpoint into {@code into}; its bytes. */
    long restore(Path into, long saved) {
        return store.restore(plan(saved), into);
    }

    private CheckpointPlan plan(long saved) {
        return new CheckpointPlan(job, 85, List.of(), null, saved);
    }

    @Override
    public void close() {
        scheduler.close();
        starterBus.close();
        schedulerBus.close();
        broker.close();
    }
}
