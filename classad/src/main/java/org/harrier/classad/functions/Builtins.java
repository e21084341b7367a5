package org.harrier.classad.functions;

import org.harrier.classad.FunctionTable;

/**
 * Every built-in function of HTCondor's manual ("ClassAd built-in functions"), assembled in one
 * place. Each family registers its own functions; a name registered twice fails at start-up.
 */
public final class Builtins {
    private Builtins() {
    }

    public static FunctionTable table() {
        FunctionTable.Builder b = FunctionTable.builder();
        TypeFunctions.register(b);
        MathFunctions.register(b);
        ListFunctions.register(b);
        StringFunctions.register(b);
        StringListFunctions.register(b);
        RegexFunctions.register(b);
        TimeFunctions.register(b);
        EvalFunctions.register(b);
        EnvironmentFunctions.register(b);
        UserFunctions.register(b);
        return b.build();
    }
}
