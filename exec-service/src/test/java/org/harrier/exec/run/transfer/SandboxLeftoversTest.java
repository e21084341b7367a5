package org.harrier.exec.run.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a startd killed with kill -9 left under EXECUTE: its sandboxes go at the next start, nothing else does. */
class SandboxLeftoversTest {
    @TempDir
    Path execute;

    @Test
    void onlySandboxesOfStartdProcessesThatAreGoneAreLeftovers() {
        Set<Long> alive = Set.of(100L, 200L);
        assertEquals(List.of("dir_300_1", "dir_300_2", "dir_7_12"), Sandboxes.leftovers(List.of("dir_300_2", "dir_100_1",
                "dir_300_1", "dir_200_5", "dir_7_12", "dir_x_1", "dir_300", "notes.txt", "dir_300_1_extra",
                "dir_99999999999999999999_1"), alive::contains));
    }

    @Test
    void leftoverSandboxesAreRemovedWithEverythingInThem() throws IOException {
        long gone = deadPid();
        Path old = Files.createDirectories(execute.resolve("dir_" + gone + "_1/sub"));
        Files.writeString(old.resolve("f"), "x");
        Path mine = Files.createDirectories(execute.resolve("dir_" + ProcessHandle.current().pid() + "_1"));
        Path other = Files.createDirectories(execute.resolve("kept"));
        assertEquals(List.of("dir_" + gone + "_1"), Sandboxes.removeLeftovers(execute));
        assertTrue(Files.notExists(execute.resolve("dir_" + gone + "_1")));
        assertTrue(Files.isDirectory(mine), "a live startd's sandbox stays");
        assertTrue(Files.isDirectory(other));
    }

    /** The pid of a process that has exited: one we started and waited for. */
    static long deadPid() throws IOException {
        Process p = new ProcessBuilder("true").start();
        try {
            p.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return p.pid();
    }
}
