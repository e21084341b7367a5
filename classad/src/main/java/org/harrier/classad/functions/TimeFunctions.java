package org.harrier.classad.functions;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.harrier.classad.AbsTimeValue;
import org.harrier.classad.BooleanValue;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.classad.FunctionTable;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.RelTimeValue;
import org.harrier.classad.Scope;
import org.harrier.classad.StringValue;
import org.harrier.classad.TimeFormat;
import org.harrier.classad.Value;

/**
 * The time functions of the manual ("ClassAd built-in functions": {@code time}, {@code absTime},
 * {@code relTime}, {@code interval}) and the ones libclassad registers besides
 * ({@code currentTime}, {@code timeZoneOffset}, {@code dayTime}); the calendar-field functions
 * live in {@link TimeFieldFunctions}.
 *
 * <p>"Now" is the caller's {@link EvalContext#now()}, and the "local zone" of the manual is the
 * zone of the caller's clock ({@code EvalContext.clock().getZone()}), so results are reproducible
 * for a fixed clock. {@code EvalContext.create()} reads {@code Clock.systemUTC()}, so unless a
 * caller supplies a zoned clock the local zone is UTC - including when the parser folds
 * {@code absTime("2024-01-31")} without a zone into a literal.
 *
 * <p>Relative times stay a type of their own ({@code isReltime(relTime("1:00"))} is true), as
 * the manual and {@code functional_tests.txt} describe, although current libclassad evaluates
 * a relTime literal to real seconds.
 */
final class TimeFunctions {
    /** 0000-01-01T00:00:00 and 9999-12-31T23:59:59 in local seconds: the years absTime text can carry. */
    private static final long FIRST_LOCAL_SECOND = LocalDate.of(0, 1, 1).toEpochDay() * 86400;
    private static final long LAST_LOCAL_SECOND = LocalDate.of(10000, 1, 1).toEpochDay() * 86400 - 1;
    private static final int MAX_OFFSET = 18 * 3600;
    private static final Pattern LEADING_NUMBER =
            Pattern.compile("\\s*([-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?)");

    private TimeFunctions() {
    }

    static void register(FunctionTable.Builder b) {
        b.add("time", (exprs, ctx, scope) -> exprs.isEmpty() ? IntegerValue.of(ctx.now()) : Value.ERROR);
        b.add("currentTime", (exprs, ctx, scope) -> exprs.isEmpty() ? now(ctx) : Value.ERROR);
        b.add("timeZoneOffset", (exprs, ctx, scope) -> exprs.isEmpty()
                ? new RelTimeValue(localOffset(ctx, ctx.now())) : Value.ERROR);
        b.add("dayTime", (exprs, ctx, scope) -> exprs.isEmpty()
                ? new RelTimeValue(Math.floorMod(ctx.now() + localOffset(ctx, ctx.now()), 86400)) : Value.ERROR);
        b.add("absTime", TimeFunctions::absTime);
        b.add("relTime", TimeFunctions::relTime);
        b.add("interval", TimeFunctions::interval);
        TimeFieldFunctions.register(b);
    }

    /** The zone the manual calls local: the caller's clock's. */
    static ZoneId localZone(EvalContext ctx) {
        return ctx.clock().getZone();
    }

    /** Seconds east of UTC of the local zone at {@code epochSeconds} (its offset at the epoch if that is beyond the calendar). */
    static int localOffset(EvalContext ctx, long epochSeconds) {
        ZoneId zone = localZone(ctx);
        try {
            return zone.getRules().getOffset(Instant.ofEpochSecond(epochSeconds)).getTotalSeconds();
        } catch (DateTimeException e) {
            return zone.getRules().getOffset(Instant.EPOCH).getTotalSeconds();
        }
    }

    /**
     * An absolute time, or {@code error} if its zone offset is beyond +/-18 hours or its local
     * date outside the years 0000-9999 that absTime text (and so the unparsed value) can carry.
     */
    static Value absTime(long epochSeconds, long offsetSeconds) {
        if (Math.abs(offsetSeconds) > MAX_OFFSET) {
            return Value.ERROR;
        }
        long local = epochSeconds + offsetSeconds;
        if (epochSeconds < FIRST_LOCAL_SECOND - MAX_OFFSET || epochSeconds > LAST_LOCAL_SECOND + MAX_OFFSET
                || local < FIRST_LOCAL_SECOND || local > LAST_LOCAL_SECOND) {
            return Value.ERROR;
        }
        return new AbsTimeValue(epochSeconds, (int) offsetSeconds);
    }

    private static Value now(EvalContext ctx) {
        long now = ctx.now();
        return absTime(now, localOffset(ctx, now));
    }

    /**
     * absTime([t [, z]]) after libclassad's {@code convTime}: no argument is now; a number (or a
     * relative time) is seconds since the epoch; {@code z} (a number or relative time) is the
     * offset in seconds east, otherwise the local zone's offset at that instant. Anything but
     * a number or reltime as {@code z} - even undefined - is error, as in libclassad.
     *
     * <p>Deviations, both following the manual where libclassad misbehaves: a string that is not
     * a literal (folded by the parser) is parsed at run time, where libclassad returns the string
     * itself; with an absTime and {@code z} the instant is shown in zone {@code z}, where
     * libclassad ignores {@code z}. A string with {@code z} is error ("z must be omitted").
     */
    private static Value absTime(List<Expr> exprs, EvalContext ctx, Scope scope) {
        Args args = new Args(exprs, ctx, scope);
        if (args.size() == 0) {
            return now(ctx);
        }
        if (!args.sizeBetween(1, 2)) {
            return Value.ERROR;
        }
        Value t = args.value(0);
        Long zone = null;
        if (args.size() == 2) {
            zone = wholeSeconds(args.value(1));
            if (zone == null) {
                return Value.ERROR;
            }
        }
        if (t == Value.UNDEFINED) {
            return Value.UNDEFINED;
        }
        if (t instanceof StringValue s) {
            if (zone != null) {
                return Value.ERROR;
            }
            AbsTimeValue parsed = TimeFormat.parseAbsTime(s.value(), localZone(ctx));
            return parsed == null ? Value.ERROR : absTime(parsed.epochSeconds(), parsed.offsetSeconds());
        }
        if (t instanceof AbsTimeValue a) {
            return zone == null ? a : absTime(a.epochSeconds(), zone);
        }
        Long secs = wholeSeconds(t);
        if (secs == null) {
            return Value.ERROR;
        }
        return absTime(secs, zone != null ? zone : localOffset(ctx, secs));
    }

    /** An integer, a finite real truncated toward zero, or a reltime's whole seconds; null for anything else. */
    private static Long wholeSeconds(Value v) {
        if (v instanceof IntegerValue i) {
            return i.value();
        }
        if (v instanceof RealValue r && Double.isFinite(r.value())) {
            return (long) r.value();
        }
        if (v instanceof RelTimeValue r && Double.isFinite(r.seconds())) {
            return (long) r.seconds();
        }
        return null;
    }

    /**
     * relTime(t): a string is parsed as an interval ({@link TimeFormat#parseRelTime}), a number
     * is seconds, an absTime its seconds since the epoch (libclassad's {@code convTime}).
     */
    private static Value relTime(List<Expr> exprs, EvalContext ctx, Scope scope) {
        Args args = new Args(exprs, ctx, scope);
        if (!args.sizeIs(1)) {
            return Value.ERROR;
        }
        Value t = args.value(0);
        if (t == Value.UNDEFINED || t instanceof RelTimeValue) {
            return t;
        }
        if (t instanceof IntegerValue i) {
            return new RelTimeValue(i.value());
        }
        if (t instanceof RealValue r) {
            return new RelTimeValue(r.value());
        }
        if (t instanceof AbsTimeValue a) {
            return new RelTimeValue(a.epochSeconds());
        }
        if (t instanceof StringValue s) {
            OptionalDouble seconds = TimeFormat.parseRelTime(s.value());
            return seconds.isPresent() ? new RelTimeValue(seconds.getAsDouble()) : Value.ERROR;
        }
        return Value.ERROR;
    }

    /**
     * interval(seconds): {@code days+hh:mm:ss} with leading zero parts left out (manual: 67 is
     * "1:07", 1472523 is "17+1:02:03"). The argument is converted as libclassad's
     * {@code convertValueToIntegerValue} does: reals truncate, booleans are 0/1, times give their
     * seconds, a string its leading number; undefined is error there too. A negative interval
     * keeps its sign on the leading part only ({@code -90} is "-1:30").
     */
    private static Value interval(List<Expr> exprs, EvalContext ctx, Scope scope) {
        Args args = new Args(exprs, ctx, scope);
        if (!args.sizeIs(1)) {
            return Value.ERROR;
        }
        Long total = wholeNumber(args.value(0));
        if (total == null) {
            return Value.ERROR;
        }
        long days = total / 86400;
        long rest = total % 86400;
        long hours = rest / 3600;
        long minutes = rest % 3600 / 60;
        long seconds = rest % 60;
        String text;
        if (days != 0) {
            text = days + "+" + two(hours) + ":" + two(minutes) + ":" + two(seconds);
        } else if (hours != 0) {
            text = hours + ":" + two(minutes) + ":" + two(seconds);
        } else if (minutes != 0) {
            text = minutes + ":" + two(seconds);
        } else {
            text = Long.toString(seconds);
        }
        return new StringValue(text);
    }

    /** libclassad's {@code convertValueToIntegerValue}; null where it fails (undefined, error, lists, records, non-numbers). */
    private static Long wholeNumber(Value v) {
        if (v instanceof BooleanValue b) {
            return b.value() ? 1L : 0L;
        }
        if (v instanceof AbsTimeValue a) {
            return a.epochSeconds();
        }
        if (v instanceof StringValue s) {
            Double leading = leadingNumber(s.value());
            return leading == null || !Double.isFinite(leading) ? null : Long.valueOf(leading.longValue());
        }
        return wholeSeconds(v);
    }

    /** The number at the start of {@code text}, as C's {@code strtod} reads it (decimal only); null if none. */
    private static Double leadingNumber(String text) {
        Matcher m = LEADING_NUMBER.matcher(text);
        return m.lookingAt() ? Double.valueOf(m.group(1)) : null;
    }

    private static String two(long n) {
        long a = Math.abs(n);
        return a < 10 ? "0" + a : Long.toString(a);
    }
}
