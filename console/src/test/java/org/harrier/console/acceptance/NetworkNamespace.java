package org.harrier.console.acceptance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * A stand-in for another host: a network namespace joined to this one by a veth pair on a /30
 * of its own. A process started in it ({@code ip netns exec}) has only that link and its own
 * loopback, so it reaches the broker at {@link #hostAddress()} over a real (virtual) network
 * that a test can cut with {@link #unplug()}. Needs root and iproute2; {@link #available()} says
 * whether this machine has them. Closing it deletes the namespace and with it the pair.
 */
final class NetworkNamespace implements AutoCloseable {
    private final String name;
    private final String hostSide;
    private final String hostAddress;
    private final String address;

    private NetworkNamespace(String name, String hostSide, String hostAddress, String address) {
        this.name = name;
        this.hostSide = hostSide;
        this.hostAddress = hostAddress;
        this.address = address;
    }

    /** Whether namespaces can be made here: root, and {@code ip netns} works. */
    static boolean available() {
        if (!"root".equals(System.getProperty("user.name"))) {
            return false;
        }
        try {
            run(true, "ip", "netns", "list");
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Makes namespace number {@code index} (0..63) of this test run: names carry the process id
     * so that concurrent runs on one machine do not collide, and so does the subnet,
     * {@code 10.(200 + pid % 50).(index * 4).0/30}.
     */
    static NetworkNamespace create(int index) throws IOException {
        long pid = ProcessHandle.current().pid();
        String name = "harrier-" + pid + "-" + index;
        String hostSide = "hv" + pid % 100000 + "x" + index;
        String inside = "hn" + pid % 100000 + "x" + index;
        String prefix = "10." + (200 + pid % 50) + "." + (index * 4) + ".";
        NetworkNamespace ns = new NetworkNamespace(name, hostSide, prefix + "1", prefix + "2");
        try {
            run(true, "ip", "netns", "add", name);
            run(true, "ip", "link", "add", hostSide, "type", "veth", "peer", "name", inside);
            run(true, "ip", "link", "set", inside, "netns", name);
            run(true, "ip", "addr", "add", prefix + "1/30", "dev", hostSide);
            run(true, "ip", "link", "set", hostSide, "up");
            run(true, "ip", "netns", "exec", name, "ip", "addr", "add", prefix + "2/30", "dev", inside);
            run(true, "ip", "netns", "exec", name, "ip", "link", "set", inside, "up");
            run(true, "ip", "netns", "exec", name, "ip", "link", "set", "lo", "up");
        } catch (IOException | RuntimeException e) {
            ns.close();
            throw e;
        }
        return ns;
    }

    String name() {
        return name;
    }

    /** This side's end of the link: what a process in the namespace connects to. */
    String hostAddress() {
        return hostAddress;
    }

    /** The namespace's own address. */
    String address() {
        return address;
    }

    /** Takes the link down, as a pulled cable would: nothing in the namespace reaches out. */
    void unplug() throws IOException {
        run(true, "ip", "link", "set", hostSide, "down");
    }

    @Override
    public void close() throws IOException {
        run(false, "ip", "netns", "del", name);
        run(false, "ip", "link", "del", hostSide);
    }

    /** Runs a command; with {@code check}, a non-zero exit is an IOException with its output. */
    private static String run(boolean check, String... command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + " did not finish");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted running " + String.join(" ", command), e);
        }
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (check && p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed (" + p.exitValue() + "): " + output.strip());
        }
        return output;
    }
}
