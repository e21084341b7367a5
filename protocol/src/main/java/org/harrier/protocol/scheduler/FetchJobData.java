package org.harrier.protocol.scheduler;

import java.util.Objects;
import java.util.Set;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/**
 * {@code scheduler.FetchJobData}: bytes {@code start} (inclusive) to {@code end} (exclusive) of
 * the file job {@code id}'s ad names as {@code file} (Out, Err or UserLog), as UTF-8 text. A
 * negative {@code start} counts from the file's end; an {@code end} of 0 or less counts from the
 * end too, so {@code (0, 0)} is the whole file and {@code (-4096, 0)} its last 4 KiB. The
 * scheduler reads a bounded range at a time.
 */
public record FetchJobData(String id, String file, int start, int end) implements Request<FetchJobData.Data> {
    /** The files a job ad names that the method reads. */
    public static final Set<String> FILES = Set.of("Out", "Err", "UserLog");

    private static final Arg<String> ID = Arg.sstr("Id");
    private static final Arg<String> FILE = Arg.sstr("File");
    private static final Arg<Long> START = Arg.int32("Start");
    private static final Arg<Long> END = Arg.int32("End");
    private static final Arg<String> DATA = Arg.lstr("Data");

    public static final Method<FetchJobData, Data> METHOD = Method.<FetchJobData, Data>of("scheduler", "FetchJobData")
            .inputs(ID, FILE, START, END)
            .outputs(DATA)
            .request(a -> new FetchJobData(a.get(ID), a.get(FILE), Math.toIntExact(a.get(START)), Math.toIntExact(a.get(END))),
                    q -> MethodArguments.writer().put(ID, q.id()).put(FILE, q.file())
                            .put(START, (long) q.start()).put(END, (long) q.end()))
            .answer(a -> new Data(a.get(DATA)), r -> MethodArguments.writer().put(DATA, r.text()))
            .build();

    public FetchJobData {
        Objects.requireNonNull(id, "id");
        if (!FILES.contains(file)) {
            throw new IllegalArgumentException("File must be Out, Err or UserLog, got " + (file == null ? "nothing" : "'" + file + "'"));
        }
    }

    public record Data(String text) {
        public Data {
            Objects.requireNonNull(text, "text");
        }
    }

    @Override
    public Method<FetchJobData, Data> method() {
        return METHOD;
    }
}
