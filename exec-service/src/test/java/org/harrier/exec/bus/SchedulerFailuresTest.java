package org.harrier.exec.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.concurrent.CompletionException;
import java.util.stream.Stream;

import org.harrier.bus.BusException;
import org.harrier.bus.QmfException;
import org.harrier.exec.run.transfer.SchedulerFailure;
import org.harrier.protocol.FailureCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Each code a scheduler answers a starter's call with is one kind of SchedulerFailure, with the scheduler's message. */
class SchedulerFailuresTest {
    static Stream<Arguments> codes() {
        return Stream.of(
                Arguments.of(FailureCode.TRANSFER_FAILED.code(), SchedulerFailure.TransferFailed.class),
                Arguments.of(FailureCode.FORBIDDEN.code(), SchedulerFailure.Forbidden.class),
                Arguments.of(FailureCode.UNKNOWN_OBJECT.code(), SchedulerFailure.NotOnClaim.class),
                Arguments.of(FailureCode.UNKNOWN_CLAIM.code(), SchedulerFailure.NotOnClaim.class),
                Arguments.of(FailureCode.WRONG_STATE.code(), SchedulerFailure.NotOnClaim.class),
                Arguments.of(FailureCode.BAD_PARAMETER.code(), SchedulerFailure.Invalid.class),
                Arguments.of(FailureCode.EXCEPTION.code(), SchedulerFailure.Unavailable.class),
                Arguments.of(FailureCode.UNKNOWN_METHOD.code(), SchedulerFailure.Unavailable.class),
                Arguments.of(0x1ffff, SchedulerFailure.Unavailable.class));
    }

    @ParameterizedTest(name = "[{index}] code {0}: {1}")
    @MethodSource("codes")
    void eachCodeIsOneKindWithTheSchedulersMessage(int code, Class<? extends SchedulerFailure> kind) {
        SchedulerFailure f = SchedulerFailures.fromBus(new CompletionException(new QmfException(code, "checkpoint 1 is gone")));

        assertEquals(kind, f.getClass());
        assertEquals("checkpoint 1 is gone", f.getMessage());
    }

    @Test
    void aCallTheBusCouldNotCompleteIsUnavailableWithWhatWentWrong() {
        SchedulerFailure f = SchedulerFailures.fromBus(new BusException("no answer to ReadFile within PT1M"));

        assertEquals(SchedulerFailure.Unavailable.class, f.getClass());
        assertEquals("no answer to ReadFile within PT1M", f.getMessage());
    }

    @Test
    void aSchedulerFailureStaysAsItIs() {
        SchedulerFailure f = new SchedulerFailure.Unavailable("'x' is not an agent name");

        assertSame(f, SchedulerFailures.fromBus(f));
    }
}
