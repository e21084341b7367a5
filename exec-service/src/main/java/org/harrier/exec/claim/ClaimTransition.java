package org.harrier.exec.claim;

import java.util.List;
import java.util.Objects;

/**
 * What a {@link ClaimTable} transition decided: the table after it, its answer ({@code value},
 * null for none), the {@link Effect}s to apply in order, and {@code refusal} when the call was
 * refused in a way that still changes the table (a refused claim is counted per reason).
 * {@link OwnerThread#commit} takes the new table, applies the effects, then answers or throws the
 * refusal.
 */
public record ClaimTransition<T>(ClaimTable table, T value, List<Effect> effects, StartdFailure refusal) {
    public ClaimTransition {
        Objects.requireNonNull(table, "table");
        effects = List.copyOf(effects);
    }

    static <T> ClaimTransition<T> to(ClaimTable table, T value, List<Effect> effects) {
        return new ClaimTransition<>(table, value, effects, null);
    }

    static ClaimTransition<Void> to(ClaimTable table, List<Effect> effects) {
        return new ClaimTransition<>(table, null, effects, null);
    }

    static <T> ClaimTransition<T> refused(ClaimTable table, StartdFailure refusal) {
        return new ClaimTransition<>(table, null, List.of(), Objects.requireNonNull(refusal, "refusal"));
    }
}
