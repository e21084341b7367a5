package org.harrier.scheduler.queue;

/** Job ad attribute names the scheduler reads or writes (HTCondor's spellings). */
public final class Attr {
    public static final String CMD = "Cmd";
    public static final String REQUIREMENTS = "Requirements";
    public static final String RANK = "Rank";
    public static final String OWNER = "Owner";
    public static final String IWD = "Iwd";
    public static final String JOB_STATUS = "JobStatus";
    public static final String JOB_PRIO = "JobPrio";
    public static final String IMAGE_SIZE = "ImageSize";
    /** Peak physical memory of the job, KiB (the starter's measure). */
    public static final String RESIDENT_SET_SIZE = "ResidentSetSize";
    /** Peak memory of the job, MiB: ResidentSetSize rounded up (RequestMemory's default follows it). */
    public static final String MEMORY_USAGE = "MemoryUsage";
    /** KiB of disk the job used in its working directory (RequestDisk's default follows it). */
    public static final String DISK_USAGE = "DiskUsage";
    public static final String REMOTE_USER_CPU = "RemoteUserCpu";
    public static final String REMOTE_SYS_CPU = "RemoteSysCpu";
    public static final String REMOTE_WALL_CLOCK_TIME = "RemoteWallClockTime";
    public static final String JOB_UNIVERSE = "JobUniverse";
    public static final String MAX_HOSTS = "MaxHosts";
    public static final String MIN_HOSTS = "MinHosts";
    public static final String CURRENT_HOSTS = "CurrentHosts";
    public static final String SHOULD_TRANSFER_FILES = "ShouldTransferFiles";
    public static final String CLUSTER_ID = "ClusterId";
    public static final String PROC_ID = "ProcId";
    public static final String QDATE = "QDate";
    public static final String ENTERED_CURRENT_STATUS = "EnteredCurrentStatus";
    public static final String CUSTOM_ID = "CustomId";
    public static final String GLOBAL_JOB_ID = "GlobalJobId";
    public static final String REMOTE_HOST = "RemoteHost";
    public static final String JOB_START_DATE = "JobStartDate";
    public static final String NUM_JOB_STARTS = "NumJobStarts";
    public static final String EXIT_CODE = "ExitCode";
    public static final String EXIT_BY_SIGNAL = "ExitBySignal";
    public static final String EXIT_SIGNAL = "ExitSignal";
    public static final String COMPLETION_DATE = "CompletionDate";
    public static final String REMOVE_REASON = "RemoveReason";
    public static final String HOLD_REASON = "HoldReason";
    public static final String HOLD_REASON_CODE = "HoldReasonCode";
    public static final String HOLD_REASON_SUB_CODE = "HoldReasonSubCode";
    public static final String LAST_HOLD_REASON = "LastHoldReason";
    public static final String LAST_HOLD_REASON_CODE = "LastHoldReasonCode";
    public static final String LAST_HOLD_REASON_SUB_CODE = "LastHoldReasonSubCode";
    public static final String NUM_HOLDS = "NumHolds";
    public static final String RELEASE_REASON = "ReleaseReason";
    public static final String LAST_RELEASE_REASON = "LastReleaseReason";
    public static final String LAST_JOB_STATUS = "LastJobStatus";
    public static final String JOB_CURRENT_START_DATE = "JobCurrentStartDate";
    public static final String JOB_LAST_START_DATE = "JobLastStartDate";
    public static final String LAST_SUSPENSION_TIME = "LastSuspensionTime";
    public static final String CUMULATIVE_SUSPENSION_TIME = "CumulativeSuspensionTime";
    public static final String TOTAL_SUSPENSIONS = "TotalSuspensions";
    public static final String MY_TYPE = "MyType";
    public static final String TARGET_TYPE = "TargetType";
    public static final String REQUEST_CPUS = "RequestCpus";
    public static final String REQUEST_MEMORY = "RequestMemory";
    public static final String REQUEST_DISK = "RequestDisk";
    /** How many times the job has exited; the exit policy counts an exit before it looks. */
    public static final String NUM_JOB_COMPLETIONS = "NumJobCompletions";
    /** When the job was last evicted from a machine (epoch s). */
    public static final String LAST_VACATE_TIME = "LastVacateTime";
    /** Seconds the job has occupied slots over all its runs (HTCondor: wall clock times slots). */
    public static final String CUMULATIVE_SLOT_TIME = "CumulativeSlotTime";
    /** The slot the job last ran on before it was evicted. */
    public static final String LAST_REMOTE_HOST = "LastRemoteHost";
    /** Why the job last left a machine without finishing (on_exit_remove false: why it runs again). */
    public static final String VACATE_REASON = "VacateReason";
    /** When the scheduler last heard from the startd of a job whose claim it gave up (HTCondor's shadow sets it on a disconnect). */
    public static final String JOB_DISCONNECTED_DATE = "JobDisconnectedDate";

    private Attr() {
    }
}
