package org.harrier.exec.run.transfer;

import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.harrier.classad.BooleanValue;
import org.harrier.classad.ClassAd;
import org.harrier.rules.TransferLists;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;
import org.harrier.exec.run.starter.JobCommand;

/**
 * What HTCondor's starter decides about a job's sandbox, as pure functions of its ad:
 * whether its files travel (ShouldTransferFiles YES, or IF_NEEDED when the job's
 * FileSystemDomain is not this machine's; NO or none: the job runs in its Iwd as before),
 * which inputs to fetch and under which local names (the last part of each name, in the
 * sandbox's top level, as HTCondor places them; a directory entry with its contents, or only
 * its contents with a trailing slash), the command as it runs in the sandbox, and which files
 * to send back (TransferOutput's entries, files or directories, else every new or changed file
 * of the sandbox's top level; Out and Err as {@code _condor_stdout}/{@code _condor_stderr}).
 */
public final class SandboxPlan {
    public static final String STDOUT = "_condor_stdout";
    public static final String STDERR = "_condor_stderr";

    private SandboxPlan() {
    }

    /**
     * One input to fetch: {@code name} as the ad gives it, {@code local} its name in the sandbox
     * (empty for a directory whose contents only are fetched: {@code dir/}), and whether it is a
     * TransferInput entry, which may be a directory (ListFiles tells).
     */
    public record Input(String name, String local, boolean listed) {
        public Input(String name, String local) {
            this(name, local, false);
        }

        /** Where file or directory {@code relative} of this entry goes in {@code sandbox} (empty: the entry itself). */
        public Path in(Path sandbox, String relative) {
            if (!relative.isEmpty() && !TransferLists.plainRelative(relative)) {
                throw new TransferException("the scheduler listed '" + relative + "' in input " + name
                        + ": not a relative path of plain names");
            }
            Path top = local.isEmpty() ? sandbox : sandbox.resolve(local);
            return relative.isEmpty() ? top : top.resolve(relative);
        }

        /** The name the scheduler knows file {@code relative} of this entry by (BeginTransfer Input). */
        public String wireName(String relative) {
            return relative.isEmpty() ? name : TransferLists.withoutSlash(name) + "/" + relative;
        }
    }

    /**
     * One output to send: {@code local} in the sandbox (a file or a directory), {@code name} the
     * scheduler writes it under; empty for a directory whose contents only are sent ({@code dir/}).
     */
    public record Output(String local, String name) {
        /** The name file {@code relative} inside this output (a directory) is sent under. */
        public String wireName(String relative) {
            return relative.isEmpty() ? name : name.isEmpty() ? relative : name + "/" + relative;
        }
    }

    public static boolean transfers(ClassAd job, String machineFileSystemDomain) {
        String should = string(job, "ShouldTransferFiles");
        if (should == null) {
            return false;
        }
        return switch (should.toUpperCase(Locale.ROOT)) {
            case "YES" -> true;
            case "IF_NEEDED" -> !machineFileSystemDomain.equals(string(job, "FileSystemDomain"));
            default -> false;
        };
    }

    /** Whether outputs are sent after an eviction too (WhenToTransferOutput ON_EXIT_OR_EVICT). */
    public static boolean sendsOnEviction(ClassAd job) {
        return "ON_EXIT_OR_EVICT".equalsIgnoreCase(string(job, "WhenToTransferOutput"));
    }

    public static boolean transfersExecutable(ClassAd job) {
        return !(job.evaluate("TransferExecutable") instanceof BooleanValue b && !b.value());
    }

    public static List<Input> inputs(ClassAd job) {
        Map<String, Input> byLocal = new LinkedHashMap<>();
        String cmd = string(job, "Cmd");
        if (cmd != null && !cmd.isEmpty() && transfersExecutable(job)) {
            byLocal.putIfAbsent(TransferLists.lastPart(cmd), new Input(cmd, TransferLists.lastPart(cmd)));
        }
        String in = string(job, "In");
        if (in != null && !in.isEmpty() && !in.equals("/dev/null")) {
            byLocal.putIfAbsent(TransferLists.lastPart(in), new Input(in, TransferLists.lastPart(in)));
        }
        for (String entry : TransferLists.of(job, "TransferInput")) {
            if (!entry.matches("[A-Za-z][A-Za-z0-9+.-]*://.*")) {
                String local = TransferLists.contentsOnly(entry) ? "" : TransferLists.lastPart(entry);
                byLocal.putIfAbsent(local.isEmpty() ? entry : local, new Input(entry, local, true));
            }
        }
        return List.copyOf(byLocal.values());
    }

    /** Where file {@code name} of the job's last eviction (a sandbox path, as it was sent) goes in {@code sandbox}. */
    public static Path evictedPath(Path sandbox, String name) {
        if (!TransferLists.plainRelative(name)) {
            throw new TransferException("the scheduler listed evicted file '" + name + "': not a relative path of plain names");
        }
        return sandbox.resolve(name);
    }

    /** {@code command} (read from the ad as if in Iwd) as it runs in {@code sandbox}. */
    public static JobCommand command(ClassAd job, JobCommand command, Path sandbox) {
        Path exe = transfersExecutable(job) ? sandbox.resolve(TransferLists.lastPart(string(job, "Cmd"))) : command.executable();
        Path in = command.stdin().equals(JobCommand.NULL_FILE) ? JobCommand.NULL_FILE
                : sandbox.resolve(TransferLists.lastPart(string(job, "In")));
        Path out = command.stdout().equals(JobCommand.NULL_FILE) ? JobCommand.NULL_FILE : sandbox.resolve(STDOUT);
        Path err = command.stderr().equals(JobCommand.NULL_FILE) ? JobCommand.NULL_FILE
                : command.stderr().equals(command.stdout()) ? out : sandbox.resolve(STDERR);
        Map<String, String> env = new LinkedHashMap<>(command.environment());
        env.put("_CONDOR_SCRATCH_DIR", sandbox.toString());
        return new JobCommand(exe, command.arguments(), env, sandbox, in, out, err, command.runAs());
    }

    /**
     * The files to send back, given the sandbox's top-level regular files with their
     * modification times before the job ran ({@code before}) and after ({@code after}).
     */
    public static List<Output> outputs(ClassAd job, Map<String, FileTime> before, Map<String, FileTime> after) {
        List<Output> out = new ArrayList<>();
        if (string(job, "Out") != null && after.containsKey(STDOUT)) {
            out.add(new Output(STDOUT, STDOUT));
        }
        if (string(job, "Err") != null && after.containsKey(STDERR)) {
            out.add(new Output(STDERR, STDERR));
        }
        if (job.evaluate("TransferOutput") instanceof StringValue) {
            for (String entry : TransferLists.of(job, "TransferOutput")) {
                out.add(new Output(TransferLists.withoutSlash(entry),
                        TransferLists.contentsOnly(entry) ? "" : TransferLists.lastPart(entry)));
            }
            return out;
        }
        for (Map.Entry<String, FileTime> f : after.entrySet()) {
            String name = f.getKey();
            if (!name.equals(STDOUT) && !name.equals(STDERR) && !f.getValue().equals(before.get(name))) {
                out.add(new Output(name, name));
            }
        }
        return out;
    }


    private static String string(ClassAd job, String attr) {
        Value v = job.evaluate(attr);
        return v instanceof StringValue s ? s.value() : null;
    }
}
