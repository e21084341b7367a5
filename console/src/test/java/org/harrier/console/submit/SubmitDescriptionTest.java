package org.harrier.console.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.StringValue;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * HTCondor-style submit files and the job ads condor_submit would make of them. Each row: a
 * file, how many jobs it queues, which proc to look at, and attributes that proc must have
 * (new ClassAd syntax, {@code DIR} standing for the submit directory; {@code _Absent} lists
 * attributes it must not have). The submitter is {@link TestContexts#alice}.
 */
class SubmitDescriptionTest {
    private static final long CLUSTER = 7;
    static final String ARCH_OPSYS = "(TARGET.Arch == \"X86_64\") && (TARGET.OpSys == \"LINUX\")";
    static final String FILE_SYSTEM = "((TARGET.FileSystemDomain == MY.FileSystemDomain) || (TARGET.HasFileTransfer))";
    static final String DEFAULT_REQUIREMENTS = ARCH_OPSYS + " && (TARGET.Disk >= RequestDisk)"
            + " && (TARGET.Memory >= RequestMemory) && " + FILE_SYSTEM;

    @TempDir
    Path dir;

    @BeforeEach
    void submitDirectory() throws IOException {
        Files.createDirectories(dir.resolve("sub"));
        Files.createDirectories(dir.resolve("bin"));
        Files.write(dir.resolve("bin/tool"), new byte[2049]);
        Files.write(dir.resolve("sub/data.in"), new byte[4096]);
    }

    static Stream<Arguments> files() {
        return Stream.of(
            row("the hello example, every attribute condor_submit sets", """
                executable = /bin/echo
                arguments  = hello from Harrier
                output     = hello.out
                error      = hello.err
                log        = hello.log
                queue
                """, 1, 0, """
                MyType = "Job"; TargetType = "Machine"; ClusterId = 7; ProcId = 0; Owner = "alice";
                JobUniverse = 5; Cmd = "/bin/echo"; Args = "hello from Harrier"; Environment = ""; Iwd = "DIR";
                In = "/dev/null"; Out = "hello.out"; Err = "hello.err"; UserLog = "DIR/hello.log";
                RequestCpus = 1; RequestDisk = DiskUsage; Rank = 0.0;
                RequestMemory = ifthenelse(MemoryUsage isnt undefined, MemoryUsage, (ImageSize + 1023) / 1024);
                JobStatus = 1; JobPrio = 0; JobNotification = 0; PeriodicHold = false; PeriodicRelease = false;
                PeriodicRemove = false; OnExitRemove = true; OnExitHold = false; ShouldTransferFiles = "IF_NEEDED";
                WhenToTransferOutput = "ON_EXIT"; FileSystemDomain = "submit.example";
                Requirements = """ + DEFAULT_REQUIREMENTS + """
                ; _Absent = "Arguments HoldReason JobMaxRetries ConcurrencyLimits TransferInput TransferExecutable Env"
                """),
            row("names in any case, comments, continued lines", """
                # say hello
                Executable   = /bin/echo
                ARGUMENTS = one \\
                            two \\
                   # a comment inside a continuation is skipped
                   three
                Output = out.txt
                Queue
                """, 1, 0, """
                Cmd = "/bin/echo"; Args = "one two three"; Out = "out.txt"; Err = "/dev/null"
                """),
            row("CRLF line endings", "executable = /bin/echo\r\narguments = crlf\r\nqueue\r\n", 1, 0, """
                Args = "crlf"
                """),
            row("queue N numbers procs and expands $(Cluster), $(Process), $(Step), $(JobId)", """
                executable = /bin/echo
                arguments = $(Cluster).$(Process) step $(Step) id $(JobId)
                output = job.$(ClusterId).$(ProcId).out
                queue 3
                """, 3, 2, """
                ClusterId = 7; ProcId = 2; Args = "7.2 step 2 id 7.2"; Out = "job.7.2.out"
                """),
            row("later queue statements see later settings; procs count on", """
                executable = /bin/echo
                arguments = first
                queue
                arguments = second $(Process)/$(Step)
                queue 2
                """, 3, 2, """
                ProcId = 2; Args = "second 2/1"
                """),
            row("resource requests with units, and the user's requirements first", """
                executable = /bin/echo
                request_cpus = 2
                request_memory = 1G
                request_disk = 1M
                requirements = TARGET.HasDocker =?= true
                queue
                """, 1, 0, """
                RequestCpus = 2; RequestMemory = 1024; RequestDisk = 1024;
                Requirements = (TARGET.HasDocker =?= true) && """ + ARCH_OPSYS + """
                     && (TARGET.Disk >= RequestDisk) && (TARGET.Memory >= RequestMemory)
                     && (TARGET.Cpus >= RequestCpus) && """ + FILE_SYSTEM),
            row("testing Arch, OpSys or Cpus drops their default clause; Disk and Memory stay, as in condor_submit", """
                executable = /bin/echo
                request_memory = 512M
                request_cpus = 4
                requirements = Memory > 4096 && Cpus >= 8 && (Arch == "aarch64" || OpSysAndVer == "Debian12")
                queue
                """, 1, 0, """
                RequestMemory = 512;
                Requirements = (Memory > 4096 && Cpus >= 8 && (Arch == "aarch64" || OpSysAndVer == "Debian12"))
                    && (TARGET.Disk >= RequestDisk) && (TARGET.Memory >= RequestMemory) && """ + FILE_SYSTEM),
            row("requests no larger than a machine ever offers add no clause", """
                executable = /bin/echo
                request_memory = 1
                request_disk = 0
                request_cpus = 1
                queue
                """, 1, 0, """
                RequestMemory = 1; RequestDisk = 0; RequestCpus = 1; Requirements = """ + ARCH_OPSYS + " && "
                    + FILE_SYSTEM),
            row("request_memory as an expression; request_disk undefined is left out", """
                executable = /bin/echo
                request_memory = MemoryUsage * 2
                request_disk = undefined
                queue
                """, 1, 0, """
                RequestMemory = MemoryUsage * 2; _Absent = "RequestDisk";
                Requirements = """ + ARCH_OPSYS + " && (TARGET.Memory >= RequestMemory) && " + FILE_SYSTEM),
            row("request_gpus and custom request_<name> resources", """
                executable = /bin/echo
                request_gpus = 2
                request_Licenses = 1
                request_Fruit = "apple"
                request_Nothing = 0
                queue
                """, 1, 0, """
                RequestGPUs = 2; RequestLicenses = 1; RequestFruit = "apple"; RequestNothing = 0;
                Requirements = """ + DEFAULT_REQUIREMENTS.replace(" && " + FILE_SYSTEM, "") + """
                     && regexp(RequestFruit, TARGET.Fruit) && (TARGET.GPUs >= RequestGPUs)
                     && (TARGET.Licenses >= RequestLicenses) && """ + FILE_SYSTEM),
            row("rank", """
                executable = /bin/echo
                rank = Memory * 2
                queue
                """, 1, 0, """
                Rank = Memory * 2
                """),
            row("macros, +Attr and MY.Attr, and $(MY.Attr)", """
                base = run
                executable = /bin/echo
                output = $(base)_$(Process).out
                +ProjectName = "physics"
                MY.Priority = 10 + 5
                +Label = "$(BASE)-$(Process)"
                +Copy = $(MY.ProjectName)
                +Nothing =
                queue
                """, 1, 0, """
                Out = "run_0.out"; ProjectName = "physics"; Priority = 10 + 5; Label = "run-0";
                Copy = "physics"; Nothing = undefined
                """),
            row("a macro defined after its use counts at queue time", """
                executable = /bin/echo
                output = $(name).out
                name = late
                queue
                """, 1, 0, """
                Out = "late.out"
                """),
            row("unknown macros are empty; $(name:default); $(DOLLAR); $$() is left for match time", """
                executable = /bin/echo
                arguments = $(undefined)x $(missing:fallback) $$(Memory) $(DOLLAR)HOME $HOME
                queue
                """, 1, 0, """
                Args = "x fallback $$(Memory) $HOME $HOME"
                """),
            row("a definition that refers to itself takes the previous value", """
                executable = /bin/echo
                flags = -a
                flags = $(flags) -b
                flags = -z $(flags)
                arguments = $(flags)
                queue
                """, 1, 0, """
                Args = "-z -a -b"
                """),
            row("$ENV(name), $(ENV(name)) and a default for an unset variable", """
                executable = /bin/echo
                arguments = $ENV(HOME) $(ENV(PATH)) $ENV(NOT_SET:none)
                queue
                """, 1, 0, """
                Args = "/home/alice /usr/bin:/bin none"
                """),
            row("predefined ARCH, OPSYS, IsLinux and SUBMIT_FILE", """
                executable = /bin/echo
                arguments = $(ARCH) $(OPSYS) $(IsLinux) $(SUBMIT_FILE)
                queue
                """, 1, 0, """
                Args = "X86_64 LINUX true test.sub"
                """),
            row("initialdir, a relative executable, vanilla universe", """
                universe = Vanilla
                initialdir = sub
                executable = bin/tool
                log = job.log
                output = o.txt
                queue
                """, 1, 0, """
                JobUniverse = 5; Iwd = "DIR/sub"; Cmd = "DIR/bin/tool"; UserLog = "DIR/sub/job.log";
                Out = "o.txt"; DiskUsage = 3
                """),
            row("the local universe has no file system clause", """
                universe = local
                executable = /bin/echo
                queue
                """, 1, 0, """
                JobUniverse = 12; ShouldTransferFiles = "IF_NEEDED";
                Requirements = """ + ARCH_OPSYS + " && (TARGET.Disk >= RequestDisk) && (TARGET.Memory >= RequestMemory)"),
            row("double-quoted arguments are the new syntax, written as condor_submit writes them", """
                executable = /bin/echo
                arguments = "one ""two"" 'spacey ''quoted'' argument' ''"
                queue
                """, 1, 0, """
                Arguments = "one \\"two\\" spacey' '''quoted''' 'argument ''"; _Absent = "Args"
                """),
            row("old-syntax arguments: white space separates, \\\" is a double quote", """
                executable = /bin/echo
                arguments = one \\"two\\"   'three'
                queue
                """, 1, 0, """
                Args = "one \\"two\\" 'three'"; _Absent = "Arguments"
                """),
            row("new-syntax environment", """
                executable = /bin/echo
                environment = "one=1 two=""2"" three='spacey ''quoted'' value'"
                queue
                """, 1, 0, """
                Environment = "one=1 two=\\"2\\" three=spacey' '''quoted''' 'value"; _Absent = "Env"
                """),
            row("old-syntax environment: ';' separates, quotes mean nothing", """
                executable = /bin/echo
                environment = one=1;two=2;three="quotes have no 'special' meaning"
                queue
                """, 1, 0, """
                Env = "one=1;two=2;three=\\"quotes have no 'special' meaning\\""; EnvDelim = ";";
                _Absent = "Environment"
                """),
            row("getenv = true copies the environment; environment wins", """
                executable = /bin/echo
                getenv = true
                environment = "HOME=/elsewhere"
                queue
                """, 1, 0, """
                Environment = "HOME=/elsewhere CUDA_HOME=/opt/cuda LD_LIBRARY_PATH=/opt/cuda/lib PATH=/usr/bin:/bin SEMI=a;b SPACED=two' 'words"
                """),
            row("getenv match list: patterns ignore case, '!' rejects", """
                executable = /bin/echo
                getenv = *cuda*, !ld_*
                queue
                """, 1, 0, """
                Environment = "CUDA_HOME=/opt/cuda"
                """),
            row("getenv with only rejections takes the rest; old-syntax env drops values with ';'", """
                executable = /bin/echo
                getenv = !PATH !HOME !LD_LIBRARY_PATH !SPACED
                environment = A=1
                queue
                """, 1, 0, """
                Env = "A=1;CUDA_HOME=/opt/cuda"
                """),
            row("hold = true submits the job held", """
                executable = /bin/echo
                hold = true
                queue
                """, 1, 0, """
                JobStatus = 5; HoldReasonCode = 15; HoldReason = "submitted on hold at user's request"
                """),
            row("priority and notification", """
                executable = /bin/echo
                priority = 5 + 1
                notification = Complete
                queue
                """, 1, 0, """
                JobPrio = 6; JobNotification = 2
                """),
            row("periodic and on-exit policy with reasons and subcodes", """
                executable = /bin/echo
                periodic_hold = (time() - QDate) > 3600
                periodic_hold_reason = "too long"
                periodic_hold_subcode = 42
                periodic_release = HoldReasonSubCode == 42
                periodic_release_reason = "released by policy"
                periodic_remove = NumJobStarts > 5
                periodic_remove_reason = strcat("started ", NumJobStarts, " times")
                on_exit_hold = ExitCode == 3
                on_exit_hold_reason = "exit 3"
                on_exit_hold_subcode = 3
                on_exit_remove = ExitBySignal == false
                queue
                """, 1, 0, """
                PeriodicHold = (time() - QDate) > 3600; PeriodicHoldReason = "too long"; PeriodicHoldSubCode = 42;
                PeriodicRelease = HoldReasonSubCode == 42; PeriodicReleaseReason = "released by policy";
                PeriodicRemove = NumJobStarts > 5;
                PeriodicRemoveReason = strcat("started ", NumJobStarts, " times");
                OnExitHold = ExitCode == 3; OnExitHoldReason = "exit 3"; OnExitHoldSubCode = 3;
                OnExitRemove = ExitBySignal == false; _Absent = "JobMaxRetries JobSuccessExitCode"
                """),
            row("max_retries builds OnExitRemove", """
                executable = /bin/echo
                max_retries = 3
                queue
                """, 1, 0, """
                JobMaxRetries = 3; OnExitRemove = NumJobCompletions > JobMaxRetries || ExitCode == 0;
                OnExitHold = false; _Absent = "JobSuccessExitCode"
                """),
            row("success_exit_code alone retries DEFAULT_JOB_MAX_RETRIES (2) times", """
                executable = /bin/echo
                success_exit_code = 2
                queue
                """, 1, 0, """
                JobMaxRetries = 2; JobSuccessExitCode = 2;
                OnExitRemove = NumJobCompletions > JobMaxRetries || ExitCode == JobSuccessExitCode
                """),
            row("an integer retry_until and the user's on_exit_remove are OR-ed in", """
                executable = /bin/echo
                max_retries = 5
                retry_until = 17
                on_exit_remove = ExitBySignal
                queue
                """, 1, 0, """
                JobMaxRetries = 5;
                OnExitRemove = NumJobCompletions > JobMaxRetries || ExitCode == 0 || ExitCode == 17 || ExitBySignal
                """),
            row("retry_until as an expression; a conditional is parenthesised", """
                executable = /bin/echo
                max_retries = 5
                retry_until = !member(ExitCode, {17, 34, 81})
                on_exit_remove = ExitBySignal ? true : ExitCode == 1
                queue
                """, 1, 0, """
                OnExitRemove = NumJobCompletions > JobMaxRetries || ExitCode == 0 || !member(ExitCode, {17, 34, 81})
                    || (ExitBySignal ? true : ExitCode == 1)
                """),
            row("concurrency limits are lower-cased and sorted", """
                executable = /bin/echo
                concurrency_limits = Foo, db:2   Bar.Baz:0.5
                queue
                """, 1, 0, """
                ConcurrencyLimits = "bar.baz:0.5,db:2,foo"
                """),
            row("accounting_group charges the Owner within the group", """
                executable = /bin/echo
                accounting_group = physics.theory
                queue
                """, 1, 0, """
                AcctGroup = "physics.theory"; AcctGroupUser = "alice"; AccountingGroup = "physics.theory.alice"
                """),
            row("accounting_group_user names whom the group charges", """
                executable = /bin/echo
                accounting_group = group_cms
                accounting_group_user = pilot7
                queue
                """, 1, 0, """
                AcctGroup = "group_cms"; AcctGroupUser = "pilot7"; AccountingGroup = "group_cms.pilot7"
                """),
            row("accounting_group_user alone leaves the job charged to its Owner", """
                executable = /bin/echo
                accounting_group_user = pilot7
                queue
                """, 1, 0, """
                AcctGroupUser = "pilot7"; _Absent = "AcctGroup AccountingGroup"
                """),
            row("no accounting group: none of its attributes", """
                executable = /bin/echo
                queue
                """, 1, 0, """
                _Absent = "AcctGroup AcctGroupUser AccountingGroup MaxJobRetirementTime"
                """),
            row("max_job_retirement_time in seconds", """
                executable = /bin/echo
                max_job_retirement_time = 3600
                queue
                """, 1, 0, """
                MaxJobRetirementTime = 3600
                """),
            row("max_job_retirement_time as an expression", """
                executable = /bin/echo
                max_job_retirement_time = ifThenElse(JobPrio > 5, 7200, 60)
                queue
                """, 1, 0, """
                MaxJobRetirementTime = ifThenElse(JobPrio > 5, 7200, 60)
                """),
            row("kill_sig by name without SIG, job_max_vacate_time in seconds", """
                executable = /bin/echo
                kill_sig = usr1
                job_max_vacate_time = 30
                queue
                """, 1, 0, """
                KillSig = "SIGUSR1"; JobMaxVacateTime = 30
                """),
            row("job_max_vacate_time is an expression, the startd's to evaluate with the slot as TARGET", """
                executable = /bin/echo
                job_max_vacate_time = ifThenElse(TARGET.Cpus > 1, 60, 5)
                queue
                """, 1, 0, """
                JobMaxVacateTime = ifThenElse(TARGET.Cpus > 1, 60, 5)
                """),
            row("kill_sig by number; no JobMaxVacateTime unless asked", """
                executable = /bin/echo
                kill_sig = 2
                queue
                """, 1, 0, """
                KillSig = "SIGINT"; _Absent = "JobMaxVacateTime"
                """),
            row("concurrency_limits_expr is an expression", """
                executable = /bin/echo
                concurrency_limits_expr = strcat("license_", TARGET.Arch)
                queue
                """, 1, 0, """
                ConcurrencyLimits = strcat("license_", TARGET.Arch)
                """),
            row("file transfer YES: lists, no FileSystemDomain, the transfer clause; inputs count in DiskUsage", """
                executable = bin/tool
                initialdir = sub
                should_transfer_files = YES
                when_to_transfer_output = ON_EXIT_OR_EVICT
                transfer_input_files = data.in, https://example.org/big.tar
                transfer_output_files = result.txt,logs/
                transfer_executable = false
                queue
                """, 1, 0, """
                TransferExecutable = false;
                ShouldTransferFiles = "YES"; WhenToTransferOutput = "ON_EXIT_OR_EVICT";
                TransferInput = "data.in,https://example.org/big.tar"; TransferOutput = "result.txt,logs/";
                DiskUsage = 7; _Absent = "FileSystemDomain";
                Requirements = """ + ARCH_OPSYS + """
                     && (TARGET.Disk >= RequestDisk) && (TARGET.Memory >= RequestMemory)
                     && (TARGET.HasFileTransfer && stringListIMember("https", TARGET.HasFileTransferPluginMethods))
                """),
            row("should_transfer_files = NO needs the same file system and never transfers", """
                executable = /bin/echo
                should_transfer_files = NO
                queue
                """, 1, 0, """
                ShouldTransferFiles = "NO"; FileSystemDomain = "submit.example"; _Absent = "WhenToTransferOutput";
                Requirements = """ + ARCH_OPSYS + """
                     && (TARGET.Disk >= RequestDisk) && (TARGET.Memory >= RequestMemory)
                     && (TARGET.FileSystemDomain == MY.FileSystemDomain)
                """),
            row("ON_EXIT_OR_EVICT alone means should_transfer_files = YES; ON_SUCCESS with success_exit_code", """
                executable = /bin/echo
                when_to_transfer_output = ON_EXIT_OR_EVICT
                queue
                when_to_transfer_output = ON_SUCCESS
                should_transfer_files = IF_NEEDED
                success_exit_code = 0
                queue
                """, 2, 0, """
                ShouldTransferFiles = "YES"; WhenToTransferOutput = "ON_EXIT_OR_EVICT"
                """),
            row("a user who tests FileSystemDomain gets no file system clause", """
                executable = /bin/echo
                requirements = TARGET.FileSystemDomain == "shared.example"
                queue
                """, 1, 0, """
                Requirements = (TARGET.FileSystemDomain == "shared.example") && """ + ARCH_OPSYS + """
                     && (TARGET.Disk >= RequestDisk) && (TARGET.Memory >= RequestMemory) && (TARGET.HasFileTransfer)
                """),
            row("input, and a later +Attr replacing an earlier one", """
                executable = /bin/echo
                input = in.txt
                +Tag = 1
                +tag = 2
                queue
                """, 1, 0, """
                In = "in.txt"; tag = 2
                """));
    }

    private static Arguments row(String name, String file, int jobs, int proc, String attributes) {
        return Arguments.of(name, file, jobs, proc, attributes);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void submitFileMakesTheJobAdsCondorSubmitWould(String name, String file, int jobs, int proc, String attributes) {
        List<ClassAd> ads = SubmitFile.parse("test.sub", file).jobs(TestContexts.alice(dir), CLUSTER);

        assertEquals(jobs, ads.size(), "number of jobs");
        ClassAd job = ads.get(proc);
        ClassAd expected = ClassAd.parse("[" + attributes.replace("DIR", dir.toString()) + "]");
        expected.forEach((attr, want) -> {
            if (attr.equals("_Absent")) {
                for (String absent : ((StringValue) want).value().split(" ")) {
                    assertNull(job.lookup(absent), () -> absent + " should not be in " + job);
                }
                return;
            }
            Expr got = job.lookup(attr);
            assertNotNull(got, () -> attr + " missing from " + job);
            assertEquals(want.unparse(), got.unparse(), attr);
        });
    }
}
