package org.harrier.protocol.scheduler;

import java.util.List;
import java.util.function.BiFunction;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/**
 * The jobs a control method (Hold, Release, Remove, Suspend, Continue, VacateJob, SetAttribute)
 * names, as the wire gives them: {@code Id}, a job ({@code "12.0"}) or a cluster ({@code "12"}),
 * or {@code Constraint}, a ClassAd expression; exactly one. The scheduler parses and applies them.
 */
public record Jobs(String id, String constraint) {
    static final Arg<String> ID = Arg.sstr("Id").optional();
    static final Arg<String> CONSTRAINT = Arg.lstr("Constraint").optional();
    static final Arg<String> REASON = Arg.sstr("Reason").optional();
    static final Arg<List<String>> IDS = Arg.strings("Ids");

    public Jobs {
        if (id != null && constraint != null) {
            throw new IllegalArgumentException("give Id or Constraint, not both");
        }
        if (id == null && constraint == null) {
            throw new IllegalArgumentException("give Id (a job cluster.proc or a cluster) or Constraint (a ClassAd expression)");
        }
    }

    /** A job ({@code cluster.proc}) or a cluster ({@code cluster}). */
    public static Jobs id(String id) {
        return new Jobs(java.util.Objects.requireNonNull(id, "id"), null);
    }

    /** Every queued job {@code constraint} is true for. */
    public static Jobs matching(String constraint) {
        return new Jobs(null, java.util.Objects.requireNonNull(constraint, "constraint"));
    }

    static Jobs read(MethodArguments a, String method) {
        try {
            return new Jobs(a.get(ID), a.get(CONSTRAINT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(method + ": " + e.getMessage());
        }
    }

    MethodArguments.Writer write() {
        return MethodArguments.writer().put(ID, id).put(CONSTRAINT, constraint);
    }

    /** The jobs a control method acted on, as {@code cluster.proc} strings. */
    public record Acted(List<String> ids) {
        public Acted {
            ids = List.copyOf(ids);
        }

        static Acted read(MethodArguments a) {
            return new Acted(a.get(IDS));
        }

        MethodArguments.Writer write() {
            return MethodArguments.writer().put(IDS, ids);
        }
    }

    /** A control method of (Jobs, Reason) answering the jobs acted on. */
    public interface Control extends Request<Acted> {
        Jobs jobs();

        String reason();
    }

    static <Q extends Control> Method<Q, Acted> control(String name, BiFunction<Jobs, String, Q> make) {
        return Method.<Q, Acted>of("scheduler", name)
                .inputs(ID, CONSTRAINT, REASON)
                .outputs(IDS)
                .request(a -> make.apply(read(a, name), a.get(REASON)), q -> q.jobs().write().put(REASON, q.reason()))
                .answer(Acted::read, Acted::write)
                .build();
    }
}
