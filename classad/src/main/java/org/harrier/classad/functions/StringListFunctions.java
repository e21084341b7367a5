package org.harrier.classad.functions;

import org.harrier.classad.FunctionTable;

final class StringListFunctions {
    private StringListFunctions() {
    }

    static void register(FunctionTable.Builder b) {
    }
}
