package org.harrier.bus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.qpid.proton.amqp.Binary;
import org.junit.jupiter.api.Test;

/**
 * What Qmf.wire sends: a map that needs nothing made of it as it is, anything else copied and
 * made over; and how a data indication's snapshots are cut into pages by the sizes that walk sums.
 */
class QmfWireTest {
    private static Map<String, Object> jobValues(String cmd) {
        Map<String, Object> descriptors = new LinkedHashMap<>();
        descriptors.put("Requirements", "com.redhat.grid.Expression");
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("Cmd", cmd);
        values.put("JobStatus", 2L);
        values.put("ImageSize", 0.5);
        values.put("OnExitRemove", true);
        values.put("Requirements", "TARGET.Memory >= 1024");
        values.put("!!descriptors", descriptors);
        return values;
    }

    /** A data indication's snapshot as the agent queues it: its _object_id and _values made when sent. */
    private static Map<String, Object> snapshot(Map<String, Object> values) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("_object_id", (Supplier<Map<String, Object>>) () -> new LinkedHashMap<>(Map.of("_object_name", "job:1.0")));
        d.put("_values", (Supplier<Map<String, Object>>) () -> values);
        d.put("_update_ts", 1L);
        return d;
    }

    @Test
    void aSnapshotsMapThatNeedsNothingMadeOfItIsSentAsItIs() {
        Map<String, Object> values = jobValues("/bin/true");
        List<?> wired = (List<?>) Qmf.wire(new ArrayList<>(List.of(snapshot(values))));
        Map<?, ?> data = (Map<?, ?>) wired.get(0);
        assertSame(values, data.get("_values"), "not copied again");
        assertEquals(Map.of("_object_name", "job:1.0"), data.get("_object_id"), "a supplier is replaced by what it makes");
        Map<String, Object> readOnly = Collections.unmodifiableMap(values);
        assertSame(readOnly, Qmf.wire(readOnly), "an unmodifiable map is sent as it is too");
    }

    @Test
    void whatTheWireCannotTakeIsStillMadeOverAtAnyDepth() {
        Map<Object, Object> inner = new LinkedHashMap<>();
        inner.put(7, "a key that is not a string");
        inner.put("bytes", new byte[] {1, 2, 3});
        Map<String, Object> values = new LinkedHashMap<>(jobValues("/bin/true"));
        values.put("Inner", inner);
        values.put("List", new ArrayList<>(List.of("x", (Supplier<String>) () -> "made")));
        Map<?, ?> wired = (Map<?, ?>) Qmf.wire(values);
        assertNotSame(values, wired);
        Map<?, ?> wiredInner = (Map<?, ?>) wired.get("Inner");
        assertEquals("a key that is not a string", wiredInner.get("7"));
        assertArrayEquals(new byte[] {1, 2, 3}, assertInstanceOf(Binary.class, wiredInner.get("bytes")).getArray());
        assertEquals(List.of("x", "made"), wired.get("List"));
        assertSame(values.get("!!descriptors"), wired.get("!!descriptors"), "what needs nothing inside a copy is not copied");
    }

    @Test
    void snapshotsFarBelowTheBudgetLeaveAsOnePage() {
        List<Map<String, Object>> batch = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            batch.add(snapshot(jobValues("/bin/true")));
        }
        List<List<?>> pages = Qmf.wirePages(batch, Agent.PAGE_BYTES);
        assertEquals(1, pages.size());
        assertEquals(200, pages.get(0).size());
    }

    @Test
    void aSnapshotNearThePageLimitStillSplitsAndEveryPageStaysWithinIt() {
        long budget = 10_000;
        List<Map<String, Object>> batch = new ArrayList<>();
        batch.add(snapshot(jobValues("x".repeat(6_000))));
        batch.add(snapshot(jobValues("y".repeat(3_000))));
        batch.add(snapshot(jobValues("z".repeat(9_900)))); // alone it still leaves, past the budget: a page's first item always goes
        batch.add(snapshot(jobValues("/bin/true")));
        List<List<?>> pages = Qmf.wirePages(batch, budget);
        assertEquals(List.of(2, 1, 1), pages.stream().map(List::size).toList());
        for (List<?> page : pages) {
            long size = page.stream().mapToLong(WireSize::of).sum();
            assertTrue(page.size() == 1 || size <= budget, "a page of " + size + " characters");
        }
        assertEquals(List.of(2), Qmf.wirePages(List.of(snapshot(jobValues("a")), snapshot(jobValues("b"))), budget).stream()
                .map(List::size).toList(), "two small snapshots share a page");
    }

    @Test
    void theSizesThatCutPagesAreNeverBelowWireSizeOfWhatIsSent() {
        Map<String, Object> values = jobValues("/bin/true");
        values.put("Blob", new byte[50_000]);
        Map<String, Object> data = snapshot(values);
        Object sent = ((List<?>) Qmf.wire(new ArrayList<>(List.of(data)))).get(0);
        long measured = WireSize.of(sent);
        assertTrue(measured >= 50_000, "a binary counts its bytes, not 9: " + measured);
        // Two of them with a budget between one and two: the walk that made them measured them.
        List<List<?>> pages = Qmf.wirePages(List.of(snapshot(values), snapshot(values)), measured + measured / 2);
        assertEquals(2, pages.size());
    }
}
