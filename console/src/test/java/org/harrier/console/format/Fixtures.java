package org.harrier.console.format;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.harrier.classad.ClassAd;

/** Fixed ads and a fixed clock (2024-03-14 10:32:00 UTC) for the table tests. */
final class Fixtures {
    static final Clock CLOCK = Clock.fixed(Instant.parse("2024-03-14T10:32:00Z"), ZoneOffset.UTC);

    private Fixtures() {
    }

    static ClassAd ad(String oldSyntax) {
        return ClassAd.parse(oldSyntax);
    }

    /** A running, an idle, a held and a completed job, deliberately out of id order. */
    static List<ClassAd> jobs() {
        return List.of(
            ad("""
                ClusterId = 12
                ProcId = 0
                Owner = "bob"
                QDate = 1733043900
                JobStatus = 5
                JobPrio = 10
                MemoryUsage = 128
                Cmd = "/home/bob/analyse"
                Arguments = "--all data.csv"
                """),
            ad("""
                ClusterId = 1
                ProcId = 1
                Owner = "alice"
                QDate = 1710412020
                JobStatus = 1
                JobPrio = 0
                ImageSize = 0
                Cmd = "/bin/sleep"
                Args = "60"
                """),
            ad("""
                ClusterId = 1
                ProcId = 0
                Owner = "alice"
                QDate = 1710412020
                JobStatus = 2
                JobCurrentStartDate = 1710412080
                EnteredCurrentStatus = 1710412080
                JobPrio = 0
                ImageSize = 2048
                Cmd = "/bin/sleep"
                Arguments = "60"
                """),
            ad("""
                ClusterId = 3
                ProcId = 0
                Owner = "alice"
                QDate = 1710316800
                JobStatus = 4
                RemoteWallClockTime = 93675.0
                CompletionDate = 1710412200
                EnteredCurrentStatus = 1710412200
                Cmd = "/bin/echo"
                Arguments = "hello from Harrier"
                """));
    }

    static List<ClassAd> slots() {
        return List.of(
            ad("""
                Name = "slot1_1@node2.example.org"
                Machine = "node2.example.org"
                OpSys = "LINUX"
                Arch = "X86_64"
                State = "Claimed"
                Activity = "Busy"
                LoadAvg = 1.0
                Memory = 1024
                EnteredCurrentActivity = 1710412080
                """),
            ad("""
                Name = "slot1@node2.example.org"
                Machine = "node2.example.org"
                OpSys = "LINUX"
                Arch = "X86_64"
                State = "Unclaimed"
                Activity = "Idle"
                LoadAvg = 0.25
                Memory = 14677
                EnteredCurrentActivity = 1710316800
                """),
            ad("""
                Name = "slot1@mac1"
                Machine = "mac1"
                OpSys = "OSX"
                Arch = "aarch64"
                State = "Owner"
                Activity = "Idle"
                LoadAvg = 0
                Memory = 8192
                """));
    }
}
