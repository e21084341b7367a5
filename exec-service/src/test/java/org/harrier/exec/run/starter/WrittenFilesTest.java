package org.harrier.exec.run.starter;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DiskUsage from the files a job wrote: every changed file under its directory while it runs;
 * at its end the whole of a small directory (a sandbox), but only Out and Err in a directory
 * too big to walk for every job (a submitter's shared Iwd).
 */
class WrittenFilesTest {
    static final long START = 1_700_000_000_000L;

    @TempDir
    Path dir;

    Path file(String name, int bytes, long modified) throws Exception {
        Path p = Files.write(dir.resolve(name), new byte[bytes]);
        Files.setLastModifiedTime(p, FileTime.fromMillis(modified));
        return p;
    }

    @Test
    void aSmallDirectoryIsCountedWholeAtTheEnd() throws Exception {
        file("old-input", 50_000, START - 1_000);
        file("result", 10_240, START + 1_000);
        Path out = file("out", 2_048, START + 2_000);
        assertAll(() -> assertEquals(12, WrittenFiles.atExit(dir, START, List.of(out, JobCommand.NULL_FILE))),
                () -> assertEquals(12, WrittenFiles.kib(dir, START)));
    }

    @Test
    void aDirectoryTooBigToWalkAtEveryEndCountsOutAndErr() throws Exception {
        for (int i = 0; i < WrittenFiles.AT_EXIT_ENTRIES; i++) {
            file("old-" + i, 10, START - 1_000);
        }
        file("result", 10_240, START + 1_000);
        Path out = file("out", 2_048, START + 2_000);
        Path err = file("err", 1_024, START - 5_000); // not written by this job
        assertAll(() -> assertEquals(2, WrittenFiles.atExit(dir, START, List.of(out, err))),
                () -> assertEquals(2, WrittenFiles.atExit(dir, START, List.of(out, out)), "Out and Err one file: counted once"),
                () -> assertEquals(12, WrittenFiles.kib(dir, START), "the samples while it runs walk further"));
    }

    @Test
    void aDirectoryThatIsGoneCountsNothing() {
        assertEquals(0, WrittenFiles.atExit(dir.resolve("gone"), START, List.of(dir.resolve("gone/out"))));
    }
}
