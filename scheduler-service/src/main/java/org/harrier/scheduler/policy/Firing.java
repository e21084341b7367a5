package org.harrier.scheduler.policy;

import org.harrier.classad.BooleanValue;
import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.StringValue;
import org.harrier.classad.Syntax;
import org.harrier.classad.UndefinedValue;
import org.harrier.classad.Value;

/**
 * How one policy expression of a job ad came out, HTCondor's {@code AnalyzeSinglePeriodicPolicy}
 * (user_job_policy.cpp): an absent attribute does not fire; a number or boolean fires when it is
 * not zero (a real is truncated to an integer first, so 0.5 does not fire); the literal
 * {@code undefined} does not fire; anything else (undefined or error at evaluation, a string, a
 * list) is UNDEFINED, which HTCondor answers by holding the job (HoldReasonCode 5).
 */
record Firing(String attribute, Expr expr, Outcome outcome) {
    enum Outcome { ABSENT, FALSE, TRUE, UNDEFINED }

    static Firing of(ClassAd job, String attribute, EvalContext context) {
        Expr e = job.lookup(attribute);
        if (e == null) {
            return new Firing(attribute, null, Outcome.ABSENT);
        }
        if (e instanceof UndefinedValue) {
            return new Firing(attribute, e, Outcome.FALSE);
        }
        Value v = context.evaluateAttribute(attribute, job, null);
        Outcome o;
        if (v instanceof BooleanValue b) {
            o = b.value() ? Outcome.TRUE : Outcome.FALSE;
        } else if (v instanceof IntegerValue i) {
            o = i.value() != 0 ? Outcome.TRUE : Outcome.FALSE;
        } else if (v instanceof RealValue r) {
            o = (long) r.value() != 0 ? Outcome.TRUE : Outcome.FALSE;
        } else {
            o = Outcome.UNDEFINED;
        }
        return new Firing(attribute, e, o);
    }

    boolean fired() {
        return outcome == Outcome.TRUE;
    }

    boolean undefined() {
        return outcome == Outcome.UNDEFINED;
    }

    /**
     * HTCondor's reason: the expression's own {@code <Attr>Reason} when it evaluates to a non-empty
     * string (only for an expression that fired), else "The job attribute PeriodicHold expression
     * 'JobStatus == 2' evaluated to TRUE" (UserPolicy::FiringReason).
     */
    String reason(ClassAd job, EvalContext context) {
        if (fired() && context.evaluateAttribute(attribute + PolicyAttr.REASON_SUFFIX, job, null) instanceof StringValue s
                && !s.value().isBlank()) {
            return s.value();
        }
        String said = switch (outcome) {
            case TRUE -> "TRUE";
            case FALSE, ABSENT -> "FALSE";
            case UNDEFINED -> "UNDEFINED";
        };
        return "The job attribute " + attribute + " expression '" + (expr == null ? "" : expr.unparse(Syntax.OLD))
                + "' evaluated to " + said;
    }

    /** The expression's own {@code <Attr>SubCode} when it fired and evaluates to a number, else 0. */
    int subCode(ClassAd job, EvalContext context) {
        if (!fired()) {
            return 0;
        }
        Value v = context.evaluateAttribute(attribute + PolicyAttr.SUB_CODE_SUFFIX, job, null);
        if (v instanceof IntegerValue i) {
            return (int) i.value();
        }
        if (v instanceof RealValue r) {
            return (int) r.value();
        }
        if (v instanceof BooleanValue b) {
            return b.value() ? 1 : 0;
        }
        return 0;
    }

    /** A literal that can never fire: condor_submit writes {@code PeriodicHold = false} into every job. */
    static boolean neverFires(Expr e) {
        return e == null || e instanceof UndefinedValue || BooleanValue.FALSE.equals(e)
                || (e instanceof IntegerValue i && i.value() == 0) || (e instanceof RealValue r && (long) r.value() == 0);
    }
}
