package org.harrier.scheduler.transfer;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The SHA-256 of a file being transferred, computed as the bytes go by when they go in order
 * (the starter's window keeps them nearly so) and by reading the file again otherwise. Not
 * thread-safe: its transfer's monitor guards it.
 */
final class Sha256 {
    private final MessageDigest digest = newDigest();
    private long hashed;
    private boolean gap;

    /** {@code data}[0, n) was read or written at {@code offset}. */
    void saw(long offset, ByteBuffer data) {
        if (offset == hashed && !gap) {
            digest.update(data);
            hashed += data.limit();
        } else if (offset > hashed) {
            gap = true; // out of order: read the file again at the end
        }
    }

    /** The hex digest of {@code file}'s first {@code size} bytes. */
    String of(FileChannel file, long size) throws IOException {
        if (gap || hashed != size) {
            digest.reset();
            ByteBuffer buf = ByteBuffer.allocate(1 << 20);
            long at = 0;
            while (at < size) {
                buf.clear();
                int n = file.read(buf, at);
                if (n < 0) {
                    throw new IOException("the file ended at " + at + " of " + size + " bytes");
                }
                buf.flip();
                digest.update(buf);
                at += n;
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
    }
}
