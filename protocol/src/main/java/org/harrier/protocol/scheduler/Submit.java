package org.harrier.protocol.scheduler;

import java.util.Objects;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/** {@code scheduler.Submit} (alias SubmitJob): queue one job; the scheduler decides what a valid job ad is. */
public record Submit(ClassAd ad) implements Request<Submit.Submitted> {
    private static final Arg<ClassAd> AD = Arg.ad("Ad");
    private static final Arg<String> ID = Arg.sstr("Id");

    public static final Method<Submit, Submitted> METHOD = Method.<Submit, Submitted>of("scheduler", "Submit")
            .inputs(AD)
            .outputs(ID)
            .request(a -> new Submit(a.get(AD)), q -> MethodArguments.writer().put(AD, q.ad()))
            .answer(a -> new Submitted(a.get(ID)), r -> MethodArguments.writer().put(ID, r.id()))
            .build();

    public Submit {
        Objects.requireNonNull(ad, "ad");
    }

    /** The new job's id, {@code cluster.proc}. */
    public record Submitted(String id) {
    }

    @Override
    public Method<Submit, Submitted> method() {
        return METHOD;
    }
}
