package org.harrier.bus;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import java.net.URI;
import java.util.EnumMap;
import java.util.function.BiFunction;
import javax.net.ssl.SSLContext;
import org.apache.qpid.jms.JmsConnectionExtensions;
import org.apache.qpid.jms.JmsConnectionFactory;
import org.apache.qpid.jms.exceptions.JmsExceptionSupport;
import org.apache.qpid.jms.meta.JmsConnectionId;
import org.apache.qpid.jms.meta.JmsConnectionInfo;
import org.apache.qpid.jms.tracing.JmsNoOpTracer;
import org.apache.qpid.jms.tracing.JmsTracer;
import org.apache.qpid.jms.tracing.JmsTracerFactory;

/**
 * Qpid JMS's connection factory, except that each connection's settings are copied from the
 * factory by hand. Qpid JMS copies them through {@code java.beans}: it lists the factory's bean
 * properties and those of each policy with the {@code Introspector}, turns them into strings
 * and sets them on the connection's info by name. In a command that is the first use of
 * {@code java.beans} in the process, about a sixth of the connecting thread (benchmarks/README.md,
 * "Starting a command", fourth pass); a service pays it once, at start.
 *
 * <p>The result is the same {@link JmsConnectionInfo}: the same settings, copies of the same
 * policies, the same extensions (an SSL context), a client id of the factory's or a generated
 * one, as in Qpid JMS's {@code configureConnectionInfo}. {@code BusConnectionFactoryTest}
 * compares the two, setting by setting, for a factory with every option away from its default,
 * so a Qpid JMS upgrade that adds a setting fails there rather than losing it here. URI options
 * ({@code jms.*}) still go through Qpid JMS, onto the factory, before this copy.
 *
 * <p>Used like its parent: configured on one thread, then {@code createConnection}.
 */
final class BusConnectionFactory extends JmsConnectionFactory {
    /** The parent's own map is private; this one mirrors it for the copy. */
    private final EnumMap<JmsConnectionExtensions, BiFunction<Connection, URI, Object>> extensions =
            new EnumMap<>(JmsConnectionExtensions.class);

    BusConnectionFactory(String remoteUri) {
        super(remoteUri);
    }

    @Override
    public void setSslContext(SSLContext sslContext) {
        super.setSslContext(sslContext);
        if (sslContext == null) {
            extensions.remove(JmsConnectionExtensions.SSL_CONTEXT);
        } else {
            extensions.put(JmsConnectionExtensions.SSL_CONTEXT, (connection, uri) -> sslContext);
        }
    }

    @Override
    public void setExtension(String extensionName, BiFunction<Connection, URI, Object> extension) {
        super.setExtension(extensionName, extension);
        JmsConnectionExtensions key = JmsConnectionExtensions.fromString(extensionName);
        if (extension == null) {
            extensions.remove(key);
        } else {
            extensions.put(key, extension);
        }
    }

    @Override
    protected JmsConnectionInfo configureConnectionInfo(String username, String password) throws JMSException {
        JmsTracer implicitTracer = JmsNoOpTracer.INSTANCE;
        try {
            URI remote = new URI(getRemoteURI());
            JmsConnectionInfo info = new JmsConnectionInfo(new JmsConnectionId(getConnectionIdGenerator().generateId()));
            info.setMessageIDPolicy(getMessageIDPolicy().copy());
            info.setPrefetchPolicy(getPrefetchPolicy().copy());
            info.setPresettlePolicy(getPresettlePolicy().copy());
            info.setRedeliveryPolicy(getRedeliveryPolicy().copy());
            info.setDeserializationPolicy(getDeserializationPolicy().copy());
            info.getExtensionMap().putAll(extensions);
            if (getTracer() != null) {
                info.setTracer(getTracer());
            } else if (getTracing() != null) {
                implicitTracer = JmsTracerFactory.create(remote, getTracing());
                info.setTracer(implicitTracer);
            }
            info.setForceAsyncSend(isForceAsyncSend());
            info.setForceSyncSend(isForceSyncSend());
            info.setForceAsyncAcks(isForceAsyncAcks());
            info.setLocalMessagePriority(isLocalMessagePriority());
            info.setLocalMessageExpiry(isLocalMessageExpiry());
            info.setReceiveLocalOnly(isReceiveLocalOnly());
            info.setReceiveNoWaitLocalOnly(isReceiveNoWaitLocalOnly());
            info.setPopulateJMSXUserID(isPopulateJMSXUserID());
            info.setCloseLinksThatFailOnReconnect(isCloseLinksThatFailOnReconnect());
            info.setQueuePrefix(getQueuePrefix());
            info.setTopicPrefix(getTopicPrefix());
            info.setValidatePropertyNames(isValidatePropertyNames());
            info.setValidateSelector(isValidateSelector());
            info.setAwaitClientID(isAwaitClientID());
            info.setUseDaemonThread(isUseDaemonThread());
            info.setSendTimeout(getSendTimeout());
            info.setRequestTimeout(getRequestTimeout());
            info.setCloseTimeout(getCloseTimeout());
            info.setConnectTimeout(getConnectTimeout());
            info.setUsername(username);
            info.setPassword(password);
            info.setConfiguredURI(remote);
            if (getClientID() != null) {
                info.setClientId(getClientID(), true);
            } else {
                info.setClientId(getClientIdGenerator().generateId(), false);
            }
            return info;
        } catch (Exception e) {
            try {
                implicitTracer.close();
            } catch (Throwable ignored) {
                // as Qpid JMS: the failure to report is the one above
            }
            throw JmsExceptionSupport.create(e);
        }
    }

    /** The info Qpid JMS itself builds, through java.beans; for the comparison in the tests. */
    JmsConnectionInfo introspectedInfo(String username, String password) throws JMSException {
        return super.configureConnectionInfo(username, password);
    }
}
