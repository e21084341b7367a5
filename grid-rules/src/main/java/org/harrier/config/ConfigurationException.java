package org.harrier.config;

/**
 * A configuration file that cannot be read as written, or a knob whose value is not what its
 * reader needs. The message names the file and line (and the knob, when there is one), so a
 * daemon can print it as is and refuse to start.
 */
public final class ConfigurationException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public ConfigurationException(String message) {
        super(message);
    }
}
