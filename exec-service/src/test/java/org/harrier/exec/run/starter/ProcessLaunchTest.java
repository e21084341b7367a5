package org.harrier.exec.run.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ProcessLaunchTest {
    String saved;

    @BeforeEach
    void save() {
        saved = System.getProperty(ProcessLaunch.PROPERTY);
    }

    @AfterEach
    void restore() {
        if (saved == null) {
            System.clearProperty(ProcessLaunch.PROPERTY);
        } else {
            System.setProperty(ProcessLaunch.PROPERTY, saved);
        }
    }

    @Test
    void vforkIsChosenWhenNobodyChoseAndAUsersChoiceStands() {
        System.clearProperty(ProcessLaunch.PROPERTY);
        ProcessLaunch.preferVfork();
        assertEquals("VFORK", System.getProperty(ProcessLaunch.PROPERTY), "on Linux");

        System.setProperty(ProcessLaunch.PROPERTY, "POSIX_SPAWN");
        ProcessLaunch.preferVfork();
        assertEquals("POSIX_SPAWN", System.getProperty(ProcessLaunch.PROPERTY));
    }
}
