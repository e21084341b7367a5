package org.harrier.scheduler.transfer;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

import org.harrier.scheduler.ScheddFailure;

/**
 * One file of a transfer on the submit side. An input is read in place; an output is written
 * to a partial file beside its target ({@code .harrier-transfer-<id>}) and moved over the
 * target only when its SHA-256 is the one the starter computed, so a failed transfer never
 * leaves a half file under the job's name. Thread-safe: every method holds its monitor (chunks
 * of one transfer may arrive on several I/O threads).
 */
final class OpenFile {
    private final FileChannel channel;
    private final Path target;
    private final Path partial;
    private final long size;
    private final Sha256 sha = new Sha256();
    private long last;

    private OpenFile(FileChannel channel, Path target, Path partial, long size) {
        this.channel = channel;
        this.target = target;
        this.partial = partial;
        this.size = size;
    }

    static OpenFile input(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new ScheddFailure.TransferFailed(file + (Files.isDirectory(file)
                    ? " is a directory: ListFiles lists it, and its files travel one by one" : " does not exist"));
        }
        FileChannel c = FileChannel.open(file, StandardOpenOption.READ);
        return new OpenFile(c, file, null, c.size());
    }

    static OpenFile output(Path target, String transferId) throws IOException {
        return output(target, transferId, file -> { });
    }

    /** As above, {@code created} told of the partial file once made (a root scheduler hands it to the Owner; the move keeps that). */
    static OpenFile output(Path target, String transferId, java.util.function.Consumer<Path> created) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new ScheddFailure.TransferFailed("directory " + dir + " of " + target + " does not exist");
        }
        if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
            throw new ScheddFailure.TransferFailed(target + " is a directory");
        }
        Path partial = dir.resolve(TransferNames.PARTIAL_PREFIX + transferId);
        FileChannel c = FileChannel.open(partial, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                StandardOpenOption.READ);
        created.accept(partial);
        return new OpenFile(c, target, partial, -1);
    }

    long size() {
        return size;
    }

    synchronized byte[] read(long offset, int length) throws IOException {
        int n = (int) Math.max(0, Math.min(length, size - offset));
        ByteBuffer buf = ByteBuffer.allocate(n);
        while (buf.hasRemaining()) {
            if (channel.read(buf, offset + buf.position()) < 0) {
                throw new ScheddFailure.TransferFailed(target + " shrank while it was being read");
            }
        }
        buf.flip();
        sha.saw(offset, buf.duplicate());
        return buf.array();
    }

    synchronized void write(long offset, byte[] data) throws IOException {
        ByteBuffer buf = ByteBuffer.wrap(data);
        sha.saw(offset, buf.duplicate());
        while (buf.hasRemaining()) {
            channel.write(buf, offset + buf.position());
        }
        last = Math.max(last, offset + data.length);
    }

    /**
     * Checks the starter's digest and, for an output, moves the file into place. Completes the
     * transfer either way (the file is closed; a failed output's partial file is gone). Returns
     * the file's length.
     */
    synchronized long finish(String starterSha256) throws IOException {
        try {
            long length = partial == null ? size : Math.max(last, channel.size());
            String mine = sha.of(channel, length);
            if (!mine.equalsIgnoreCase(starterSha256)) {
                throw new ScheddFailure.TransferFailed("SHA-256 of " + target + " is " + mine
                        + " here, but " + starterSha256 + " at the starter: the transfer is corrupt");
            }
            if (partial != null) {
                channel.force(false);
                channel.close();
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            return length;
        } finally {
            abandon();
        }
    }

    /** Closes the file; an unfinished output's partial file is deleted. Idempotent. */
    synchronized void abandon() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing a file we only read or are about to delete: nothing to save
        }
        if (partial != null) {
            try {
                Files.deleteIfExists(partial);
            } catch (IOException ignored) {
                // a stray partial file is harmless: its name is refused as an output
            }
        }
    }

    Path target() {
        return target;
    }
}
