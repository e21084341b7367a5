package org.harrier.exec.claim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The owner policy's decision for a running job, as HTCondor's claimed-slot state machine
 * takes it: the owner comes back (KeyboardIdle drops), the job is suspended; the keyboard is
 * idle again, it continues; the owner stays, it is vacated; a vacating job that outstays KILL
 * is killed.
 */
public class OwnerPolicyTest {
    /** A desktop policy in the manual's style: suspend when the keyboard is touched, continue after 5 idle minutes. */
    public static final OwnerPolicy DESKTOP = new OwnerPolicy(
            Expr.parse("KeyboardIdle < 60"),
            Expr.parse("KeyboardIdle > 300"),
            Expr.parse("Activity == \"Suspended\" && KeyboardIdle < 10"),
            Expr.parse("TARGET.Owner == \"stubborn\""),
            Expr.parse("TRUE"),
            Expr.parse("TRUE"));

    static ClassAd slot(String activity, long keyboardIdle) {
        return ClassAd.builder().set("Activity", activity).set("KeyboardIdle", keyboardIdle).set("LoadAvg", 0.0).build();
    }

    static ClassAd job(String owner) {
        return ClassAd.builder().set("Owner", owner).set("ClusterId", 1).build();
    }

    @ParameterizedTest(name = "{0}, KeyboardIdle {1}, job of {2}: {3}")
    @CsvSource(delimiter = '|', value = {
            "Busy      | 3600 | alice    | NONE",       // nobody at the keyboard: the job runs on
            "Busy      | 30   | alice    | SUSPEND",    // the owner comes back: SUSPEND with WANT_SUSPEND
            "Busy      | 2    | alice    | SUSPEND",    // PREEMPT is not looked at while WANT_SUSPEND holds
            "Suspended | 30   | alice    | NONE",       // still typing, but not enough to preempt
            "Suspended | 400  | alice    | CONTINUE",   // the keyboard is idle again
            "Suspended | 5    | alice    | VACATE",     // the owner is really back: PREEMPT, WANT_VACATE
            "Vacating  | 5    | alice    | NONE",       // vacating goes on until the grace or KILL
            "Vacating  | 5    | stubborn | KILL",       // KILL during vacating
            "Idle      | 5    | alice    | NONE",       // no job, nothing to do
            "Retiring  | 5    | alice    | NONE",       // the negotiator's preemption is under way
            "Killing   | 5    | stubborn | NONE",
    })
    void desktopPolicyFollowsTheOwner(String activity, long keyboardIdle, String owner, OwnerAction expected) {
        assertEquals(expected, DESKTOP.decide(activity, slot(activity, keyboardIdle), job(owner), EvalContext.create()));
    }

    @ParameterizedTest(name = "WANT_SUSPEND {0}, WANT_VACATE {1}, PREEMPT {2}, in {3}: {4}")
    @CsvSource(delimiter = '|', value = {
            "FALSE | TRUE      | TRUE  | Busy      | VACATE",   // no suspension wanted: PREEMPT is looked at
            "FALSE | FALSE     | TRUE  | Busy      | KILL",     // WANT_VACATE false: hard kill
            "FALSE | UNDEFINED | TRUE  | Busy      | KILL",     // what is not true is false
            "FALSE | TRUE      | FALSE | Busy      | NONE",
            "TRUE  | TRUE      | TRUE  | Suspended | VACATE",   // PREEMPT before CONTINUE
            "FALSE | TRUE      | FALSE | Suspended | CONTINUE",  // suspended by the scheduler, CONTINUE true
    })
    void wantSuspendAndWantVacateChooseThePath(String wantSuspend, String wantVacate, String preempt,
            String activity, OwnerAction expected) {
        OwnerPolicy p = new OwnerPolicy(Expr.parse("TRUE"), Expr.parse("TRUE"), Expr.parse(preempt), Expr.parse("FALSE"),
                Expr.parse(wantSuspend), Expr.parse(wantVacate));
        assertEquals(expected, p.decide(activity, slot(activity, 0), job("alice"), EvalContext.create()));
    }

    @Test
    void defaultPolicyNeverDisturbsARunningJob() {
        for (String activity : new String[] {"Busy", "Vacating", "Idle"}) {
            assertEquals(OwnerAction.NONE, OwnerPolicy.DEFAULT.decide(activity, slot(activity, 0), job("alice"),
                    EvalContext.create()), activity);
        }
        assertEquals(OwnerAction.CONTINUE, OwnerPolicy.DEFAULT.decide("Suspended", slot("Suspended", 0), job("alice"),
                EvalContext.create()));
    }

    @Test
    void errorsInAnExpressionCountAsFalse() {
        OwnerPolicy p = new OwnerPolicy(Expr.parse("KeyboardIdle < \"x\""), Expr.parse("TRUE"), Expr.parse("1/0"),
                Expr.parse("FALSE"), Expr.parse("TRUE"), Expr.parse("TRUE"));
        assertEquals(OwnerAction.NONE, p.decide("Busy", slot("Busy", 0), job("alice"), EvalContext.create()));
    }
}
