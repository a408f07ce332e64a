package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The dense trace's straight segments across columns between two buckets: a steep one drawn one pixel a column read
 * as a trail of dots (SMILE's kept-steps share, whose buckets lie many columns apart).
 */
class TraceGapJoinTest {

    @Test
    void aSteepSegmentIsAConnectedLine() {
        int w = 12;
        int h = 100;
        int[] img = new int[w * h];
        double end = TraceView.joinGap(img, w, h, 0, 5.0, 10, 95.0, 0, 0, 255, 1.0);
        int prevLo = 5;
        int prevHi = 5;
        for (int x = 1; x < 10; x++) {
            int lo = -1;
            int hi = -1;
            for (int y = 0; y < h; y++) {
                if (img[y * w + x] != 0) {
                    if (lo < 0) {
                        lo = y;
                    } else {
                        assertEquals(hi + 1, y, "column " + x + " is one span");
                    }
                    hi = y;
                }
            }
            assertTrue(lo >= 0, "column " + x + " is filled");
            assertTrue(lo <= prevHi + 1 && hi >= prevLo - 1,
                    "column " + x + " (rows " + lo + "-" + hi + ") touches the one before (" + prevLo + "-" + prevHi + ")");
            prevLo = lo;
            prevHi = hi;
        }
        assertEquals(5 + 90 * 9 / 10.0, end, 1e-9, "the last column's row, for the bucket's column to join");
        for (int y = 0; y < h; y++) {
            assertEquals(0, img[y * w + 10], "the bucket's own column is left to its span");
            assertEquals(0, img[y * w], "so is the previous bucket's");
        }
    }

    @Test
    void aFlatSegmentIsOnePixelHigh() {
        int w = 8;
        int h = 20;
        int[] img = new int[w * h];
        TraceView.joinGap(img, w, h, 0, 10.0, 7, 10.0, 255, 0, 0, 1.0);
        for (int x = 1; x < 7; x++) {
            int filled = 0;
            for (int y = 0; y < h; y++) {
                filled += img[y * w + x] != 0 ? 1 : 0;
            }
            assertEquals(1, filled, "column " + x);
        }
    }
}
