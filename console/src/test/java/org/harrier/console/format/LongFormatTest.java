package org.harrier.console.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.harrier.classad.ClassAd;
import org.junit.jupiter.api.Test;

class LongFormatTest {
    @Test
    void eachAdInOldSyntaxFollowedByABlankLine() {
        List<ClassAd> ads = List.of(ClassAd.parse("[ a = 1; b = \"two\" ]"),
                ClassAd.parse("[ Requirements = TARGET.Memory >= RequestMemory && x ]"));
        assertEquals("""
                a = 1
                b = "two"

                Requirements = TARGET.Memory >= RequestMemory && x

                """, LongFormat.render(ads));
    }

    @Test
    void noAdsPrintNothing() {
        assertEquals("", LongFormat.render(List.of()));
    }
}
