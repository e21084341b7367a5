package org.harrier.classad.functions;

import org.harrier.classad.FunctionTable;

final class RegexFunctions {
    private RegexFunctions() {
    }

    static void register(FunctionTable.Builder b) {
    }
}
