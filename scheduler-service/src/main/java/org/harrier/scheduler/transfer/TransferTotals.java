package org.harrier.scheduler.transfer;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes transfers moved since the scheduler started, each way and per owner, and how many
 * failed: the scheduler object's FileTransfer* statistics and the submitters' BytesRecvd and
 * BytesSent (docs/protocols.md, "File transfer", Accounting). Thread-safe: the counters are
 * atomics, the per-owner map is guarded by its monitor.
 */
final class TransferTotals {
    private final AtomicLong uploadBytes = new AtomicLong();
    private final AtomicLong downloadBytes = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final Map<String, TransferStatistics.OwnerBytes> owners = new HashMap<>();

    void failed() {
        failures.incrementAndGet();
    }

    void moved(String owner, Direction direction, long bytes) {
        (direction.toJob() ? uploadBytes : downloadBytes).addAndGet(bytes);
        synchronized (owners) {
            owners.merge(owner, new TransferStatistics.OwnerBytes(0, 0).plus(direction, bytes),
                    (a, b) -> a.plus(direction, bytes));
        }
    }

    /** An owner's totals as submitter properties (BytesRecvd, BytesSent), empty before its first transfer. */
    Map<String, Object> ownerProperties(String owner) {
        TransferStatistics.OwnerBytes b;
        synchronized (owners) {
            b = owners.get(owner);
        }
        return b == null ? Map.of() : Map.of("BytesRecvd", b.bytesRecvd(), "BytesSent", b.bytesSent());
    }

    TransferStatistics statistics(TransferQueue up, TransferQueue down) {
        Map<String, TransferStatistics.OwnerBytes> perOwner;
        synchronized (owners) {
            perOwner = Map.copyOf(owners);
        }
        return new TransferStatistics(uploadBytes.get(), downloadBytes.get(), failures.get(), up.active(), up.waiting(),
                down.active(), down.waiting(), perOwner);
    }
}
