package org.harrier.classad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/** The raw V2 form condor_submit writes reads back as what was written, whatever the entries hold. */
class ArgListProperties {
    /** Characters that matter to the quoting rules, and a few that do not. */
    private static final String TRICKY = " \t'\"\\=;,#ab";

    private static Gen<String> text(String alphabet, int max) {
        return lists().of(integers().between(0, alphabet.length() - 1)).ofSizeBetween(0, max).map(ix -> {
            StringBuilder s = new StringBuilder();
            ix.forEach(i -> s.append(alphabet.charAt(i)));
            return s.toString();
        });
    }

    @Test
    void theRawFormCondorSubmitWritesSplitsBackIntoTheSameArguments() {
        qt().withExamples(1000).forAll(lists().of(text(TRICKY + "\n\r", 8)).ofSizeBetween(0, 6))
                .checkAssert(args -> assertEquals(args, ArgList.split(ArgList.join(args))));
    }
}
