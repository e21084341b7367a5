package org.harrier.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class BrokerUrlTest {
    private static final String OPTIONS = "?" + BrokerUrl.OPTIONS;

    @Test
    void aPlainUrlBecomesAOneBrokerFailoverListWithoutCredentials() {
        BrokerUrl u = BrokerUrl.parse("amqp://127.0.0.1:5672");
        assertEquals("failover:(amqp://127.0.0.1:5672)" + OPTIONS, u.jmsUri());
        assertNull(u.user());
        assertNull(u.password());
    }

    @Test
    void userInfoIsTakenOutOfTheUrl() {
        BrokerUrl u = BrokerUrl.parse("amqps://alice:s3cr%40t@grid.example.org:5671");
        assertEquals("failover:(amqps://grid.example.org:5671)" + OPTIONS, u.jmsUri());
        assertEquals("alice", u.user());
        assertEquals("s3cr@t", u.password());
    }

    @Test
    void jmsUsernameAndPasswordOptionsWorkOnOneBrokerAsOnTheList() {
        BrokerUrl one = BrokerUrl.parse("amqp://h:5672?jms.username=bob&jms.password=pw&amqp.idleTimeout=0");
        assertEquals("failover:(amqp://h:5672?amqp.idleTimeout=0)" + OPTIONS, one.jmsUri());
        assertEquals("bob", one.user());
        assertEquals("pw", one.password());
        BrokerUrl list = BrokerUrl.parse("failover:(amqp://a:5672,amqp://b:5672)?jms.username=bob&jms.password=pw");
        assertEquals("failover:(amqp://a:5672,amqp://b:5672)" + OPTIONS, list.jmsUri());
        assertEquals("bob", list.user());
    }

    @Test
    void theLastOptionOfAFailoverUrlSurvives() {
        BrokerUrl u = BrokerUrl.parse("failover:(amqp://a:5672,amqp://b:5672)?failover.maxReconnectAttempts=3");
        assertEquals("failover:(amqp://a:5672,amqp://b:5672)" + OPTIONS + "&failover.maxReconnectAttempts=3", u.jmsUri());
    }

    @Test
    void twoDifferentUsersOrAUserWithoutPasswordAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> BrokerUrl.parse("failover:(amqp://a:p@h:1,amqp://b:p@h:2)"));
        assertThrows(IllegalArgumentException.class, () -> BrokerUrl.parse("amqp://alice@h:5672"));
        assertThrows(IllegalArgumentException.class, () -> BrokerUrl.parse("failover:(amqp://h:1"));
        assertThrows(IllegalArgumentException.class, () -> BrokerUrl.parse("h:5672"));
    }

    @Test
    void theDisplayFormShowsTheBrokersOnly() {
        assertEquals("amqp://a:5672,amqp://b:5672", Bus.display(BrokerUrl.parse("failover:(amqp://u:p@a:5672,amqp://b:5672)").jmsUri()));
    }
}
