package org.harrier.exec.run.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What the switched start's report says: started, or which step failed with which hold code. */
class AccountSwitchTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            'Iwd Cmd In Out Err '                                        | 0  | ''
            'setpriv: setresuid failed: Operation not permitted'         | 6  | switching to the account failed: setpriv: setresuid failed
            'Iwd sh: 2: cd: can''t cd to /home/a'                        | 14 | Iwd failed: sh: 2: cd: can't cd to /home/a
            'Iwd Cmd it cannot be executed'                              | 6  | Cmd failed: it cannot be executed
            'Iwd Cmd In sh: 4: cannot open /x/in: Permission denied'     | 8  | In failed: sh: 4: cannot open /x/in
            'Iwd Cmd In Out sh: 5: cannot create /x/out: Permission denied' | 7 | Out failed: sh: 5: cannot create /x/out
            'Iwd Cmd In Out Err sh: 6: cannot create /x/err: Is a directory' | 7 | Err failed: sh: 6: cannot create /x/err
            'Iwd Cmd '                                                   | 6  | Cmd failed: the process ended
            ''                                                           | 6  | switching to the account failed: the process ended
            """)
    void aReportIsAStartOrTheStepThatFailed(String report, int code, String says) {
        Optional<JobSetupException> failed = AccountSwitch.failure(report, "alice");
        if (code == 0) {
            assertEquals(Optional.empty(), failed);
            return;
        }
        JobSetupException e = failed.orElseThrow();
        assertEquals(code, e.holdReasonCode());
        assertTrue(e.getMessage().startsWith("as account alice, " + says), e.getMessage());
    }
}
