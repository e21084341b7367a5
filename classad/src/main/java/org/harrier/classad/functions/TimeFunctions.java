package org.harrier.classad.functions;

import org.harrier.classad.FunctionTable;

final class TimeFunctions {
    private TimeFunctions() {
    }

    static void register(FunctionTable.Builder b) {
    }
}
