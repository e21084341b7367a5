package org.harrier.exec.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.Stream;

import org.harrier.bus.QmfException;
import org.harrier.exec.claim.StartdFailure;
import org.harrier.protocol.FailureCode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The startd's refusals answer with the codes docs/protocols.md gives the claim protocol, and their own messages. */
class StartdFailuresTest {
    static Stream<Arguments> failures() {
        return Stream.of(
                Arguments.of(new StartdFailure.ClaimRefused("claim refused: slot1@node1 needs 5 Cpus, 2 left"),
                        FailureCode.CLAIM_REFUSED, "claim refused: slot1@node1 needs 5 Cpus, 2 left"),
                Arguments.of(new StartdFailure.UnknownClaim("no claim forged"), FailureCode.UNKNOWN_CLAIM, "no claim forged"),
                Arguments.of(new StartdFailure.WrongState("claim runs job 2.0, not 1.0"), FailureCode.WRONG_STATE,
                        "claim runs job 2.0, not 1.0"),
                Arguments.of(new StartdFailure.Preempting("claim refused: slot1_1@node1 is being preempted"),
                        FailureCode.PREEMPTING, "claim refused: slot1_1@node1 is being preempted"),
                Arguments.of(new StartdFailure.UnknownSlot("no slot slot9@node1"), FailureCode.UNKNOWN_OBJECT, "no slot slot9@node1"),
                Arguments.of(new StartdFailure.Failed("the startd is shut down"), FailureCode.EXCEPTION, "the startd is shut down"),
                Arguments.of(new IllegalStateException("a bug"), FailureCode.EXCEPTION, "IllegalStateException: a bug"));
    }

    @ParameterizedTest(name = "[{index}] {1}: {2}")
    @MethodSource("failures")
    void eachFailureIsAnsweredWithItsCodeAndMessage(RuntimeException failure, FailureCode code, String message) {
        QmfException answer = StartdFailures.toQmf(failure);

        assertEquals(code, answer.failureCode());
        assertEquals(message, answer.getMessage());
    }
}
