package org.harrier.scheduler.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.concurrent.CompletionException;
import java.util.stream.Stream;

import org.harrier.bus.BusException;
import org.harrier.bus.QmfException;
import org.harrier.protocol.FailureCode;
import org.harrier.scheduler.ScheddFailure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The scheduler's failures answer with the codes and messages docs/protocols.md's callers have
 * always seen, and a startd's answers are read as the kinds with those codes.
 */
class ScheddFailuresTest {
    static Stream<Arguments> failures() {
        return Stream.of(
                Arguments.of(new ScheddFailure.Invalid("job id must be cluster.proc, got 'x.y'"), FailureCode.BAD_PARAMETER),
                Arguments.of(new ScheddFailure.UnknownJob("no job 9.0 in the queue"), FailureCode.UNKNOWN_OBJECT),
                Arguments.of(new ScheddFailure.WrongState("job 1.0 is idle; only held jobs can be released"), FailureCode.WRONG_STATE),
                Arguments.of(new ScheddFailure.Refused("SetAttribute cannot change Owner"), FailureCode.FORBIDDEN),
                Arguments.of(new ScheddFailure.TransferFailed("out.txt shrank while it was being read"), FailureCode.TRANSFER_FAILED),
                Arguments.of(new ScheddFailure.Unavailable("the scheduler is shutting down"), FailureCode.EXCEPTION),
                Arguments.of(new ScheddFailure.ClaimRefused("claim refused: request no longer fits"), FailureCode.CLAIM_REFUSED),
                Arguments.of(new ScheddFailure.UnknownClaim("unknown claim on slot1@host1"), FailureCode.UNKNOWN_CLAIM),
                Arguments.of(new ScheddFailure.Preempting("claim refused: slot1_3@host1 is being preempted"), FailureCode.PREEMPTING),
                Arguments.of(new ScheddFailure.UnknownSlot("no slot slot9@host1"), FailureCode.UNKNOWN_OBJECT));
    }

    @ParameterizedTest(name = "[{index}] {1}: {0}")
    @MethodSource("failures")
    void eachKindIsAnsweredWithItsCodeAndItsMessage(ScheddFailure failure, FailureCode code) {
        QmfException answer = ScheddFailures.toQmf(failure);

        assertEquals(code, answer.failureCode());
        assertEquals(failure.getMessage(), answer.getMessage());
    }

    @Test
    void aFailureNoRuleNamesIsAnExceptionWithItsType() {
        QmfException answer = ScheddFailures.toQmf(new IllegalStateException("a bug"));

        assertEquals(FailureCode.EXCEPTION, answer.failureCode());
        assertEquals("IllegalStateException: a bug", answer.getMessage());
    }

    static Stream<Arguments> startdAnswers() {
        return Stream.of(
                Arguments.of(FailureCode.CLAIM_REFUSED.code(), ScheddFailure.ClaimRefused.class),
                Arguments.of(FailureCode.UNKNOWN_CLAIM.code(), ScheddFailure.UnknownClaim.class),
                Arguments.of(FailureCode.WRONG_STATE.code(), ScheddFailure.WrongState.class),
                Arguments.of(FailureCode.PREEMPTING.code(), ScheddFailure.Preempting.class),
                Arguments.of(FailureCode.UNKNOWN_OBJECT.code(), ScheddFailure.UnknownSlot.class),
                Arguments.of(FailureCode.BAD_PARAMETER.code(), ScheddFailure.Invalid.class),
                Arguments.of(FailureCode.FORBIDDEN.code(), ScheddFailure.Refused.class),
                Arguments.of(FailureCode.TRANSFER_FAILED.code(), ScheddFailure.TransferFailed.class),
                Arguments.of(FailureCode.EXCEPTION.code(), ScheddFailure.Unavailable.class),
                Arguments.of(FailureCode.NOT_IMPLEMENTED.code(), ScheddFailure.Unavailable.class),
                Arguments.of(FailureCode.UNKNOWN_METHOD.code(), ScheddFailure.Unavailable.class),
                Arguments.of(0x10099, ScheddFailure.Unavailable.class));
    }

    @ParameterizedTest(name = "[{index}] code {0}: {1}")
    @MethodSource("startdAnswers")
    void aStartdsAnswerIsReadAsTheKindOfItsCodeWithTheStartdsMessage(int code, Class<? extends ScheddFailure> kind) {
        Throwable seen = ScheddFailures.fromStartd(new CompletionException(new QmfException(code, "said the startd")));

        assertInstanceOf(kind, seen);
        assertEquals("said the startd", seen.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = FailureCode.class, names = {"CLAIM_REFUSED", "UNKNOWN_CLAIM", "WRONG_STATE", "PREEMPTING",
            "UNKNOWN_OBJECT", "BAD_PARAMETER", "FORBIDDEN", "TRANSFER_FAILED", "EXCEPTION"})
    void aStartdsRefusalPassedOnToTheCallerKeepsItsCode(FailureCode code) {
        QmfException passedOn = ScheddFailures.toQmf(ScheddFailures.fromStartd(new QmfException(code, "said the startd")));

        assertEquals(code, passedOn.failureCode());
        assertEquals("said the startd", passedOn.getMessage());
    }

    @Test
    void aCallThatGotNoAnswerFailsAsTheBusSaid() {
        BusException noReply = new BusException("no reply from harrier:startd:host1 to Alive within 5 s");

        assertSame(noReply, ScheddFailures.fromStartd(new CompletionException(noReply)));
    }
}
