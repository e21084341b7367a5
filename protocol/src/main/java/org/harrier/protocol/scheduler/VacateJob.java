package org.harrier.protocol.scheduler;

import org.harrier.protocol.method.Method;

/** {@code scheduler.VacateJob}: condor_vacate_job: evict running or suspended jobs through their claims; Reason is accepted and not recorded. */
public record VacateJob(Jobs jobs, String reason) implements Jobs.Control {
    public static final Method<VacateJob, Jobs.Acted> METHOD = Jobs.control("VacateJob", VacateJob::new);

    public VacateJob {
        java.util.Objects.requireNonNull(jobs, "jobs");
    }

    @Override
    public Method<VacateJob, Jobs.Acted> method() {
        return METHOD;
    }
}
