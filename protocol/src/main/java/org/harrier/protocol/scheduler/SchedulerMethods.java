package org.harrier.protocol.scheduler;

import java.util.List;
import org.harrier.protocol.method.Method;

/** Every method of the {@code scheduler} class that has a record, for the schema check. */
public final class SchedulerMethods {
    public static final List<Method<?, ?>> ALL = List.of(
            Submit.METHOD, SubmitCluster.METHOD, SetAttribute.METHOD,
            Hold.METHOD, Release.METHOD, Remove.METHOD, Suspend.METHOD, Continue.METHOD, VacateJob.METHOD,
            GetAd.METHOD, GetHistory.METHOD, GetTotals.METHOD, Query.METHOD, FetchJobData.METHOD,
            GetRequests.METHOD, Matched.METHOD,
            JobUsage.METHOD, JobStarted.METHOD, JobExited.METHOD, JobCheckpointed.METHOD,
            BeginTransfer.METHOD, GetCheckpoint.METHOD, ListFiles.METHOD, ReadFile.METHOD, WriteFile.METHOD,
            EndTransfer.METHOD);

    private SchedulerMethods() {
    }
}
