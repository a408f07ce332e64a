package workbench.core.model.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import workbench.core.BadInputException;

/** Broken formulas give one-line messages naming the 1-based column and what was expected. */
class ExprParseErrorTest {

    static Stream<Arguments> broken() {
        return Stream.of(
                Arguments.of("-0.5*(x^2 + ", "expr: column 13: expected a number, variable, function call or '(' but found end of input"),
                Arguments.of("exp(x ", "expr: column 7: expected ',' or ')' but found end of input"),
                Arguments.of("(x + y", "expr: column 7: expected ')' but found end of input"),
                Arguments.of("x +* y", "expr: column 4: expected a number, variable, function call or '(' but found '*'"),
                Arguments.of("foo(x)", "expr: column 1: unknown function 'foo'"),
                Arguments.of("x + bar(y, 2)", "expr: column 5: unknown function 'bar'"),
                Arguments.of("1e", "expr: column 1: malformed number '1e': the exponent needs digits"),
                Arguments.of("x * 2.5e+", "expr: column 5: malformed number '2.5e+': the exponent needs digits"),
                Arguments.of("x^^2", "expr: column 3: expected a number, variable, function call or '(' but found '^'"),
                Arguments.of("", "expr: column 1: empty formula; expected an expression such as -0.5*x^2"),
                Arguments.of("   ", "expr: column 4: empty formula; expected an expression such as -0.5*x^2"),
                Arguments.of("x y", "expr: column 3: expected an operator or end of input but found 'y'"),
                Arguments.of("2x", "expr: column 2: expected an operator or end of input but found 'x'"),
                Arguments.of("x)", "expr: column 2: expected an operator or end of input but found ')'"),
                Arguments.of("x # y", "expr: column 3: unexpected character '#'"),
                Arguments.of("x + .", "expr: column 5: unexpected character '.'"),
                Arguments.of("exp + x", "expr: column 5: expected '(' after the function 'exp' but found '+'"),
                Arguments.of("pi(x)", "expr: column 1: 'pi' is a constant, not a function"),
                Arguments.of("normal_lpdf(x, 0)",
                        "expr: column 1: 'normal_lpdf' takes 3 arguments, normal_lpdf(x, mu, sigma), but got 2"),
                Arguments.of("x + exp(x, y)", "expr: column 5: 'exp' takes 1 argument, exp(x), but got 2"),
                Arguments.of("log()", "expr: column 5: expected a number, variable, function call or '(' but found ')'"),
                Arguments.of("pow(x,)", "expr: column 7: expected a number, variable, function call or '(' but found ')'"),
                Arguments.of("1e999 * x", "expr: column 1: number '1e999' is too large"),
                Arguments.of("-0.5 * 2", "expr: the formula has no variables; use at least one name such as x"),
                Arguments.of("pi + e", "expr: the formula has no variables; use at least one name such as x"),
                // names the draw files use for their own columns: an export's header would be ambiguous
                Arguments.of("-0.5*chain^2", "expr: column 6: 'chain' is a name the draw files use for their own"
                        + " columns (chain, draw, iteration, any case, and names ending in __); rename the variable"),
                Arguments.of("-0.5*x^2 - 0.5*lp__^2", "expr: column 16: 'lp__' is a name the draw files use for their"
                        + " own columns (chain, draw, iteration, any case, and names ending in __); rename the variable"),
                Arguments.of("-0.5*Draw^2 - x^2", "expr: column 6: 'Draw' is a name the draw files use for their own"
                        + " columns (chain, draw, iteration, any case, and names ending in __); rename the variable"));
    }

    @ParameterizedTest
    @MethodSource("broken")
    void namesTheColumn(String input, String message) {
        BadInputException e = assertThrows(BadInputException.class, () -> ExprModel.parse(input));
        assertEquals(message, e.getMessage());
        assertTrue(e.getMessage().lines().count() == 1);
    }

    @Test
    void deepNestingIsRefusedWithoutStackOverflow() {
        String deep = "(".repeat(3000) + "x" + ")".repeat(3000);
        BadInputException e = assertThrows(BadInputException.class, () -> ExprModel.parse(deep));
        assertEquals("expr: column 201: the formula nests deeper than 200 levels", e.getMessage());

        String minus = "-".repeat(9000) + "x";
        assertThrows(BadInputException.class, () -> ExprModel.parse(minus));
        String powers = "x" + "^x".repeat(4000);
        assertThrows(BadInputException.class, () -> ExprModel.parse(powers));
        String calls = "exp(".repeat(2000) + "x" + ")".repeat(2000);
        assertThrows(BadInputException.class, () -> ExprModel.parse(calls));
        String unclosed = "((((((((((" + "(".repeat(300);
        assertThrows(BadInputException.class, () -> ExprModel.parse(unclosed));
    }

    @Test
    void nestingAtTheLimitIsAccepted() {
        String ok = "(".repeat(199) + "x" + ")".repeat(199);
        assertEquals(1, ExprModel.parse(ok).dim());
    }

    @Test
    void tooLongIsRefused() {
        String s = "x+".repeat(5000) + "x";
        BadInputException e = assertThrows(BadInputException.class, () -> ExprModel.parse(s));
        assertEquals("expr: the formula has 10001 characters; at most 10000 are allowed", e.getMessage());
        assertThrows(BadInputException.class, () -> ExprModel.parse(null));
    }

    @Test
    void tooManyVariablesIsRefused() {
        StringBuilder sb = new StringBuilder("v0");
        for (int i = 1; i <= 1000; i++) {
            sb.append('+').append('v').append(i);
        }
        BadInputException e = assertThrows(BadInputException.class, () -> ExprModel.parse(sb.toString()));
        assertTrue(e.getMessage().startsWith("expr: column "), e.getMessage());
        assertTrue(e.getMessage().endsWith(": more than 1000 variables"), e.getMessage());
        int column = Integer.parseInt(e.getMessage().split(" ")[2].replace(":", ""));
        assertEquals(sb.indexOf("v1000") + 1, column);
    }
}
