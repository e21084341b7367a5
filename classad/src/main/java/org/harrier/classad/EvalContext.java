package org.harrier.classad;

import java.time.Clock;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * The inputs and bookkeeping of one evaluation: the clock {@code time()} reads, the random
 * source {@code random()} draws from (seeded by the caller, so results are reproducible), and
 * the attributes currently being evaluated.
 *
 * <p>Not thread-safe: a context belongs to the thread evaluating with it. Creating one is
 * cheap; matchmaking makes one per candidate pair.
 *
 * <p>Three guards keep hostile ads from hurting the evaluator, each ending in {@code error}:
 * <ul>
 *   <li>a reference back to an attribute that is still being evaluated (the manual: circular
 *       references are {@code ERROR});
 *   <li>stack: the depths of the expressions being evaluated, plus a charge per attribute hop,
 *       are summed and capped at {@link #MAX_EVAL_DEPTH}, which measured interpreted-mode frame
 *       sizes keep well inside a 512 KiB thread stack (so a 3,000-link chain of attributes is
 *       {@code error}, not a {@link StackOverflowError});
 *   <li>work: at most {@link #MAX_STEPS} attribute evaluations per top-level evaluation, so
 *       {@code a1 = a2 + a2; a2 = a3 + a3; ...}, which doubles its work per link, ends in
 *       about a tenth of a second instead of running for ever.
 * </ul>
 */
public final class EvalContext {
    /** Cap on the summed depth of the expressions on the stack, with {@link #HOP_CHARGE} per attribute hop. */
    static final int MAX_EVAL_DEPTH = 2500;
    /** Stack charged for the frames between an attribute reference and the expression it names. */
    private static final int HOP_CHARGE = 2;
    /** Cap on attribute and dynamic evaluations in one top-level evaluation. */
    static final int MAX_STEPS = 2_000_000;

    /** Depth charged for each dynamic evaluation on top of the expression's own depth. */
    private static final int DYNAMIC_CHARGE = 8;
    /**
     * Cap on dynamic evaluations within one top-level evaluation. The depth cap alone does not
     * stop {@code eval} of {@code "eval(s) + eval(s)"}, which doubles its work at every level.
     */
    static final int MAX_DYNAMIC_EVALUATIONS = 10_000;

    private final Clock clock;
    private final long seed;
    private SplittableRandom random; // created on first use: most evaluations never draw

    private Expr[] activeExprs = new Expr[16];
    private ClassAd[] activeAds = new ClassAd[16];
    private int active;
    private int depthInUse;
    private int dynamicEvaluations;
    private int steps;

    private EvalContext(Clock clock, long seed) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.seed = seed;
    }

    /**
     * A context reading the system clock in the machine's zone (HTCondor reads zone-less times
     * as local time), with a random seed drawn from the clock's nanoseconds.
     */
    public static EvalContext create() {
        return new EvalContext(SYSTEM_CLOCK, System.nanoTime());
    }

    // Looked up once: Clock.systemDefaultZone() clones the default TimeZone on every call, which
    // showed up in matchmaking profiles (a context per match). A zone change needs a restart.
    private static final Clock SYSTEM_CLOCK = Clock.systemDefaultZone();

    public static EvalContext create(Clock clock, long seed) {
        return new EvalContext(clock, seed);
    }

    /** Seconds since the epoch, as {@code time()} reports it. */
    public long now() {
        return clock.instant().getEpochSecond();
    }

    public Clock clock() {
        return clock;
    }

    /** The random source for {@code random()}; deterministic for a given seed. */
    public SplittableRandom random() {
        if (random == null) {
            random = new SplittableRandom(seed);
        }
        return random;
    }

    /**
     * Evaluates {@code expr} as part of {@code my}, matched against {@code target} (may be null).
     * Never throws for any input: an evaluation too deep for the thread's stack gives {@code error}.
     */
    public Value evaluate(Expr expr, ClassAd my, ClassAd target) {
        Objects.requireNonNull(expr, "expr");
        Objects.requireNonNull(my, "my");
        return evaluateTop(expr, Scope.pair(my, target));
    }

    /** Evaluates the attribute {@code name} of {@code my} against {@code target}; {@code undefined} if absent. */
    public Value evaluateAttribute(String name, ClassAd my, ClassAd target) {
        Objects.requireNonNull(my, "my");
        Scope scope = Scope.pair(my, target);
        Expr e = my.lookup(name);
        return e == null ? Value.UNDEFINED : evaluateTop(new AttributeRef(name), scope);
    }

    /** Evaluates an argument or sub-expression; the entry point for built-in functions. */
    public Value evaluate(Expr expr, Scope scope) {
        return expr.evaluate(this, scope);
    }

    /**
     * Evaluates an expression that belongs to no attribute, such as the text {@code eval()}
     * parsed or an expression {@code evalInEachContext()} evaluates inside another record. Its
     * depth (plus a fixed charge for the function frames in between) counts against the same
     * cap as nested attribute evaluations, so {@code eval} of a string that evals itself again,
     * or a function that re-enters itself through a record, ends in {@code error} instead of
     * exhausting the stack; past {@link #MAX_DYNAMIC_EVALUATIONS} of them in one top-level
     * evaluation every further one is {@code error} too, so a string that evals itself twice
     * over ends instead of running for ever.
     */
    public Value evaluateDynamic(Expr expr, Scope scope) {
        Objects.requireNonNull(expr, "expr");
        int d = expr.depth() + DYNAMIC_CHARGE;
        if (depthInUse + d > MAX_EVAL_DEPTH || dynamicEvaluations >= MAX_DYNAMIC_EVALUATIONS
                || ++steps > MAX_STEPS) {
            return Value.ERROR;
        }
        dynamicEvaluations++;
        depthInUse += d;
        try {
            return expr.evaluate(this, scope);
        } finally {
            depthInUse -= d;
        }
    }

    Value evaluateTop(Expr expr, Scope scope) {
        int savedActive = active;
        int savedDepth = depthInUse;
        if (savedActive == 0 && savedDepth == 0) {
            dynamicEvaluations = 0; // a new top-level evaluation gets the whole budget
            steps = 0;
        }
        int d = expr.depth();
        if (savedDepth + d > MAX_EVAL_DEPTH) {
            return Value.ERROR;
        }
        depthInUse = savedDepth + d;
        try {
            return expr.evaluate(this, scope);
        } catch (StackOverflowError e) {
            // Only reachable on a thread with an unusually small stack: the depth caps keep
            // ordinary threads well clear. The value is then error, never a crash.
            return Value.ERROR;
        } finally {
            active = savedActive;
            depthInUse = savedDepth;
        }
    }

    /** Evaluates the expression bound to an attribute, guarding against cycles and runaway depth. */
    Value evaluateAttribute(Expr e, Scope scope) {
        if (e instanceof Value v) {
            return v; // literals cannot refer to anything
        }
        ClassAd ad = scope.ad();
        int n = active;
        Expr[] exprs = activeExprs;
        for (int i = 0; i < n; i++) {
            if (exprs[i] == e && activeAds[i] == ad) {
                return Value.ERROR;
            }
        }
        int d = e.depth() + HOP_CHARGE;
        if (depthInUse + d > MAX_EVAL_DEPTH || ++steps > MAX_STEPS) {
            return Value.ERROR;
        }
        if (n == exprs.length) {
            activeExprs = exprs = java.util.Arrays.copyOf(exprs, n * 2);
            activeAds = java.util.Arrays.copyOf(activeAds, n * 2);
        }
        // Entries above 'active' are stale but harmless: the context lives for one evaluation.
        exprs[n] = e;
        activeAds[n] = ad;
        active = n + 1;
        depthInUse += d;
        try {
            return e.evaluate(this, scope);
        } finally {
            active = n;
            depthInUse -= d;
        }
    }
}
