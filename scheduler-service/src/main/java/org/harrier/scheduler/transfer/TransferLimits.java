package org.harrier.scheduler.transfer;

/**
 * HTCondor's MAX_CONCURRENT_UPLOADS (inputs sent to starters) and MAX_CONCURRENT_DOWNLOADS
 * (outputs received) for one scheduler: how many file transfers of each direction run at once;
 * more wait in line. 0 means no limit. Default 10 each, as older HTCondor manuals give it (not
 * checked against the newest, which may be higher).
 */
public record TransferLimits(int maxUploads, int maxDownloads) {
    public static final TransferLimits DEFAULT = new TransferLimits(10, 10);

    public TransferLimits {
        if (maxUploads < 0 || maxDownloads < 0) {
            throw new IllegalArgumentException("MAX_CONCURRENT_UPLOADS and MAX_CONCURRENT_DOWNLOADS must be 0 (no limit)"
                    + " or more, got " + maxUploads + " and " + maxDownloads);
        }
    }
}
