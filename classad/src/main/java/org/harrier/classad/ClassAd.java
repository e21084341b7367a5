package org.harrier.classad;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.BiConsumer;

/**
 * A ClassAd: a set of uniquely named expressions. Names are matched ignoring case and keep
 * the spelling they were given; attributes keep their insertion order for unparsing.
 *
 * <p>Immutable and safe to share. Changing an attribute makes a new ad ({@link #with},
 * {@link #toBuilder}). An ad may be <em>chained</em> to a parent ad whose attributes it
 * inherits unless it defines them itself — HTCondor's proc ads chained to their cluster ad, so
 * the attributes common to a large cluster are stored once.
 *
 * <p>Storage is three parallel arrays and an {@link AttributeIndex}, so a 40-attribute job ad
 * costs a few hundred bytes beyond its expressions.
 */
public final class ClassAd {
    public static final ClassAd EMPTY = new ClassAd(AttributeLayout.EMPTY, new Expr[0], null);

    private final AttributeLayout layout;
    private final Expr[] exprs;
    private final ClassAd chainedParent;
    private final int depth;
    private int hash;

    private ClassAd(AttributeLayout layout, Expr[] exprs, ClassAd chainedParent) {
        this.layout = layout;
        this.exprs = exprs;
        this.chainedParent = chainedParent;
        int deepest = 0;
        for (Expr e : exprs) {
            deepest = Math.max(deepest, e.depth());
        }
        this.depth = deepest;
    }

    /** Parses an ad in either syntax: new if the text starts with {@code [}, old otherwise. */
    public static ClassAd parse(String text) {
        return Parser.parseClassAd(text, null);
    }

    public static ClassAd parse(String text, Syntax syntax) {
        return Parser.parseClassAd(text, Objects.requireNonNull(syntax, "syntax"));
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The expression bound to {@code name} here or in the chained parent, or null. */
    public Expr lookup(String name) {
        // Names.key finds the shared key without allocating once a name has been seen.
        return lookupKey(Names.key(name));
    }

    Expr lookupKey(String key) {
        ClassAd ad = this;
        do {
            int at = ad.layout.find(key);
            if (at >= 0) {
                return ad.exprs[at];
            }
            ad = ad.chainedParent;
        } while (ad != null);
        return null;
    }

    /** The layout {@link PositionHint}s may use: shared, and with nothing inherited; else null. */
    AttributeLayout layoutForHints() {
        return chainedParent == null && layout.id != 0 ? layout : null;
    }

    Expr exprAt(int position) {
        return exprs[position];
    }

    public boolean contains(String name) {
        return lookup(name) != null;
    }

    /** Number of attributes, counting inherited ones once. */
    public int size() {
        int n = layout.names.length;
        for (ClassAd p = chainedParent; p != null; p = p.chainedParent) {
            for (String k : p.layout.keys) {
                if (!definedBelow(p, k)) {
                    n++;
                }
            }
        }
        return n;
    }

    public boolean isEmpty() {
        return size() == 0;
    }

    /** Attribute names as spelled, own attributes first, then inherited ones not overridden. */
    public List<String> names() {
        List<String> out = new ArrayList<>(layout.names.length);
        forEach((name, expr) -> out.add(name));
        return Collections.unmodifiableList(out);
    }

    /** Visits every attribute in order, own first, then inherited ones not overridden. */
    public void forEach(BiConsumer<String, Expr> action) {
        for (int i = 0; i < layout.names.length; i++) {
            action.accept(layout.names[i], exprs[i]);
        }
        for (ClassAd p = chainedParent; p != null; p = p.chainedParent) {
            for (int i = 0; i < p.layout.names.length; i++) {
                if (!definedBelow(p, p.layout.keys[i])) {
                    action.accept(p.layout.names[i], p.exprs[i]);
                }
            }
        }
    }

    /** Only this ad's own attributes, without those inherited from the chained parent. */
    public void forEachOwn(BiConsumer<String, Expr> action) {
        for (int i = 0; i < layout.names.length; i++) {
            action.accept(layout.names[i], exprs[i]);
        }
    }

    /** True if an ad in the chain below {@code ancestor} (starting at this) defines {@code key}. */
    private boolean definedBelow(ClassAd ancestor, String key) {
        for (ClassAd a = this; a != ancestor; a = a.chainedParent) {
            if (a.ownIndexOf(key) >= 0) {
                return true;
            }
        }
        return false;
    }

    private int ownIndexOf(String key) {
        return layout.find(key);
    }

    /** The ad this one inherits from, or null. */
    public ClassAd chainedParent() {
        return chainedParent;
    }

    /** This ad's own attributes, inheriting every other attribute from {@code parent}. */
    public ClassAd chainedTo(ClassAd parent) {
        for (ClassAd p = parent; p != null; p = p.chainedParent) {
            if (p == this) {
                throw new IllegalArgumentException("chaining an ad to itself would make a cycle");
            }
        }
        return new ClassAd(layout, exprs, parent);
    }

    /** A copy with {@code name} bound to {@code expr} (replacing an own binding of any case). */
    public ClassAd with(String name, Expr expr) {
        Objects.requireNonNull(expr, () -> "expression for attribute " + name);
        int at = name == null ? -1 : layout.find(Names.key(name));
        if (at >= 0 && layout.names[at].equals(name)) {
            // Same name, same spelling: the copy shares this ad's layout, so replacing one value
            // of a slot ad or job ad costs an array copy, not a rebuilt index.
            Expr[] copy = exprs.clone();
            copy[at] = expr;
            ClassAd ad = new ClassAd(layout, copy, chainedParent);
            TreeDepth.check(ad.depth + 1);
            return ad;
        }
        return toBuilder().set(name, expr).build();
    }

    /** A copy without its own binding of {@code name}; an inherited binding stays visible. */
    public ClassAd without(String name) {
        return toBuilder().remove(name).build();
    }

    /** A builder holding this ad's own attributes and chained parent. */
    public Builder toBuilder() {
        return new Builder(layout, exprs).chainedTo(chainedParent);
    }

    /** A self-contained copy: own and inherited attributes, no chained parent. */
    public ClassAd flatten() {
        if (chainedParent == null) {
            return this;
        }
        Builder b = new Builder();
        forEach(b::set);
        return b.build();
    }

    /** Evaluates attribute {@code name} with no target ad; {@code undefined} if absent. */
    public Value evaluate(String name) {
        return EvalContext.create().evaluateAttribute(name, this, null);
    }

    /** Evaluates attribute {@code name} of this ad matched against {@code target}. */
    public Value evaluate(String name, ClassAd target) {
        return EvalContext.create().evaluateAttribute(name, this, target);
    }

    int depth() {
        int d = depth;
        for (ClassAd p = chainedParent; p != null; p = p.chainedParent) {
            d = Math.max(d, p.depth);
        }
        return d;
    }

    public String unparse(Syntax syntax) {
        return Unparser.unparse(this, syntax);
    }

    /** New-syntax text, {@code [ a = 1; b = 2 ]}. */
    @Override
    public String toString() {
        return Unparser.unparse(this, Syntax.NEW);
    }

    /** Equal when both have the same attributes (names ignoring case) bound to equal expressions. */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ClassAd other) || other.size() != size()) {
            return false;
        }
        boolean[] same = {true};
        forEach((name, expr) -> {
            if (same[0] && !expr.equals(other.lookup(name))) {
                same[0] = false;
            }
        });
        return same[0];
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            int[] sum = {0};
            forEach((name, expr) -> sum[0] += Names.foldCase(name).hashCode() ^ expr.hashCode());
            h = sum[0] == 0 ? 1 : sum[0];
            hash = h;
        }
        return h;
    }

    /** Collects attributes; a later binding of a name (in any case) replaces the earlier one. */
    public static final class Builder {
        // Sized for a typical job or machine ad, so building one seldom regrows the arrays.
        private String[] names = new String[32];
        private String[] keys = new String[32];
        private Expr[] exprs = new Expr[32];
        private int size;
        private int[] table = AttributeIndex.EMPTY;
        private ClassAd chainedParent;

        private Builder() {
        }

        /** Starts from an ad's own attributes: valid, distinct names whose index is already built. */
        private Builder(AttributeLayout layout, Expr[] values) {
            int n = layout.names.length;
            int room = Math.max(32, n + 8);
            names = java.util.Arrays.copyOf(layout.names, room);
            keys = java.util.Arrays.copyOf(layout.keys, room);
            exprs = java.util.Arrays.copyOf(values, room);
            size = n;
            table = n == 0 ? AttributeIndex.EMPTY : layout.index.clone();
        }

        public Builder set(String name, Expr expr) {
            Names.requireValid(name);
            Objects.requireNonNull(expr, () -> "expression for attribute " + name);
            return set(Names.of(name), expr);
        }

        Builder set(Names.Name n, Expr expr) {
            int at = indexOf(n.key());
            if (at >= 0) {
                // A reassigned name keeps its original position, as in HTCondor.
                names[at] = n.spelling();
                exprs[at] = expr;
                return this;
            }
            if (size == names.length) {
                names = java.util.Arrays.copyOf(names, size * 2);
                keys = java.util.Arrays.copyOf(keys, size * 2);
                exprs = java.util.Arrays.copyOf(exprs, size * 2);
            }
            names[size] = n.spelling();
            keys[size] = n.key();
            exprs[size] = expr;
            size++;
            if (AttributeIndex.fits(table, size)) {
                AttributeIndex.insert(table, n.key(), size - 1);
            } else {
                table = AttributeIndex.build(keys, size);
            }
            return this;
        }

        private int indexOf(String key) {
            return AttributeIndex.find(table, keys, key);
        }

        public Builder set(String name, long value) {
            return set(name, IntegerValue.of(value));
        }

        public Builder set(String name, double value) {
            return set(name, new RealValue(value));
        }

        public Builder set(String name, boolean value) {
            return set(name, BooleanValue.of(value));
        }

        /** Binds {@code name} to the string {@code value} (not to an expression parsed from it). */
        public Builder set(String name, String value) {
            return set(name, new StringValue(value));
        }

        /** Binds {@code name} to the expression parsed from {@code text} (new syntax). */
        public Builder setExpr(String name, String text) {
            return set(name, Expr.parse(text));
        }

        public Builder remove(String name) {
            int at = indexOf(Names.foldCase(name));
            if (at >= 0) {
                int tail = size - at - 1;
                System.arraycopy(names, at + 1, names, at, tail);
                System.arraycopy(keys, at + 1, keys, at, tail);
                System.arraycopy(exprs, at + 1, exprs, at, tail);
                size--;
                names[size] = null;
                keys[size] = null;
                exprs[size] = null;
                table = AttributeIndex.build(keys, size);
            }
            return this;
        }

        public Builder chainedTo(ClassAd parent) {
            this.chainedParent = parent;
            return this;
        }

        public boolean contains(String name) {
            return indexOf(Names.foldCase(name)) >= 0;
        }

        public int size() {
            return size;
        }

        public ClassAd build() {
            if (size == 0 && chainedParent == null) {
                return EMPTY;
            }
            ClassAd ad = new ClassAd(
                    AttributeLayout.of(java.util.Arrays.copyOf(names, size), java.util.Arrays.copyOf(keys, size)),
                    java.util.Arrays.copyOf(exprs, size), chainedParent);
            TreeDepth.check(ad.depth + 1);
            return ad;
        }
    }
}
