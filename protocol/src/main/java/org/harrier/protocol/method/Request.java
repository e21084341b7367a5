package org.harrier.protocol.method;

/**
 * A method call as a value: a method record that a console sends and an agent receives.
 * {@code R} is what the method answers.
 */
public interface Request<R> {
    /** The method this request calls; its declaration reads and writes the request and the answer. */
    Method<?, R> method();
}
