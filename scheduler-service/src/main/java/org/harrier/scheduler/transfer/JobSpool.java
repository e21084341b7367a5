package org.harrier.scheduler.transfer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Supplier;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.harrier.classad.ClassAd;
import org.harrier.rules.CheckpointLayout;
import org.harrier.rules.FileTrees;
import org.harrier.scheduler.ScheddFailure;
import org.harrier.scheduler.queue.JobId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the transfers keep of a job in the scheduler's spool ({@code <spool>/<cluster>/<proc>}):
 * its checkpoints ({@link CheckpointLayout}) and, as HTCondor spools them for
 * when_to_transfer_output = ON_EXIT_OR_EVICT, the files its last eviction sent:
 *
 * <pre>
 * &lt;jobDir&gt;/evicted                       the files of the last eviction, by sandbox path
 * &lt;jobDir&gt;/evicted.&lt;claim tag&gt;.partial   an eviction's files while they travel
 * &lt;jobDir&gt;/evicted.&lt;claim tag&gt;.old       the files that eviction replaced, until deleted
 * </pre>
 *
 * The staging directory is named after the claim (a SHA-256 prefix of its id), so a run never
 * mixes its files with another's; the eviction's JobExited commits it ({@link #commitEvicted}).
 * The whole job directory goes when the job leaves the queue (CheckpointSpool). Stateless;
 * blocking file I/O on the caller's thread.
 *
 * <p>Commits are split in two for the threads that call them (measured on ext4, 200 MB
 * checkpoints): the commit proper, renames and the link swap, is metadata only and takes about
 * a millisecond whatever the size, so it runs where the report is applied, in report order;
 * deleting what it superseded frees the old files' blocks, 40-220 ms per 200 MB, and runs after
 * on a transfer thread ({@link #removeSuperseded}), where it changes nothing anyone reads.
 * No file's data is copied or forced here: a transfer forced its file when it ended.
 */
final class JobSpool {
    private static final Logger LOG = LoggerFactory.getLogger(JobSpool.class);

    static final String EVICTED = "evicted";
    private static final String OLD = ".old";

    private JobSpool() {
    }

    /** The current checkpoint in {@code jobDir}: its number (0: none) and its files' sizes by relative name. */
    static FileTransfers.Listing checkpoint(Path jobDir) throws IOException {
        long n = CheckpointLayout.current(jobDir);
        if (n == 0) {
            return new FileTransfers.Listing(0, Map.of());
        }
        return new FileTransfers.Listing(n, files(CheckpointLayout.numbered(jobDir, n)));
    }

    /** The regular files below {@code root} by relative name, with their sizes; empty when there is no {@code root}. */
    static Map<String, Long> files(Path root) throws IOException {
        Map<String, Long> files = new TreeMap<>();
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            return files;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).toList()) {
                files.put(root.relativize(p).toString(), Files.size(p));
            }
        }
        return files;
    }

    /**
     * The staged directory {@code checkpoint.<number>.partial} becomes the current checkpoint
     * ({@link CheckpointLayout#promote}: a rename and the atomic link swap; the older ones stay
     * for {@link #removeSuperseded}). Nothing staged, a number not beyond the current one: nothing
     * changes. A failure is logged, as a failed save at the starter is: the job goes on from the
     * previous checkpoint. Returns whether it committed.
     */
    static boolean commitCheckpoint(Path jobDir, JobId id, long number) {
        try {
            return CheckpointLayout.promote(jobDir, number);
        } catch (IOException | RuntimeException e) {
            LOG.warn("job {}: checkpoint {} that came over the bus not committed in {}: {}", id, number, jobDir, e.toString());
            return false;
        }
    }

    /**
     * What ListFiles answers: a TransferInput entry {@code name} of {@code job} listed
     * ({@link DirectoryTree#list}), or (EvictedIn) the job's evicted files, none when none.
     */
    static List<DirectoryTree.Entry> list(ClassAd job, Direction direction, String name, Supplier<Path> jobDir)
            throws IOException {
        if (direction == Direction.EVICTED_IN) {
            Path evicted = evicted(jobDir.get());
            return Files.isDirectory(evicted, LinkOption.NOFOLLOW_LINKS) ? DirectoryTree.list(evicted) : List.of();
        }
        TransferNames.Target entry = TransferNames.inputTarget(job, name);
        if (!entry.relative().isEmpty()) {
            throw new ScheddFailure.Invalid("ListFiles takes a TransferInput entry, not '" + name + "' inside one");
        }
        return DirectoryTree.list(entry.dir());
    }

    static Path evicted(Path jobDir) {
        return jobDir.resolve(EVICTED);
    }

    static Path evictedStaging(Path jobDir, String claimId) {
        return evicted(jobDir, claimId, ".partial");
    }

    private static Path evicted(Path jobDir, String claimId, String suffix) {
        try {
            byte[] sha = MessageDigest.getInstance("SHA-256").digest(claimId.getBytes(StandardCharsets.UTF_8));
            return jobDir.resolve(EVICTED + "." + HexFormat.of().formatHex(sha, 0, 8) + suffix);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
    }

    /**
     * The eviction on claim {@code claimId} sent its files: they replace the previous eviction's
     * (renames only: the replaced files become {@code evicted.<claim tag>.old}, for
     * {@link #removeSuperseded}). Nothing staged under that claim (nothing sent, a repeated
     * report): false, and the previous files stay.
     */
    static boolean commitEvicted(Path jobDir, String claimId) throws IOException {
        Path staged = evictedStaging(jobDir, claimId);
        if (!Files.isDirectory(staged, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        Path current = evicted(jobDir);
        Path old = evicted(jobDir, claimId, OLD);
        FileTrees.delete(old); // only left if this claim committed before and its removal failed
        if (Files.exists(current, LinkOption.NOFOLLOW_LINKS)) {
            Files.move(current, old, StandardCopyOption.ATOMIC_MOVE);
        }
        Files.move(staged, current, StandardCopyOption.ATOMIC_MOVE);
        return true;
    }

    /**
     * Deletes what commits in {@code jobDir} superseded: the checkpoints older than the current
     * one ({@link CheckpointLayout#removeSuperseded}) and the replaced eviction files. Never what
     * a later commit makes current, so it may run after any commit, on any thread, beside other
     * commits. A failure (a file another removal took first, the job directory gone with the
     * job) is logged at debug: the next commit's removal takes what is left.
     */
    static void removeSuperseded(Path jobDir, JobId id) {
        try {
            CheckpointLayout.removeSuperseded(jobDir);
            try (Stream<Path> list = Files.list(jobDir)) {
                for (Path p : list.toList()) {
                    String name = p.getFileName().toString();
                    if (name.startsWith(EVICTED + ".") && name.endsWith(OLD)) {
                        FileTrees.delete(p);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.debug("job {}: superseded files in {} not all removed yet: {}", id, jobDir, e.toString());
        }
    }

    static boolean commitEvictedLogged(Path jobDir, JobId id, String claimId) {
        try {
            return commitEvicted(jobDir, claimId);
        } catch (IOException | RuntimeException e) {
            LOG.warn("job {}: the files of its eviction not committed in {}: {}", id, jobDir, e.toString());
            return false;
        }
    }
}
