package org.harrier.scheduler.userlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.ZoneOffset;
import java.util.stream.Stream;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Value;
import org.harrier.scheduler.queue.JobId;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * Golden texts: each transition of a job and the event HTCondor writes for it, byte for byte
 * (condor_event.cpp's formatHeader and formatBody; tabs are tabs).
 */
class UserLogEventsTest {
    static final JobId JOB = new JobId(12, 3);
    static final long T = 1_795_264_496L; // 2026-11-21 12:34:56 UTC
    static final UserLogEvents EVENTS = new UserLogEvents("sched.example.org", ZoneOffset.UTC);

    static ClassAd ad(int status, String more) {
        return ClassAd.parse("JobStatus = " + status + "\nEnteredCurrentStatus = " + T + "\nQDate = " + (T - 60) + "\n" + more);
    }

    @Test
    void submit() {
        assertEquals("""
                000 (012.003.000) 2026-11-21 12:33:56 Job submitted from host: <sched.example.org>
                ...
                """, EVENTS.submitted(JOB, ad(1, ""), 0).format());
    }

    static Stream<Arguments> transitions() {
        String exit3 = "ExitCode = 3\nExitBySignal = false\nExitSignal = 0\nRemoteUserCpu = 81.7\nRemoteSysCpu = 2.0\n";
        String killed = "ExitCode = 0\nExitBySignal = true\nExitSignal = 9\nRemoteUserCpu = 90061.0\nRemoteSysCpu = 0.0\n";
        return Stream.of(
                Arguments.of("execute", ad(1, ""), ad(2, "RemoteHost = \"slot1_1@exec.example.org\""), """
                        001 (012.003.000) 2026-11-21 12:34:56 Job executing on host: <exec.example.org>
                        \tSlotName: slot1_1@exec.example.org
                        ...
                        """),
                Arguments.of("terminated normally", ad(2, ""), ad(4, exit3), """
                        005 (012.003.000) 2026-11-21 12:34:56 Job terminated.
                        \t(1) Normal termination (return value 3)
                        \t\tUsr 0 00:01:21, Sys 0 00:00:02  -  Run Remote Usage
                        \t\tUsr 0 00:00:00, Sys 0 00:00:00  -  Run Local Usage
                        \t\tUsr 0 00:01:21, Sys 0 00:00:02  -  Total Remote Usage
                        \t\tUsr 0 00:00:00, Sys 0 00:00:00  -  Total Local Usage
                        \t0  -  Run Bytes Sent By Job
                        \t0  -  Run Bytes Received By Job
                        \t0  -  Total Bytes Sent By Job
                        \t0  -  Total Bytes Received By Job
                        ...
                        """),
                Arguments.of("terminated by a signal", ad(2, ""), ad(4, killed), """
                        005 (012.003.000) 2026-11-21 12:34:56 Job terminated.
                        \t(0) Abnormal termination (signal 9)
                        \t(0) No core file
                        \t\tUsr 1 01:01:01, Sys 0 00:00:00  -  Run Remote Usage
                        \t\tUsr 0 00:00:00, Sys 0 00:00:00  -  Run Local Usage
                        \t\tUsr 1 01:01:01, Sys 0 00:00:00  -  Total Remote Usage
                        \t\tUsr 0 00:00:00, Sys 0 00:00:00  -  Total Local Usage
                        \t0  -  Run Bytes Sent By Job
                        \t0  -  Run Bytes Received By Job
                        \t0  -  Total Bytes Sent By Job
                        \t0  -  Total Bytes Received By Job
                        ...
                        """),
                Arguments.of("requeued by on_exit_remove", ad(2, ""), ad(1, exit3 + "NumJobCompletions = 1\n"
                        + "VacateReason = \"The job attribute OnExitRemove expression 'false' evaluated to FALSE\""), """
                        004 (012.003.000) 2026-11-21 12:34:56 Job was evicted.
                        \t(0) Job terminated and was requeued
                        \t\tUsr 0 00:01:21, Sys 0 00:00:02  -  Run Remote Usage
                        \t\tUsr 0 00:00:00, Sys 0 00:00:00  -  Run Local Usage
                        \t0  -  Run Bytes Sent By Job
                        \t0  -  Run Bytes Received By Job
                        \t(1) Normal termination (return value 3)
                        \tThe job attribute OnExitRemove expression 'false' evaluated to FALSE
                        ...
                        """),
                Arguments.of("requeued after a signal", ad(2, "NumJobCompletions = 1"), ad(1, killed + "NumJobCompletions = 2"), """
                        004 (012.003.000) 2026-11-21 12:34:56 Job was evicted.
                        \t(0) Job terminated and was requeued
                        \t\tUsr 1 01:01:01, Sys 0 00:00:00  -  Run Remote Usage
                        \t\tUsr 0 00:00:00, Sys 0 00:00:00  -  Run Local Usage
                        \t0  -  Run Bytes Sent By Job
                        \t0  -  Run Bytes Received By Job
                        \t(0) Abnormal termination (signal 9)
                        \t(0) No core file
                        ...
                        """),
                Arguments.of("claim lost: reconnect failed", ad(2, ""), ad(1, "JobDisconnectedDate = " + (T - 30)
                        + "\nLastRemoteHost = \"slot1_1@exec.example.org\"\n"
                        + "VacateReason = \"Job disconnected too long: lease (2400 seconds) expired\""), """
                        024 (012.003.000) 2026-11-21 12:34:56 Job reconnection failed
                        \tJob disconnected too long: lease (2400 seconds) expired
                        \tCan not reconnect to slot1_1@exec.example.org, rescheduling job
                        ...
                        """),
                Arguments.of("evicted without an exit", ad(2, ""), ad(1, ""), """
                        004 (012.003.000) 2026-11-21 12:34:56 Job was evicted.
                        \t(0) Job was not checkpointed.
                        \t\tUsr 0 00:00:00, Sys 0 00:00:00  -  Run Remote Usage
                        \t\tUsr 0 00:00:00, Sys 0 00:00:00  -  Run Local Usage
                        \t0  -  Run Bytes Sent By Job
                        \t0  -  Run Bytes Received By Job
                        ...
                        """),
                Arguments.of("aborted", ad(1, ""), ad(3, "RemoveReason = \"via condor_rm (by user alice)\""), """
                        009 (012.003.000) 2026-11-21 12:34:56 Job was aborted.
                        \tvia condor_rm (by user alice)
                        ...
                        """),
                Arguments.of("held by the policy", ad(2, ""), ad(5, "HoldReason = \"Job ran for more than seven hours\"\n"
                        + "HoldReasonCode = 3\nHoldReasonSubCode = 42"), """
                        012 (012.003.000) 2026-11-21 12:34:56 Job was held.
                        \tJob ran for more than seven hours
                        \tCode 3 Subcode 42
                        ...
                        """),
                Arguments.of("held without a reason", ad(1, ""), ad(5, "HoldReasonCode = 1"), """
                        012 (012.003.000) 2026-11-21 12:34:56 Job was held.
                        \tReason unspecified
                        \tCode 1 Subcode 0
                        ...
                        """),
                Arguments.of("a reason of several lines stays one line", ad(1, ""), ad(5, "HoldReasonCode = 6").with("HoldReason",
                        Value.of("one\ntwo")), """
                        012 (012.003.000) 2026-11-21 12:34:56 Job was held.
                        \tone|two
                        \tCode 6 Subcode 0
                        ...
                        """),
                Arguments.of("released", ad(5, ""), ad(1, "ReleaseReason = \"via condor_release (by user alice)\""), """
                        013 (012.003.000) 2026-11-21 12:34:56 Job was released.
                        \tvia condor_release (by user alice)
                        ...
                        """),
                Arguments.of("suspended", ad(2, ""), ad(7, ""), """
                        010 (012.003.000) 2026-11-21 12:34:56 Job was suspended.
                        \tNumber of processes actually suspended: 1
                        ...
                        """),
                Arguments.of("unsuspended", ad(7, ""), ad(2, ""), """
                        011 (012.003.000) 2026-11-21 12:34:56 Job was unsuspended.
                        ...
                        """));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("transitions")
    void eachTransitionWritesHTCondorsEvent(String what, ClassAd before, ClassAd after, String expected) {
        assertEquals(expected, EVENTS.changed(JOB, before, after, 0).orElseThrow().format());
    }

    @Test
    void aChangeThatKeepsTheStatusWritesNothing() {
        assertTrue(EVENTS.changed(JOB, ad(1, ""), ad(1, "JobPrio = 5"), 0).isEmpty());
    }

    @Test
    void jobsAtLeastThreeDigitsWide() {
        UserLogEvent big = EVENTS.submitted(new JobId(123456, 1234), ad(1, ""), 0);
        assertTrue(big.format().startsWith("000 (123456.1234.000) "), big.format());
    }
}
