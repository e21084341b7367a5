package org.harrier.scheduler.transfer;

import java.util.Map;

/**
 * What the scheduler's transfers did, as published (HTCondor's schedd statistics names, from
 * the submit side: an upload is a job's input): bytes per direction, per owner (from the job's
 * side, BytesRecvd for inputs and BytesSent for outputs), failures, and the transfer queues.
 */
public record TransferStatistics(long uploadBytes, long downloadBytes, long failures, int uploading,
        int waitingToUpload, int downloading, int waitingToDownload, Map<String, OwnerBytes> owners) {
    public TransferStatistics {
        owners = Map.copyOf(owners);
    }

    /** One owner's jobs' transferred bytes, from the jobs' side. */
    public record OwnerBytes(long bytesRecvd, long bytesSent) {
        OwnerBytes plus(Direction d, long bytes) {
            return d.toJob() ? new OwnerBytes(bytesRecvd + bytes, bytesSent)
                    : new OwnerBytes(bytesRecvd, bytesSent + bytes);
        }
    }

    /**
     * The scheduler object's properties for these statistics; per owner in
     * FileTransferOwners {owner: {BytesRecvd, BytesSent}}, kept after the owner's submitter
     * object is gone (it lives only while the owner has jobs).
     */
    public Map<String, Object> properties() {
        Map<String, Object> perOwner = new java.util.LinkedHashMap<>();
        owners.forEach((owner, b) -> perOwner.put(owner, Map.of("BytesRecvd", b.bytesRecvd(), "BytesSent", b.bytesSent())));
        return Map.of("FileTransferOwners", perOwner,"FileTransferUploadBytes", uploadBytes, "FileTransferDownloadBytes", downloadBytes,
                "FileTransferFailures", failures, "TransferQueueNumUploading", (long) uploading,
                "TransferQueueNumWaitingToUpload", (long) waitingToUpload, "TransferQueueNumDownloading", (long) downloading,
                "TransferQueueNumWaitingToDownload", (long) waitingToDownload);
    }
}
