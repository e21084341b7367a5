package org.harrier.classad.functions;

import org.harrier.classad.FunctionTable;

final class EnvironmentFunctions {
    private EnvironmentFunctions() {
    }

    static void register(FunctionTable.Builder b) {
    }
}
