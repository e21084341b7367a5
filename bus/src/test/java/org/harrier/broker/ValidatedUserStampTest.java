package org.harrier.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.Connection;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A personal broker's security as a client meets it: the users it makes on first start, owner-only
 * files, refused logins, and the user and roles stamped on every message whatever the sender
 * wrote there.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ValidatedUserStampTest {
    private static final String QUEUE = "qmf.grid.agent.harrier.scheduler.stamp_host";

    @TempDir
    static Path dir;
    static GridBroker broker;

    @BeforeAll
    static void start() {
        broker = GridBroker.start(BrokerSettings.personal(dir.resolve("data")).withPort(0));
        broker.security().addUser("alice", List.of(SecurityDirectory.Role.CONSOLE), "alice-pw");
        broker.security().addUser("exec", List.of(SecurityDirectory.Role.SERVICE, SecurityDirectory.Role.STARTD), "exec-pw");
    }

    @AfterAll
    static void stop() {
        broker.close();
    }

    @Test
    void aNewPersonalBrokerMakesItsOwnerAndServiceUsersInAnOwnerOnlyDirectory() throws Exception {
        SecurityDirectory security = broker.security();
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(security.path())));
        for (Path file : List.of(security.usersFile(), security.rolesFile(), security.passwordFile(GridBroker.owner()),
                security.passwordFile(SecurityDirectory.SERVICE_USER))) {
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)), file.toString());
        }
        String users = Files.readString(security.usersFile());
        assertTrue(!users.contains(security.password(GridBroker.owner())), "the users file holds hashes, not passwords");
    }

    @Test
    void connectionsWithoutCredentialsOrWithAWrongPasswordAreRefused() {
        assertThrows(JMSSecurityException.class, () -> Amqp.connect(broker.url()).close());
        assertThrows(JMSSecurityException.class, () -> Amqp.connect(broker.url(), GridBroker.owner(), "wrong").close());
        assertThrows(JMSSecurityException.class, () -> Amqp.connect(broker.url(), "nobody-here", "alice-pw").close());
    }

    @Test
    void everyMessageCarriesItsSendersUserAndRolesWhateverTheSenderWroteThere() throws Exception {
        try (Connection owner = Amqp.connect(broker); Connection alice = Amqp.connect(broker.url(), "alice", "alice-pw")) {
            Session as = alice.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer producer = as.createProducer(as.createQueue(QUEUE));
            Message forged = as.createTextMessage("hold job 1.0");
            forged.setStringProperty(ValidatedUserStamp.USER, GridBroker.owner());
            forged.setStringProperty(ValidatedUserStamp.ROLES, "admin");
            producer.send(forged);
            producer.send(as.createTextMessage("plain"));
            // Half right is wrong: the broker lets a message through unchanged only when both are.
            Message rightUserWrongRoles = as.createTextMessage("release job 1.0");
            rightUserWrongRoles.setStringProperty(ValidatedUserStamp.USER, "alice");
            rightUserWrongRoles.setStringProperty(ValidatedUserStamp.ROLES, "admin");
            producer.send(rightUserWrongRoles);
            Message rightRolesWrongUser = as.createTextMessage("remove job 1.0");
            rightRolesWrongUser.setStringProperty(ValidatedUserStamp.USER, "bob");
            rightRolesWrongUser.setStringProperty(ValidatedUserStamp.ROLES, "console");
            producer.send(rightRolesWrongUser);
            Message right = as.createTextMessage("as stamped before");
            right.setStringProperty(ValidatedUserStamp.USER, "alice");
            right.setStringProperty(ValidatedUserStamp.ROLES, "console");
            producer.send(right);

            Session os = owner.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue queue = os.createQueue(QUEUE);
            try (MessageConsumer consumer = os.createConsumer(queue)) {
                for (int i = 0; i < 5; i++) {
                    Message m = consumer.receive(Amqp.DEADLINE_MS);
                    assertNotNull(m, "message " + i + " did not arrive");
                    assertEquals("alice", m.getStringProperty(ValidatedUserStamp.USER));
                    assertEquals("console", m.getStringProperty(ValidatedUserStamp.ROLES));
                }
            }
            MessageProducer own = os.createProducer(queue);
            own.send(os.createTextMessage("from the owner"));
            try (MessageConsumer consumer = os.createConsumer(queue)) {
                Message m = consumer.receive(Amqp.DEADLINE_MS);
                assertEquals(GridBroker.owner(), m.getStringProperty(ValidatedUserStamp.USER));
                assertEquals("admin", m.getStringProperty(ValidatedUserStamp.ROLES));
            }
        }
    }

    /** The collector reads a daemon ad's publisher from the stamp, so a forged one must not survive. */
    @Test
    void aDaemonAdCarriesItsPublishersUserAndRolesWhateverThePublisherWroteThere() throws Exception {
        String submitters = "qmf.grid.ind.data.mrg_grid.submitter.harrier.startd.h";
        try (Connection owner = Amqp.connect(broker); Connection exec = Amqp.connect(broker.url(), "exec", "exec-pw")) {
            Session os = owner.createSession(false, Session.AUTO_ACKNOWLEDGE);
            try (MessageConsumer watcher = os.createConsumer(os.createTopic("qmf.grid.ind.data.mrg_grid.submitter.#"))) {
                Session es = exec.createSession(false, Session.AUTO_ACKNOWLEDGE);
                Message forged = es.createTextMessage("_data_indication");
                forged.setStringProperty(ValidatedUserStamp.USER, GridBroker.owner());
                forged.setStringProperty(ValidatedUserStamp.ROLES, "admin,schedd");
                es.createProducer(es.createTopic(submitters)).send(forged);
                Message m = watcher.receive(Amqp.DEADLINE_MS);
                assertNotNull(m, "the ad did not arrive");
                assertEquals("exec", m.getStringProperty(ValidatedUserStamp.USER));
                assertEquals("service,startd", m.getStringProperty(ValidatedUserStamp.ROLES));
            }
        }
    }
}
