package org.harrier.scheduler.bus;

import static org.harrier.scheduler.bus.SchedulerServiceTest.seedAd;
import static org.harrier.scheduler.bus.SchedulerServiceTest.typed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.harrier.bus.QmfException;
import org.harrier.scheduler.transfer.JobData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** FetchJobData over AMQP 1.0: a byte range of the file a job's ad names as Out, Err or UserLog, relative to its Iwd. */
@Timeout(60)
class FetchJobDataServiceTest extends SchedulerOnBroker {
    @TempDir
    Path iwd;

    private String submit(Map<String, Object> more) {
        Map<String, Object> ad = new LinkedHashMap<>(seedAd());
        ad.put("Iwd", typed("STRING", iwd.toString()));
        ad.putAll(more);
        return (String) call("Submit", Map.of("Ad", ad)).get("Id");
    }

    private String fetch(String id, String file, long start, long end) {
        return (String) call("FetchJobData", Map.of("Id", id, "File", file, "Start", start, "End", end)).get("Data");
    }

    @Test
    void rangesOfAJobsOutputCountFromTheStartOrFromTheEnd() throws Exception {
        Files.writeString(iwd.resolve("job.out"), "0123456789abcdef");
        Files.writeString(iwd.resolve("job.err"), "oops\n");
        String id = submit(Map.of("Out", typed("STRING", "job.out"), "Err", typed("STRING", iwd.resolve("job.err").toString())));
        assertEquals("0123456789abcdef", fetch(id, "Out", 0, 0), "0, 0: the whole file");
        assertEquals("0123", fetch(id, "Out", 0, 4));
        assertEquals("cdef", fetch(id, "Out", -4, 0), "the last four bytes");
        assertEquals("456789", fetch(id, "Out", 4, -6), "an end of 0 or less counts from the end");
        assertEquals("", fetch(id, "Out", 20, 30), "past the end: nothing");
        assertEquals("0123456789abcdef", fetch(id, "Out", -100, 1000), "clamped to the file");
        assertEquals("oops\n", fetch(id, "Err", 0, 0), "an absolute path");
    }

    @Test
    void aMissingJobFileOrRangeTooLargeIsAClearFailure() throws Exception {
        Path big = iwd.resolve("big.out");
        Files.write(big, new byte[JobData.MAX_BYTES + 10]);
        String id = submit(Map.of("Out", typed("STRING", "big.out"), "Err", typed("STRING", "never-written.err")));
        Files.createSymbolicLink(iwd.resolve("link.log"), big);
        String linked = submit(Map.of("UserLog", typed("STRING", "link.log")));
        record Bad(String id, String file, long start, long end, int code, String message) {
        }
        List<Bad> table = List.of(
                new Bad("7.0", "Out", 0, 0, QmfException.UNKNOWN_OBJECT, "no job 7.0"),
                new Bad("seven", "Out", 0, 0, QmfException.BAD_PARAMETER, "cluster.proc"),
                new Bad(id, "Cmd", 0, 0, QmfException.BAD_PARAMETER, "File must be Out, Err or UserLog, got 'Cmd'"),
                new Bad(id, "UserLog", 0, 0, QmfException.UNKNOWN_OBJECT, "job " + id + " has no UserLog file"),
                new Bad(id, "Err", 0, 0, QmfException.UNKNOWN_OBJECT, "never-written.err does not exist (yet)"),
                new Bad(id, "Out", 0, 0, QmfException.BAD_PARAMETER, "FetchJobData reads at most " + JobData.MAX_BYTES + " bytes"),
                new Bad(linked, "UserLog", 0, 10, QmfException.UNKNOWN_OBJECT, "link.log is not a regular file"));
        for (Bad bad : table) {
            QmfException e = assertThrows(QmfException.class, () -> fetch(bad.id(), bad.file(), bad.start(), bad.end()), bad::toString);
            assertEquals(bad.code(), e.code(), () -> bad + " -> " + e.getMessage());
            assertTrue(e.getMessage().contains(bad.message()), () -> bad + " -> " + e.getMessage());
        }
        assertEquals(1000, fetch(id, "Out", -1000, 0).length(), "a range within the limit of the same file is read");
    }
}
