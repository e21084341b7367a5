package org.harrier.protocol.job;

import java.util.Objects;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/** {@code job.GetAd}: the job object's whole ad, in the typed encoding {@code {Attr: {TYPE, VALUE}}}. */
public record GetTypedAd() implements Request<GetTypedAd.JobAd> {
    private static final Arg<ClassAd> AD = Arg.typedAd("Ad");

    public static final Method<GetTypedAd, JobAd> METHOD = Method.<GetTypedAd, JobAd>of("job", "GetAd")
            .outputs(AD)
            .request(a -> new GetTypedAd(), q -> MethodArguments.writer())
            .answer(a -> new JobAd(a.get(AD)), r -> MethodArguments.writer().put(AD, r.ad()))
            .build();

    public record JobAd(ClassAd ad) {
        public JobAd {
            Objects.requireNonNull(ad, "ad");
        }
    }

    @Override
    public Method<GetTypedAd, JobAd> method() {
        return METHOD;
    }
}
