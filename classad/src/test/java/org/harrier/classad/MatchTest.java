package org.harrier.classad;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Symmetric matchmaking: a job and a machine match when each one's Requirements is true against
 * the other (libclassad's symmetricMatch is {@code RIGHT.requirements && LEFT.requirements}, so
 * numbers count as booleans and undefined, error, strings or a missing Requirements mean no
 * match), and each side's Rank is read as a number (booleans 0 and 1, anything else 0.0, as the
 * negotiator's EvalFloat fallback does). Ads follow the manual's "ClassAd mechanism" examples
 * and the ads condor_submit and the startd write.
 */
class MatchTest {
    private static final String FROTH = """
            MyType       = "Machine"
            TargetType   = "Job"
            Machine      = "froth.cs.wisc.edu"
            Arch         = "INTEL"
            OpSys        = "LINUX"
            Disk         = 35882
            Memory       = 128
            KeyboardIdle = 173
            LoadAvg      = 0.1000
            Requirements = TARGET.Owner=="smith" || LoadAvg<=0.3 && KeyboardIdle>15*60
            """;

    /** The manual's owner policy ("Constraints and Preferences"), on a busy workstation. */
    private static final String POLICY = """
            MyType        = "Machine"
            Arch          = "INTEL"
            OpSys         = "LINUX"
            Memory        = 256
            Mips          = 100
            LoadAvg       = 0.5
            KeyboardIdle  = 60
            Friend        = Owner == "tannenba" || Owner == "wright"
            ResearchGroup = Owner == "jbasney" || Owner == "raman"
            Trusted       = Owner != "rival" && Owner != "riffraff"
            START         = Trusted && ( ResearchGroup || LoadAvg < 0.3 && KeyboardIdle > 15*60 )
            RANK          = Friend + ResearchGroup*10
            Requirements  = START
            """;

    /** A partitionable slot as the startd advertises it (Reqexp.cpp: START && WithinResourceLimits). */
    private static final String SLOT = """
            MyType           = "Machine"
            Name             = "slot1@exec1.example.org"
            Arch             = "X86_64"
            OpSys            = "LINUX"
            Cpus             = 4
            Memory           = 8192
            Disk             = 100000
            FileSystemDomain = "example.org"
            HasFileTransfer  = true
            KeyboardIdle     = 1200
            LoadAvg          = 0.05
            START            = KeyboardIdle > 15 * 60 && LoadAvg < 0.3
            WithinResourceLimits = MY.Cpus > 0 && TARGET.RequestCpus <= MY.Cpus && MY.Memory > 0 && TARGET.RequestMemory <= MY.Memory && MY.Disk > 0 && TARGET.RequestDisk <= MY.Disk
            Requirements     = START && WithinResourceLimits
            Rank             = TARGET.Department == "physics"
            """;

    /** A job as condor_submit writes it (submit_utils.cpp's default Requirements, IF_NEEDED transfer). */
    private static final String SUBMITTED = """
            MyType              = "Job"
            TargetType          = "Machine"
            Owner               = "alice"
            Department          = "physics"
            Cmd                 = "/bin/sleep"
            Iwd                 = "/home/alice"
            JobUniverse         = 5
            RequestCpus         = 1
            RequestDisk         = 1024
            RequestMemory       = 2048
            FileSystemDomain    = "alice.example.org"
            ShouldTransferFiles = "IF_NEEDED"
            Rank                = TARGET.Memory / 1024
            Requirements        = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Disk >= RequestDisk) && (TARGET.Memory >= RequestMemory) && ((TARGET.FileSystemDomain == MY.FileSystemDomain) || (TARGET.HasFileTransfer))
            """;

    /** The manual's job example: Requirements on Arch and OpSys, Rank on memory and MIPS. */
    private static final String MANUAL_JOB = """
            Owner        = "smith"
            Requirements = (Arch == "INTEL") && (OpSys == "LINUX")
            Rank         = TARGET.Memory + TARGET.Mips
            """;

    private static final Map<String, ClassAd> ADS = Map.ofEntries(
            Map.entry("froth", ClassAd.parse(FROTH)),
            Map.entry("idle froth", ClassAd.parse(edit(FROTH, "KeyboardIdle = 173", "KeyboardIdle = 1000"))),
            Map.entry("loaded idle froth", ClassAd.parse(edit(edit(FROTH, "KeyboardIdle = 173", "KeyboardIdle = 1000"),
                    "LoadAvg      = 0.1000", "LoadAvg = 0.9"))),
            Map.entry("policy", ClassAd.parse(POLICY)),
            Map.entry("idle policy", ClassAd.parse(edit(edit(POLICY, "LoadAvg       = 0.5", "LoadAvg = 0.1"),
                    "KeyboardIdle  = 60", "KeyboardIdle = 1000"))),
            Map.entry("slot", ClassAd.parse(SLOT)),
            Map.entry("small slot", ClassAd.parse(edit(SLOT, "Memory           = 8192", "Memory = 1024"))),
            Map.entry("arm slot", ClassAd.parse(edit(SLOT, "\"X86_64\"", "\"ARM\""))),
            Map.entry("busy slot", ClassAd.parse(edit(SLOT, "LoadAvg          = 0.05", "LoadAvg = 0.9"))),
            Map.entry("slot without transfer", ClassAd.parse(edit(SLOT, "HasFileTransfer  = true", "HasFileTransfer = false"))),
            Map.entry("slot sharing alice's files", ClassAd.parse(edit(edit(SLOT, "HasFileTransfer  = true",
                    "HasFileTransfer = false"), "\"example.org\"", "\"alice.example.org\""))),
            Map.entry("submitted", ClassAd.parse(SUBMITTED)),
            Map.entry("greedy submitted", ClassAd.parse(edit(SUBMITTED, "RequestCpus         = 1", "RequestCpus = 8"))),
            Map.entry("chemistry job", ClassAd.parse(edit(SUBMITTED, "\"physics\"", "\"chemistry\""))),
            Map.entry("manual job", ClassAd.parse(MANUAL_JOB)),
            Map.entry("manual job of jones", ClassAd.parse(edit(MANUAL_JOB, "smith", "jones"))),
            Map.entry("job of raman", ClassAd.parse(edit(MANUAL_JOB, "smith", "raman"))),
            Map.entry("job of tannenba", ClassAd.parse(edit(MANUAL_JOB, "smith", "tannenba"))),
            Map.entry("job of rival", ClassAd.parse(edit(MANUAL_JOB, "smith", "rival"))),
            Map.entry("job without owner", ClassAd.parse(edit(MANUAL_JOB, "Owner        = \"smith\"\n", ""))));

    /** A variant of an example ad; fails loudly if the line to change is not there. */
    private static String edit(String ad, String from, String to) {
        if (!ad.contains(from)) {
            throw new IllegalArgumentException("no '" + from + "' in " + ad);
        }
        return ad.replace(from, to);
    }

    @ParameterizedTest(name = "{0} on {1}: match={2} job_rank={3} machine_rank={4}")
    @CsvSource(delimiter = '|', textBlock = """
            manual job          | froth                       | true  | 0.0   | 0.0
            manual job of jones | froth                       | false | 0.0   | 0.0
            manual job of jones | idle froth                  | true  | 0.0   | 0.0
            manual job of jones | loaded idle froth           | false | 0.0   | 0.0
            manual job          | loaded idle froth           | true  | 0.0   | 0.0
            submitted           | froth                       | false | 0.0   | 0.0
            manual job          | policy                      | false | 356.0 | 0.0
            manual job          | idle policy                 | true  | 356.0 | 0.0
            job of raman        | policy                      | true  | 356.0 | 10.0
            job of tannenba     | policy                      | false | 356.0 | 1.0
            job of tannenba     | idle policy                 | true  | 356.0 | 1.0
            job of rival        | idle policy                 | false | 356.0 | 0.0
            job without owner   | idle policy                 | false | 356.0 | 0.0
            submitted           | slot                        | true  | 8.0   | 1.0
            chemistry job       | slot                        | true  | 8.0   | 0.0
            submitted           | small slot                  | false | 1.0   | 1.0
            submitted           | arm slot                    | false | 8.0   | 1.0
            submitted           | busy slot                   | false | 8.0   | 1.0
            greedy submitted    | slot                        | false | 8.0   | 1.0
            submitted           | slot without transfer       | false | 8.0   | 1.0
            submitted           | slot sharing alice's files  | true  | 8.0   | 1.0
            submitted           | policy                      | false | 0.0   | 0.0
            """)
    void jobsMatchMachinesWhenBothRequirementsHold(String job, String machine, boolean matched,
            double jobRank, double machineRank) {
        ClassAd j = ADS.get(job);
        ClassAd m = ADS.get(machine);
        assertEquals(new Match(matched, jobRank, machineRank), Match.of(j, m, Evaluation.context()));
        assertEquals(matched, Match.symmetric(j, m, Evaluation.context()));
        assertEquals(matched, Match.symmetric(m, j, Evaluation.context()), "symmetric");
    }

    /** Requirements and Rank of each side; "-" leaves the attribute out. The job has ImageSize = 512, the machine Memory = 8192. */
    @ParameterizedTest(name = "job [{0}; {1}] with machine [{2}; {3}]: match={4} ranks={5},{6}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            true                | 1         | true          | 2         | true  | 1.0   | 2.0
            true                | -         | true          | -         | true  | 0.0   | 0.0
            false               | 1         | true          | 1         | false | 1.0   | 1.0
            true                | 1         | false         | 1         | false | 1.0   | 1.0
            -                   | 1         | true          | 1         | false | 1.0   | 1.0
            true                | 1         | -             | 1         | false | 1.0   | 1.0
            undefined           | 1         | true          | 1         | false | 1.0   | 1.0
            true                | 1         | undefined     | 1         | false | 1.0   | 1.0
            error               | 1         | true          | 1         | false | 1.0   | 1.0
            TARGET.missing      | 1         | true          | 1         | false | 1.0   | 1.0
            TARGET.Memory > 1   | 1         | true          | 1         | true  | 1.0   | 1.0
            MY.Memory > 1       | 1         | true          | 1         | false | 1.0   | 1.0
            Memory > 1          | 1         | true          | 1         | true  | 1.0   | 1.0
            other.Memory > 1    | 1         | true          | 1         | true  | 1.0   | 1.0
            1                   | 1         | 7             | 1         | true  | 1.0   | 1.0
            0                   | 1         | true          | 1         | false | 1.0   | 1.0
            0.5                 | 1         | true          | 1         | true  | 1.0   | 1.0
            0.0                 | 1         | true          | 1         | false | 1.0   | 1.0
            "true"              | 1         | true          | 1         | false | 1.0   | 1.0
            {true}              | 1         | true          | 1         | false | 1.0   | 1.0
            [a = true]          | 1         | true          | 1         | false | 1.0   | 1.0
            `true || error`     | 1         | true          | 1         | true  | 1.0   | 1.0
            true                | true      | true          | false     | true  | 1.0   | 0.0
            true                | 2.5       | true          | -3        | true  | 2.5   | -3.0
            true                | "high"    | true          | undefined | true  | 0.0   | 0.0
            true                | error     | true          | {5}       | true  | 0.0   | 0.0
            true                | TARGET.Memory | true      | TARGET.ImageSize / 1024.0 | true | 8192.0 | 0.5
            true                | 1E20      | true          | 9223372036854775807 | true | 1E20 | 9.223372036854775807E18
            true                | TARGET.Memory * 2 | true  | 5 / 0     | true  | 16384.0 | 0.0
            """)
    void requirementsMustBeTrueOnBothSidesAndRanksAreNumbers(String jobRequirements, String jobRank,
            String machineRequirements, String machineRank, boolean matched, double expectedJobRank,
            double expectedMachineRank) {
        ClassAd job = side(jobRequirements, jobRank).with("ImageSize", IntegerValue.of(512));
        ClassAd machine = side(machineRequirements, machineRank).with("Memory", IntegerValue.of(8192));
        assertEquals(new Match(matched, expectedJobRank, expectedMachineRank), Match.of(job, machine, Evaluation.context()));
    }

    private static ClassAd side(String requirements, String rank) {
        ClassAd.Builder b = ClassAd.builder();
        if (!requirements.equals("-")) {
            b.set("Requirements", Expr.parse(requirements));
        }
        if (!rank.equals("-")) {
            b.set("Rank", Expr.parse(rank));
        }
        return b.build();
    }

    // tests.txt's "Matching tests": new-ClassAd ads that name the other side "other".
    @ParameterizedTest(name = "{0} with {1}: {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            `[Requirements = (other.Type == "Machine" && other.memory >= 4000); Type = "Job"; Memoryused = 6000]` | `[Type = "machine"; Requirements = (other.Type == "job" && other.memoryused < 8000); Memory = 5000]` | true
            `[Requirements = (other.Type == "Machine" && other.memory >= 4000); Type = "Job"; Memoryused = 6000]` | `[Type = "Machine"; Requirements = other.mytype == "Job"; Memory = 3000]` | false
            `[Requirements = (other.Type == "Machine" && other.memory >= 4000); Type = "Job"; Memoryused = 6000]` | `[Type = "Machine"; Requirements = other.type == "Job"; Memory = 6000]` | true
            """)
    void libclassadMatchingTestsHold(String left, String right, boolean matched) {
        assertEquals(matched, Match.symmetric(ClassAd.parse(left), ClassAd.parse(right), Evaluation.context()));
    }
}
