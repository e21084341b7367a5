package org.harrier.protocol.scheduler;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.harrier.protocol.QmfType;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/**
 * {@code scheduler.ListFiles}: what a transfer list entry of job {@code id} running on claim
 * {@code claimId} holds: an Input entry {@code name}, or (direction EvictedIn, no name) the
 * files the job's last eviction left in its spool.
 */
public record ListFiles(String id, String claimId, String direction, String name) implements Request<ListFiles.Listing> {
    private static final Arg<String> NAME = Arg.lstr("Name").optional();
    private static final Arg<List<Entry>> FILES = Arg.listOf("Files", Entry::read, Entry::write);

    public static final Method<ListFiles, Listing> METHOD = Method.<ListFiles, Listing>of("scheduler", "ListFiles")
            .inputs(JobUsage.ID, JobUsage.CLAIM_ID, BeginTransfer.DIRECTION, NAME)
            .outputs(FILES)
            .request(a -> new ListFiles(a.get(JobUsage.ID), a.get(JobUsage.CLAIM_ID), a.get(BeginTransfer.DIRECTION),
                    a.get(NAME, "")),
                    q -> MethodArguments.writer().put(JobUsage.ID, q.id()).put(JobUsage.CLAIM_ID, q.claimId())
                            .put(BeginTransfer.DIRECTION, q.direction()).put(NAME, q.name().isEmpty() ? null : q.name()))
            .answer(a -> new Listing(a.get(FILES)), r -> MethodArguments.writer().put(FILES, r.files()))
            .build();

    public ListFiles {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(claimId, "claimId");
        Objects.requireNonNull(direction, "direction");
        name = name == null ? "" : name;
    }

    /** The entries, parents before their contents, sorted by name. */
    public record Listing(List<Entry> files) {
        public Listing {
            files = List.copyOf(files);
        }
    }

    /** {@code {Name, Size, Directory}}: a path relative to the entry (empty: the entry is one file). */
    public record Entry(String name, long size, boolean directory) {
        private static final String NAME = "Name";
        private static final String SIZE = "Size";
        private static final String DIRECTORY = "Directory";

        public Entry {
            Objects.requireNonNull(name, "name");
        }

        static Entry read(Object wire, String where) {
            if (!(wire instanceof Map<?, ?> m) || !(m.get(NAME) instanceof String name)
                    || !(m.get(SIZE) instanceof Number size) || size instanceof Double || size instanceof Float
                    || !(m.get(DIRECTORY) instanceof Boolean directory)) {
                throw new IllegalArgumentException(where + " must be a map {Name: string, Size: integer, Directory: bool}, got "
                        + QmfType.describe(wire));
            }
            return new Entry(name, size.longValue(), directory);
        }

        Object write() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put(NAME, name);
            m.put(SIZE, size);
            m.put(DIRECTORY, directory);
            return m;
        }
    }

    @Override
    public Method<ListFiles, Listing> method() {
        return METHOD;
    }
}
