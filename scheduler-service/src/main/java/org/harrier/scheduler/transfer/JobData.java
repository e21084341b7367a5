package org.harrier.scheduler.transfer;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import org.harrier.classad.ClassAd;
import org.harrier.classad.StringValue;
import org.harrier.scheduler.ScheddFailure;
import org.harrier.scheduler.queue.Attr;
import org.harrier.scheduler.queue.JobId;

/**
 * FetchJobData: a byte range of the file a job's ad names as Out, Err or UserLog, resolved
 * against its Iwd when relative, as it is on the submit side now. {@code start} counts from the
 * file's end when negative, {@code end} (exclusive) when 0 or less; both are clamped to the
 * file. A range is read into memory, so it may be at most {@link #MAX_BYTES}: a caller cannot
 * make the scheduler read gigabytes at once. Only a regular file is read, never through a
 * symbolic link. Blocking I/O: runs on the transfer pool.
 */
public final class JobData {
    /** The most one call reads; a longer range is refused with this figure in the message. */
    public static final int MAX_BYTES = 1 << 20;

    private static final Set<String> FILES = Set.of("Out", "Err", "UserLog");

    private JobData() {
    }

    public static String read(JobId id, ClassAd ad, String file, int start, int end) {
        Path path = path(id, ad, file);
        try (SeekableByteChannel in = Files.newByteChannel(path, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            long size = in.size();
            long from = start < 0 ? Math.max(0, size + start) : Math.min(start, size);
            long to = end <= 0 ? Math.max(0, size + end) : Math.min(end, size);
            if (to <= from) {
                return "";
            }
            if (to - from > MAX_BYTES) {
                throw new ScheddFailure.Invalid("FetchJobData reads at most " + MAX_BYTES + " bytes at a time; bytes "
                        + from + " to " + to + " of job " + id + "'s " + file + " are " + (to - from) + "; ask for a smaller range");
            }
            ByteBuffer buffer = ByteBuffer.allocate((int) (to - from));
            in.position(from);
            while (buffer.hasRemaining() && in.read(buffer) >= 0) {
                // until the range is read, or the file ends early (it shrank meanwhile)
            }
            return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ScheddFailure.Unavailable("cannot read job " + id + "'s " + file + " " + path + ": " + e.getMessage());
        }
    }

    /** The file the ad names, absolute; UnknownJob-like failures when there is none to read. */
    static Path path(JobId id, ClassAd ad, String file) {
        if (!FILES.contains(file)) {
            throw new ScheddFailure.Invalid("File must be Out, Err or UserLog, got '" + file + "'");
        }
        if (!(ad.lookup(file) instanceof StringValue name) || name.value().isBlank() || name.value().equals("/dev/null")) {
            throw new ScheddFailure.UnknownJob("job " + id + " has no " + file + " file");
        }
        Path p;
        try {
            p = Path.of(name.value());
            if (!p.isAbsolute() && ad.lookup(Attr.IWD) instanceof StringValue iwd) {
                p = Path.of(iwd.value()).resolve(p);
            }
        } catch (InvalidPathException e) {
            throw new ScheddFailure.Invalid("job " + id + "'s " + file + " '" + name.value() + "' is not a path");
        }
        if (!p.isAbsolute()) {
            throw new ScheddFailure.Invalid("job " + id + "'s " + file + " '" + name.value() + "' is relative and it has no Iwd");
        }
        p = p.normalize();
        if (!Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
            throw new ScheddFailure.UnknownJob("job " + id + "'s " + file + " " + p + (Files.exists(p, LinkOption.NOFOLLOW_LINKS)
                    ? " is not a regular file" : " does not exist (yet)"));
        }
        return p;
    }
}
