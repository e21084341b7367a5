package org.harrier.classad;

/**
 * The two textual forms of ClassAds (HTCondor manual, "ClassAds: Old and New").
 *
 * <ul>
 *   <li>{@link #NEW}: {@code [ a = 1; b = "x\ty" ]}, C-style string escapes, octal and hex integers.
 *   <li>{@link #OLD}: one {@code Name = expr} per line; inside strings a backslash escapes only a
 *       double quote; integers are decimal.
 * </ul>
 */
public enum Syntax {
    NEW,
    OLD
}
