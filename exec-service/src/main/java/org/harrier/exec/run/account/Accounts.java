package org.harrier.exec.run.account;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Finding local accounts and who this process is. An account is looked up with {@code getent
 * passwd NAME} rather than by reading /etc/passwd, so accounts from NSS (LDAP, sssd) count as
 * they do for login and for setpriv's --init-groups; the JDK's UserPrincipalLookupService gives
 * a name but no uid, gid or home. A name that is not an account name ({@link
 * RunAsPolicy#validName}) is never passed on. Blocking (one short process); any thread.
 */
public final class Accounts {
    private static final String GETENT = "/usr/bin/getent";

    private Accounts() {
    }

    /**
     * True when this process's effective uid is 0, read from /proc/self/status (the owner of
     * /proc/self is root for any process that is not dumpable, so it cannot tell).
     */
    public static boolean root() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) {
                    return line.substring(4).trim().split("\\s+")[1].equals("0");
                }
            }
            throw new IllegalStateException("/proc/self/status has no Uid line");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read who this process is from /proc/self/status", e);
        }
    }

    /** The account called {@code name}, empty when there is none (or the name is not one). */
    public static Optional<LocalAccount> named(String name) {
        if (!RunAsPolicy.validName(name)) {
            return Optional.empty();
        }
        try {
            Process p = new ProcessBuilder(GETENT, "passwd", name).redirectErrorStream(true).start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("getent passwd " + name + " did not answer in 10 s");
            }
            // getent: 0 found, 2 no such key; anything else is a broken lookup, not a missing account.
            if (p.exitValue() == 2) {
                return Optional.empty();
            }
            if (p.exitValue() != 0) {
                throw new IllegalStateException("getent passwd " + name + " failed with " + p.exitValue() + ": "
                        + new String(out, StandardCharsets.UTF_8).strip());
            }
            return parse(new String(out, StandardCharsets.UTF_8).lines().findFirst().orElse(""), name);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot look up account " + name + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted looking up account " + name);
        }
    }

    /**
     * Pure: the account of a passwd line ({@code name:x:uid:gid:gecos:home:shell}) if it is the
     * one called {@code name}. getent also finds an entry by a numeric "name" (its uid): such an
     * entry is another account's, so it does not count.
     */
    static Optional<LocalAccount> parse(String line, String name) {
        String[] f = line.split(":", -1);
        if (f.length < 7 || !f[0].equals(name)) {
            return Optional.empty();
        }
        try {
            return Optional.of(new LocalAccount(f[0], Integer.parseInt(f[2]), Integer.parseInt(f[3]),
                    Path.of(f[5].isEmpty() ? "/" : f[5])));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
