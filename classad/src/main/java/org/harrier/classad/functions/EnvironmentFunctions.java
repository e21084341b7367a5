package org.harrier.classad.functions;

import org.harrier.classad.FunctionTable;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;

/**
 * {@code envV1ToV2} and {@code mergeEnvironment}, which HTCondor registers in
 * compat_classad.cpp to convert and combine job environments ({@link EnvironmentVariables}
 * describes the two syntaxes). Both treat {@code undefined} as "no environment", so
 * {@code mergeEnvironment(envV1ToV2(Env), Environment, "FOO=BAR")} works whichever of the
 * attributes a job has.
 */
final class EnvironmentFunctions {
    private EnvironmentFunctions() {
    }

    static void register(FunctionTable.Builder b) {
        b.add("envV1ToV2", (args, ctx, scope) -> v1ToV2(new Args(args, ctx, scope)));
        b.add("mergeEnvironment", (args, ctx, scope) -> merge(new Args(args, ctx, scope)));
    }

    /** The V1 environment as V2 text; undefined stays undefined, anything else not a valid V1 string is error. */
    private static Value v1ToV2(Args a) {
        if (!a.sizeIs(1)) {
            return Value.ERROR;
        }
        Value v = a.value(0);
        if (v == Value.UNDEFINED) {
            return Value.UNDEFINED;
        }
        String text = Args.string(v);
        EnvironmentVariables env = new EnvironmentVariables();
        if (text == null || !env.mergeV1(text)) {
            return Value.ERROR;
        }
        return new StringValue(env.toV2());
    }

    /**
     * The V2 environments merged left to right, a later value for a name winning; undefined
     * arguments are skipped, and no arguments at all give the empty environment "".
     */
    private static Value merge(Args a) {
        EnvironmentVariables env = new EnvironmentVariables();
        for (Value v : a.values()) {
            if (v == Value.UNDEFINED) {
                continue;
            }
            String text = Args.string(v);
            if (text == null || !env.mergeV2(text)) {
                return Value.ERROR;
            }
        }
        return new StringValue(env.toV2());
    }
}
