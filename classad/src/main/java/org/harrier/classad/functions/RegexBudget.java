package org.harrier.classad.functions;

/**
 * A bound on the work one regular-expression function call may do, counted in characters the
 * matcher reads. java.util.regex backtracks, and although it memoizes simple loops (the
 * textbook {@code (a+)+b} is answered at once), a pattern such as {@code (.*a){25}b} against forty
 * {@code a}s would run for hours. Matching reads its target through {@link #guard}, and once the
 * budget is spent the read throws {@link Exhausted}, which the function turns into {@code error}.
 * Not thread-safe: one budget per call.
 */
final class RegexBudget {
    /** Reads every call may make, whatever its input (enough for any sane pattern on small text). */
    static final long BASE_READS = 10_000_000L;
    /** Further reads allowed per character of target text, so long targets are not cut short. */
    static final long READS_PER_CHAR = 64L;

    private long remaining;

    private RegexBudget(long reads) {
        this.remaining = reads;
    }

    /** A budget for a call whose targets hold {@code totalChars} characters in all. */
    static RegexBudget forTargets(long totalChars) {
        return new RegexBudget(BASE_READS + READS_PER_CHAR * Math.max(0, totalChars));
    }

    /**
     * {@code text} as the matcher should see it: every character read is charged to this budget,
     * {@code weight} reads' worth at a time (more than one for a pattern that does much work
     * between reads, see {@link RegexWorkEstimate}).
     */
    CharSequence guard(String text, long weight) {
        return new Guarded(text, this, weight);
    }

    private void charge(long weight) {
        remaining -= weight;
        if (remaining < 0) {
            throw Exhausted.INSTANCE;
        }
    }

    /** Thrown when the budget is spent; shared and without a stack trace, as it is control flow. */
    static final class Exhausted extends RuntimeException {
        private static final long serialVersionUID = 1L;
        static final Exhausted INSTANCE = new Exhausted();

        private Exhausted() {
            super("regular expression work budget exhausted", null, false, false);
        }
    }

    private static final class Guarded implements CharSequence {
        private final String text;
        private final RegexBudget budget;
        private final long weight;

        Guarded(String text, RegexBudget budget, long weight) {
            this.text = text;
            this.budget = budget;
            this.weight = weight;
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public char charAt(int index) {
            budget.charge(weight);
            return text.charAt(index);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return text.substring(start, end);
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
