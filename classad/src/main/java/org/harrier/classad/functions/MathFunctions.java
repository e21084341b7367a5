package org.harrier.classad.functions;

import org.harrier.classad.FunctionTable;

final class MathFunctions {
    private MathFunctions() {
    }

    static void register(FunctionTable.Builder b) {
    }
}
