package org.harrier.collector.accounting;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/** Every account, as of the last update ({@link Instant#EPOCH}: never updated). */
public record AccountantState(Instant updated, Map<String, Account> accounts) {
    public static final AccountantState EMPTY = new AccountantState(Instant.EPOCH, Map.of());

    public AccountantState {
        Objects.requireNonNull(updated, "updated");
        accounts = Map.copyOf(accounts);
    }

    /** This state with {@code name}'s account changed by {@code change} (created as a newcomer first). */
    public AccountantState with(String name, double defaultFactor, UnaryOperator<Account> change) {
        Map<String, Account> next = new TreeMap<>(accounts);
        next.put(name, change.apply(next.getOrDefault(name, Account.newcomer(name, false, defaultFactor))));
        return new AccountantState(updated, next);
    }
}
