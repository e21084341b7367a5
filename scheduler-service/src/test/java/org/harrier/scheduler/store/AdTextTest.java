package org.harrier.scheduler.store;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.TreeSet;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.junit.jupiter.api.Test;

/** A history ad's text parsed whole, or only as far as a constraint reads it. */
class AdTextTest {
    private static final byte[] AD = ("Cmd = \"/bin/true\"\nExitCode = ExitBySignal ? 0 : RawCode\nRawCode = 1\n"
            + "ExitBySignal = false\nRequirements = TARGET.Memory > 10\n*** ProcId = 0 ClusterId = 7\n").getBytes(StandardCharsets.UTF_8);

    private static Set<String> names(ClassAd ad) {
        Set<String> out = new TreeSet<>();
        ad.forEach((name, value) -> out.add(name));
        return out;
    }

    @Test
    void aConstraintGetsWhatItReadsAndWhatThoseValuesRead() {
        HistoryKeys keys = HistoryKeys.of(Expr.parse("exitcode == 1"));
        ClassAd read = AdText.reading(AD, 0, AD.length, keys.reads());
        assertAll(() -> assertEquals(Set.of("exitcode"), keys.reads()),
                () -> assertEquals(Set.of("ExitBySignal", "ExitCode", "RawCode"), names(read)),
                () -> assertEquals(read.evaluate("ExitCode"), AdText.whole(AD, 0, AD.length).evaluate("ExitCode")),
                () -> assertEquals(5, names(AdText.whole(AD, 0, AD.length)).size()));
    }

    @Test
    void aNameComputedAtRunTimeMeansTheWholeAdIsRead() {
        byte[] computing = "A = eval(\"B\")\nB = 1\n*** ProcId = 0 ClusterId = 7\n".getBytes(StandardCharsets.UTF_8);
        assertAll(() -> assertNull(HistoryKeys.of(Expr.parse("eval(\"Exit\" + \"Code\") == 1")).reads()),
                () -> assertNull(AdText.reading(computing, 0, computing.length, Set.of("a")), "a value that computes a name"),
                () -> assertEquals(Set.of("A", "B"), names(AdText.whole(computing, 0, computing.length))));
    }

    @Test
    void textThatIsNotAnAdIsNone() {
        byte[] bad = "Cmd = \"/bin/true\nOwner = \"al\n*** ProcId = 0 ClusterId = 8\n".getBytes(StandardCharsets.UTF_8);
        byte[] bannerOnly = "*** ProcId = 0 ClusterId = 9\n".getBytes(StandardCharsets.UTF_8);
        assertAll(() -> assertNull(AdText.whole(bad, 0, bad.length)),
                () -> assertNull(AdText.reading(bad, 0, bad.length, Set.of("owner"))),
                () -> assertNull(AdText.whole(bannerOnly, 0, bannerOnly.length)));
    }

    @Test
    void anAdInTheMiddleOfABlockIsReadFromItsOwnBytesWhateverTheTextBeforeIt() {
        byte[] ad = "Cmd = \"/bin/caf\u00e9 \u2603\"\nEXITCODE = 3\nOwner = \"b\u00f6b\"\n*** ProcId = 1 ClusterId = 7\n"
                .getBytes(StandardCharsets.UTF_8);
        byte[] block = new byte[AD.length + ad.length + 5];
        System.arraycopy(AD, 0, block, 0, AD.length);
        System.arraycopy(ad, 0, block, AD.length, ad.length);
        ClassAd read = AdText.reading(block, AD.length, ad.length, Set.of("exitcode"));
        ClassAd whole = AdText.whole(block, AD.length, ad.length);
        assertAll(() -> assertEquals(Set.of("EXITCODE"), names(read), "a name matches in any case"),
                () -> assertEquals(3L, ((org.harrier.classad.IntegerValue) read.evaluate("ExitCode")).value()),
                () -> assertEquals(Set.of("Cmd", "EXITCODE", "Owner"), names(whole)),
                () -> assertEquals("b\u00f6b", ((org.harrier.classad.StringValue) whole.evaluate("Owner")).value()),
                () -> assertEquals("/bin/caf\u00e9 \u2603", ((org.harrier.classad.StringValue) whole.evaluate("Cmd")).value()));
    }
}
