package org.harrier.collector.accounting;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The accountant's state on disk ({@code <spool>/accountant.json}, HTCondor's
 * Accountantnew.log), so usage and priorities outlive a negotiator restart. Each save writes a
 * new file, forces it to disk and renames it over the old one, so a crash leaves the previous
 * state or the new one, never half of either. A file that cannot be read is moved aside
 * ({@code .unreadable}) and the accountant starts empty, saying so.
 */
public final class AccountantFile {
    private static final Logger LOG = LoggerFactory.getLogger(AccountantFile.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    public static final String NAME = "accountant.json";

    private final Path file;

    public AccountantFile(Path spool) {
        this.file = spool.resolve(NAME);
    }

    public Path path() {
        return file;
    }

    public AccountantState load() {
        if (!Files.exists(file)) {
            return AccountantState.EMPTY;
        }
        try {
            Map<?, ?> root = JSON.readValue(file.toFile(), Map.class);
            Instant updated = Instant.ofEpochMilli(((Number) root.get("Updated")).longValue());
            Map<String, Account> accounts = new TreeMap<>();
            for (Object o : (List<?>) root.get("Accounts")) {
                Map<?, ?> m = (Map<?, ?>) o;
                String name = (String) m.get("Name");
                accounts.put(name, new Account(name, Boolean.TRUE.equals(m.get("IsAccountingGroup")),
                        number(m, "RealPriority"), number(m, "PriorityFactor"), number(m, "WeightedResourcesUsed"),
                        (long) number(m, "ResourcesUsed"), number(m, "AccumulatedUsageSeconds"),
                        (long) number(m, "BeginUsageTime"), (long) number(m, "LastUsageTime"), number(m, "UpDownIndex")));
            }
            return new AccountantState(updated, accounts);
        } catch (IOException | RuntimeException e) {
            Path aside = file.resolveSibling(NAME + ".unreadable");
            LOG.error("cannot read the accountant's state {} ({}); moved it to {} and starting with no usage recorded",
                    file, e.toString(), aside);
            try {
                Files.move(file, aside, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException moveFailed) {
                LOG.error("could not move {} aside: {}", file, moveFailed.toString());
            }
            return AccountantState.EMPTY;
        }
    }

    private static double number(Map<?, ?> m, String key) {
        Object v = m.get(key);
        if (!(v instanceof Number n)) {
            throw new IllegalArgumentException(key + " is not a number");
        }
        return n.doubleValue();
    }

    public void save(AccountantState state) throws IOException {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("Updated", state.updated().toEpochMilli());
        List<Map<String, Object>> accounts = new ArrayList<>();
        for (Account a : state.accounts().values()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("Name", a.name());
            m.put("IsAccountingGroup", a.group());
            m.put("RealPriority", a.realPriority());
            m.put("PriorityFactor", a.priorityFactor());
            m.put("WeightedResourcesUsed", a.weightedInUse());
            m.put("ResourcesUsed", a.slotsInUse());
            m.put("AccumulatedUsageSeconds", a.accumulatedUsage());
            m.put("BeginUsageTime", a.beginUsageTime());
            m.put("LastUsageTime", a.lastUsageTime());
            m.put("UpDownIndex", a.upDownIndex());
            accounts.add(m);
        }
        root.put("Accounts", accounts);
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling(NAME + ".tmp");
        Files.write(tmp, JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
            ch.force(true);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
