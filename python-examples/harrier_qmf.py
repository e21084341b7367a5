"""A minimal QMFv2 console over AMQP 1.0 for Harrier, on Debian's python3-qpid-proton.

Harrier's agents speak QMFv2 map messages (docs/protocols.md): requests go to an agent's
queue qmf.grid.agent.<vendor>.<product>.<instance>, replies come back to a dynamic (temporary)
queue, object data and heartbeats are published under qmf.grid.ind.*. This module is what the
examples share: locate agents, query objects, call methods, listen to data indications.
"""

import getpass
import os
import uuid

from proton import Message, symbol
from proton.reactor import ReceiverOption
from proton.utils import BlockingConnection


def _default_broker():
    """As the harrier command finds its grid: $HARRIER_BROKER, then the broker.url a running
    'harrier up' keeps in ~/.harrier, then the AMQP port on this machine."""
    if os.environ.get("HARRIER_BROKER"):
        return os.environ["HARRIER_BROKER"]
    try:
        with open(os.path.join(os.path.expanduser("~"), ".harrier", "broker.url")) as f:
            url = f.read().strip()
            if url:
                return url
    except OSError:
        pass
    return "amqp://127.0.0.1:5672"


DEFAULT_BROKER = _default_broker()


def add_login_arguments(parser):
    """--user and --password-file, as every example takes them."""
    parser.add_argument("--user", default=os.environ.get("HARRIER_USER") or getpass.getuser(),
                        help="who to connect as (default: $HARRIER_USER, else you)")
    parser.add_argument("--password-file", default=os.environ.get("HARRIER_PASSWORD_FILE"),
                        help="file holding the password (default: $HARRIER_PASSWORD_FILE, else the personal"
                             " grid's ~/.harrier/security/USER.password)")


def login(options):
    """(user, password) from the options, as the harrier command finds them; (None, None) when there
    is no password to use (the broker then refuses the connection, saying why)."""
    path = options.password_file or os.path.join(os.path.expanduser("~"), ".harrier", "security",
                                                 options.user + ".password")
    try:
        with open(path) as f:
            return options.user, f.read().strip()
    except OSError:
        if options.password_file:
            raise SystemExit("cannot read the password file %s" % path)
        return None, None
PACKAGE = "mrg.grid"
QMF = {"x-amqp-0-10.app-id": "qmf2", "method": "request"}


class LoginRefused(Exception):
    """The broker refused the credentials, or asked for some and none were given."""


class QmfError(Exception):
    """An agent answered with a QMF _exception."""

    def __init__(self, code, text):
        Exception.__init__(self, "QMF exception %s: %s" % (code, text))
        self.code = code
        self.text = text


class _Topic(ReceiverOption):
    """Subscribe as a topic (MULTICAST), whatever the broker's default for the address."""

    def apply(self, receiver):
        receiver.source.capabilities.put_object(symbol("topic"))


def agent_address(agent_name):
    """qmf.grid.agent.vendor.product.instance, dots inside each part replaced by '_'."""
    return "qmf.grid.agent." + ".".join(part.replace(".", "_") for part in agent_name.split(":"))


class Console(object):
    def __init__(self, url=DEFAULT_BROKER, timeout=10, user=None, password=None):
        """Connects as user (or as the user the URL names, amqp://user:password@host:port). The
        broker offers PLAIN to Debian's proton, which has no SCRAM; it accepts PLAIN only over
        TLS (amqps://) or loopback."""
        self.timeout = timeout
        login = {}
        if user is not None and password is not None and "@" not in url:
            login = {"user": user, "password": password}
        try:
            self.conn = BlockingConnection(url, timeout=timeout, allowed_mechs="PLAIN ANONYMOUS",
                                           allow_insecure_mechs=True, **login)
        except Exception as e:
            if "unauthorized-access" in str(e):
                raise LoginRefused("the broker refused the login as %s: wrong user name or password, or none given"
                                   " (--user and --password-file, or $HARRIER_USER and $HARRIER_PASSWORD_FILE)"
                                   % (user or "nobody"))
            raise
        self.replies = self.conn.create_receiver(None, dynamic=True, credit=500,
                                                 name="reply-" + str(uuid.uuid4()))
        self.reply_to = self.replies.remote_source.address
        self.sender = self.conn.create_sender(None)  # anonymous: each message names its address
        self.count = 0

    def close(self):
        self.conn.close()

    def _send(self, address, opcode, body, subject=None):
        self.count += 1
        cid = "py-%d" % self.count
        props = dict(QMF)
        props["qmf.opcode"] = opcode
        self.sender.send(Message(address=address, subject=subject, reply_to=self.reply_to,
                                 correlation_id=cid, properties=props, body=body))
        return cid

    def _replies(self, cid, timeout=None):
        """Yields the reply messages for cid; stops after the last (no 'partial')."""
        while True:
            msg = self.replies.receive(timeout=timeout or self.timeout)
            self.replies.accept()
            if msg.correlation_id != cid:
                continue  # a late reply to an earlier call
            props = msg.properties or {}
            if props.get("qmf.opcode") == "_exception":
                values = (msg.body or {}).get("_values", {})
                raise QmfError(values.get("error_code"), values.get("error_text"))
            yield msg
            if "partial" not in props:
                return

    def locate(self, wait=1.0):
        """Names of the agents that answer an agent-locate broadcast within `wait` seconds."""
        cid = self._send("qmf.grid.console.locate", "_agent_locate_request", [],
                         subject="console.request.agent_locate")
        found = []
        while True:
            try:
                msg = self.replies.receive(timeout=wait)
            except Exception:  # proton.Timeout: nobody else is answering
                return found
            self.replies.accept()
            if msg.correlation_id == cid and isinstance(msg.body, dict):
                name = msg.body.get("_values", {}).get("_name")
                if name and name not in found:
                    found.append(name)

    def query(self, agent_name, class_name, where=None):
        """Data maps of every object of class_name on agent_name satisfying the QMF predicate."""
        q = {"_what": "OBJECT", "_schema_id": {"_class_name": class_name, "_package_name": PACKAGE}}
        if where:
            q["_where"] = where
        cid = self._send(agent_address(agent_name), "_query_request", q, subject=agent_name)
        return [obj for msg in self._replies(cid) for obj in msg.body]

    def objects(self, class_name, where=None):
        """Objects of class_name from every agent that hosts some, as (agent, data) pairs."""
        out = []
        for agent in self.locate():
            for obj in self.query(agent, class_name, where):
                out.append((agent, obj))
        return out

    def call(self, agent_name, object_name, method, **arguments):
        """Invokes method on the object; returns its output arguments (a dict)."""
        body = {"_object_id": {"_object_name": object_name}, "_method_name": method, "_arguments": arguments}
        cid = self._send(agent_address(agent_name), "_method_request", body, subject=agent_name)
        return next(self._replies(cid)).body.get("_arguments", {})

    def listen(self, class_name):
        """A receiver of the data indications of class_name from every agent."""
        address = "qmf.grid.ind.data.%s.%s.#" % (PACKAGE.replace(".", "_"), class_name)
        return self.conn.create_receiver(address, name="listen-" + str(uuid.uuid4()), credit=500,
                                         options=_Topic())


def object_name(data):
    return data["_object_id"]["_object_name"]
