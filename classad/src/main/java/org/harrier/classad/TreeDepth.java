package org.harrier.classad;

/**
 * The cap on the height of an expression tree. Every node computes its depth when built and
 * refuses to exceed {@link #MAX}, so no tree anywhere can need more stack to evaluate, print or
 * compare than a bounded amount; the parser reports the refusal as a parse error at the place
 * where the tree grew too deep. Calls and nested records count more than one level each because
 * they cost more stack frames.
 */
final class TreeDepth {
    /** Deepest tree accepted; a chain of {@code n} binary operators is {@code n} levels. */
    static final int MAX = 1000;

    private TreeDepth() {
    }

    /** Thrown by node constructors when a tree would be deeper than {@link #MAX}. */
    static final class TooDeepException extends IllegalArgumentException {
        TooDeepException() {
            super("expression is nested more than " + MAX + " levels deep");
        }
    }

    static int check(int depth) {
        if (depth > MAX) {
            throw new TooDeepException();
        }
        return depth;
    }
}
