package org.cgsuite.core.misere.solver;

import java.util.*;

/** Octal code 0.d1d2...: digit k allows taking k tokens leaving 0, 1 or 2 heaps (bits 1, 2, 4). Written for bench/misere.py (grundy), not part of MisereSolver. */
public class OctalRules {
    final int[] digits; // digits[k] for k >= 1
    final String code;
    public OctalRules(String code) {
        if (!code.startsWith("0.")) throw new IllegalArgumentException("0.d... codes only");
        this.code = code;
        String d = code.substring(2);
        digits = new int[d.length() + 1];
        for (int k = 1; k <= d.length(); k++) digits[k] = d.charAt(k - 1) - '0';
    }
    public int maxTake() { return digits.length - 1; }
    public List<int[]> options(int n) {
        List<int[]> out = new ArrayList<>();
        for (int k = 1; k < digits.length && k <= n; k++) {
            int d = digits[k], r = n - k;
            if ((d & 1) != 0 && r == 0) out.add(new int[0]);
            if ((d & 2) != 0 && r >= 1) out.add(new int[] { r });
            if ((d & 4) != 0 && r >= 2) for (int a = 1; a <= r / 2; a++) out.add(new int[] { a, r - a });
        }
        return out;
    }
    public String toString() { return code; }
}
