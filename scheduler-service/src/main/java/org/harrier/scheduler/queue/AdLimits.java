package org.harrier.scheduler.queue;

import org.harrier.classad.BooleanValue;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.StringValue;
import org.harrier.scheduler.ScheddFailure;

/**
 * How big a job's ad may grow, checked before anything is queued (Submit, SubmitCluster) or
 * edited (SetAttribute), so one request cannot fill the scheduler's memory or slow every match
 * that walks the ad. Harrier's knobs, in HTCondor's spelling; HTCondor's schedd has none. The
 * broker's message size limit (broker-config/README.md, "Limits") bounds one request, not a job
 * grown attribute by attribute.
 *
 * @param maxAttributes    MAX_JOB_ATTRIBUTES: attributes of one job as queued, the scheduler's own
 *                         (fifteen: ids, dates, defaults) included. Default 1,000: harrier
 *                         submit writes a few dozen, and a running HTCondor job, statistics and all,
 *                         has a few hundred, so a site's own +attributes and ItemData have room
 * @param maxAttributeSize MAX_JOB_ATTRIBUTE_SIZE: bytes of one attribute, its name and its value as
 *                         text (a string's characters, any other expression's ClassAd text), in
 *                         UTF-8. Default 1 MiB: Linux runs no program whose arguments and
 *                         environment together exceed ARG_MAX (2 MiB) or any one of them 128 KiB,
 *                         so an Arguments or Environment past 1 MiB could not start anyway, while a
 *                         transfer_input_files of thousands of paths still fits
 */
public record AdLimits(int maxAttributes, int maxAttributeSize) {
    public static final AdLimits DEFAULT = new AdLimits(1_000, 1 << 20);
    /** How much of a name or value a refusal quotes. */
    private static final int SHOWN = 60;

    public AdLimits {
        if (maxAttributes < 100) {
            throw new IllegalArgumentException("maxAttributes (MAX_JOB_ATTRIBUTES) must be at least 100, got " + maxAttributes);
        }
        if (maxAttributeSize < 1024) {
            throw new IllegalArgumentException("maxAttributeSize (MAX_JOB_ATTRIBUTE_SIZE) must be at least 1024 bytes, got "
                    + maxAttributeSize);
        }
    }

    /**
     * {@link ScheddFailure.Invalid} unless {@code ad} (as a client sent it, before the scheduler
     * adds its own) has at most {@link #maxAttributes} attributes, each within
     * {@link #maxAttributeSize}. {@code where} names the ad in the refusal ("the ad", "ItemData[3]").
     */
    public void check(ClassAd ad, String where) {
        checkCount(ad.size(), where);
        ad.forEach((name, value) -> checkSize(name, value, where));
    }

    /** {@link ScheddFailure.Invalid} unless a job of {@code count} attributes is within the limit. */
    public void checkCount(int count, String where) {
        if (count > maxAttributes) {
            throw new ScheddFailure.Invalid(where + " has " + count + " attributes; a job may have at most "
                    + maxAttributes + " (MAX_JOB_ATTRIBUTES)");
        }
    }

    /** {@link ScheddFailure.Invalid} unless attribute {@code name} = {@code value} is within the limit. */
    public void checkSize(String name, Expr value, String where) {
        long bytes = utf8Length(name) + utf8Length(value instanceof StringValue s ? s.value() : value.unparse());
        refuseOver(bytes, name, where);
    }

    /**
     * The bytes of {@code ad}'s attributes (its own and its parent's), names and values as text,
     * a number or boolean as the most its text can take: what a page of answers counts against
     * its cap ({@code QueuePage}, {@code HistoryPage}).
     */
    public static long bytes(ClassAd ad) {
        long[] n = {0};
        ad.forEach((name, value) -> n[0] += utf8Length(name) + textLength(value));
        return n[0];
    }

    /**
     * {@link ScheddFailure.Invalid} unless attribute {@code name} with the ClassAd text
     * {@code valueText} is within the limit; checked before the text is parsed.
     */
    public void checkSize(String name, String valueText, String where) {
        refuseOver(utf8Length(name) + utf8Length(valueText), name, where);
    }

    /**
     * The attributes of a queued job: its own plus those of its cluster ad it does not override,
     * given the cluster ad's size (computed once per cluster, not once per proc).
     */
    static int countAsQueued(ClassAd job, int clusterSize) {
        ClassAd cluster = job.chainedParent();
        if (cluster == null) {
            return job.size();
        }
        int[] count = {clusterSize};
        job.forEachOwn((name, value) -> {
            if (cluster.lookup(name) == null) {
                count[0]++;
            }
        });
        return count[0];
    }

    /** {@code text} cut to a length a refusal can quote: a megabyte name must not make a megabyte error. */
    static String shown(String text) {
        return text.length() <= SHOWN ? text : text.substring(0, SHOWN) + "... (" + text.length() + " characters)";
    }

    private void refuseOver(long bytes, String name, String where) {
        if (bytes > maxAttributeSize) {
            throw new ScheddFailure.Invalid(where + " has attribute " + shown(name) + " of " + bytes
                    + " bytes (name and value); an attribute may have at most " + maxAttributeSize + " (MAX_JOB_ATTRIBUTE_SIZE)");
        }
    }

    /** A value's text's bytes, a number or boolean's at most, so a page's ads are measured without writing out each number. */
    private static long textLength(Expr value) {
        if (value instanceof StringValue s) {
            return utf8Length(s.value());
        }
        if (value instanceof IntegerValue || value instanceof BooleanValue) {
            return 20;
        }
        if (value instanceof RealValue) {
            return 24;
        }
        return utf8Length(value.unparse());
    }

    private static long utf8Length(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            n += c < 0x80 ? 1 : c < 0x800 ? 2 : Character.isSurrogate(c) ? 2 : 3;
        }
        return n;
    }
}
