package org.harrier.bus;

/** Who invoked a method: the user the broker authenticated (null when security is off) and the console's reply address. */
public record Caller(String userId, String replyTo) {
}
