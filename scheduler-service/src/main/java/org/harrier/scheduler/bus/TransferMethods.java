package org.harrier.scheduler.bus;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

import org.harrier.bus.QmfException;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.transfer.Direction;
import org.harrier.scheduler.transfer.DirectoryTree;
import org.harrier.scheduler.transfer.FileTransfers;

/**
 * The scheduler's file transfer methods (docs/protocols.md, "File transfer") translated to
 * {@link FileTransfers} calls: BeginTransfer, ReadFile, WriteFile, EndTransfer, ListFiles, GetCheckpoint.
 */
final class TransferMethods {
    private TransferMethods() {
    }

    static CompletableFuture<Map<String, Object>> dispatch(FileTransfers transfers, String method, Arguments a) {
        switch (method) {
            case "BeginTransfer": {
                Direction d = direction(a.string("Direction"));
                long checkpoint = a.has("CheckpointNumber") ? a.integer("CheckpointNumber") : 0;
                if (d.checkpoint() && !a.has("CheckpointNumber")) {
                    throw QmfException.badParameter("BeginTransfer of a " + d.wire() + " needs CheckpointNumber");
                }
                return SchedulerObject.reply(transfers.begin(JobId.parse(a.string("Id")), a.string("ClaimId"), d,
                        a.string("Name"), checkpoint), b -> Map.of("TransferId", b.transferId(), "Size", b.size()));
            }
            case "ListFiles": {
                Direction d = direction(a.string("Direction"));
                if (d != Direction.INPUT && d != Direction.EVICTED_IN) {
                    throw QmfException.badParameter("ListFiles lists Input entries or EvictedIn files, not " + d.wire());
                }
                return SchedulerObject.reply(transfers.list(JobId.parse(a.string("Id")), a.string("ClaimId"), d,
                        a.string("Name", "")), TransferMethods::entries);
            }
            case "GetCheckpoint":
                return SchedulerObject.reply(transfers.checkpoint(JobId.parse(a.string("Id")), a.string("ClaimId")),
                        TransferMethods::listing);
            case "ReadFile":
                return SchedulerObject.reply(transfers.read(a.string("TransferId"), a.integer("Offset"),
                        (int) Math.min(Integer.MAX_VALUE, a.integer("Length"))), data -> Map.of("Data", data));
            case "WriteFile":
                return SchedulerObject.reply(transfers.write(a.string("TransferId"), a.integer("Offset"), a.bytes("Data")),
                        v -> Map.of());
            case "EndTransfer":
                return SchedulerObject.reply(transfers.end(a.string("TransferId"), a.string("Sha256", null),
                        a.string("Abort", null)), bytes -> Map.of("Bytes", bytes));
            default:
                throw new QmfException(QmfException.UNKNOWN_METHOD, "scheduler has no method " + method);
        }
    }

    private static Direction direction(String text) {
        try {
            return Direction.parse(text);
        } catch (IllegalArgumentException e) {
            throw QmfException.badParameter(e.getMessage());
        }
    }

    /** ListFiles' answer: Files, a list of {Name, Size, Directory}, parents before their contents. */
    private static Map<String, Object> entries(List<DirectoryTree.Entry> listed) {
        List<Object> files = new ArrayList<>();
        listed.forEach(e -> files.add(Map.of("Name", e.name(), "Size", e.size(), "Directory", e.directory())));
        return Map.of("Files", files);
    }

    /** GetCheckpoint's answer: CheckpointNumber (0: none) and Files, a list of {Name, Size} sorted by name. */
    private static Map<String, Object> listing(FileTransfers.Listing l) {
        List<Object> files = new ArrayList<>();
        new TreeMap<>(l.files()).forEach((name, size) -> files.add(Map.of("Name", name, "Size", size)));
        return Map.of("CheckpointNumber", l.number(), "Files", files);
    }
}
