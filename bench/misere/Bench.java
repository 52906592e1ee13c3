package org.cgsuite.core.misere.solver;

import java.util.*;

/** Runs MisereSolver heap by heap on an octal code until Guy–Smith periodicity of the pretending function
 *  (Φ(h+p) = Φ(h) for n0 <= h, h+p <= N, N+1 >= 2(n0+p)+t, n0 >= 1), maxheap or a timeout. Written for bench/misere.py (grundy), not part of MisereSolver. */
public class Bench {
    public static void main(String[] args) throws Exception {
        String code = args[0];
        int maxHeap = args.length > 1 ? Integer.parseInt(args[1]) : Integer.MAX_VALUE;
        int timeout = args.length > 2 ? Integer.parseInt(args[2]) : 0;
        OctalRules rules = new OctalRules(code);
        long t0 = System.nanoTime();
        final MisereSolver ms = new MisereSolver(rules);
        final int[] result = new int[] { -1, -1, 0 }; // period, preperiod, stopped
        Thread th = new Thread(() -> {
            try {
                while (ms.p.prefn.size() <= maxHeap) {
                    int n = ms.p.prefn.size() - 1;
                    if (n < 4096 || n % 1024 == 0) {
                        int[] pp = period(ms.p.prefn, rules.maxTake());
                        if (pp != null) { result[0] = pp[0]; result[1] = pp[1]; return; }
                    }
                    ms.next();
                }
            } catch (TimeoutException e) { result[2] = 1; }
        });
        th.start();
        th.join(timeout * 1000L);
        if (th.isAlive()) { th.interrupt(); th.join(); }
        double s = (System.nanoTime() - t0) / 1e9;
        System.out.printf("code %s heap %d order %d p_size %d period %d preperiod %d %s %.2f s%n", code,
            ms.p.prefn.size() - 1, ms.p.quotient.monoid.size(), ms.p.quotient.pPortionSize(), result[0], result[1],
            result[0] > 0 ? "proven" : (result[2] == 1 ? "timeout" : "upto"), s);
    }

    static int[] period(List<Integer> phi, int t) {
        int big = phi.size() - 1;
        for (int p = 1; 2 * p + t <= big + 1; p++) {
            int h = big - p;
            while (h >= 1 && phi.get(h).equals(phi.get(h + p))) h--;
            int n0 = Math.max(h + 1, 1);
            if (big + 1 >= 2 * (n0 + p) + t) return new int[] { p, n0 };
        }
        return null;
    }
}
