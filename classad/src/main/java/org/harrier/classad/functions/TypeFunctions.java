package org.harrier.classad.functions;

import org.harrier.classad.FunctionTable;

final class TypeFunctions {
    private TypeFunctions() {
    }

    static void register(FunctionTable.Builder b) {
    }
}
