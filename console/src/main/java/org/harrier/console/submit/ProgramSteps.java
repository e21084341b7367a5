package org.harrier.console.submit;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import org.harrier.classad.ClassAd;

/**
 * The steps that say what runs and where (submit_utils.cpp {@code SetUniverse},
 * {@code SetExecutable}, {@code SetIWD}, {@code SetStdFile}, {@code SetUserLog}): MyType,
 * TargetType and Owner; JobUniverse (vanilla 5 or local 12); Cmd, absolute, relative to the
 * submit directory, which must exist and not be a directory; Iwd; In/Out/Err as written,
 * relative to Iwd, {@code /dev/null} when not given; UserLog, absolute, relative to Iwd.
 */
final class ProgramSteps {
    static final long VANILLA = 5;
    static final long LOCAL = 12;

    private ProgramSteps() {
    }

    static void identity(ProcCommands c, ClassAd.Builder ad) {
        ad.set("MyType", "Job");
        ad.set("TargetType", "Machine");
        ad.set("Owner", c.context().owner());
    }

    static void universe(ProcCommands c, ClassAd.Builder ad) {
        ad.set("JobUniverse", universe(c));
    }

    /** The JobUniverse number for the universe command; vanilla when unset. */
    static long universe(ProcCommands c) {
        String u = c.text("universe");
        if (u == null) {
            return VANILLA;
        }
        return switch (u.toLowerCase(Locale.ROOT)) {
            case "vanilla", "5" -> VANILLA;
            case "local", "12" -> LOCAL;
            default -> throw c.error("universe", "universe '" + u + "' is not supported; harrier runs vanilla and"
                    + " local jobs");
        };
    }

    static void executable(ProcCommands c, ClassAd.Builder ad) {
        ad.set("Cmd", executable(c).toString());
    }

    /** The executable's absolute path, checked on disk. */
    static Path executable(ProcCommands c) {
        String e = c.text("executable");
        if (e == null) {
            throw new SubmitException(c.file(), c.queueLine(), "no executable given before this queue statement");
        }
        Path p = resolve(c, c.context().submitDir(), "executable", e);
        if (!Files.exists(p)) {
            throw c.error("executable", "executable " + p + " does not exist");
        }
        if (Files.isDirectory(p)) {
            throw c.error("executable", "executable " + p + " is a directory");
        }
        return p;
    }

    static void initialDir(ProcCommands c, ClassAd.Builder ad) {
        ad.set("Iwd", initialDir(c).toString());
    }

    /** The job's initial working directory: initialdir relative to the submit directory, else that. */
    static Path initialDir(ProcCommands c) {
        String d = c.text("initialdir");
        if (d == null) {
            return c.context().submitDir();
        }
        Path p = resolve(c, c.context().submitDir(), "initialdir", d);
        if (!Files.isDirectory(p)) {
            throw c.error("initialdir", "initialdir " + p + " is not a directory");
        }
        return p;
    }

    static void stdio(ProcCommands c, ClassAd.Builder ad) {
        ad.set("In", stdFile(c, "input"));
        ad.set("Out", stdFile(c, "output"));
        ad.set("Err", stdFile(c, "error"));
    }

    private static String stdFile(ProcCommands c, String command) {
        String f = c.text(command);
        return f == null ? "/dev/null" : f;
    }

    static void userLog(ProcCommands c, ClassAd.Builder ad) {
        String log = c.text("log");
        if (log != null) {
            ad.set("UserLog", resolve(c, initialDir(c), "log", log).toString());
        }
    }

    static Path resolve(ProcCommands c, Path base, String command, String name) {
        try {
            return base.resolve(name).normalize();
        } catch (InvalidPathException e) {
            throw c.error(command, command + " '" + name + "' is not a file name");
        }
    }
}
