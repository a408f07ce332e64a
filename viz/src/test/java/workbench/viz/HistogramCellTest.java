package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The projection's 2-D histogram puts each draw in one cell of its grid, and a draw with a NaN coordinate in none. */
class HistogramCellTest {
    @Test
    void pointsFallInTheirCellRowByRow() {
        assertEquals(0, ProjectionView.histogramCell(0, 0, 4, 3));
        assertEquals(1 * 4 + 2, ProjectionView.histogramCell(2.99, 1.0, 4, 3));
        assertEquals(2 * 4 + 3, ProjectionView.histogramCell(Math.nextDown(4.0), Math.nextDown(3.0), 4, 3));
    }

    @Test
    void pointsOutsideTheGridAreInNoCell() {
        assertEquals(-1, ProjectionView.histogramCell(-1e-9, 1, 4, 3));
        assertEquals(-1, ProjectionView.histogramCell(4.0, 1, 4, 3));
        assertEquals(-1, ProjectionView.histogramCell(1, 3.0, 4, 3));
        assertEquals(-1, ProjectionView.histogramCell(Double.POSITIVE_INFINITY, 1, 4, 3));
        assertEquals(-1, ProjectionView.histogramCell(1, Double.NEGATIVE_INFINITY, 4, 3));
    }

    /** {@code (int) Math.floor(NaN)} is 0: before the guard, such a draw counted in the top-left corner cell. */
    @Test
    void aNanCoordinateIsInNoCell() {
        assertEquals(-1, ProjectionView.histogramCell(Double.NaN, 1, 4, 3));
        assertEquals(-1, ProjectionView.histogramCell(1, Double.NaN, 4, 3));
        assertEquals(-1, ProjectionView.histogramCell(Double.NaN, Double.NaN, 4, 3));
    }
}
