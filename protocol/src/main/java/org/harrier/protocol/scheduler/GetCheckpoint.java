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

/** {@code scheduler.GetCheckpoint}: the current checkpoint of job {@code id} running on claim {@code claimId}. */
public record GetCheckpoint(String id, String claimId) implements Request<GetCheckpoint.Checkpoint> {
    private static final Arg<Long> CHECKPOINT_NUMBER = Arg.int64("CheckpointNumber");
    private static final Arg<List<File>> FILES = Arg.listOf("Files", File::read, File::write);

    public static final Method<GetCheckpoint, Checkpoint> METHOD = Method.<GetCheckpoint, Checkpoint>of("scheduler", "GetCheckpoint")
            .inputs(JobUsage.ID, JobUsage.CLAIM_ID)
            .outputs(CHECKPOINT_NUMBER, FILES)
            .request(a -> new GetCheckpoint(a.get(JobUsage.ID), a.get(JobUsage.CLAIM_ID)),
                    q -> MethodArguments.writer().put(JobUsage.ID, q.id()).put(JobUsage.CLAIM_ID, q.claimId()))
            .answer(a -> new Checkpoint(a.get(CHECKPOINT_NUMBER), a.get(FILES)),
                    r -> MethodArguments.writer().put(CHECKPOINT_NUMBER, r.number()).put(FILES, r.files()))
            .build();

    public GetCheckpoint {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(claimId, "claimId");
    }

    /** Checkpoint {@code number} (0: none) and its files, sorted by name. */
    public record Checkpoint(long number, List<File> files) {
        public Checkpoint {
            files = List.copyOf(files);
        }
    }

    /** {@code {Name, Size}}: a checkpoint file's path relative to the working directory and its bytes. */
    public record File(String name, long size) {
        private static final String NAME = "Name";
        private static final String SIZE = "Size";

        public File {
            Objects.requireNonNull(name, "name");
        }

        static File read(Object wire, String where) {
            if (!(wire instanceof Map<?, ?> m) || !(m.get(NAME) instanceof String name)
                    || !(m.get(SIZE) instanceof Number size) || size instanceof Double || size instanceof Float) {
                throw new IllegalArgumentException(where + " must be a map {Name: string, Size: integer}, got " + QmfType.describe(wire));
            }
            return new File(name, size.longValue());
        }

        Object write() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put(NAME, name);
            m.put(SIZE, size);
            return m;
        }
    }

    @Override
    public Method<GetCheckpoint, Checkpoint> method() {
        return METHOD;
    }
}
