package org.harrier.exec.bus;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.harrier.config.ConfigurationException;
import org.harrier.exec.ExecSettings;
import org.harrier.exec.machine.MachineResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExecMainTest {
    @Test
    void optionsPinTheMachine() {
        ExecMain.Options o = ExecMain.parse(new String[] {"--broker", "amqp://localhost:5672", "--name", "n1",
                "--cpus", "2", "--memory", "512", "--disk", "4096", "--start", "TARGET.Owner == \"alice\"",
                "--update-interval", "7", "--kill-grace", "1", "--machine", "m1.example"});
        assertEquals("amqp://localhost:5672", o.broker());
        assertEquals("n1", o.name());
        assertEquals(2L, o.settings().cpus());
        assertEquals(512L, o.settings().memoryMiB());
        assertEquals(4096L, o.settings().diskKiB());
        assertEquals("m1.example", o.settings().names().machine());
        assertEquals("TARGET.Owner == \"alice\"", o.settings().start().unparse());
        assertEquals(Duration.ofSeconds(7), o.settings().timings().updateInterval());
    }

    @Test
    void rankAndRetirementAreTheOwnersPreemptionPolicy() {
        ExecMain.Options o = ExecMain.parse(new String[] {"--broker", "amqp://x:1", "--machine", "m1",
                "--rank", "TARGET.Owner == \"alice\"", "--max-job-retirement-time", "3600"});
        assertEquals("TARGET.Owner == \"alice\"", o.settings().policy().rank().unparse());
        assertEquals("3600", o.settings().policy().maxJobRetirementTime().unparse());
        assertEquals("0", ExecMain.parse(new String[] {"--broker", "amqp://x:1", "--machine", "m1"})
                .settings().policy().maxJobRetirementTime().unparse(), "HTCondor's default: no retirement");
    }

    @Test
    void theOwnerPolicyKnobsComeFromTheFileAndTheOptions(@TempDir Path dir) throws IOException {
        Path conf = dir.resolve("desktop.conf");
        Files.writeString(conf, String.join("\n",
                "MINUTE = 60",
                "WANT_SUSPEND = True",
                "SUSPEND = KeyboardIdle < $(MINUTE)",
                "CONTINUE = KeyboardIdle > 5 * $(MINUTE)",
                "POLLING_INTERVAL = 2",
                ""));
        ExecMain.Options o = ExecMain.parse(new String[] {"--broker", "amqp://x:1", "--machine", "m1",
                "--config", conf.toString(), "--preempt", "KeyboardIdle < 10", "--want-vacate", "FALSE"});
        org.harrier.exec.claim.OwnerPolicy p = o.settings().ownerPolicy();
        assertEquals("KeyboardIdle < 60", p.suspend().unparse());
        assertEquals("KeyboardIdle > 5 * 60", p.resume().unparse());
        assertEquals("true", p.wantSuspend().unparse().toLowerCase());
        assertEquals("KeyboardIdle < 10", p.preempt().unparse());
        assertEquals("false", p.wantVacate().unparse().toLowerCase());
        assertEquals("false", p.kill().unparse().toLowerCase(), "HTCondor's default KILL");
        assertEquals(Duration.ofSeconds(2), o.settings().pollingInterval());
        assertEquals(Duration.ofSeconds(5), ExecMain.parse(new String[] {"--broker", "amqp://x:1", "--machine", "m1"})
                .settings().pollingInterval(), "POLLING_INTERVAL defaults to 5 s");
    }

    @Test
    void aConfigurationFileSetsTheKnobsAndOptionsOverrideIt(@TempDir Path dir) throws IOException {
        Path conf = dir.resolve("exec.conf");
        Files.writeString(conf, String.join("\n",
                "# an execute node with two GPUs",
                "NUM_CPUS = 4",
                "MEMORY = 2048",
                "START = TARGET.Owner == \"alice\"",
                "UPDATE_INTERVAL = 9",
                "MACHINE_RESOURCE_GPUs = GPU-0, \\",
                "    GPU-1",
                "MACHINE_RESOURCE_Licenses = $(LICENSES:2)",
                "CONSUMPTION_POLICY = True",
                "CONSUMPTION_MEMORY = quantize(target.RequestMemory, {512})",
                "SLOT_WEIGHT = Cpus * 2",
                ""));
        ExecMain.Options o = ExecMain.parse(new String[] {"--cpus", "8", "--broker", "amqp://x:1", "--config",
                conf.toString(), "--resource", "licenses=6", "--resource", "FPGAs=fpga-0"});
        assertEquals(8L, o.settings().cpus(), "the command line wins wherever it stands");
        assertEquals(2048L, o.settings().memoryMiB());
        assertEquals("TARGET.Owner == \"alice\"", o.settings().start().unparse());
        assertEquals(Duration.ofSeconds(9), o.settings().timings().updateInterval());
        assertEquals(List.of(MachineResource.devices("FPGAs", List.of("fpga-0")),
                MachineResource.devices("GPUs", List.of("GPU-0", "GPU-1")), MachineResource.count("licenses", 6)),
                o.settings().customResources());
        assertEquals(true, o.settings().slotPolicy().consumptionPolicy());
        assertEquals("quantize(target.RequestMemory,{ 512 })".replace(" ", ""),
                o.settings().slotPolicy().consumptionOf("Memory").unparse().replace(" ", ""));
        assertEquals("Cpus * 2", o.settings().slotPolicy().slotWeight().unparse());
        assertEquals(Map.of(), ExecMain.parse(new String[] {"--broker", "x"}).settings().slotPolicy().consumption());
    }

    @Test
    void aBadConfigurationNamesTheKnobAndLine(@TempDir Path dir) throws IOException {
        Path conf = dir.resolve("exec.conf");
        Files.writeString(conf, "NUM_CPUS = 2\nMACHINE_RESOURCE_GPUs = GPU-0, GPU-0\n");
        ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> ExecMain.parse(new String[] {"--broker", "x", "--config", conf.toString()}));
        assertEquals("MACHINE_RESOURCE_GPUs (" + conf + ":2): resource GPUs names device 'GPU-0' twice", e.getMessage());
        Files.writeString(conf, "NUM_CPUS = 0\n");
        e = assertThrows(ConfigurationException.class,
                () -> ExecMain.parse(new String[] {"--broker", "x", "--config", conf.toString()}));
        assertEquals("NUM_CPUS (" + conf + ":1): cpus must be at least 1, got 0", e.getMessage());
    }

    @Test
    void theAccountKnobsComeFromTheFileWithHTCondorsDefaultsAndABadOneIsNamed(@TempDir Path dir) throws IOException {
        org.harrier.exec.run.account.RunAsPolicy defaults = ExecMain.parse(new String[] {"--broker", "x"}).settings()
                .accounts().policy();
        assertEquals("true", defaults.allowRunAsOwner().unparse());
        assertEquals("nobody", defaults.slotUser());
        assertEquals(1000, defaults.minUid());
        Path conf = dir.resolve("accounts.conf");
        Files.writeString(conf, "STARTER_ALLOW_RUNAS_OWNER = TARGET.Owner != \"guest\"\nSLOT_USER = slotuser\nMIN_UID = 500\n");
        org.harrier.exec.run.account.RunAsPolicy p = ExecMain.parse(new String[] {"--broker", "x", "--config",
                conf.toString()}).settings().accounts().policy();
        assertEquals("TARGET.Owner != \"guest\"", p.allowRunAsOwner().unparse());
        assertEquals("slotuser", p.slotUser());
        assertEquals(500, p.minUid());
        Files.writeString(conf, "MIN_UID = 0\n");
        ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> ExecMain.parse(new String[] {"--broker", "x", "--config", conf.toString()}));
        assertEquals("MIN_UID (" + conf + ":1): MIN_UID must be at least 1 (root never runs jobs), got 0", e.getMessage());
    }

    @Test
    void jobsRunAsTheStartdOnlyWhenTheCommandLineSaysSo() {
        boolean root = org.harrier.exec.run.account.Accounts.root();
        assertEquals(root, ExecMain.parse(new String[] {"--broker", "x"}).settings().accounts().root());
        assertEquals(root, ExecMain.parse(new String[] {"--broker", "x", "--jobs-run-as", "accounts"}).settings()
                .accounts().root());
        assertEquals(false, ExecMain.parse(new String[] {"--broker", "x", "--jobs-run-as", "startd"}).settings()
                .accounts().root());
        assertEquals("--jobs-run-as is accounts or startd, got 'root'", assertThrows(IllegalArgumentException.class,
                () -> ExecMain.parse(new String[] {"--broker", "x", "--jobs-run-as", "root"})).getMessage());
    }

    @Test
    void theNameDefaultsToTheMachine() {
        assertEquals("m1", ExecMain.parse(new String[] {"--broker", "amqp://x:1", "--machine", "m1"}).name());
    }
    @Test
    void usageReportsAndVacateTimeComeFromTheFileAndTheOptions(@TempDir Path dir) throws IOException {
        Path conf = dir.resolve("usage.conf");
        Files.writeString(conf, "STARTER_UPDATE_INTERVAL = 20\nMAXVACATETIME = 600\n");
        ExecMain.Options fromFile = ExecMain.parse(new String[] {"--broker", "amqp://x:1", "--machine", "m1",
                "--config", conf.toString()});
        ExecMain.Options overridden = ExecMain.parse(new String[] {"--broker", "amqp://x:1", "--machine", "m1",
                "--config", conf.toString(), "--starter-update-interval", "2", "--kill-grace", "3"});
        ExecMain.Options plain = ExecMain.parse(new String[] {"--broker", "amqp://x:1", "--machine", "m1"});
        org.junit.jupiter.api.Assertions.assertAll(
                () -> assertEquals(Duration.ofSeconds(20), fromFile.settings().starterUpdateInterval()),
                () -> assertEquals(Duration.ofSeconds(600), fromFile.settings().timings().killGrace(), "MAXVACATETIME"),
                () -> assertEquals(Duration.ofSeconds(2), overridden.settings().starterUpdateInterval()),
                () -> assertEquals(Duration.ofSeconds(3), overridden.settings().timings().killGrace()),
                () -> assertEquals(Duration.ofSeconds(300), plain.settings().starterUpdateInterval(),
                        "HTCondor's STARTER_UPDATE_INTERVAL"),
                () -> assertEquals("600", fromFile.settings().policy().maxVacateTime().toString()),
                () -> assertEquals(null, overridden.settings().policy().maxVacateTime(), "--kill-grace replaces it"));
    }

    @ParameterizedTest(name = "MAXVACATETIME = {0}")
    @CsvSource(delimiter = '|', value = {
            "ifThenElse(TARGET.RequestCpus > 1, 300, 60) | ",
            "60 +                                        | MAXVACATETIME (%s:1): MAXVACATETIME is not a ClassAd expression: ",
            "-1                                          | MAXVACATETIME (%s:1): MAXVACATETIME = -1 is not a number of seconds"})
    void maxVacateTimeIsAnExpressionParsedOnceAndNonsenseRefusesToStart(String value, String error, @TempDir Path dir)
            throws IOException {
        Path conf = dir.resolve("vacate.conf");
        Files.writeString(conf, "MAXVACATETIME = " + value + "\n");
        String[] args = {"--broker", "amqp://x:1", "--config", conf.toString()};
        if (error == null) {
            ExecSettings s = ExecMain.parse(args).settings();
            assertAll(() -> assertEquals(org.harrier.classad.Expr.parse(value).toString(), s.policy().maxVacateTime().toString()),
                    () -> assertEquals(Duration.ofSeconds(2), s.timings().killGrace(), "the default kill grace stays"));
        } else {
            ConfigurationException e = assertThrows(ConfigurationException.class, () -> ExecMain.parse(args));
            org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().startsWith(error.formatted(conf)), e.getMessage());
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "--broker amqp://x:1 --starter-update-interval 0 | starterUpdateInterval must be positive, got PT0S",
            "--cpus 2                                  | --broker URL is required (e.g. amqp://localhost:5672)",
            "--broker amqp://x:1 --cpus two            | --cpus needs a whole number, got 'two'",
            "--broker amqp://x:1 --cpus 0              | cpus must be at least 1, got 0",
            "--broker amqp://x:1 --colour blue         | unknown option '--colour'",
            "--broker                                  | --broker needs a value",
            "--broker amqp://x:1 --start TRUE&&        | START is not a ClassAd expression: ",
            "--broker amqp://x:1 --max-job-retirement-time 1+ | MAXJOBRETIREMENTTIME is not a ClassAd expression: ",
            "--broker amqp://x:1 --suspend KeyboardIdle< | SUSPEND is not a ClassAd expression: ",
            "--broker amqp://x:1 --polling-interval 0  | pollingInterval must be positive, got PT0S",
            "--broker amqp://x:1 --resource GPUs       | --resource needs NAME=COUNT or NAME=ID,ID..., got 'GPUs'",
            "--broker amqp://x:1 --resource Cpus=2     | --resource Cpus=2: Cpus is a fixed resource, not a custom one",
            "--broker amqp://x:1 --config /no/such.conf | configuration file /no/such.conf does not exist"})
    void badOptionsAreOneLineErrors(String line, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ExecMain.parse(line.trim().split("\\s+")));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().startsWith(message.trim()), e.getMessage());
    }
}
