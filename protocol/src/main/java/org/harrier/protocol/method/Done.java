package org.harrier.protocol.method;

/** The answer of a method that has no output arguments: it only says the call succeeded. */
public enum Done {
    DONE
}
