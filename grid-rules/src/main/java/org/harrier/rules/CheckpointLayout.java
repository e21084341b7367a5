package org.harrier.rules;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * A job's checkpoints in the scheduler's spool (docs/protocols.md, "Checkpoints and vacate"),
 * shared by the startd (SpoolCheckpointStore, on a shared file system) and the scheduler (its
 * spool, for checkpoints that came over the bus), so both swap checkpoints the same way, as
 * JobLease shares the lease rule:
 *
 * <pre>
 * &lt;jobDir&gt;/checkpoint                 symbolic link to the current one
 * &lt;jobDir&gt;/checkpoint.&lt;N&gt;             checkpoint N, its files under their relative paths
 * &lt;jobDir&gt;/checkpoint.&lt;N&gt;.partial     checkpoint N while its files travel over the bus
 * </pre>
 *
 * {@link #makeCurrent} renames a new link over {@code checkpoint} (atomic), then deletes the
 * older checkpoints and the leftovers of interrupted saves: a crash at any moment leaves
 * {@code checkpoint} naming a whole checkpoint. Stateless; callers serialize per job.
 */
public final class CheckpointLayout {
    public static final String CURRENT = "checkpoint";
    static final String PARTIAL = ".partial";

    private CheckpointLayout() {
    }

    /** {@code <jobDir>/checkpoint.<n>}. */
    public static Path numbered(Path jobDir, long n) {
        return jobDir.resolve(CURRENT + "." + n);
    }

    /** {@code <jobDir>/checkpoint.<n>.partial}: where checkpoint n is staged while it travels. */
    public static Path staging(Path jobDir, long n) {
        return jobDir.resolve(CURRENT + "." + n + PARTIAL);
    }

    /**
     * The number of the checkpoint {@code checkpoint} points at, 0 when none. The job's NumCkpts
     * can lag behind it (a JobCheckpointed report not yet applied when the job was activated
     * again); numbering past it never overwrites the current checkpoint.
     */
    public static long current(Path jobDir) {
        try {
            String target = Files.readSymbolicLink(jobDir.resolve(CURRENT)).getFileName().toString();
            return Long.parseLong(target.substring(CURRENT.length() + 1));
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** Pure: the checkpoint number a spool entry's name carries, and whether it is a staging one. */
    static OptionalLong number(String name, boolean partial) {
        String prefix = CURRENT + ".";
        if (!name.startsWith(prefix) || name.endsWith(PARTIAL) != partial) {
            return OptionalLong.empty();
        }
        String digits = name.substring(prefix.length(), name.length() - (partial ? PARTIAL.length() : 0));
        if (digits.isEmpty() || digits.length() > 18 || !digits.chars().allMatch(Character::isDigit)) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Long.parseLong(digits));
    }

    /**
     * Makes the staged checkpoint {@code n} (all its files there, each forced) the current one:
     * renames {@code checkpoint.<n>.partial} to {@code checkpoint.<n>}, then {@link #makeCurrent}.
     * False, and nothing changes, when nothing is staged under that number or it is not beyond
     * the current checkpoint (a repeated report).
     */
    public static boolean commit(Path jobDir, long n) throws IOException {
        if (!promote(jobDir, n)) {
            return false;
        }
        removeOthers(jobDir, numbered(jobDir, n));
        return true;
    }

    /**
     * {@link #commit} without its cleanup: a rename and the link swap, metadata only (about a
     * millisecond whatever the size). The superseded checkpoints stay until
     * {@link #removeSuperseded}, whose deletions take time in proportion to their size (freeing
     * a 200 MB file's blocks: 40-220 ms on ext4), so a caller that must commit in order (the
     * scheduler's owner thread) leaves them to another thread.
     */
    public static boolean promote(Path jobDir, long n) throws IOException {
        Path staged = staging(jobDir, n);
        if (!Files.isDirectory(staged, LinkOption.NOFOLLOW_LINKS) || n <= current(jobDir)) {
            return false;
        }
        Path target = numbered(jobDir, n);
        FileTrees.delete(target);
        Files.move(staged, target, StandardCopyOption.ATOMIC_MOVE);
        swapLink(jobDir, target);
        return true;
    }

    /**
     * Points {@code checkpoint} at {@code target} (a complete {@code checkpoint.<n>} directory)
     * with one rename of a new link over the old one, then deletes every other complete
     * checkpoint and the staging directories numbered up to n (a later one may be travelling).
     */
    public static void makeCurrent(Path jobDir, Path target) throws IOException {
        swapLink(jobDir, target);
        removeOthers(jobDir, target);
    }

    /**
     * Deletes the complete checkpoints older than the current one and the staging directories
     * numbered up to it: never the current one nor a later one, so it may run on another thread
     * while later checkpoints are staged and promoted (it reads the current one first, and a
     * promotion only moves it up). Nothing current: nothing deleted.
     */
    public static void removeSuperseded(Path jobDir) throws IOException {
        long kept = current(jobDir);
        if (kept == 0) {
            return;
        }
        try (Stream<Path> list = Files.list(jobDir)) {
            for (Path p : list.toList()) {
                String name = p.getFileName().toString();
                if (number(name, false).orElse(Long.MAX_VALUE) < kept || number(name, true).orElse(Long.MAX_VALUE) <= kept) {
                    FileTrees.delete(p);
                }
            }
        }
    }

    private static void swapLink(Path jobDir, Path target) throws IOException {
        Path link = jobDir.resolve(CURRENT + ".link");
        Files.deleteIfExists(link);
        Files.createSymbolicLink(link, target.getFileName());
        Files.move(link, jobDir.resolve(CURRENT), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private static void removeOthers(Path jobDir, Path target) throws IOException {
        long kept = number(target.getFileName().toString(), false).orElse(Long.MAX_VALUE);
        try (Stream<Path> list = Files.list(jobDir)) {
            for (Path p : list.toList()) {
                String name = p.getFileName().toString();
                OptionalLong done = number(name, false);
                OptionalLong staged = number(name, true);
                if (done.isPresent() && done.getAsLong() != kept || staged.isPresent() && staged.getAsLong() <= kept) {
                    FileTrees.delete(p);
                }
            }
        }
    }
}
