package org.harrier.scheduler.bus;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The test at full size: a 200 MB input and a 200 MB output between the scheduler and
 * a startd in another FileSystemDomain, checksums compared. About 25 s on the development
 * machine, so it runs only with {@code mvn -Plarge} (tag "large"); the default suite runs
 * {@link FileTransferBusTest}'s 8 MB twin.
 */
@Tag("large")
@Timeout(600)
class LargeFileTransferBusTest extends FileTransferBusTest {
    @Test
    void twoHundredMegabytesTravelEachWayWithTheirChecksums() throws Exception {
        transferBothWays(this, 200_000_000);
    }
}
