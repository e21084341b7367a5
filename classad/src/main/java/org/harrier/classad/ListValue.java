package org.harrier.classad;

import java.util.List;

/** An evaluated list, such as the value of {@code { 1, "a", [ x = 2 ] }}. */
public record ListValue(List<Value> items) implements Value {
    public static final ListValue EMPTY = new ListValue(List.of());

    public ListValue {
        items = List.copyOf(items);
    }

    public int size() {
        return items.size();
    }

    public Value get(int index) {
        return items.get(index);
    }

    @Override
    public String typeName() {
        return "list";
    }

    @Override
    public String toString() {
        return Unparser.unparse(this, Syntax.NEW);
    }
}
