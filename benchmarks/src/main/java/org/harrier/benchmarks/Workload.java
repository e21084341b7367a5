package org.harrier.benchmarks;

import java.util.SplittableRandom;

/**
 * The ads every benchmark uses, as text: job ads as {@code condor_q -long} prints them and
 * machine ads as {@code condor_status -long} prints them, both in old syntax, shaped after a
 * condor_submit-built job and a startd slot (HTCondor's submit_utils.cpp, ResAttributes.cpp).
 *
 * <p>Each ad is a variant: ids, times, paths, sizes and load differ, so a benchmark holding many
 * ads does not measure one ad in the cache, and no two parsed ads share their values. The same
 * index always gives the same text.
 */
final class Workload {
    /** Attributes in every job ad; the figures are quoted "per 40-attribute job ad". */
    static final int JOB_ATTRIBUTES = 40;

    private Workload() {
    }

    /** The job ad number {@code i}: one Owner's vanilla job, idle, never run. */
    static String jobAd(int i) {
        SplittableRandom r = new SplittableRandom(i);
        int cluster = 100_000 + i / 10;
        int proc = i % 10;
        long qdate = 1_706_695_530L + i * 7L;
        long imageSize = 20_000 + r.nextInt(2_000_000);
        long diskUsage = 1_000 + r.nextInt(5_000_000);
        String dir = "/home/alice/analysis/run" + cluster;
        return "MyType = \"Job\"\n"
                + "TargetType = \"Machine\"\n"
                + "ClusterId = " + cluster + "\n"
                + "ProcId = " + proc + "\n"
                + "GlobalJobId = \"submit01.example.org#" + cluster + "." + proc + "#" + qdate + "\"\n"
                + "Owner = \"alice\"\n"
                + "User = \"alice@example.org\"\n"
                + "Cmd = \"/home/alice/analysis/bin/run_sim.sh\"\n"
                + "Args = \"--seed " + r.nextInt(1_000_000) + " --events 10000 --out result_" + proc + ".root\"\n"
                + "Iwd = \"" + dir + "\"\n"
                + "Environment = \"OMP_NUM_THREADS=1 DATASET=run2024b_" + cluster + " PATH=/usr/local/bin:/usr/bin:/bin\"\n"
                + "In = \"/dev/null\"\n"
                + "Out = \"sim_" + proc + ".out\"\n"
                + "Err = \"sim_" + proc + ".err\"\n"
                + "UserLog = \"" + dir + "/sim.log\"\n"
                + "JobUniverse = 5\n"
                + "JobStatus = 1\n"
                + "JobPrio = 0\n"
                + "QDate = " + qdate + "\n"
                + "EnteredCurrentStatus = " + qdate + "\n"
                + "CompletionDate = 0\n"
                + "NumJobStarts = 0\n"
                + "ImageSize = " + imageSize + "\n"
                + "DiskUsage = " + diskUsage + "\n"
                + "MemoryUsage = ((ResidentSetSize + 1023) / 1024)\n"
                + "RequestCpus = 1\n"
                + "RequestDisk = DiskUsage\n"
                + "RequestMemory = ifthenelse(MemoryUsage isnt undefined,MemoryUsage,(ImageSize + 1023) / 1024)\n"
                + "FileSystemDomain = \"example.org\"\n"
                + "Requirements = (TARGET.Arch == \"X86_64\") && (TARGET.OpSys == \"LINUX\") && (TARGET.Disk >= RequestDisk)"
                + " && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)"
                + " && (TARGET.FileSystemDomain == MY.FileSystemDomain)\n"
                + "Rank = 0.0\n"
                + "ShouldTransferFiles = \"NO\"\n"
                + "WhenToTransferOutput = \"ON_EXIT\"\n"
                + "OnExitRemove = true\n"
                + "OnExitHold = false\n"
                + "PeriodicRemove = (JobStatus == 5) && ((time() - EnteredCurrentStatus) > 7 * 24 * 3600)\n"
                + "RemoteUserCpu = 0.0\n"
                + "RemoteWallClockTime = 0.0\n"
                + "JobLeaseDuration = 2400\n"
                + "CondorVersion = \"$CondorVersion: 23.0.3 2024-01-04 BuildID: 700001 PackageID: 23.0.3-1 $\"\n";
    }

    /**
     * The machine ad number {@code i}: one partitionable-free static slot. About one in ten is
     * busy (keyboard recently used or loaded) and rejects every job, as in a real pool.
     */
    static String machineAd(int i) {
        SplittableRandom r = new SplittableRandom(1_000_000L + i);
        String host = "node" + i + ".example.org";
        boolean busy = r.nextInt(10) == 0;
        int cpus = 1 << r.nextInt(1, 5);
        return "MyType = \"Machine\"\n"
                + "TargetType = \"Job\"\n"
                + "Name = \"slot1@" + host + "\"\n"
                + "Machine = \"" + host + "\"\n"
                + "Arch = \"X86_64\"\n"
                + "OpSys = \"LINUX\"\n"
                + "OpSysAndVer = \"AlmaLinux9\"\n"
                + "FileSystemDomain = \"example.org\"\n"
                + "UidDomain = \"example.org\"\n"
                + "Cpus = " + cpus + "\n"
                + "Memory = " + (cpus * 4096) + "\n"
                + "Disk = " + (50_000_000 + r.nextInt(100_000_000)) + "\n"
                + "TotalCpus = " + cpus + "\n"
                + "KeyboardIdle = " + (busy ? r.nextInt(600) : 1_000 + r.nextInt(100_000)) + "\n"
                + "ConsoleIdle = " + (1_000 + r.nextInt(100_000)) + "\n"
                + "LoadAvg = " + (busy ? 0.5 + r.nextDouble() : r.nextDouble() * 0.25) + "\n"
                + "State = \"Unclaimed\"\n"
                + "Activity = \"Idle\"\n"
                + "START = (KeyboardIdle > 15 * 60) && (LoadAvg < 0.3)\n"
                + "WithinResourceLimits = (MY.Cpus > 0 && TARGET.RequestCpus <= MY.Cpus && MY.Memory > 0"
                + " && TARGET.RequestMemory <= MY.Memory && MY.Disk > 0 && TARGET.RequestDisk <= MY.Disk)\n"
                + "Requirements = START && WithinResourceLimits\n"
                + "Rank = 0.0\n"
                + "CondorVersion = \"$CondorVersion: 23.0.3 2024-01-04 BuildID: 700001 PackageID: 23.0.3-1 $\"\n";
    }

    static String[] jobAds(int count) {
        String[] ads = new String[count];
        for (int i = 0; i < count; i++) {
            ads[i] = jobAd(i);
        }
        return ads;
    }

    static String[] machineAds(int count) {
        String[] ads = new String[count];
        for (int i = 0; i < count; i++) {
            ads[i] = machineAd(i);
        }
        return ads;
    }
}
