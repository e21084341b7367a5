package org.harrier.exec.run.checkpoint;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Which files of a job's working directory make up its checkpoint. With TransferCheckpoint, the
 * files (and the files inside the directories) it names; a named file that does not exist makes
 * the checkpoint fail, since a partial checkpoint could not be resumed from. Without it,
 * HTCondor's default, the job's sandbox: every regular file under the working directory except
 * what the job did not write for itself (its executable, stdin, stdout, stderr and user log,
 * passed in as {@code excluded}). A job whose files do not travel works in its Iwd itself, so
 * the default can be large: name the files when Iwd holds more than the job's state.
 */
public final class CheckpointFiles {
    private CheckpointFiles() {
    }

    /** The files to save, relative to {@code workDir}, sorted. */
    public static List<Path> select(CheckpointPlan plan, Path workDir, Collection<Path> excluded) {
        try {
            if (!plan.files().isEmpty()) {
                Set<Path> out = new TreeSet<>();
                for (String name : plan.files()) {
                    Path p = workDir.resolve(name).normalize();
                    if (!Files.exists(p)) {
                        throw new CheckpointException("checkpoint file " + name + " of job " + plan.jobId()
                                + " does not exist in " + workDir);
                    }
                    out.addAll(regularFiles(workDir, p));
                }
                return List.copyOf(out);
            }
            return chosen(regularFiles(workDir, workDir), workDir, excluded);
        } catch (IOException e) {
            throw new CheckpointException("cannot list the checkpoint files of job " + plan.jobId() + " in " + workDir
                    + ": " + e.getMessage());
        }
    }

    /**
     * Pure: of {@code listing} (relative to {@code workDir}), the files that are not one of
     * {@code excluded} (absolute, or relative to {@code workDir}), sorted.
     */
    static List<Path> chosen(Collection<Path> listing, Path workDir, Collection<Path> excluded) {
        Set<Path> skip = new TreeSet<>();
        for (Path e : excluded) {
            skip.add(workDir.resolve(e).normalize());
        }
        List<Path> out = new ArrayList<>();
        for (Path p : new TreeSet<>(listing)) {
            if (!skip.contains(workDir.resolve(p).normalize())) {
                out.add(p);
            }
        }
        return out;
    }

    private static List<Path> regularFiles(Path workDir, Path from) throws IOException {
        if (Files.isRegularFile(from)) {
            return List.of(workDir.relativize(from));
        }
        try (Stream<Path> walk = Files.walk(from)) {
            return walk.filter(Files::isRegularFile).map(workDir::relativize).toList();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
