package org.harrier.protocol;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** What failed behind an asynchronous result: the one place that unwraps the wrappers. */
public final class Completions {
    private Completions() {
    }

    /**
     * The failure itself: {@code t} without the {@link CompletionException}s and
     * {@link ExecutionException}s that futures wrap it in (a wrapper without a cause is kept).
     */
    public static Throwable cause(Throwable t) {
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }
}
