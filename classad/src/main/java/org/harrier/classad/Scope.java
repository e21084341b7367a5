package org.harrier.classad;

/**
 * Where an expression is being evaluated: the ad it belongs to, the ads enclosing that one
 * (for nested records), and the target ad it is being matched against.
 *
 * <p>A pair of top-level scopes point at each other as targets, so an attribute of the target
 * is evaluated with MY and TARGET swapped, as in HTCondor matchmaking. The target link is set
 * once by {@link #pair} before either scope is used and never changes afterwards.
 */
public final class Scope {
    private final ClassAd ad;
    private final Scope parent;
    private Scope target;

    private Scope(ClassAd ad, Scope parent) {
        this.ad = ad;
        this.parent = parent;
    }

    static Scope of(ClassAd ad) {
        return new Scope(ad, null);
    }

    static Scope nested(ClassAd ad, Scope parent) {
        return new Scope(ad, parent);
    }

    /** Two top-level scopes, each the other's target. */
    static Scope pair(ClassAd my, ClassAd target) {
        Scope a = new Scope(my, null);
        if (target != null) {
            Scope b = new Scope(target, null);
            a.target = b;
            b.target = a;
        }
        return a;
    }

    public ClassAd ad() {
        return ad;
    }

    /** The scope of the enclosing ad, or null at top level. */
    public Scope parent() {
        return parent;
    }

    /** The outermost enclosing scope (this one at top level). */
    public Scope root() {
        Scope s = this;
        while (s.parent != null) {
            s = s.parent;
        }
        return s;
    }

    /** The scope of the ad this one is matched against (for a nested record, its root's), or null. */
    public Scope target() {
        return parent == null ? target : root().target;
    }

    /** A scope for a record nested in this one, with this as its parent. */
    public Scope enter(ClassAd inner) {
        return new Scope(inner, this);
    }

    /** An unscoped name: this ad, the enclosing ads, the target ad, then the special names. */
    Value resolve(String key, EvalContext context) {
        for (Scope s = this; s != null; s = s.parent) {
            Expr e = s.ad.lookupKey(key);
            if (e != null) {
                return context.evaluateAttribute(e, s);
            }
        }
        Scope t = target();
        if (t != null) {
            Expr e = t.ad.lookupKey(key);
            if (e != null) {
                return context.evaluateAttribute(e, t);
            }
        }
        return special(key, context);
    }

    /** A name looked up in this ad alone, as {@code record["x"]} does. */
    Value lookupHere(String key, EvalContext context) {
        Expr e = ad.lookupKey(key);
        return e == null ? Value.UNDEFINED : context.evaluateAttribute(e, this);
    }

    /**
     * A name selected from this ad, as {@code MY.x} and {@code record.x} do: this ad's own
     * attribute, else one of the special names seen from here. libclassad's LookupInScope answers
     * the special names at whatever ad the search starts from, so {@code PARENT.PARENT.x} reaches
     * the grandparent and {@code MY.CurrentTime} is the implicit {@code CurrentTime}.
     */
    Value select(String key, EvalContext context) {
        Expr e = ad.lookupKey(key);
        return e == null ? special(key, context) : context.evaluateAttribute(e, this);
    }

    /** The special names (MY, TARGET, OTHER, PARENT, ROOT, CurrentTime) seen from here; else undefined. */
    Value special(String key, EvalContext context) {
        switch (key) {
            case "my":
            case "self":
                return new ClassAdValue(this);
            case "target":
            case "other": { // libclassad's match contexts bind other = target = the other ad
                Scope t = target();
                return t == null ? Value.UNDEFINED : new ClassAdValue(t);
            }
            case "parent":
                return parent == null ? Value.UNDEFINED : new ClassAdValue(parent);
            case "root":
            case "toplevel":
                return new ClassAdValue(root());
            case "currenttime":
                // HTCondor gives every ad an implicit CurrentTime = time() (manual, "ClassAd mechanism").
                return IntegerValue.of(context.now());
            default:
                return Value.UNDEFINED;
        }
    }
}
