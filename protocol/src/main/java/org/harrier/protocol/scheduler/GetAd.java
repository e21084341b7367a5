package org.harrier.protocol.scheduler;

import java.util.Objects;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/** {@code scheduler.GetAd} (alias GetJobAd): the ad of job {@code id} ({@code cluster.proc}), queued or in the history. */
public record GetAd(String id) implements Request<GetAd.JobAd> {
    private static final Arg<String> ID = Arg.sstr("Id");
    private static final Arg<ClassAd> AD = Arg.ad("Ad");

    public static final Method<GetAd, JobAd> METHOD = Method.<GetAd, JobAd>of("scheduler", "GetAd")
            .inputs(ID)
            .outputs(AD)
            .request(a -> new GetAd(a.get(ID)), q -> MethodArguments.writer().put(ID, q.id()))
            .answer(a -> new JobAd(a.get(AD)), r -> MethodArguments.writer().put(AD, r.ad()))
            .build();

    public GetAd {
        Objects.requireNonNull(id, "id");
    }

    public record JobAd(ClassAd ad) {
        public JobAd {
            Objects.requireNonNull(ad, "ad");
        }
    }

    @Override
    public Method<GetAd, JobAd> method() {
        return METHOD;
    }
}
