package org.harrier.classad.functions;

import org.harrier.classad.FunctionTable;

final class StringFunctions {
    private StringFunctions() {
    }

    static void register(FunctionTable.Builder b) {
    }
}
