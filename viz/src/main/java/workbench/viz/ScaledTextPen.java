package workbench.viz;

/** What the two pens share: the factor {@link Pen#setFont} scales font sizes by. */
abstract class ScaledTextPen implements Pen {
    /** The factor: 1 until a view sets the window's text size over the normal 12 px. */
    protected double textScale = 1;

    @Override
    public double textScale() {
        return textScale;
    }

    @Override
    public void setTextScale(double scale) {
        textScale = Double.isFinite(scale) && scale > 0 ? scale : 1;
    }
}
