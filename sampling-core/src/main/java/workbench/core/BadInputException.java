package workbench.core;

/**
 * Bad input from a user: an unknown id, a value out of range, a malformed file.
 * The message is one line that names the problem; front ends show it as it is
 * (the CLI prints it and exits 2, the GUI shows it beside the field) and never a stack trace.
 */
public class BadInputException extends RuntimeException {
    public BadInputException(String message) {
        super(message);
    }

    public BadInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
