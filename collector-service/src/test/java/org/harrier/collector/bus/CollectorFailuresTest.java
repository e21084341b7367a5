package org.harrier.collector.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.Stream;

import org.harrier.bus.QmfException;
import org.harrier.collector.CollectorFailure;
import org.harrier.protocol.FailureCode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The central manager's failures answer with the codes and messages docs/protocols.md's callers have always seen. */
class CollectorFailuresTest {
    static Stream<Arguments> failures() {
        return Stream.of(
                Arguments.of(new CollectorFailure.Invalid("Max must be a number at least 0, got -1.0"), FailureCode.BAD_PARAMETER,
                        "Max must be a number at least 0, got -1.0"),
                Arguments.of(new CollectorFailure.UnknownAccount("carol"), FailureCode.BAD_PARAMETER,
                        "the accountant has no record of 'carol'"),
                Arguments.of(new CollectorFailure.Unavailable("the collector is shutting down"), FailureCode.EXCEPTION,
                        "the collector is shutting down"),
                Arguments.of(new IllegalStateException("a bug"), FailureCode.EXCEPTION, "IllegalStateException: a bug"));
    }

    @ParameterizedTest(name = "[{index}] {1}: {2}")
    @MethodSource("failures")
    void eachFailureIsAnsweredWithItsCodeAndMessage(RuntimeException failure, FailureCode code, String message) {
        QmfException answer = CollectorFailures.toQmf(failure);

        assertEquals(code, answer.failureCode());
        assertEquals(message, answer.getMessage());
    }
}
