package org.harrier.classad.functions;

import org.harrier.classad.FunctionTable;

final class EvalFunctions {
    private EvalFunctions() {
    }

    static void register(FunctionTable.Builder b) {
    }
}
