package org.harrier.scheduler.store;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.harrier.classad.ClassAd;
import org.harrier.classad.IntegerValue;
import org.harrier.scheduler.queue.JobId;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The history's index: lookups and pages read only the ads they answer with, and whatever
 * happened to the index file (gone, cut short, of another file, damaged, behind the history),
 * the answers are the history file's own and the index is rewritten as the appends made it.
 */
class HistorySidecarTest {
    private static final int CLUSTERS = 60;
    private static final int PROCS = 3;

    @TempDir
    Path dir;
    private HistoryFile history;
    private List<String> expected;
    private byte[] index;

    private static ClassAd job(int cluster, int proc) {
        return ClassAd.builder().set("ClusterId", cluster).set("ProcId", proc).set("Owner", cluster % 2 == 0 ? "alice" : "bob")
                .set("Args", "x".repeat(cluster % 50)).set("JobStatus", 4).build();
    }

    /** Clusters 1..60 of 3 procs each, finished a cluster at a time. */
    @BeforeEach
    void writeHistory() throws IOException {
        history = new HistoryFile(dir);
        for (int c = 1; c <= CLUSTERS; c++) {
            List<ClassAd> batch = new ArrayList<>();
            for (int p = 0; p < PROCS; p++) {
                batch.add(job(c, p));
            }
            history.append(batch);
        }
        history.close();
        expected = answers(history);
        index = Files.readAllBytes(sidecar());
    }

    private Path sidecar() {
        return dir.resolve("history-index");
    }

    private static String id(ClassAd ad) {
        return ((IntegerValue) ad.lookup("ClusterId")).value() + "." + ((IntegerValue) ad.lookup("ProcId")).value();
    }

    private static List<String> ids(List<ClassAd> ads) {
        return ads.stream().map(HistorySidecarTest::id).toList();
    }

    /** Every answer the tests compare: a scan, lookups of a cluster and of a job, and a page after a cursor. */
    private static List<String> answers(HistoryFile h) throws IOException {
        List<String> out = new ArrayList<>();
        out.add(String.join(" ", ids(h.newestFirst(ad -> true, Integer.MAX_VALUE))));
        out.add(String.join(" ", ids(h.newestFirst(keys(7, null), null, ad -> true, 10))));
        out.add(String.join(" ", ids(h.newestFirst(keys(33, 2), null, ad -> true, 10))));
        out.add(String.join(" ", ids(h.newestFirst(HistoryKeys.ANY, new JobId(40, 1), ad -> true, 4))));
        return out;
    }

    private static HistoryKeys keys(int cluster, Integer proc) {
        return new HistoryKeys(java.util.Collections.singletonMap(cluster, proc == null ? null : Set.of(proc)), null);
    }

    private void assertAnswersAndIndexAsWritten(String what) throws IOException {
        HistoryFile reopened = new HistoryFile(dir);
        List<String> got = answers(reopened);
        assertAll(() -> assertEquals(expected, got, what),
                () -> assertArrayEquals(index, Files.readAllBytes(sidecar()), what + ": the index is rewritten as written"));
    }

    @Test
    void theAnswersAreTheFilesInOrder() {
        assertAll(() -> assertEquals(CLUSTERS * PROCS, expected.get(0).split(" ").length),
                () -> assertTrue(expected.get(0).startsWith("60.2 60.1 60.0 59.2 ")),
                () -> assertEquals("7.2 7.1 7.0", expected.get(1)),
                () -> assertEquals("33.2", expected.get(2)),
                () -> assertEquals("40.0 39.2 39.1 39.0", expected.get(3)));
    }

    @Test
    void aLookupOrAPageTestsOnlyTheAdsItAnswersWith() throws IOException {
        AtomicInteger tested = new AtomicInteger();
        Predicate<ClassAd> counting = ad -> tested.incrementAndGet() > 0;
        HistoryFile reopened = new HistoryFile(dir);
        assertEquals(List.of("7.2", "7.1", "7.0"), ids(reopened.newestFirst(keys(7, null), null, counting, 10)));
        assertEquals(3, tested.getAndSet(0), "a cluster's lookup reads its own ads");
        assertEquals(List.of("3.1"), ids(reopened.newestFirst(keys(3, 1), null, counting, 10)));
        assertEquals(1, tested.getAndSet(0), "a job's lookup reads its ad");
        assertEquals(List.of("2.2", "2.1"), ids(reopened.newestFirst(HistoryKeys.ANY, new JobId(3, 0), counting, 2)));
        assertEquals(2, tested.getAndSet(0), "a page starts at its cursor, not after a scan to it");
        assertEquals(List.of("60.2"), ids(reopened.newestFirst(counting, 1)));
        assertEquals(1, tested.get(), "the newest ad is the last indexed");
    }

    @Test
    void aMissingIndexIsRebuiltFromTheFile() throws IOException {
        Files.delete(sidecar());
        assertAnswersAndIndexAsWritten("no index");
    }

    @Test
    void anIndexWithATornLastRecordIsCaughtUp() throws IOException {
        try (var ch = java.nio.channels.FileChannel.open(sidecar(), StandardOpenOption.WRITE)) {
            ch.truncate(index.length - HistorySidecar.RECORD * 5 - 7);
        }
        assertAnswersAndIndexAsWritten("a torn last record");
    }

    @Test
    void anIndexDamagedInTheMiddleIsCaughtUpFromTheDamage() throws IOException {
        byte[] damaged = index.clone();
        damaged[8 + HistorySidecar.RECORD * 20 + 9] ^= 0x40; // record 20's start offset
        Files.write(sidecar(), damaged);
        assertAnswersAndIndexAsWritten("a damaged record");
    }

    @Test
    void anIndexOfAnotherFileIsDropped() throws IOException {
        Path other = Files.createDirectories(dir.resolve("other"));
        HistoryFile h = new HistoryFile(other);
        for (int c = 1; c <= CLUSTERS; c++) {
            h.append(List.of(job(c + 1000, 0), job(c + 1000, 1), job(c + 1000, 2)));
        }
        h.close();
        Files.copy(other.resolve("history-index"), sidecar(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertAnswersAndIndexAsWritten("another history's index");
    }

    @Test
    void anIndexBehindItsFileIsCaughtUpAndAppendsFollowIt() throws IOException {
        byte[] behind = java.util.Arrays.copyOf(index, index.length - HistorySidecar.RECORD * 4);
        Files.write(sidecar(), behind);
        assertAnswersAndIndexAsWritten("an index behind its file");
        HistoryFile h = new HistoryFile(dir);
        h.append(List.of(job(61, 0)));
        h.close();
        assertEquals(List.of("61.0"), ids(new HistoryFile(dir).newestFirst(keys(61, 0), null, ad -> true, 5)));
        assertEquals(index.length + HistorySidecar.RECORD, Files.size(sidecar()));
    }

    /**
     * A write cut short (a crash before the history's fsync) leaves a partial ad; it is skipped,
     * and the next append cuts it off (its job is still queued), so the next ad stands alone.
     */
    @Test
    void anAdCutShortIsSkippedAndTheAdsAfterItAreWhole() throws IOException {
        Files.writeString(history.path(), "ClusterId = 61\nOwner = \"al", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        HistoryFile h = new HistoryFile(dir);
        h.append(List.of(job(62, 0)));
        h.close();
        List<String> kept = answers(new HistoryFile(dir));
        assertTrue(kept.get(0).startsWith("62.0 60.2 60.1"), kept.get(0));
        assertEquals(List.of("62.0"), ids(new HistoryFile(dir).newestFirst(keys(62, null), null, ad -> true, 5)));
        assertEquals("alice", new HistoryFile(dir).newestFirst(keys(62, null), null, ad -> true, 5).get(0)
                .evaluate("Owner").toString().replace("\"", ""));
        assertTrue(!Files.readString(history.path()).contains("ClusterId = 61"), "the partial ad is gone");
        Files.delete(sidecar());
        assertEquals(kept, answers(new HistoryFile(dir)), "rebuilt from the file");
    }

    @Test
    void eachRotatedFileKeepsItsIndexAndLosesItWithTheFile() throws IOException {
        Path rotating = Files.createDirectories(dir.resolve("rotating"));
        HistoryFile h = new HistoryFile(rotating, 2_000, 2);
        for (int c = 1; c <= 40; c++) {
            h.append(List.of(job(c, 0)));
        }
        List<String> names;
        try (var files = Files.list(rotating)) {
            names = files.map(f -> f.getFileName().toString()).sorted().toList();
        }
        List<String> histories = names.stream().filter(n -> n.startsWith("history.")).toList();
        assertEquals(2, histories.size(), names::toString);
        for (String n : histories) {
            assertTrue(names.contains("history-index" + n.substring("history".length())), names::toString);
        }
        assertEquals(2 * histories.size() + (names.contains("history") ? 2 : 0), names.size(), "no index without its file: " + names);
        List<ClassAd> all = h.newestFirst(ad -> true, Integer.MAX_VALUE);
        int oldest = (int) ((IntegerValue) all.get(all.size() - 1).lookup("ClusterId")).value();
        assertEquals(List.of(oldest + ".0"), ids(h.newestFirst(keys(oldest, null), null, ad -> true, 5)),
                "the oldest kept job, in the oldest rotated file, is looked up");
        Files.delete(rotating.resolve("history-index" + histories.get(0).substring("history".length())));
        assertEquals(ids(all), ids(new HistoryFile(rotating).newestFirst(ad -> true, Integer.MAX_VALUE)),
                "a rotated file's index is rebuilt too");
        h.close();
    }

    @Test
    void anAfterNoFileHoldsAnswersNothing() throws IOException {
        assertEquals(List.of(), new HistoryFile(dir).newestFirst(HistoryKeys.ANY, new JobId(999, 0), ad -> true, 5));
    }
}
