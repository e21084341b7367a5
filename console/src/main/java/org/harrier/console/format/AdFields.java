package org.harrier.console.format;

import org.harrier.classad.BooleanValue;
import org.harrier.classad.ClassAd;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;

/**
 * Reads the attributes a table column shows, evaluating each in its own ad as condor_q does
 * ({@code -format} semantics): an attribute that is missing or of the wrong kind gives the
 * column's default rather than an error, so one odd ad never spoils a listing.
 */
final class AdFields {
    private AdFields() {
    }

    /**
     * The attribute's value: a literal as it is bound (most of a job's attributes), anything else
     * evaluated in the ad. A listing reads several a job, and an evaluation makes a context each.
     */
    static Value value(ClassAd ad, String name) {
        return ad.lookup(name) instanceof Value literal ? literal : ad.evaluate(name);
    }

    static long integer(ClassAd ad, String name, long otherwise) {
        Value v = value(ad, name);
        if (v instanceof IntegerValue i) {
            return i.value();
        }
        if (v instanceof RealValue r && Double.isFinite(r.value())) {
            return (long) r.value();
        }
        if (v instanceof BooleanValue b) {
            return b.value() ? 1 : 0;
        }
        return otherwise;
    }

    /** Like {@link #integer} but tells a missing value apart: null when not a number. */
    static Long integerOrNull(ClassAd ad, String name) {
        Value v = value(ad, name);
        if (v instanceof IntegerValue i) {
            return i.value();
        }
        if (v instanceof RealValue r && Double.isFinite(r.value())) {
            return (long) r.value();
        }
        return null;
    }

    static double real(ClassAd ad, String name, double otherwise) {
        Value v = value(ad, name);
        if (v instanceof RealValue r) {
            return r.value();
        }
        if (v instanceof IntegerValue i) {
            return i.value();
        }
        return otherwise;
    }

    static Double realOrNull(ClassAd ad, String name) {
        Value v = value(ad, name);
        if (v instanceof RealValue r) {
            return r.value();
        }
        if (v instanceof IntegerValue i) {
            return (double) i.value();
        }
        return null;
    }

    static String string(ClassAd ad, String name, String otherwise) {
        Value v = value(ad, name);
        return v instanceof StringValue s ? s.value() : otherwise;
    }
}
