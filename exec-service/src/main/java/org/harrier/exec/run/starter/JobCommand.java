package org.harrier.exec.run.starter;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.harrier.classad.ClassAd;
import org.harrier.classad.StringValue;
import org.harrier.classad.UndefinedValue;
import org.harrier.classad.Value;
import org.harrier.exec.run.account.RunAs;

/**
 * Exactly what to run for a job, read from its ad: the executable (Cmd, absolute or relative to
 * Iwd), arguments (Arguments, else Args), environment (the starter's base environment, then
 * Environment, else Env, on top), working directory (Iwd, absolute), and the files for stdin
 * (In) and stdout/stderr (Out/Err), relative to Iwd, /dev/null when absent (HTCondor's
 * defaults), and the account it runs as ({@link RunAs}; {@link Starter#command} decides it).
 * Reading the ad is pure; whether the files exist is checked when the job starts.
 */
public record JobCommand(Path executable, List<String> arguments, Map<String, String> environment, Path iwd,
        Path stdin, Path stdout, Path stderr, RunAs runAs) {
    public static final Path NULL_FILE = Path.of("/dev/null");

    public JobCommand {
        Objects.requireNonNull(executable, "executable");
        arguments = List.copyOf(arguments);
        environment = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(environment));
        Objects.requireNonNull(iwd, "iwd");
        Objects.requireNonNull(stdin, "stdin");
        Objects.requireNonNull(stdout, "stdout");
        Objects.requireNonNull(stderr, "stderr");
        Objects.requireNonNull(runAs, "runAs");
        if (runAs instanceof RunAs.Refused r) {
            throw new IllegalArgumentException("a job that may not run has no command: " + r.why());
        }
    }

    /** A command run as the startd's own account. */
    public JobCommand(Path executable, List<String> arguments, Map<String, String> environment, Path iwd,
            Path stdin, Path stdout, Path stderr) {
        this(executable, arguments, environment, iwd, stdin, stdout, stderr, RunAs.STARTD);
    }

    /** The same command run as {@code as}. */
    public JobCommand runningAs(RunAs as) {
        return new JobCommand(executable, arguments, environment, iwd, stdin, stdout, stderr, as);
    }

    /** The command line, executable first. */
    public List<String> commandLine() {
        java.util.ArrayList<String> line = new java.util.ArrayList<>(arguments.size() + 1);
        line.add(executable.toString());
        line.addAll(arguments);
        return line;
    }

    /** Reads {@code job}; JobSetupException (code 6 or 14) names what is wrong. */
    public static JobCommand from(ClassAd job, Map<String, String> baseEnvironment) {
        String iwdText = string(job, "Iwd", JobSetupException.IWD_ERROR);
        if (iwdText == null) {
            throw new JobSetupException(JobSetupException.IWD_ERROR, "job ad has no Iwd");
        }
        Path iwd = path(iwdText, "Iwd", JobSetupException.IWD_ERROR);
        if (!iwd.isAbsolute()) {
            throw new JobSetupException(JobSetupException.IWD_ERROR, "Iwd must be an absolute path, got '" + iwdText + "'");
        }
        String cmd = string(job, "Cmd", JobSetupException.FAILED_TO_CREATE_PROCESS);
        if (cmd == null || cmd.isEmpty()) {
            throw new JobSetupException(JobSetupException.FAILED_TO_CREATE_PROCESS, "job ad has no Cmd");
        }
        Path executable = iwd.resolve(path(cmd, "Cmd", JobSetupException.FAILED_TO_CREATE_PROCESS));
        return new JobCommand(executable, arguments(job), environment(job, baseEnvironment), iwd,
                file(job, "In", iwd, JobSetupException.UNABLE_TO_OPEN_INPUT),
                file(job, "Out", iwd, JobSetupException.UNABLE_TO_OPEN_OUTPUT),
                file(job, "Err", iwd, JobSetupException.UNABLE_TO_OPEN_OUTPUT));
    }

    private static List<String> arguments(ClassAd job) {
        try {
            String v2 = string(job, "Arguments", JobSetupException.FAILED_TO_CREATE_PROCESS);
            if (v2 != null) {
                return JobArguments.parseNew(v2);
            }
            String v1 = string(job, "Args", JobSetupException.FAILED_TO_CREATE_PROCESS);
            return v1 == null ? List.of() : JobArguments.parseOld(v1);
        } catch (IllegalArgumentException e) {
            throw new JobSetupException(JobSetupException.FAILED_TO_CREATE_PROCESS, e.getMessage());
        }
    }

    private static Map<String, String> environment(ClassAd job, Map<String, String> base) {
        Map<String, String> env = new LinkedHashMap<>(base);
        try {
            String v2 = string(job, "Environment", JobSetupException.FAILED_TO_CREATE_PROCESS);
            if (v2 != null) {
                env.putAll(JobEnvironment.parseNew(v2));
            } else {
                String v1 = string(job, "Env", JobSetupException.FAILED_TO_CREATE_PROCESS);
                if (v1 != null) {
                    env.putAll(JobEnvironment.parseOld(v1));
                }
            }
        } catch (IllegalArgumentException e) {
            throw new JobSetupException(JobSetupException.FAILED_TO_CREATE_PROCESS, e.getMessage());
        }
        return env;
    }

    private static Path file(ClassAd job, String name, Path iwd, int code) {
        String text = string(job, name, code);
        if (text == null || text.isEmpty()) {
            return NULL_FILE;
        }
        return iwd.resolve(path(text, name, code));
    }

    /** The string value of {@code name}, null if undefined; anything else is a setup error. */
    private static String string(ClassAd job, String name, int code) {
        Value v = job.evaluate(name);
        if (v instanceof UndefinedValue) {
            return null;
        }
        if (v instanceof StringValue s) {
            return s.value();
        }
        throw new JobSetupException(code, name + " must be a string, but it evaluates to " + v.typeName() + " " + v.unparse());
    }

    private static Path path(String text, String name, int code) {
        try {
            return Path.of(text);
        } catch (InvalidPathException e) {
            throw new JobSetupException(code, name + " is not a valid path: " + e.getMessage());
        }
    }
}
