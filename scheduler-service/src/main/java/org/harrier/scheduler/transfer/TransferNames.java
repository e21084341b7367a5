package org.harrier.scheduler.transfer;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.harrier.classad.BooleanValue;
import org.harrier.classad.ClassAd;
import org.harrier.rules.TransferLists;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;
import org.harrier.rules.CheckpointLayout;
import org.harrier.scheduler.ScheddFailure;

/**
 * Which files a starter may read from and write to the submit side for a job: the rules that
 * keep a starter (untrusted: anyone who can call the scheduler) from reading or overwriting
 * anything else. Pure: decides from the job ad alone; whether files exist is the transfer's
 * business.
 *
 * <ul>
 *   <li>Input: exactly a name the ad gives — Cmd (unless TransferExecutable is false), In, or
 *       an entry of TransferInput (comma-separated) — resolved against Iwd, as condor_submit
 *       and the shadow do. URLs are not the scheduler's to serve.
 *   <li>Output: {@code _condor_stdout}/{@code _condor_stderr} (the sandbox names of Out and
 *       Err, as HTCondor's starter uses them) go to Out/Err; any other name must be one plain
 *       file name (no directory part, not {@code .} or {@code ..}), written into Iwd, and when
 *       the ad has TransferOutput, the last path part of one of its entries.
 *   <li>Checkpoint files ({@link #checkpoint}): a relative path of plain names (no {@code .},
 *       {@code ..}, empty part or leading {@code /}), inside checkpoint N's directory of the job's
 *       spool: {@code checkpoint.N.partial} while CheckpointOut stages it, {@code checkpoint.N}
 *       for CheckpointIn.
 * </ul>
 * A refusal is a {@link ScheddFailure.Refused} naming the rule.
 */
public final class TransferNames {
    public static final String STDOUT = "_condor_stdout";
    public static final String STDERR = "_condor_stderr";
    /** Partly written outputs are kept under this prefix in Iwd until their checksum is right. */
    static final String PARTIAL_PREFIX = ".harrier-transfer-";

    private TransferNames() {
    }

    /**
     * A file a transfer touches: {@code dir} itself when {@code relative} is empty, else the
     * path of plain names {@code relative} below it, which {@link DirectoryTree} walks without
     * following symbolic links.
     */
    public record Target(Path dir, String relative) {
        public Path path() {
            return relative.isEmpty() ? dir : dir.resolve(relative);
        }
    }

    /** The submit-side path of input {@code name} of {@code job}. */
    public static Path input(ClassAd job, String name) {
        return inputTarget(job, name).path();
    }

    /**
     * As {@link #input}, split where a named directory ends: {@code name} is a name the ad gives,
     * or {@code <entry>/<relative>} for a file inside a TransferInput entry that is a directory
     * (with or without its trailing slash; the starter lists it with ListFiles first).
     */
    public static Target inputTarget(ClassAd job, String name) {
        Path iwd = iwd(job);
        for (String entry : TransferLists.of(job, "TransferInput")) {
            String dir = TransferLists.withoutSlash(entry);
            if (!name.equals(entry) && name.startsWith(dir + "/") && !isUrl(dir)) {
                String relative = name.substring(dir.length() + 1);
                if (!TransferLists.plainRelative(relative)) {
                    throw refused("input '" + name + "' is not a relative path of plain names inside directory '" + dir
                            + "' (no '.', '..' or empty part)");
                }
                return new Target(iwd.resolve(path(dir)), relative);
            }
        }
        return new Target(namedInput(job, name, iwd), "");
    }

    private static boolean isUrl(String name) {
        return name.matches("[A-Za-z][A-Za-z0-9+.-]*://.*");
    }

    private static Path namedInput(ClassAd job, String name, Path iwd) {
        List<String> named = new ArrayList<>();
        if (!(job.evaluate("TransferExecutable") instanceof BooleanValue b && !b.value())) {
            addString(job, "Cmd", named);
        }
        addString(job, "In", named);
        named.addAll(TransferLists.of(job, "TransferInput"));
        if (name.isEmpty() || !named.contains(name)) {
            throw refused("job " + id(job) + " names no input file '" + name + "' (Cmd, In, TransferInput)");
        }
        if (isUrl(name)) {
            throw refused("input '" + name + "' is a URL; the scheduler transfers only files");
        }
        return iwd.resolve(path(TransferLists.withoutSlash(name)));
    }

    /** The submit-side path output {@code name} of {@code job} is written to. */
    public static Path output(ClassAd job, String name) {
        return outputTarget(job, name).path();
    }

    /**
     * As {@link #output}, split at Iwd. Besides one plain file name, a job with TransferOutput
     * may send {@code <dir>/<relative>} when {@code <dir>} is the last part of one of its
     * entries (a directory sent whole), or any relative path of plain names when an entry ends
     * with a slash (a directory's contents, which land in Iwd's top level).
     */
    public static Target outputTarget(ClassAd job, String name) {
        Path iwd = iwd(job);
        int slash = name.indexOf('/');
        if (slash > 0 && job.evaluate("TransferOutput") instanceof StringValue) {
            List<String> entries = TransferLists.of(job, "TransferOutput");
            String first = name.substring(0, slash);
            boolean named = entries.stream().anyMatch(e -> TransferLists.lastPart(e).equals(first))
                    || entries.stream().anyMatch(TransferLists::contentsOnly);
            if (!named || !TransferLists.plainRelative(name) || !plainName(first)) {
                throw refused("output '" + name + "' is not inside a directory among job " + id(job)
                        + "'s TransferOutput, as a relative path of plain names");
            }
            return new Target(iwd, name);
        }
        return new Target(namedOutput(job, name, iwd), "");
    }

    private static Path namedOutput(ClassAd job, String name, Path iwd) {
        if (name.equals(STDOUT) || name.equals(STDERR)) {
            String attr = name.equals(STDOUT) ? "Out" : "Err";
            String target = string(job, attr);
            if (target == null || target.isEmpty() || target.equals("/dev/null")) {
                throw refused("job " + id(job) + " has no " + attr + " to write " + name + " to");
            }
            return iwd.resolve(path(target));
        }
        if (!plainName(name)) {
            throw refused("output '" + name + "' is not a plain file name: outputs are written into the job's Iwd only");
        }
        List<String> wanted = TransferLists.of(job, "TransferOutput");
        if (job.evaluate("TransferOutput") instanceof StringValue && wanted.stream().map(TransferLists::lastPart)
                .noneMatch(name::equals) && wanted.stream().noneMatch(TransferLists::contentsOnly)) {
            throw refused("output '" + name + "' is not among job " + id(job) + "'s TransferOutput");
        }
        return iwd.resolve(name);
    }

    /**
     * The spool path checkpoint file {@code name} of checkpoint {@code number} is read from
     * (CheckpointIn: {@code <jobDir>/checkpoint.<number>/<name>}) or staged at (CheckpointOut:
     * {@code <jobDir>/checkpoint.<number>.partial/<name>}). Refused: a number below 1, a name
     * that is not a relative path of plain names.
     */
    public static Path checkpoint(Path jobDir, Direction direction, long number, String name) {
        if (!direction.checkpoint()) {
            throw new IllegalArgumentException(direction.wire() + " is not a checkpoint direction");
        }
        if (number < 1) {
            throw refused("CheckpointNumber must be 1 or more for " + direction.wire() + ", got " + number);
        }
        if (name.isEmpty() || name.length() > 4096) {
            throw refused("checkpoint file name must be 1 to 4096 characters, got " + name.length());
        }
        for (String part : name.split("/", -1)) {
            if (!plainName(part)) {
                throw refused("checkpoint file '" + name + "' is not a relative path of plain names"
                        + " (no '.', '..', empty part or leading '/')");
            }
        }
        Path dir = direction == Direction.CHECKPOINT_IN ? CheckpointLayout.numbered(jobDir, number)
                : CheckpointLayout.staging(jobDir, number);
        return dir.resolve(name);
    }

    /**
     * Where file {@code name} (its path relative to the sandbox, plain names) of an evicted job
     * is read from (EvictedIn: {@code <jobDir>/evicted/<name>}) or staged at (EvictedOut:
     * {@code <jobDir>/evicted.<claim tag>.partial/<name>}, until the eviction's JobExited).
     */
    public static Target evicted(Path jobDir, Direction direction, String claimId, String name) {
        if (!direction.evicted()) {
            throw new IllegalArgumentException(direction.wire() + " is not an evicted-files direction");
        }
        if (!TransferLists.plainRelative(name) || !java.util.Arrays.stream(name.split("/")).allMatch(TransferNames::plainName)) {
            throw refused("evicted file '" + name + "' is not a relative path of plain names"
                    + " (no '.', '..', empty part or leading '/')");
        }
        return new Target(direction == Direction.EVICTED_IN ? JobSpool.evicted(jobDir) : JobSpool.evictedStaging(jobDir,
                claimId), name);
    }

    /** One file name: no separator, not empty, {@code .} or {@code ..}, no NUL, not a partial transfer's name. */
    static boolean plainName(String name) {
        return !name.isEmpty() && !name.equals(".") && !name.equals("..") && name.indexOf('/') < 0
                && name.indexOf('\0') < 0 && !name.startsWith(PARTIAL_PREFIX) && name.length() <= 255;
    }


    private static Path iwd(ClassAd job) {
        String iwd = string(job, "Iwd");
        if (iwd == null || !iwd.startsWith("/")) {
            throw refused("job " + id(job) + " has no absolute Iwd");
        }
        return path(iwd);
    }

    private static void addString(ClassAd job, String attr, List<String> into) {
        String v = string(job, attr);
        if (v != null && !v.isEmpty()) {
            into.add(v);
        }
    }

    private static String string(ClassAd job, String attr) {
        Value v = job.evaluate(attr);
        return v instanceof StringValue s ? s.value() : null;
    }

    private static Path path(String text) {
        try {
            return Path.of(text);
        } catch (InvalidPathException e) {
            throw refused("'" + text + "' is not a path: " + e.getMessage());
        }
    }

    private static String id(ClassAd job) {
        return job.evaluate("ClusterId").unparse() + "." + job.evaluate("ProcId").unparse();
    }

    private static ScheddFailure refused(String message) {
        return new ScheddFailure.Refused(message);
    }
}
