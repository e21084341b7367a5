package org.harrier.scheduler.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which attributes are private (HTCondor's ClassAdPrivateAttrs) and what an ad shows without them. */
class PrivateAttributesTest {
    @ParameterizedTest(name = "{0} private: {1}")
    @CsvSource({
            "ClaimId, true", "claimid, true", "CLAIMID, true", "ClaimIds, true", "ClaimIdList, true",
            "ChildClaimIds, true", "Capability, true", "TransferKey, true", "_condor_privSecret, true", "_CONDOR_PRIV_x, true",
            "StartdAgent, false", "StartdSlot, false", "RemoteHost, false", "ClaimIdle, false", "MyClaimId, false",
            "_condor_other, false", "ClaimIdx, false", "Capabilities, false", "TransferKeys, false", "ChildClaimIdz, false",
            "_condor_privSecretWithANameLongerThanSixtyFourCharactersWhichNoMaskCovers, true",
            "AnAttributeWithANameLongerThanSixtyFourCharactersWhichNoLengthMaskCovers, false"})
    void privateNamesAreHtcondorsWhateverTheirCase(String name, boolean isPrivate) {
        assertEquals(isPrivate, PrivateAttributes.isPrivate(name));
    }

    @Test
    void anAdWithNothingPrivateIsShownAsItIs() {
        ClassAd ad = ClassAd.parse("[ClusterId = 1; ProcId = 0; RemoteHost = \"slot1_1@h\"]");
        assertSame(ad, PrivateAttributes.hidden(ad));
    }

    @Test
    void ownAndInheritedPrivateAttributesGoAndTheRestStaysEvaluable() {
        ClassAd cluster = ClassAd.parse("[ClusterId = 3; Capability = \"inherited\"; Cmd = \"/bin/true\"]");
        ClassAd proc = ClassAd.parse("[ProcId = 1; claimid = \"secret\"; StartdAgent = \"harrier:startd:h\"; "
                + "Label = strcat(Cmd, \":\", ProcId)]").chainedTo(cluster);
        ClassAd shown = PrivateAttributes.hidden(proc);
        assertNull(shown.lookup("ClaimId"));
        assertNull(shown.lookup("Capability"));
        assertEquals(Expr.parse("\"harrier:startd:h\""), shown.lookup("StartdAgent"));
        assertEquals(Expr.parse("\"/bin/true:1\""), shown.evaluate("Label"));
        assertEquals(5, shown.size());
    }
}
