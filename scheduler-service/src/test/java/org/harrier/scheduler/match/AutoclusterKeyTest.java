package org.harrier.scheduler.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.harrier.classad.ClassAd;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AutoclusterKeyTest {
    static ClassAd job(String extra) {
        return ClassAd.parse("[Cmd = \"/bin/true\"; Owner = \"alice\"; Iwd = \"/tmp\"; ProcId = 0; Args = \"a\";"
                + " Requirements = TARGET.Memory >= RequestMemory && TARGET.Arch == MyArch; RequestMemory = 64;"
                + " MyArch = \"X86_64\"; " + (extra == null ? "" : extra) + "]");
    }

    @ParameterizedTest(name = "[{0}] vs [{1}]: same autocluster {2}")
    @CsvSource(delimiter = '|', value = {
            "ProcId = 1; Args = \"b\" | ProcId = 2; Args = \"c\" | true",
            "Cmd = \"/bin/a\" | Cmd = \"/bin/b\" | true",
            "QDate = 1 | QDate = 2 | true",
            "RequestMemory = 64 | RequestMemory = 128 | false",
            "RequestCpus = 1 | RequestCpus = 2 | false",
            "RequestDisk = 10 | | false",
            "MyArch = \"ARM\" | | false",
            "Owner = \"bob\" | | false",
            "Rank = Memory | Rank = Cpus | false",
            "Requirements = true | Requirements = TRUE | true",
            "JobUniverse = 5 | JobUniverse = 7 | false",
            "Unrelated = 1 | Unrelated = 2 | true",
            "AccountingGroup = \"group_a.alice\" | AccountingGroup = \"group_b.alice\" | false",
            "AccountingGroup = \"group_a.alice\" | | false",
            "ConcurrencyLimits = \"license_x\" | ConcurrencyLimits = \"license_x:2\" | false",
            "ConcurrencyLimits = \"db\" | | false",
            "MaxJobRetirementTime = 60 | MaxJobRetirementTime = 3600 | false",
            "MaxJobRetirementTime = 60 | | false"})
    void jobsAreAlikeWhenEverythingMatchingReadsIsEqual(String a, String b, boolean same) {
        AutoclusterKey ka = AutoclusterKey.of(job(a));
        AutoclusterKey kb = AutoclusterKey.of(job(b));
        if (same) {
            assertEquals(ka, kb);
        } else {
            assertNotEquals(ka, kb);
        }
    }

    @Test
    void referencesAreFollowedThroughTheJobsOwnExpressions() {
        String viaImage = "RequestMemory = (ImageSize + 1023) / 1024;";
        assertNotEquals(AutoclusterKey.of(job(viaImage + " ImageSize = 1")),
                AutoclusterKey.of(job(viaImage + " ImageSize = 4096")));
    }

    @Test
    void requirementsReadingProcIdSplitEveryProc() {
        String r = "Requirements = ProcId < 10;";
        assertNotEquals(AutoclusterKey.of(job(r + " ProcId = 1")), AutoclusterKey.of(job(r + " ProcId = 2")));
    }

    @Test
    void theKeyNamesItsOwnerAndAbsentAttributes() {
        AutoclusterKey k = AutoclusterKey.of(job(""));
        assertEquals("alice", k.owner());
        assertTrue(k.signature().contains("|requestcpus=<absent>"), k.signature());
        assertTrue(k.signature().contains("|myarch=\"X86_64\""), k.signature());
    }
}
