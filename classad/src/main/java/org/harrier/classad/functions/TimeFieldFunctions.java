package org.harrier.classad.functions;

import java.time.ZoneOffset;
import java.util.List;
import java.util.function.ToLongFunction;

import org.harrier.classad.AbsTimeValue;
import org.harrier.classad.ClassAd;
import org.harrier.classad.ClassAdValue;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.classad.FunctionTable;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.RelTimeValue;
import org.harrier.classad.Scope;
import org.harrier.classad.ScopedRef;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;

/**
 * Time functions that take a time apart: {@code splitTime} and {@code formatTime} from the manual,
 * and libclassad's {@code getYear}, {@code getMonth}, {@code getDayOfYear}, {@code getDayOfMonth},
 * {@code getDayOfWeek}, {@code getDays}, {@code getHours}, {@code getMinutes},
 * {@code getSeconds}. A number is seconds since the epoch shown in the local zone (the
 * clock's, see {@link TimeFunctions}); an absTime is shown in its own offset, except by the
 * {@code get*} functions, which libclassad evaluates in the local zone.
 */
final class TimeFieldFunctions {
    private TimeFieldFunctions() {
    }

    static void register(FunctionTable.Builder b) {
        b.add("splitTime", TimeFieldFunctions::splitTime);
        b.add("formatTime", TimeFieldFunctions::formatTime);
        calendarField(b, "getYear", TimeFields::year);
        calendarField(b, "getMonth", TimeFields::month);
        calendarField(b, "getDayOfYear", TimeFields::yearDay); // 0-based, as tm_yday
        calendarField(b, "getDayOfMonth", TimeFields::day);
        calendarField(b, "getDayOfWeek", TimeFields::weekday); // 0 is Sunday
        intervalField(b, "getDays", s -> s / 86400, true);
        intervalField(b, "getHours", s -> s % 86400 / 3600, false);
        intervalField(b, "getMinutes", s -> s % 3600 / 60, false);
        intervalField(b, "getSeconds", s -> s % 60, false);
    }

    /** A field only an absolute time has; error for a relative time or anything else. */
    private static void calendarField(FunctionTable.Builder b, String name, ToLongFunction<TimeFields> field) {
        b.add(name, (exprs, ctx, scope) -> {
            Value t = single(exprs, ctx, scope);
            TimeFields f = t instanceof AbsTimeValue a ? localFields(ctx, a.epochSeconds()) : null;
            return f == null ? Value.ERROR : IntegerValue.of(field.applyAsLong(f));
        });
    }

    /**
     * A field both kinds of time have (libclassad's {@code getField}): of a relative time the
     * whole seconds taken apart ({@code getHours(relTime("1+02:00:00"))} is 2), of an absolute
     * time its local clock reading; {@code getDays} is meaningless for an absolute time.
     */
    private static void intervalField(FunctionTable.Builder b, String name, ToLongFunction<Long> ofSeconds,
                                      boolean relativeOnly) {
        b.add(name, (exprs, ctx, scope) -> {
            Value t = single(exprs, ctx, scope);
            if (t instanceof RelTimeValue r) {
                return IntegerValue.of(ofSeconds.applyAsLong((long) r.seconds()));
            }
            TimeFields f = t instanceof AbsTimeValue a && !relativeOnly ? localFields(ctx, a.epochSeconds()) : null;
            if (f == null) {
                return Value.ERROR;
            }
            long secondOfDay = f.hours() * 3600 + f.minutes() * 60 + f.seconds();
            return IntegerValue.of(ofSeconds.applyAsLong(secondOfDay));
        });
    }

    /** The value of the only argument; error (which no caller accepts) if there is not exactly one. */
    private static Value single(List<Expr> exprs, EvalContext ctx, Scope scope) {
        return exprs.size() == 1 ? ctx.evaluate(exprs.get(0), scope) : Value.ERROR;
    }

    private static TimeFields localFields(EvalContext ctx, long epochSeconds) {
        return TimeFields.at(epochSeconds, TimeFunctions.localZone(ctx));
    }

    /**
     * splitTime(t): a record of the parts of a time, with libclassad's attribute names. An absolute
     * time (or a number, taken as seconds since the epoch in the local zone) gives
     * {@code [Type = "AbsoluteTime"; Year; Month; Day; Hours; Minutes; Seconds; Offset]}; a
     * relative time {@code [Type = "RelativeTime"; Days; Hours; Minutes; Seconds]} with Seconds a
     * real holding any fraction, and only the leading non-zero part negative for a negative
     * interval. Anything else, records and undefined included, is error (libclassad).
     */
    private static Value splitTime(List<Expr> exprs, EvalContext ctx, Scope scope) {
        Value t = single(exprs, ctx, scope);
        if (t instanceof RelTimeValue r) {
            return splitInterval(r.seconds());
        }
        TimeFields f = fieldsOf(t, ctx);
        if (f == null) {
            return Value.ERROR;
        }
        return ClassAdValue.of(ClassAd.builder()
                .set("Type", "AbsoluteTime")
                .set("Year", f.year())
                .set("Month", f.month())
                .set("Day", f.day())
                .set("Hours", f.hours())
                .set("Minutes", f.minutes())
                .set("Seconds", f.seconds())
                .set("Offset", f.offsetSeconds())
                .build());
    }

    private static Value splitInterval(double seconds) {
        boolean negative = seconds < 0;
        double magnitude = Math.abs(seconds);
        long whole = (long) magnitude;
        long days = whole / 86400;
        long hours = whole % 86400 / 3600;
        long minutes = whole % 3600 / 60;
        double secs = whole % 60 + (magnitude - Math.floor(magnitude));
        if (negative) {
            if (days > 0) {
                days = -days;
            } else if (hours > 0) {
                hours = -hours;
            } else if (minutes > 0) {
                minutes = -minutes;
            } else {
                secs = -secs;
            }
        }
        return ClassAdValue.of(ClassAd.builder()
                .set("Type", "RelativeTime")
                .set("Days", days)
                .set("Hours", hours)
                .set("Minutes", minutes)
                .set("Seconds", secs)
                .build());
    }

    /** The calendar fields of an absolute time (own offset) or a number of seconds (local zone); null otherwise. */
    private static TimeFields fieldsOf(Value t, EvalContext ctx) {
        if (t instanceof AbsTimeValue a) {
            return TimeFields.at(a.epochSeconds(), ZoneOffset.ofTotalSeconds(a.offsetSeconds()));
        }
        if (t instanceof IntegerValue i) {
            return localFields(ctx, i.value());
        }
        if (t instanceof RealValue r && Double.isFinite(r.value())) {
            return localFields(ctx, (long) r.value());
        }
        return null;
    }

    /**
     * formatTime([t [, format]]): strftime ({@link TimeFields#format}) of {@code t}, by default now,
     * with format {@code "%c"} by default. {@code t} is seconds since the epoch (shown in the local
     * zone), an absolute time (shown in its own offset), or a record of fields as splitTime makes
     * them (a missing or non-integer field takes libclassad's default: year 1900, January, day 0,
     * midnight); a relative time is error.
     */
    private static Value formatTime(List<Expr> exprs, EvalContext ctx, Scope scope) {
        Args args = new Args(exprs, ctx, scope);
        if (args.size() == 0) {
            TimeFields now = localFields(ctx, ctx.now());
            return now == null ? Value.ERROR : new StringValue(now.format("%c"));
        }
        if (args.size() > 2) {
            return Value.ERROR;
        }
        Value t = args.value(0);
        TimeFields f = t instanceof ClassAdValue record ? fieldsOf(record, ctx) : fieldsOf(t, ctx);
        if (f == null) {
            return Value.ERROR;
        }
        if (args.size() == 1) {
            return new StringValue(f.format("%c"));
        }
        String format = Args.string(args.value(1));
        return format == null ? Value.ERROR : new StringValue(f.format(format));
    }

    private static TimeFields fieldsOf(ClassAdValue record, EvalContext ctx) {
        long year = integer(record, "Year", ctx, 1900);
        long month = integer(record, "Month", ctx, 1);
        long day = integer(record, "Day", ctx, 0);
        long offset = integer(record, "Offset", ctx, 0);
        if (Math.abs(offset) > 18 * 3600) {
            offset = 0;
        }
        return TimeFields.given(year, month, day, integer(record, "Hours", ctx, 0),
                integer(record, "Minutes", ctx, 0), integer(record, "Seconds", ctx, 0), (int) offset);
    }

    private static long integer(ClassAdValue record, String name, EvalContext ctx, long otherwise) {
        Value v = ctx.evaluate(ScopedRef.my(name), record.scope());
        return v instanceof IntegerValue i ? i.value() : otherwise;
    }
}
