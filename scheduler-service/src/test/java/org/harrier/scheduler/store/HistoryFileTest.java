package org.harrier.scheduler.store;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.harrier.classad.BooleanValue;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The history file: HTCondor's layout, read newest first from the end, whatever its length. */
class HistoryFileTest {
    @TempDir
    Path dir;

    private static ClassAd job(int cluster, String owner) {
        return ClassAd.builder().set("ClusterId", cluster).set("ProcId", 0).set("Owner", owner)
                .set("Cmd", "/bin/echo").set("Args", "ünïcödé \"quoted\"\nsecond line " + "x".repeat(cluster % 300))
                .set("JobStatus", 4).set("CompletionDate", 1_795_000_000L + cluster)
                .setExpr("Requirements", "TARGET.Memory >= 1024 && OpSys == \"LINUX\"").build();
    }

    private static List<Long> clusters(List<ClassAd> ads) {
        List<Long> out = new ArrayList<>();
        for (ClassAd ad : ads) {
            out.add(((IntegerValue) ad.lookup("ClusterId")).value());
        }
        return out;
    }

    @Test
    void adsComeBackNewestFirstWithTheirValuesAcrossManyBlocks() throws IOException {
        HistoryFile h = new HistoryFile(dir);
        List<ClassAd> written = new ArrayList<>();
        for (int c = 1; c <= 600; c++) { // about 300 KiB: several 64 KiB blocks, lines across their edges
            written.add(job(c, c % 2 == 0 ? "alice" : "bob"));
        }
        h.append(written.subList(0, 300));
        h.append(written.subList(300, 600));
        h.close();

        List<ClassAd> all = h.newestFirst(ad -> true, Integer.MAX_VALUE);
        List<ClassAd> reversed = new ArrayList<>(written);
        java.util.Collections.reverse(reversed);
        Expr aliceOnly = Expr.parse("Owner == \"alice\"");
        List<ClassAd> alice = h.newestFirst(ad -> aliceOnly.evaluate(ad).equals(BooleanValue.TRUE), 3);
        assertAll(() -> assertEquals(reversed, all),
                () -> assertEquals(List.of(600L, 598L, 596L), clusters(alice)),
                () -> assertEquals(List.of(600L), clusters(h.newestFirst(ad -> true, 1))),
                () -> assertTrue(Files.readString(h.path()).contains(
                        "\n*** ProcId = 0 ClusterId = 600 Owner = \"alice\" CompletionDate = 1795000600\n")));
    }

    @Test
    void aRecordCutShortAtTheEndIsSkipped() throws IOException {
        HistoryFile h = new HistoryFile(dir);
        h.append(List.of(job(1, "alice"), job(2, "alice")));
        h.close();
        Files.writeString(h.path(), "ClusterId = 3\nOwner = \"al", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        assertEquals(List.of(2L, 1L), clusters(h.newestFirst(ad -> true, 10)));
    }

    /**
     * Past MAX_HISTORY_LOG the file is rotated aside and at most MAX_HISTORY_ROTATIONS old files
     * stay; reading goes through the current file and then the rotated ones, newest first, so
     * what is kept comes back in order and only the oldest jobs are gone.
     */
    @Test
    void aFullHistoryIsRotatedAndReadAcrossItsFiles() throws IOException {
        long oneJob = jobBytes();
        HistoryFile h = new HistoryFile(dir, 5 * oneJob + oneJob / 2, 2); // rotates after every sixth job
        for (int c = 1; c <= 40; c++) {
            h.append(List.of(job(c, "alice")));
        }
        h.close();
        List<Path> rotated;
        try (var files = Files.list(dir)) {
            rotated = files.filter(f -> f.getFileName().toString().startsWith("history.")).toList();
        }
        assertEquals(2, rotated.size(), rotated::toString);
        long stored = banners(h.path()) + banners(rotated.get(0)) + banners(rotated.get(1));
        assertTrue(stored >= 10 && stored < 40, "two full files and the current one: " + stored);
        List<Long> expected = new ArrayList<>();
        for (long c = 40; c > 40 - stored; c--) {
            expected.add(c);
        }
        assertEquals(expected, clusters(h.newestFirst(ad -> true, Integer.MAX_VALUE)),
                "every job kept, newest first across the files; the oldest are gone");
        assertEquals(List.of(40L, 39L), clusters(h.newestFirst(ad -> true, 2)));
        assertEquals(List.of(32L), clusters(h.newestFirst(ad -> ((IntegerValue) ad.lookup("ClusterId")).value() == 32, 5)),
                "a job in a rotated file is found");
    }

    /**
     * What a scheduler does on a thread of its own after its recovery: every file's index read
     * before any query, the current file's rebuilt when it is missing; answers are the same.
     */
    @Test
    void theIndexesAreReadAheadOfTheFirstQueryForEveryFileKept() throws IOException {
        long oneJob = jobBytes();
        HistoryFile h = new HistoryFile(dir, new HistoryLimits(5 * oneJob + oneJob / 2, 2));
        for (int c = 1; c <= 20; c++) {
            h.append(List.of(job(c, "alice")));
        }
        h.close();
        Files.delete(dir.resolve("history-index"));
        HistoryFile restarted = new HistoryFile(dir, new HistoryLimits(5 * oneJob + oneJob / 2, 2));
        long kept;
        try (var files = Files.list(dir)) {
            kept = files.filter(f -> f.getFileName().toString().startsWith("history") && !f.getFileName().toString()
                    .startsWith("history-index")).mapToLong(f -> {
                        try {
                            return banners(f);
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    }).sum();
        }
        assertEquals(kept, restarted.loadIndexes(), "every ad kept, in the current file and the two rotated ones");
        assertTrue(Files.exists(dir.resolve("history-index")), "rebuilt from the file");
        assertEquals(List.of(20L, 19L), clusters(restarted.newestFirst(ad -> true, 2)));
    }

    private static long banners(Path file) throws IOException {
        return Files.readString(file).lines().filter(l -> l.startsWith("*** ")).count();
    }

    private long jobBytes() throws IOException {
        Path probe = Files.createDirectories(dir.resolve("probe"));
        HistoryFile h = new HistoryFile(probe);
        h.append(List.of(job(10, "alice")));
        h.close();
        return Files.size(h.path());
    }

    @Test
    void noFileIsAnEmptyHistory() throws IOException {
        assertEquals(List.of(), new HistoryFile(dir).newestFirst(ad -> true, 10));
    }
}
