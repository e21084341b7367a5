package org.harrier.protocol.negotiator;

import java.util.List;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/** {@code negotiator.GetPriorities}: every submitter's and group's record, best priority first (condor_userprio). */
public record GetPriorities() implements Request<List<AccountantRecord>> {
    private static final Arg<List<AccountantRecord>> SUBMITTERS = Arg.listOf("Submitters", AccountantRecord::read,
            AccountantRecord::toMap);

    public static final Method<GetPriorities, List<AccountantRecord>> METHOD =
            Method.<GetPriorities, List<AccountantRecord>>of("negotiator", "GetPriorities")
                    .outputs(SUBMITTERS)
                    .request(a -> new GetPriorities(), q -> MethodArguments.writer())
                    .answer(a -> a.get(SUBMITTERS), r -> MethodArguments.writer().put(SUBMITTERS, r))
                    .build();

    @Override
    public Method<GetPriorities, List<AccountantRecord>> method() {
        return METHOD;
    }
}
