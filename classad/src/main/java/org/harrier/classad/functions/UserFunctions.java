package org.harrier.classad.functions;

import org.harrier.classad.FunctionTable;

final class UserFunctions {
    private UserFunctions() {
    }

    static void register(FunctionTable.Builder b) {
    }
}
