package workbench.core.model.expr;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import workbench.core.BadInputException;

/**
 * Recursive-descent parser for formulas. Grammar, loosest binding first:
 * <pre>
 *   expr    := term (('+' | '-') term)*
 *   term    := unary (('*' | '/') unary)*
 *   unary   := ('-' | '+') unary | power
 *   power   := primary ('^' unary)?          right-associative; -x^2 = -(x^2), x^-2 allowed
 *   primary := number | name | name '(' expr (',' expr)* ')' | '(' expr ')'
 * </pre>
 * A name is a function (when followed by '('), the constant {@code pi} or {@code e}, or else a
 * variable; variables are numbered by first use. Errors are {@link BadInputException}s whose
 * message names the 1-based column. Nesting is limited so that no input can exhaust the stack.
 */
final class Parser {
    static final int MAX_LENGTH = 10_000;
    static final int MAX_DEPTH = 200;
    static final int MAX_VARIABLES = 1000;

    private enum T { NUM, NAME, SYM, END }

    private final String src;
    private int pos;          // start of the current token
    private int end;          // end of the current token
    private T type;
    private double number;
    private int depth;
    private final Map<String, Node> variables = new LinkedHashMap<>();

    /** The result: the root and the variable names in order of first use. */
    record Result(Node root, List<String> variables) {
    }

    private Parser(String src) {
        this.src = src;
    }

    static Result parse(String text) {
        if (text == null) {
            throw new BadInputException("expr: no formula given");
        }
        if (text.length() > MAX_LENGTH) {
            throw new BadInputException("expr: the formula has " + text.length() + " characters; at most "
                    + MAX_LENGTH + " are allowed");
        }
        Parser p = new Parser(text);
        p.advance(0);
        if (p.type == T.END) {
            throw p.error(p.pos, "empty formula; expected an expression such as -0.5*x^2");
        }
        Node root = p.expr();
        if (p.type != T.END) {
            throw p.error(p.pos, "expected an operator or end of input but found " + p.describe());
        }
        if (p.variables.isEmpty()) {
            throw new BadInputException("expr: the formula has no variables; use at least one name such as x");
        }
        return new Result(root, List.copyOf(p.variables.keySet()));
    }

    // ---- grammar

    private Node expr() {
        Node left = term();
        while (isSym('+') || isSym('-')) {
            Op op = isSym('+') ? Op.ADD : Op.SUB;
            next();
            left = Node.call(op, left, term());
        }
        return left;
    }

    private Node term() {
        Node left = unary();
        while (isSym('*') || isSym('/')) {
            Op op = isSym('*') ? Op.MUL : Op.DIV;
            next();
            left = Node.call(op, left, unary());
        }
        return left;
    }

    private Node unary() {
        if (++depth > MAX_DEPTH) {
            throw error(pos, "the formula nests deeper than " + MAX_DEPTH + " levels");
        }
        Node result;
        if (isSym('-')) {
            next();
            result = Node.call(Op.NEG, unary());
        } else if (isSym('+')) {
            next();
            result = unary();
        } else {
            result = power();
        }
        depth--;
        return result;
    }

    private Node power() {
        Node base = primary();
        if (isSym('^')) {
            next();
            return Node.call(Op.POW, base, unary());
        }
        return base;
    }

    private Node primary() {
        int start = pos;
        switch (type) {
            case NUM -> {
                double v = number;
                next();
                return Node.num(v);
            }
            case NAME -> {
                String name = src.substring(pos, end);
                next();
                if (isSym('(')) {
                    return call(name, start);
                }
                if (Op.function(name) != null) {
                    throw error(pos, "expected '(' after the function '" + name + "' but found " + describe());
                }
                if (name.equals("pi")) {
                    return Node.num(Math.PI);
                }
                if (name.equals("e")) {
                    return Node.num(Math.E);
                }
                Node v = variables.get(name);
                if (v == null) {
                    if (reserved(name)) {
                        throw error(start, "'" + name + "' is a name the draw files use for their own columns (chain,"
                                + " draw, iteration, any case, and names ending in __); rename the variable");
                    }
                    if (variables.size() == MAX_VARIABLES) {
                        throw error(start, "more than " + MAX_VARIABLES + " variables");
                    }
                    v = Node.var(variables.size());
                    variables.put(name, v);
                }
                return v;
            }
            case SYM -> {
                if (isSym('(')) {
                    next();
                    Node inner = expr();
                    expect(')', "expected ')' but found ");
                    return inner;
                }
                throw error(pos, "expected a number, variable, function call or '(' but found " + describe());
            }
            default -> throw error(pos, "expected a number, variable, function call or '(' but found " + describe());
        }
    }

    private Node call(String name, int start) {
        Op op = Op.function(name);
        if (op == null) {
            if (name.equals("pi") || name.equals("e")) {
                throw error(start, "'" + name + "' is a constant, not a function");
            }
            throw error(start, "unknown function '" + clip(name) + "'");
        }
        next(); // '('
        List<Node> args = new ArrayList<>();
        args.add(expr());
        while (isSym(',')) {
            next();
            args.add(expr());
        }
        expect(')', "expected ',' or ')' but found ");
        if (args.size() != op.arity) {
            throw error(start, "'" + name + "' takes " + op.arity + (op.arity == 1 ? " argument" : " arguments")
                    + ", " + op.signature() + ", but got " + args.size());
        }
        return Node.call(op, args.toArray(new Node[0]));
    }

    // ---- tokens

    private boolean isSym(char c) {
        return type == T.SYM && src.charAt(pos) == c;
    }

    private void expect(char c, String message) {
        if (!isSym(c)) {
            throw error(pos, message + describe());
        }
        next();
    }

    private void next() {
        advance(end);
    }

    /** Reads the token that starts at or after {@code from}. */
    private void advance(int from) {
        int i = from;
        while (i < src.length() && Character.isWhitespace(src.charAt(i))) {
            i++;
        }
        pos = i;
        if (i >= src.length()) {
            type = T.END;
            end = i;
            return;
        }
        char c = src.charAt(i);
        if (isDigit(c) || (c == '.' && i + 1 < src.length() && isDigit(src.charAt(i + 1)))) {
            lexNumber(i);
        } else if (c == '_' || isLetter(c)) {
            int j = i + 1;
            while (j < src.length() && (src.charAt(j) == '_' || isLetter(src.charAt(j)) || isDigit(src.charAt(j)))) {
                j++;
            }
            type = T.NAME;
            end = j;
        } else if ("+-*/^(),".indexOf(c) >= 0) {
            type = T.SYM;
            end = i + 1;
        } else {
            throw error(i, "unexpected character " + quoteChar(i));
        }
    }

    private void lexNumber(int i) {
        int j = i;
        while (j < src.length() && isDigit(src.charAt(j))) {
            j++;
        }
        if (j < src.length() && src.charAt(j) == '.') {
            j++;
            while (j < src.length() && isDigit(src.charAt(j))) {
                j++;
            }
        }
        if (j < src.length() && (src.charAt(j) == 'e' || src.charAt(j) == 'E')) {
            int k = j + 1;
            if (k < src.length() && (src.charAt(k) == '+' || src.charAt(k) == '-')) {
                k++;
            }
            if (k >= src.length() || !isDigit(src.charAt(k))) {
                throw error(i, "malformed number '" + clip(src.substring(i, k)) + "': the exponent needs digits");
            }
            while (k < src.length() && isDigit(src.charAt(k))) {
                k++;
            }
            j = k;
        }
        String text = src.substring(i, j);
        double v = Double.parseDouble(text);
        if (Double.isInfinite(v)) {
            throw error(i, "number '" + clip(text) + "' is too large");
        }
        type = T.NUM;
        number = v;
        end = j;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private String describe() {
        return switch (type) {
            case END -> "end of input";
            case SYM -> "'" + src.charAt(pos) + "'";
            default -> "'" + clip(src.substring(pos, end)) + "'";
        };
    }

    private String quoteChar(int i) {
        int cp = src.codePointAt(i);
        if (cp < 32 || cp == 127) {
            return String.format("U+%04X", cp);
        }
        return "'" + new String(Character.toChars(cp)) + "'";
    }

    private static String clip(String s) {
        return s.length() > 40 ? s.substring(0, 37) + "..." : s;
    }

    /**
     * Whether a variable of this name would collide with a draw file's own columns: the long CSV's chain and draw
     * columns (read in any case) and the statistics, whose names end in {@code __} ({@code lp__}, {@code weight__}):
     * an export's header would name two columns alike, or a parameter as a statistic.
     */
    static boolean reserved(String name) {
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        return lower.equals("chain") || lower.equals("draw") || lower.equals("iteration") || name.endsWith("__");
    }

    private BadInputException error(int index, String message) {
        return new BadInputException("expr: column " + (index + 1) + ": " + message);
    }
}
