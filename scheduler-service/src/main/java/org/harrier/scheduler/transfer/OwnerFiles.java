package org.harrier.scheduler.transfer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.regex.Pattern;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Files a root scheduler creates for a job in its submitter's directories (its user log, the
 * outputs and directories transferred back into its Iwd) are handed to the job's Owner, as
 * HTCondor's schedd and shadow write them as the user: chown after create. Only when this
 * process is root, the Owner is an account here (getent passwd) whose uid is {@link #MIN_UID}
 * or more and whose group is not root's (the execute side's MIN_UID default), and the new
 * file's directory is the Owner's own, so the Owner gains nothing it could not have made there
 * itself (a directory the Owner reached through a link to someone else's gets nothing). The
 * file is changed only if it is still the one root made (root's, not a link: lchown).
 * Otherwise files stay as created, as before. Immutable; blocking (a lookup); any thread.
 */
public final class OwnerFiles {
    private static final Logger LOG = LoggerFactory.getLogger(OwnerFiles.class);
    public static final int MIN_UID = 1000;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.][A-Za-z0-9_.-]{0,31}\\$?");

    /** An account files are handed to. */
    public record Owner(String name, int uid, int gid) {
    }

    private final boolean root;
    private final Function<String, Optional<Owner>> accounts;

    OwnerFiles(boolean root, Function<String, Optional<Owner>> accounts) {
        this.root = root;
        this.accounts = accounts;
    }

    /** As this process is: root or not, accounts from getent. */
    public static OwnerFiles detect() {
        return new OwnerFiles(root(), OwnerFiles::lookup);
    }

    /** The account files made for a job of {@code owner} go to; empty: leave them as created. */
    public Optional<Owner> accountOf(String owner) {
        if (!root || owner == null || !NAME.matcher(owner).matches()) {
            return Optional.empty();
        }
        return accounts.apply(owner).filter(a -> a.uid() >= MIN_UID && a.gid() != 0);
    }

    /** Hands {@code created} (a file or directory root just made) to {@code account} if it lies in the account's directory. */
    public static void hand(Path created, Owner account) {
        try {
            Path dir = created.toAbsolutePath().getParent().toRealPath();
            if (uid(dir) != account.uid() || Files.isSymbolicLink(created) || uid(created) != 0) {
                return;
            }
            Files.setAttribute(created, "unix:uid", account.uid(), LinkOption.NOFOLLOW_LINKS);
            Files.setAttribute(created, "unix:gid", account.gid(), LinkOption.NOFOLLOW_LINKS);
        } catch (IOException | RuntimeException e) {
            LOG.warn("cannot hand {} to {}: {}", created, account.name(), e.toString());
        }
    }

    private static int uid(Path p) throws IOException {
        return (Integer) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS);
    }

    private static boolean root() {
        try {
            return Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("Uid:"))
                    .anyMatch(l -> l.substring(4).trim().split("\\s+")[1].equals("0"));
        } catch (IOException e) {
            return false;
        }
    }

    /** {@code getent passwd NAME}; an entry found by a numeric name is another account's, not this one. */
    private static Optional<Owner> lookup(String name) {
        try {
            Process p = new ProcessBuilder("getent", "passwd", name).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                return Optional.empty();
            }
            String[] f = out.lines().findFirst().orElse("").split(":", -1);
            return f.length >= 7 && f[0].equals(name)
                    ? Optional.of(new Owner(name, Integer.parseInt(f[2]), Integer.parseInt(f[3]))) : Optional.empty();
        } catch (IOException | NumberFormatException e) {
            LOG.warn("cannot look up account {}: {}", name, e.toString());
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
