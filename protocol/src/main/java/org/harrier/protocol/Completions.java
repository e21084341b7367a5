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

    /** What {@code t} failed with, in words: its cause's message, or the cause's type when it has none. */
    public static String message(Throwable t) {
        Throwable c = cause(t);
        return c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage();
    }
}
