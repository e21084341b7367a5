package org.harrier.classad.functions;

import org.harrier.classad.FunctionTable;

final class ListFunctions {
    private ListFunctions() {
    }

    static void register(FunctionTable.Builder b) {
    }
}
