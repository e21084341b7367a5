package org.harrier.exec.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.harrier.exec.ExecSettings;
import org.harrier.rules.Resources;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MachineProbeTest {
    @TempDir
    Path dir;

    @Test
    void detectsThisMachineWhenNothingIsPinned() {
        Machine m = MachineProbe.detect(ExecSettings.builder().executeDir(dir).build());
        assertEquals(Runtime.getRuntime().availableProcessors(), m.total().cpus());
        assertTrue(m.total().memoryMiB() > 64, "memory " + m.total().memoryMiB());
        assertTrue(m.total().diskKiB() > 0, "disk " + m.total().diskKiB());
        assertEquals("LINUX", m.opSys());
        assertEquals(m.machine(), m.fileSystemDomain(), "FileSystemDomain defaults to the host name");
        assertEquals(Machine.condorArch(System.getProperty("os.arch")), m.arch());
    }

    @Test
    void everyFactCanBePinned() {
        ExecSettings s = ExecSettings.builder().cpus(2).memoryMiB(512).diskKiB(4096).machine("m1").arch("INTEL")
                .opSys("LINUX").opSysAndVer("Debian12").fileSystemDomain("grid.example").executeDir(dir).build();
        assertEquals(new Machine("m1", "INTEL", "LINUX", "Debian12", "grid.example", new Resources(2, 512, 4096)),
                MachineProbe.detect(s));
    }

    @ParameterizedTest
    @CsvSource({"amd64, X86_64", "x86_64, X86_64", "x86, INTEL", "i686, INTEL", "aarch64, aarch64", "ppc64le, ppc64le"})
    void archIsSpelledAsHtcondorSpellsIt(String osArch, String condor) {
        assertEquals(condor, Machine.condorArch(osArch));
    }

    @Test
    void opSysAndVerIsTheDistributionAndItsMajorVersion() {
        assertEquals("Debian12", MachineProbe.opSysAndVer(List.of("PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"",
                "ID=debian", "VERSION_ID=\"12\""), "LINUX"));
        assertEquals("Ubuntu22", MachineProbe.opSysAndVer(List.of("ID=ubuntu", "VERSION_ID=\"22.04\""), "LINUX"));
        assertEquals("AlmaLinux9", MachineProbe.opSysAndVer(List.of("ID=\"almalinux\"", "VERSION_ID=\"9.3\""), "LINUX"));
        assertEquals("LINUX", MachineProbe.opSysAndVer(List.of("NAME=unknown"), "LINUX"));
    }

    @Test
    void memTotalIsReadInKiB() {
        assertEquals(24574516, MachineProbe.parseMemTotalKiB("MemTotal:       24574516 kB"));
    }

    @Test
    void badSettingsAreRefusedNamingTheSetting() {
        assertEquals("cpus must be at least 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> ExecSettings.builder().cpus(0)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ExecSettings.builder().start("TRUE &&")).getMessage()
                .startsWith("START is not a ClassAd expression"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> ExecSettings.builder().updateInterval(Duration.ZERO).build()).getMessage().startsWith("updateInterval"));
    }
}
