package workbench.core.model.expr;

/**
 * A node of a parsed formula: a number, a variable, or an operation on earlier nodes. Nodes are
 * immutable and built bottom-up, so every node's arguments exist before it does; nothing walks the
 * tree recursively (a long sum makes a deep tree).
 */
final class Node {
    enum Kind { NUM, VAR, CALL }

    final Kind kind;
    final double value;     // NUM
    final int variable;     // VAR: index in order of first use
    final Op op;            // CALL
    final Node[] args;      // CALL

    private Node(Kind kind, double value, int variable, Op op, Node[] args) {
        this.kind = kind;
        this.value = value;
        this.variable = variable;
        this.op = op;
        this.args = args;
    }

    static Node num(double value) {
        return new Node(Kind.NUM, value, -1, null, null);
    }

    static Node var(int index) {
        return new Node(Kind.VAR, Double.NaN, index, null, null);
    }

    /** The operation on {@code args}, folded to a number when every argument is a number. */
    static Node call(Op op, Node... args) {
        boolean constant = true;
        for (Node a : args) {
            constant &= a.kind == Kind.NUM;
        }
        if (constant) {
            double[] v = new double[4];
            for (int i = 0; i < args.length; i++) {
                v[i] = args[i].value;
            }
            return num(Ops.eval(op, v[0], v[1], v[2], v[3]));
        }
        return new Node(Kind.CALL, Double.NaN, -1, op, args.clone());
    }
}
