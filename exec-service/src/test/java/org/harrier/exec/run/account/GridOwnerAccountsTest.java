package org.harrier.exec.run.account;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import org.harrier.classad.ClassAd;
import org.junit.jupiter.api.Test;

/** A personal grid's execute node: its owner's jobs run as the node's account, nobody else's do. */
class GridOwnerAccountsTest {
    private static final JobAccounts ROOT_GRID_OF_ALICE = new JobAccounts(RunAsPolicy.DEFAULT, true).withGridOwner("alice");

    private static ClassAd ownedBy(String owner) {
        return ClassAd.parse("[ Owner = \"" + owner + "\"; Cmd = \"/bin/true\" ]");
    }

    @Test
    void theGridOwnersJobsRunAsTheNodesOwnAccount() {
        assertEquals(RunAs.STARTD, ROOT_GRID_OF_ALICE.of(ownedBy("alice")));
    }

    @Test
    void anotherOwnersJobOnARootNodeIsSwitchedAndNeverRunsAsRoot() {
        RunAs asRoot = ROOT_GRID_OF_ALICE.of(ownedBy("root"));
        if (asRoot instanceof RunAs.User user) {
            assertEquals(RunAsPolicy.DEFAULT_SLOT_USER, user.account().name());
        } else {
            assertInstanceOf(RunAs.Refused.class, asRoot, "a job claiming root ran as " + asRoot);
        }
    }
}
