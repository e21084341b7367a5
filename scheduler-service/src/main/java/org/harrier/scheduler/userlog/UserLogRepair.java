package org.harrier.scheduler.userlog;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * After a crash: which of the user-log events a restart must check are missing from their files.
 *
 * <p>The events to check are those the job queue log kept and did not yet say were through
 * (QueueLog). Each file's share of them, {@code e1..en} in order, was handed to one appender
 * thread that writes in order and alone, so the file ends with {@code e1..ej} for some
 * {@code j}, and only {@code ej+1..en} are missing. {@code j} is the largest for which the file
 * ends with those events' text, compared from its first byte, where events differ (an event
 * begins with its code, job id and time; every event ends with the same "..." line).
 *
 * <p>A crash in the middle of a write can leave {@code ej+1} cut short after {@code ej}: bytes
 * after the file's last "..." line that begin that event. Those bytes are cut off before the
 * event is written whole; bytes after the last "..." that are not the start of the next event
 * (not Harrier's) are left as they are.
 */
public final class UserLogRepair {
    private static final Logger LOG = LoggerFactory.getLogger(UserLogRepair.class);
    private static final byte[] EVENT_END = "\n...\n".getBytes(StandardCharsets.UTF_8);

    private UserLogRepair() {
    }

    /**
     * The events of {@code toCheck} (in the order kept) that their files lack, file by file, each
     * file's in order; a file's cut-short copy of the first of them is cut off now.
     */
    public static List<UserLogEntry> missing(List<UserLogEntry> toCheck) {
        Map<Path, List<UserLogEntry>> byFile = new LinkedHashMap<>();
        toCheck.forEach(e -> byFile.computeIfAbsent(e.file(), f -> new ArrayList<>()).add(e));
        List<UserLogEntry> missing = new ArrayList<>();
        byFile.forEach((file, events) -> {
            List<byte[]> texts = events.stream().map(e -> e.text().getBytes(StandardCharsets.UTF_8)).toList();
            // The end of the event before them too, so that a cut-short first event is told from it.
            Found found = found(tail(file, texts.stream().mapToLong(t -> t.length).sum() + EVENT_END.length), texts);
            if (found.cutShort() > 0 && !cutOff(file, found.cutShort())) {
                return; // cannot be mended: leave the file as it is rather than append after a broken event
            }
            missing.addAll(events.subList(found.written(), events.size()));
        });
        return missing;
    }

    /** How many of the events a file has, from the first, and how many bytes of the next one its end holds (0 when none). */
    record Found(int written, int cutShort) {
    }

    /**
     * What the file whose last bytes are {@code tail} has of {@code texts}: the largest
     * {@code j} for which its whole events end with texts 0 to {@code j}-1 one after the other
     * (0 when with none of them), and the length of the bytes after its last whole event when
     * they begin text {@code j}. Pure.
     */
    static Found found(byte[] tail, List<byte[]> texts) {
        int whole = wholeEnd(tail);
        long[] ends = new long[texts.size() + 1];
        for (int i = 0; i < texts.size(); i++) {
            ends[i + 1] = ends[i] + texts.get(i).length;
        }
        int j = 0;
        for (int k = texts.size(); k > 0; k--) {
            if (ends[k] <= whole && endsWith(tail, whole, texts, k, (int) ends[k])) {
                j = k;
                break;
            }
        }
        int rest = tail.length - whole;
        boolean nextCutShort = rest > 0 && j < texts.size() && rest < texts.get(j).length
                && Arrays.equals(tail, whole, tail.length, texts.get(j), 0, rest);
        return new Found(j, nextCutShort ? rest : 0);
    }

    /** Where the tail's last whole event ends: just after its last "..." line (0 when it has none; the tail may begin mid-event). */
    private static int wholeEnd(byte[] tail) {
        for (int i = tail.length - EVENT_END.length; i >= 0; i--) {
            if (Arrays.equals(tail, i, i + EVENT_END.length, EVENT_END, 0, EVENT_END.length)) {
                return i + EVENT_END.length;
            }
        }
        return 0;
    }

    private static boolean endsWith(byte[] tail, int end, List<byte[]> texts, int count, int length) {
        int at = end - length;
        for (int i = 0; i < count; i++) {
            byte[] t = texts.get(i);
            if (!Arrays.equals(tail, at, at + t.length, t, 0, t.length)) {
                return false;
            }
            at += t.length;
        }
        return true;
    }

    private static boolean cutOff(Path file, int bytes) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(ch.size() - bytes);
            LOG.warn("user log {}: cut off {} bytes of an event a crash left half written; it is written again whole", file, bytes);
            return true;
        } catch (IOException | SecurityException e) {
            LOG.warn("user log {}: cannot cut off the half-written event a crash left ({}); its events are not written again", file,
                    e.toString());
            return false;
        }
    }

    /** The file's last {@code max} bytes (all of it when shorter; none when it is not there or cannot be read). */
    private static byte[] tail(Path file, long max) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            int n = (int) Math.min(size, max);
            ByteBuffer b = ByteBuffer.allocate(n);
            long at = size - n;
            while (b.hasRemaining()) {
                int read = ch.read(b, at + b.position());
                if (read < 0) {
                    break;
                }
            }
            return b.position() == n ? b.array() : Arrays.copyOf(b.array(), b.position());
        } catch (NoSuchFileException e) {
            return new byte[0];
        } catch (IOException | SecurityException e) {
            LOG.warn("cannot read the user log {} to see which events a crash kept from it ({}); writing them all again", file,
                    e.toString());
            return new byte[0];
        }
    }
}
