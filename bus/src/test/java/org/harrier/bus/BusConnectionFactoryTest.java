package org.harrier.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.net.ssl.SSLContext;
import org.apache.qpid.jms.JmsConnectionExtensions;
import org.apache.qpid.jms.meta.JmsConnectionInfo;
import org.junit.jupiter.api.Test;

/** The connection settings BusConnectionFactory copies by hand are the ones Qpid JMS copies through java.beans. */
class BusConnectionFactoryTest {
    private static final String BROKERS = "failover:(amqp://127.0.0.1:5672)?" + BrokerUrl.OPTIONS;
    /** Every connection setting of Qpid JMS's factory, each away from its default. */
    private static final String EVERY_OPTION = "&jms.forceAsyncSend=true&jms.forceSyncSend=true&jms.forceAsyncAcks=true"
            + "&jms.localMessagePriority=true&jms.localMessageExpiry=false&jms.receiveLocalOnly=true"
            + "&jms.receiveNoWaitLocalOnly=true&jms.populateJMSXUserID=true&jms.closeLinksThatFailOnReconnect=true"
            + "&jms.queuePrefix=q.&jms.topicPrefix=t.&jms.validateSelector=false&jms.awaitClientID=false"
            + "&jms.useDaemonThread=true&jms.sendTimeout=1234&jms.requestTimeout=2345&jms.closeTimeout=3456"
            + "&jms.connectTimeout=4567&jms.clientID=harrier-test&jms.prefetchPolicy.all=7"
            + "&jms.redeliveryPolicy.maxRedeliveries=3&jms.presettlePolicy.presettleAll=true"
            + "&jms.messageIDPolicy.messageIDType=UUID&jms.deserializationPolicy.allowList=org.harrier";
    /** Settings that name the connection rather than configure it: generated ids, the URI. */
    private static final Set<String> IDENTITY = Set.of("clientId", "configuredURI", "connectedURI");

    @Test
    void defaultsAreCopiedAsQpidJmsCopiesThem() throws Exception {
        BusConnectionFactory factory = new BusConnectionFactory(BROKERS);
        assertSameSettings(factory.introspectedInfo("alice", "secret"), factory.configureConnectionInfo("alice", "secret"));
    }

    @Test
    void everySettingAwayFromItsDefaultIsCopiedAsQpidJmsCopiesIt() throws Exception {
        BusConnectionFactory factory = new BusConnectionFactory(BROKERS + EVERY_OPTION);
        JmsConnectionInfo qpid = factory.introspectedInfo("alice", "secret");
        JmsConnectionInfo ours = factory.configureConnectionInfo("alice", "secret");
        assertSameSettings(qpid, ours);
        assertEquals("harrier-test", ours.getClientId());
        assertTrue(ours.isExplicitClientID());
    }

    /**
     * A setting Qpid JMS adds in an upgrade would be left at its default by the copy by hand;
     * this fails instead, until EVERY_OPTION sets it and BusConnectionFactory copies it.
     */
    @Test
    void everySettingIsExercised() throws Exception {
        Map<String, String> defaults = settings(new BusConnectionFactory(BROKERS).introspectedInfo("alice", "secret"));
        Map<String, String> every = settings(new BusConnectionFactory(BROKERS + EVERY_OPTION).introspectedInfo("alice", "secret"));
        for (Map.Entry<String, String> e : defaults.entrySet()) {
            boolean inherited = e.getKey().equals("validatePropertyNames") // BrokerUrl.OPTIONS sets it already
                    || e.getKey().equals("username") || e.getKey().equals("password")
                    || e.getKey().startsWith("prefetchPolicy.") || e.getKey().startsWith("redeliveryPolicy.")
                    || e.getKey().startsWith("presettlePolicy.") || e.getKey().startsWith("messageIDPolicy.")
                    || e.getKey().startsWith("deserializationPolicy.");
            if (!inherited) {
                assertNotEquals(e.getValue(), every.get(e.getKey()), "EVERY_OPTION leaves " + e.getKey() + " at its default");
            }
        }
    }

    @Test
    void theSslContextIsTheFactorysAndCanBeTakenAway() throws Exception {
        BusConnectionFactory factory = new BusConnectionFactory(BROKERS);
        SSLContext tls = SSLContext.getDefault();
        factory.setSslContext(tls);
        JmsConnectionInfo ours = factory.configureConnectionInfo(null, null);
        assertEquals(factory.introspectedInfo(null, null).getExtensionMap().keySet(), ours.getExtensionMap().keySet());
        assertSame(tls, ours.getExtensionMap().get(JmsConnectionExtensions.SSL_CONTEXT).apply(null, null));
        factory.setSslContext(null);
        assertEquals(Set.of(), factory.configureConnectionInfo(null, null).getExtensionMap().keySet());
    }

    private static void assertSameSettings(JmsConnectionInfo qpid, JmsConnectionInfo ours) throws Exception {
        assertEquals(settings(qpid), settings(ours));
        assertEquals(qpid.getConfiguredURI(), ours.getConfiguredURI());
        assertEquals(qpid.isExplicitClientID(), ours.isExplicitClientID());
        assertEquals(qpid.getExtensionMap().keySet(), ours.getExtensionMap().keySet());
        assertEquals(qpid.getTracer().getClass(), ours.getTracer().getClass());
    }

    /** The info's settings by getter name, and its policies' (Qpid JMS's PropertyUtil reads the same, but trips over getters it cannot follow). */
    private static Map<String, String> settings(JmsConnectionInfo info) throws Exception {
        Map<String, String> all = new TreeMap<>();
        read(info, "", all);
        if (!info.isExplicitClientID()) {
            all.keySet().removeAll(IDENTITY);
        } else {
            all.keySet().removeAll(Set.of("configuredURI", "connectedURI"));
        }
        return all;
    }

    private static void read(Object bean, String prefix, Map<String, String> into) throws Exception {
        for (Method m : bean.getClass().getMethods()) {
            String n = m.getName();
            int from = n.startsWith("get") ? 3 : n.startsWith("is") ? 2 : -1;
            if (from < 0 || m.getParameterCount() != 0 || n.equals("getClass") || Modifier.isStatic(m.getModifiers())) {
                continue;
            }
            String name = prefix + Character.toLowerCase(n.charAt(from)) + n.substring(from + 1);
            Class<?> t = m.getReturnType();
            if (!hasSetter(bean.getClass(), n.substring(from))) {
                continue; // state (closed), not a setting
            }
            if (t.isPrimitive() || t == String.class || t == URI.class || t == Boolean.class || Number.class.isAssignableFrom(t)) {
                into.put(name, String.valueOf(m.invoke(bean)));
            } else if (name.endsWith("Policy") && m.invoke(bean) != null) {
                read(m.invoke(bean), name + ".", into);
            }
        }
    }

    private static boolean hasSetter(Class<?> type, String property) {
        for (Method m : type.getMethods()) {
            if (m.getName().equals("set" + property)) {
                return true;
            }
        }
        return false;
    }
}
