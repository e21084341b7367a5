package org.harrier.protocol.scheduler;

import java.util.Objects;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/**
 * {@code scheduler.JobUsage}: the starter's figures for job {@code id} while it runs on claim
 * {@code claimId}; CPU and this run's wall clock seconds so far, and its {@link StarterUsage}.
 */
public record JobUsage(String id, String claimId, double remoteUserCpu, double remoteSysCpu, double remoteWallClockTime,
        StarterUsage usage) implements Request<Done> {
    static final Arg<String> ID = Arg.sstr("Id");
    static final Arg<String> CLAIM_ID = Arg.sstr("ClaimId");
    static final Arg<Double> USER_CPU = Arg.real("RemoteUserCpu");
    static final Arg<Double> SYS_CPU = Arg.real("RemoteSysCpu");
    static final Arg<Double> WALL_CLOCK = Arg.real("RemoteWallClockTime");

    public static final Method<JobUsage, Done> METHOD = Method.<JobUsage, Done>of("scheduler", "JobUsage")
            .inputs(ID, CLAIM_ID, USER_CPU, SYS_CPU, WALL_CLOCK, StarterUsage.IMAGE_SIZE, StarterUsage.RESIDENT_SET_SIZE,
                    StarterUsage.MEMORY_USAGE, StarterUsage.DISK_USAGE)
            .request(a -> new JobUsage(a.get(ID), a.get(CLAIM_ID), a.get(USER_CPU), a.get(SYS_CPU), a.get(WALL_CLOCK),
                    StarterUsage.read(a)),
                    q -> q.usage().write(MethodArguments.writer().put(ID, q.id()).put(CLAIM_ID, q.claimId())
                            .put(USER_CPU, q.remoteUserCpu()).put(SYS_CPU, q.remoteSysCpu()).put(WALL_CLOCK, q.remoteWallClockTime())))
            .done();

    public JobUsage {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(claimId, "claimId");
        Objects.requireNonNull(usage, "usage");
    }

    @Override
    public Method<JobUsage, Done> method() {
        return METHOD;
    }
}
