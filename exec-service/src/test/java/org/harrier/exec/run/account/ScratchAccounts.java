package org.harrier.exec.run.account;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Local accounts a test makes with useradd (a home of their own, a group of their own) and
 * removes with userdel -r when closed. An account of the same name left by a crashed run is
 * removed first. Root only; each test class uses names of its own, so test JVMs running at the
 * same time never share one.
 */
public final class ScratchAccounts implements AutoCloseable {
    private final List<String> made = new ArrayList<>();

    /** A new account {@code name}, as the host now has it. */
    public LocalAccount add(String name) {
        if (Accounts.named(name).isPresent()) {
            remove(name);
        }
        run("useradd", "-m", "-U", "-s", "/bin/sh", name);
        made.add(name);
        return Accounts.named(name).orElseThrow(() -> new IllegalStateException("useradd made no account " + name));
    }

    @Override
    public void close() {
        made.forEach(ScratchAccounts::remove);
        made.clear();
    }

    private static void remove(String name) {
        // userdel -r says 12 when the home or mail spool is already gone; the account is gone all the same
        run("userdel", "-r", "-f", name);
        if (Accounts.named(name).isPresent()) {
            throw new IllegalStateException("userdel left account " + name);
        }
    }

    private static String run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " did not finish in 30 s");
            }
            if (p.exitValue() != 0 && !(command[0].equals("userdel") && p.exitValue() == 12)) {
                throw new IllegalStateException(String.join(" ", command) + " failed (" + p.exitValue() + "): " + out);
            }
            return out;
        } catch (IOException e) {
            throw new IllegalStateException(String.join(" ", command) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted: " + String.join(" ", command));
        }
    }
}
