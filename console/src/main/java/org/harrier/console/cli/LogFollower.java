package org.harrier.console.cli;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.harrier.scheduler.userlog.UserLogEvent;
import org.harrier.scheduler.userlog.UserLogReader;

/**
 * Reads a job event log as it grows: each {@link #readNew} parses what was appended since the
 * last complete event, so an event still being written is read next time, whole
 * ({@link UserLogReader.Parsed#end}). A log that got shorter (rewritten) is read again from its
 * start. Owned by the one thread that calls it.
 */
final class LogFollower {
    private final Path log;
    private long offset;

    LogFollower(Path log) {
        this.log = log;
    }

    /** The complete events appended since the last call; empty when there are none yet. */
    List<UserLogEvent> readNew() throws IOException {
        try (FileChannel in = FileChannel.open(log, StandardOpenOption.READ)) {
            long size = in.size();
            if (size < offset) {
                offset = 0;
            }
            if (size == offset) {
                return List.of();
            }
            ByteBuffer bytes = ByteBuffer.allocate(Math.toIntExact(Math.min(size - offset, Integer.MAX_VALUE - 8)));
            while (bytes.hasRemaining() && in.read(bytes, offset + bytes.position()) >= 0) {
                // read until the buffer is full or the file ends
            }
            bytes.flip();
            String text = StandardCharsets.UTF_8.decode(bytes).toString();
            UserLogReader.Parsed parsed = UserLogReader.parse(text);
            // end stops after a "...\n" line, so the text before it is whole characters.
            offset += text.substring(0, parsed.end()).getBytes(StandardCharsets.UTF_8).length;
            return parsed.events();
        }
    }
}
