package org.harrier.scheduler.bus;

import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.harrier.bus.MethodTable;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.scheduler.BeginTransfer;
import org.harrier.protocol.scheduler.EndTransfer;
import org.harrier.protocol.scheduler.GetCheckpoint;
import org.harrier.protocol.scheduler.ListFiles;
import org.harrier.protocol.scheduler.ReadFile;
import org.harrier.protocol.scheduler.WriteFile;
import org.harrier.rules.Caller;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.transfer.Direction;
import org.harrier.scheduler.transfer.DirectoryTree;
import org.harrier.scheduler.transfer.FileTransfers;

/**
 * The scheduler's file transfer methods (docs/protocols.md, "File transfer") translated to
 * {@link FileTransfers} calls: BeginTransfer, ReadFile, WriteFile, EndTransfer, ListFiles, GetCheckpoint.
 * Only a starter moves a job's files: each method needs broker role startd (or admin), and those
 * that name a claim (BeginTransfer, ListFiles, GetCheckpoint) the claim's reporter
 * ({@link Authorisation#claimHolder}); a transfer once begun is named by its TransferId.
 */
final class TransferMethods {
    private TransferMethods() {
    }

    static MethodTable register(MethodTable table, FileTransfers transfers, Authorisation authorisation) {
        return table
                .on(BeginTransfer.METHOD, Authorisation.daemon(Caller.STARTD, BeginTransfer.METHOD,
                        (q, c) -> authorisation.claimHolder(c, q.claimId()).thenCompose(v -> begin(transfers, q))))
                .on(ListFiles.METHOD, Authorisation.daemon(Caller.STARTD, ListFiles.METHOD,
                        (q, c) -> authorisation.claimHolder(c, q.claimId()).thenCompose(v -> list(transfers, q))))
                .on(GetCheckpoint.METHOD, Authorisation.daemon(Caller.STARTD, GetCheckpoint.METHOD,
                        (q, c) -> authorisation.claimHolder(c, q.claimId())
                                .thenCompose(v -> transfers.checkpoint(JobId.parse(q.id()), q.claimId()))
                                .thenApply(TransferMethods::checkpoint)))
                .on(ReadFile.METHOD, Authorisation.daemon(Caller.STARTD, ReadFile.METHOD,
                        (q, c) -> transfers.read(q.transferId(), q.offset(), (int) Math.min(Integer.MAX_VALUE, q.length()))
                                .thenApply(ReadFile.Chunk::new)))
                .on(WriteFile.METHOD, Authorisation.daemon(Caller.STARTD, WriteFile.METHOD,
                        (q, c) -> transfers.write(q.transferId(), q.offset(), q.data()).thenApply(v -> Done.DONE)))
                .on(EndTransfer.METHOD, Authorisation.daemon(Caller.STARTD, EndTransfer.METHOD,
                        (q, c) -> transfers.end(q.transferId(), q.sha256(), q.abort()).thenApply(EndTransfer.Ended::new)));
    }

    private static CompletableFuture<BeginTransfer.Begun> begin(FileTransfers transfers, BeginTransfer q) {
        Direction d = Direction.parse(q.direction());
        if (d.checkpoint() && q.checkpointNumber() == null) {
            throw new IllegalArgumentException("BeginTransfer of a " + d.wire() + " needs CheckpointNumber");
        }
        long checkpoint = q.checkpointNumber() == null ? 0 : q.checkpointNumber();
        return transfers.begin(JobId.parse(q.id()), q.claimId(), d, q.name(), checkpoint)
                .thenApply(b -> new BeginTransfer.Begun(b.transferId(), b.size()));
    }

    private static CompletableFuture<ListFiles.Listing> list(FileTransfers transfers, ListFiles q) {
        Direction d = Direction.parse(q.direction());
        if (d != Direction.INPUT && d != Direction.EVICTED_IN) {
            throw new IllegalArgumentException("ListFiles lists Input entries or EvictedIn files, not " + d.wire());
        }
        return transfers.list(JobId.parse(q.id()), q.claimId(), d, q.name()).thenApply(TransferMethods::listing);
    }

    /** ListFiles' answer: the entries, parents before their contents. */
    private static ListFiles.Listing listing(List<DirectoryTree.Entry> listed) {
        return new ListFiles.Listing(listed.stream().map(e -> new ListFiles.Entry(e.name(), e.size(), e.directory())).toList());
    }

    /** GetCheckpoint's answer: CheckpointNumber (0: none) and its files sorted by name. */
    private static GetCheckpoint.Checkpoint checkpoint(FileTransfers.Listing l) {
        return new GetCheckpoint.Checkpoint(l.number(), new TreeMap<>(l.files()).entrySet().stream()
                .map(f -> new GetCheckpoint.File(f.getKey(), f.getValue())).toList());
    }
}
