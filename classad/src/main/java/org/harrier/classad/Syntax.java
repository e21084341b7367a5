package org.harrier.classad;

/**
 * The two textual forms of ClassAds (HTCondor manual, "ClassAds: Old and New").
 *
 * <ul>
 *   <li>{@link #NEW}: {@code [ a = 1; b = "x\ty" ]}, C-style string escapes, octal and hex integers.
 *   <li>{@link #OLD}: one {@code Name = expr} per line; inside strings a backslash escapes only a
 *       double quote; integers are decimal.
 * </ul>
 *
 * <p>Old syntax cannot say everything: {@code \"} ends a string only at the end of a line, so a
 * string (or quoted name) that ends with a backslash must be the last thing on its line —
 * {@code "C:\dir\" + x} has no old-syntax form. HTCondor has the same limit; the unparser writes
 * such text as HTCondor would, and new syntax, which can say everything, is the one to store.
 * Likewise a line break: inside the quotes of one old-syntax expression it is part of the
 * string (and the unparser writes it raw, as HTCondor does), but an old-syntax ad is read line
 * by line, as HTCondor reads one, so there it ends the line.
 */
public enum Syntax {
    NEW,
    OLD
}
