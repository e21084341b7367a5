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
     * The scheduler object's properties for these statistics. The per-owner bytes are not among
     * them: the object is the scheduler's ad, which the collector keeps as a ClassAd, and a map
     * of maps is no ClassAd value; they are on each owner's submitter object (BytesRecvd,
     * BytesSent) and in every job's ad.
     */
    public Map<String, Object> properties() {
        return Map.of("FileTransferUploadBytes", uploadBytes, "FileTransferDownloadBytes", downloadBytes,
                "FileTransferFailures", failures, "TransferQueueNumUploading", (long) uploading,
                "TransferQueueNumWaitingToUpload", (long) waitingToUpload, "TransferQueueNumDownloading", (long) downloading,
                "TransferQueueNumWaitingToDownload", (long) waitingToDownload);
    }
}
