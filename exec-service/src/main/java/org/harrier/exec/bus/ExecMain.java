package org.harrier.exec.bus;

import java.nio.file.Path;
import java.time.Duration;

import org.harrier.bus.Bus;
import org.harrier.bus.ServiceProcess;
import org.harrier.config.Configuration;
import org.harrier.exec.ExecConfig;
import org.harrier.exec.ExecSettings;
import org.harrier.exec.machine.MachineProbe;
import org.harrier.exec.machine.MachineResource;
import org.harrier.exec.run.starter.ProcessLaunch;

/**
 * The exec service as its own process:
 * <pre>
 * harrier-exec --broker amqp://host:5672 [--name NAME] [--cpus N] [--memory MiB] [--disk KiB]
 *              [--machine HOST] [--file-system-domain D] [--start EXPR] [--update-interval SECONDS]
 *              [--kill-grace SECONDS] [--claim-lease SECONDS] [--execute-dir DIR] [--rank EXPR] [--max-job-retirement-time EXPR]
 *              [--config FILE] [--resource NAME=COUNT|ID,ID...]... [--polling-interval SECONDS]
 *              [--suspend EXPR] [--continue EXPR] [--preempt EXPR] [--kill EXPR] [--want-suspend EXPR]
 *              [--want-vacate EXPR] [--starter-update-interval SECONDS] [--match-timeout SECONDS]
 *              [--jobs-run-as accounts|startd]
 * </pre>
 * {@code --jobs-run-as startd} runs every job as this process's own account even when it is root,
 * for a grid whose only submitter is that account (the acceptance tests' grids, whose jobs use
 * root's private directories); the default, {@code accounts}, switches a root startd's jobs to
 * their Owner or SLOT_USER (exec-service/README.md, "Job accounts").
 * {@code --kill-grace} is the machine's vacate time in seconds (between a vacated job's KillSig
 * and SIGKILL), replacing the configuration's MAXVACATETIME expression. {@code --config} reads an HTCondor-style configuration file ({@link ExecConfig} lists the
 * knobs); the other options override it, wherever they stand. {@code --resource} declares a
 * custom resource ({@code GPUs=GPU-0,GPU-1}, {@code licenses=4}) as MACHINE_RESOURCE_&lt;name&gt;
 * does, replacing one of the same name. The file is read again at every update interval, so a
 * changed resource count is re-advertised. Runs until SIGTERM/SIGINT, then kills its jobs'
 * process trees and withdraws its slots. A bad option, a bad configuration file or an
 * unreachable broker is a one-line message on stderr and exit status 2 or 1.
 */
public final class ExecMain {
    private ExecMain() {
    }

    /** What the command line asks for. */
    record Options(String broker, String name, ExecSettings settings) {
    }

    public static void main(String[] args) throws InterruptedException {
        ProcessLaunch.preferVfork();
        ProcessLaunch.pooledExitCallbacks();
        Options options;
        try {
            options = parse(args);
        } catch (IllegalArgumentException e) {
            ServiceProcess.badCommandLine("harrier-exec", e.getMessage(), null);
            return;
        }
        ServiceProcess.run("harrier-exec", options.broker(),
                bus -> ExecService.start(bus, options.name(), options.settings(),
                        () -> MachineProbe.detect(parse(args).settings())),
                service -> "harrier-exec: startd " + service.agentName() + " on " + Bus.shown(options.broker()) + ", slot "
                        + service.startd().slot().name() + " with " + service.startd().slot().remaining());
    }

    static Options parse(String[] args) {
        String broker = null;
        String name = null;
        ExecSettings.Builder b = ExecSettings.builder();
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals("--config")) {
                ExecConfig.apply(Configuration.read(Path.of(args[i + 1])), b);
            }
        }
        for (int i = 0; i < args.length; i++) {
            String flag = args[i];
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(flag.startsWith("--") ? flag + " needs a value" : "unexpected argument '" + flag + "'");
            }
            String v = args[++i];
            switch (flag) {
                case "--broker" -> broker = v;
                case "--name" -> name = v;
                case "--cpus" -> b.cpus(number(flag, v));
                case "--memory" -> b.memoryMiB(number(flag, v));
                case "--disk" -> b.diskKiB(number(flag, v));
                case "--machine" -> b.machine(v);
                case "--file-system-domain" -> b.fileSystemDomain(v);
                case "--start" -> b.start(v);
                case "--update-interval" -> b.updateInterval(Duration.ofSeconds(number(flag, v)));
                case "--kill-grace" -> b.killGrace(Duration.ofSeconds(number(flag, v)));
                case "--claim-lease" -> b.claimLease(Duration.ofSeconds(number(flag, v)));
                case "--execute-dir" -> b.executeDir(Path.of(v));
                case "--rank" -> b.rank(v);
                case "--max-job-retirement-time" -> b.maxJobRetirementTime(v);
                case "--polling-interval" -> b.pollingInterval(Duration.ofSeconds(number(flag, v)));
                case "--starter-update-interval" -> b.starterUpdateInterval(Duration.ofSeconds(number(flag, v)));
                case "--match-timeout" -> b.matchTimeout(Duration.ofSeconds(number(flag, v)));
                case "--suspend", "--continue", "--preempt", "--kill", "--want-suspend", "--want-vacate" ->
                        b.ownerPolicy(flag.substring(2).replace('-', '_'), v);
                case "--config" -> {
                    // read first, above, so that every other option overrides the file
                }
                case "--resource" -> b.resource(resource(v));
                case "--jobs-run-as" -> {
                    if (v.equals("startd")) {
                        b.runJobsAsItself();
                    } else if (!v.equals("accounts")) {
                        throw new IllegalArgumentException("--jobs-run-as is accounts or startd, got '" + v + "'");
                    }
                }
                default -> throw new IllegalArgumentException("unknown option '" + flag + "'");
            }
        }
        if (broker == null) {
            throw new IllegalArgumentException("--broker URL is required (e.g. amqp://localhost:5672)");
        }
        ExecSettings settings = b.build();
        if (name == null) {
            name = settings.names().machine() != null ? settings.names().machine() : MachineProbe.hostName();
        }
        return new Options(broker, name, settings);
    }

    private static MachineResource resource(String v) {
        int eq = v.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException("--resource needs NAME=COUNT or NAME=ID,ID..., got '" + v + "'");
        }
        try {
            return MachineResource.parse(v.substring(0, eq).strip(), v.substring(eq + 1));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--resource " + v + ": " + e.getMessage());
        }
    }

    private static long number(String flag, String v) {
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(flag + " needs a whole number, got '" + v + "'");
        }
    }
}
