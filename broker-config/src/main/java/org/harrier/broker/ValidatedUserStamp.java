package org.harrier.broker;

import java.security.Principal;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import javax.security.auth.Subject;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.core.server.ServerSession;
import org.apache.activemq.artemis.core.server.plugin.ActiveMQServerPlugin;
import org.apache.activemq.artemis.core.transaction.Transaction;
import org.apache.activemq.artemis.spi.core.protocol.RemotingConnection;
import org.apache.activemq.artemis.spi.core.security.jaas.RolePrincipal;

/**
 * Stamps every request a client sends to an agent, and every daemon ad it publishes, with the
 * user the broker authenticated on its connection and that user's roles, overwriting whatever the
 * client put in those two properties. Agents read the caller, and the collector an ad's
 * publisher, from these, never from a property a client chooses (docs/security.md).
 *
 * <p>Artemis's own {@code populate-validated-user} does this for Core messages only (an AMQP
 * message ignores {@code setValidatedUserID}), so this plugin does it for AMQP, under the same
 * property name. A message from a connection without an authenticated user (security off) has
 * both properties removed, so a client cannot name itself there either.
 *
 * <p>Thread safety: called on Artemis's delivery threads; the role cache is concurrent and keyed
 * by connection, whose subject does not change after authentication.
 */
public final class ValidatedUserStamp implements ActiveMQServerPlugin {
    /** The authenticated user name: Artemis's name for the validated user of a Core message. */
    public static final String USER = "_AMQ_VALIDATED_USER";
    /** The user's roles, comma-separated in name order (artemis-roles.properties). */
    public static final String ROLES = "_HARRIER_VALIDATED_ROLES";

    /**
     * Only requests to agents are stamped, and the daemon ads the collector keeps (slot, scheduler
     * and submitter data indications): a method handler reads the caller, and the collector keeps
     * an ad only from a publisher with its daemon's role (docs/protocols.md, "Authorisation").
     * Those ads are few (a daemon sends its latest state at most every 100 ms). Job indications,
     * the bulk of a busy grid's, events and heartbeats are guarded by who may send to their
     * address (broker.xml's security-settings), and replies go to the requester's own temporary
     * queue: re-encoding them would cost the grid a share of its throughput for nothing anyone reads.
     */
    static final String REQUESTS = "qmf.grid.agent.";
    static final List<String> STAMPED = List.of(REQUESTS, "qmf.grid.ind.data.mrg_grid.slot.",
            "qmf.grid.ind.data.mrg_grid.scheduler.", "qmf.grid.ind.data.mrg_grid.submitter.");

    private final Map<Object, String> rolesByConnection = new ConcurrentHashMap<>();

    @Override
    public void beforeSend(ServerSession session, Transaction tx, Message message, boolean direct,
                           boolean noAutoCreateQueue) {
        String address = message.getAddress();
        if (address == null || !stamped(address)) {
            return;
        }
        String user = session.getValidatedUser();
        if (user == null || user.isEmpty()) {
            if (message.getObjectProperty(USER) != null || message.getObjectProperty(ROLES) != null) {
                message.removeProperty(USER);
                message.removeProperty(ROLES);
                message.reencode();
            }
            return;
        }
        RemotingConnection connection = session.getRemotingConnection();
        String roles = connection == null ? "" : rolesByConnection.computeIfAbsent(connection.getID(), id -> roles(connection.getSubject()));
        if (user.equals(message.getObjectProperty(USER)) && roles.equals(message.getObjectProperty(ROLES))) {
            // Already right: Harrier's consoles send what the broker stamped on their last request
            // (bus's Console), and re-encoding the whole message for the same two values would
            // cost every request an encoding pass.
            return;
        }
        message.putStringProperty(USER, user);
        message.putStringProperty(ROLES, roles);
        message.reencode();
    }

    /** A loop, not a stream: this runs for every message the broker takes. */
    private static boolean stamped(String address) {
        for (String prefix : STAMPED) {
            if (address.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void afterDestroyConnection(RemotingConnection connection) {
        rolesByConnection.remove(connection.getID());
    }

    static String roles(Subject subject) {
        if (subject == null) {
            return "";
        }
        TreeSet<String> names = new TreeSet<>();
        for (Principal p : subject.getPrincipals()) {
            if (p instanceof RolePrincipal) {
                names.add(p.getName());
            }
        }
        return String.join(",", names);
    }
}
