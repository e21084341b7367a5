package org.harrier.protocol.negotiator;

import java.util.Map;
import java.util.Objects;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/** {@code negotiator.GetStats}: the accountant's record of submitter or accounting group {@code name}. */
public record GetStats(String name) implements Request<AccountantRecord> {
    private static final Arg<String> NAME = Arg.sstr("Name");
    private static final Arg<Map<String, Object>> AD = Arg.map("Ad");

    public static final Method<GetStats, AccountantRecord> METHOD = Method.<GetStats, AccountantRecord>of("negotiator", "GetStats")
            .inputs(NAME)
            .outputs(AD)
            .request(a -> new GetStats(a.get(NAME)), q -> MethodArguments.writer().put(NAME, q.name()))
            .answer(a -> AccountantRecord.read(a.get(AD), "GetStats' Ad"), r -> MethodArguments.writer().put(AD, r.toMap()))
            .build();

    public GetStats {
        Objects.requireNonNull(name, "name");
    }

    @Override
    public Method<GetStats, AccountantRecord> method() {
        return METHOD;
    }
}
