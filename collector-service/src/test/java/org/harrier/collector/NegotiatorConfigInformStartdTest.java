package org.harrier.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.harrier.config.Configuration;
import org.harrier.config.ConfigurationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** NEGOTIATOR_INFORM_STARTD in the configuration file: HTCondor's default (false) unless set, and a bad value named. */
class NegotiatorConfigInformStartdTest {
    private static NegotiatorSettings read(String text) {
        return NegotiatorConfig.negotiator(Configuration.parse(text, "test.config", Path.of(".")), NegotiatorSettings.defaults());
    }

    @ParameterizedTest(name = "[{index}] ''{0}'' -> {1}")
    @CsvSource(delimiter = '|', value = {
            "                                  | false",
            "NEGOTIATOR_INFORM_STARTD = True   | true",
            "NEGOTIATOR_INFORM_STARTD = false  | false",
            "NEGOTIATOR_INFORM_STARTD = 1      | true",
            "OTHER_KNOB = 3                    | false",
    })
    void theKnobSaysWhetherStartdsHearOfMatches(String text, boolean inform) {
        assertEquals(inform, read(text == null ? "" : text).informStartd());
    }

    @Test
    void aValueThatIsNotABooleanIsRefusedNamingTheKnob() {
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> read("NEGOTIATOR_INFORM_STARTD = perhaps"));
        assertTrue(e.getMessage().contains("NEGOTIATOR_INFORM_STARTD"), e.getMessage());
    }

    @Test
    void otherKnobsKeepTheSetting() {
        assertTrue(read("NEGOTIATOR_INFORM_STARTD = true\nPRIORITY_HALFLIFE = 60\nDEFAULT_PRIO_FACTOR = 10").informStartd());
    }
}
