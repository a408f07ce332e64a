package workbench.core.model.expr;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A formula compiled to a flat program. Slots {@code [0, dim)} hold the variables, then come the
 * constants, then one slot per operation in an order where every operation follows its
 * arguments. The arrays are never written after construction, so one tape is shared by all copies
 * of a model; the per-call scratch lives in {@link Scratch}.
 */
final class Tape {
    final int dim;
    final int size;
    final int firstOp;
    final Op[] ops;        // per slot; null for variables and constants
    final int[] args;      // 4 per slot: argument slots (0 where unused)
    final double[] init;   // constants in their slots, 0 elsewhere
    final int root;        // slot of the result

    /** Compiles the tree under {@code root}; walks it with an explicit stack, never by recursion. */
    static Tape compile(Node root, int dim) {
        List<Node> order = postOrder(root);
        Map<Node, Integer> slot = new IdentityHashMap<>();
        List<Node> constants = new ArrayList<>();
        List<Node> calls = new ArrayList<>();
        for (Node n : order) {
            switch (n.kind) {
                case VAR -> slot.put(n, n.variable);
                case NUM -> constants.add(n);
                case CALL -> calls.add(n);
                default -> throw new IllegalStateException();
            }
        }
        int size = dim + constants.size() + calls.size();
        Op[] ops = new Op[size];
        int[] args = new int[4 * size];
        double[] init = new double[size];
        int next = dim;
        for (Node c : constants) {
            slot.put(c, next);
            init[next] = c.value;
            next++;
        }
        int firstOp = next;
        for (Node c : calls) {
            ops[next] = c.op;
            for (int k = 0; k < c.args.length; k++) {
                args[4 * next + k] = slot.get(c.args[k]);
            }
            slot.put(c, next);
            next++;
        }
        return new Tape(dim, firstOp, ops, args, init, slot.get(root));
    }

    private Tape(int dim, int firstOp, Op[] ops, int[] args, double[] init, int root) {
        this.dim = dim;
        this.size = ops.length;
        this.firstOp = firstOp;
        this.ops = ops;
        this.args = args;
        this.init = init;
        this.root = root;
    }

    /** Each distinct node once, arguments before the node that uses them. */
    private static List<Node> postOrder(Node root) {
        List<Node> out = new ArrayList<>();
        Map<Node, Boolean> seen = new IdentityHashMap<>();
        ArrayDeque<Node> nodes = new ArrayDeque<>();
        ArrayDeque<Integer> childIndex = new ArrayDeque<>();
        nodes.push(root);
        childIndex.push(0);
        seen.put(root, Boolean.TRUE);
        while (!nodes.isEmpty()) {
            Node n = nodes.peek();
            int k = childIndex.pop();
            if (n.kind == Node.Kind.CALL && k < n.args.length) {
                childIndex.push(k + 1);
                Node child = n.args[k];
                if (seen.put(child, Boolean.TRUE) == null) {
                    nodes.push(child);
                    childIndex.push(0);
                }
            } else {
                nodes.pop();
                out.add(n);
            }
        }
        return out;
    }

    /** Per-chain working memory for {@link #logDensity}. */
    static final class Scratch {
        final double[] v;
        final double[] adj;
        final double[] p = new double[4];

        Scratch(Tape tape) {
            v = tape.init.clone();
            adj = new double[tape.size];
        }
    }

    /**
     * Forward sweep for the value, then (when {@code grad} is not null) a reverse sweep for the
     * gradient. Allocates nothing.
     */
    double logDensity(double[] q, double[] grad, Scratch s) {
        double[] v = s.v;
        System.arraycopy(q, 0, v, 0, dim);
        for (int i = firstOp; i < size; i++) {
            int j = 4 * i;
            v[i] = Ops.eval(ops[i], v[args[j]], v[args[j + 1]], v[args[j + 2]], v[args[j + 3]]);
        }
        double value = v[root];
        if (grad == null) {
            return value;
        }
        double[] adj = s.adj;
        double[] p = s.p;
        Arrays.fill(adj, 0, size, 0.0);
        adj[root] = 1;
        for (int i = root; i >= firstOp; i--) {
            double g = adj[i];
            if (g == 0) {
                continue;
            }
            Op op = ops[i];
            int j = 4 * i;
            Ops.partials(op, v[args[j]], v[args[j + 1]], v[args[j + 2]], v[args[j + 3]], v[i], p);
            for (int k = 0; k < op.arity; k++) {
                adj[args[j + k]] += g * p[k];
            }
        }
        System.arraycopy(adj, 0, grad, 0, dim);
        return value;
    }
}
