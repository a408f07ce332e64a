package workbench.icons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class AppIconsTest {

    private static BufferedImage read(String path) throws IOException {
        try (InputStream in = AppIcons.class.getResourceAsStream(path)) {
            assertNotNull(in, "missing resource " + path);
            BufferedImage image = ImageIO.read(in);
            assertNotNull(image, "not a readable PNG: " + path);
            return image;
        }
    }

    /** Share of pixels that are not fully transparent. */
    private static double coverage(BufferedImage image) {
        int opaque = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if ((image.getRGB(x, y) >>> 24) != 0) {
                    opaque++;
                }
            }
        }
        return opaque / (double) (image.getWidth() * image.getHeight());
    }

    @Test
    void appIconsExistAtTheirStatedSizesAndFillTheirSquare() throws IOException {
        List<String> paths = AppIcons.appIconPaths();
        assertEquals(AppIcons.APP_SIZES.size(), paths.size());
        for (int i = 0; i < paths.size(); i++) {
            int size = AppIcons.APP_SIZES.get(i);
            BufferedImage image = read(paths.get(i));
            assertEquals(size, image.getWidth(), paths.get(i));
            assertEquals(size, image.getHeight(), paths.get(i));
            assertTrue(image.getColorModel().hasAlpha(), "app icon needs transparent corners: " + paths.get(i));
            assertEquals(0, image.getRGB(0, 0) >>> 24, "corner should be transparent: " + paths.get(i));
            assertTrue(coverage(image) > 0.8, "app icon mostly opaque: " + paths.get(i));
        }
    }

    @Test
    void everyToolbarIconExistsInBothVariantsAndSizes() throws IOException {
        for (String name : AppIcons.toolbarIconNames()) {
            for (int size : AppIcons.TOOLBAR_SIZES) {
                for (boolean dark : new boolean[] {false, true}) {
                    String path = AppIcons.toolbarIconPath(name, size, dark);
                    BufferedImage image = read(path);
                    assertEquals(size, image.getWidth(), path);
                    assertEquals(size, image.getHeight(), path);
                    double c = coverage(image);
                    assertTrue(c > 0.05 && c < 0.9, "glyph on a transparent ground expected, coverage " + c + ": " + path);
                }
            }
        }
    }

    @Test
    void darkVariantIsLighterThanLightVariant() throws IOException {
        for (String name : AppIcons.toolbarIconNames()) {
            assertTrue(meanLuma(read(AppIcons.toolbarIconPath(name, 32, true)))
                    > meanLuma(read(AppIcons.toolbarIconPath(name, 32, false))) + 100, name);
        }
    }

    private static double meanLuma(BufferedImage image) {
        double sum = 0;
        double weight = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int argb = image.getRGB(x, y);
                double a = (argb >>> 24) / 255.0;
                double luma = 0.299 * (argb >> 16 & 255) + 0.587 * (argb >> 8 & 255) + 0.114 * (argb & 255);
                sum += a * luma;
                weight += a;
            }
        }
        return sum / weight;
    }

    @Test
    void toolbarIconsAreDistinct() throws IOException {
        Set<String> seen = new TreeSet<>();
        for (String name : AppIcons.toolbarIconNames()) {
            BufferedImage image = read(AppIcons.toolbarIconPath(name, 32));
            StringBuilder key = new StringBuilder();
            for (int y = 0; y < 32; y++) {
                for (int x = 0; x < 32; x++) {
                    key.append((image.getRGB(x, y) >>> 24) > 127 ? '#' : '.');
                }
            }
            assertTrue(seen.add(key.toString()), "toolbar icon '" + name + "' looks identical to another one");
        }
    }

    @Test
    void noUnlistedIconFilesShip() throws IOException, URISyntaxException {
        // The test-classes folder has a workbench/icons package folder too, so locate the resources by a known file.
        Path root = Path.of(AppIcons.url(AppIcons.appIconPath(16)).toURI()).getParent();
        List<String> listed = new ArrayList<>(AppIcons.appIconPaths());
        for (String name : AppIcons.TOOLBAR) {
            for (int size : AppIcons.TOOLBAR_SIZES) {
                listed.add(AppIcons.toolbarIconPath(name, size, false));
                listed.add(AppIcons.toolbarIconPath(name, size, true));
            }
        }
        Set<String> found = new TreeSet<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(p -> p.toString().endsWith(".png"))
                    .forEach(p -> found.add("/workbench/icons/" + root.relativize(p).toString().replace('\\', '/')));
        }
        assertEquals(new TreeSet<>(listed), found);
    }

    @Test
    void unknownNamesAndSizesAreRejectedWithAClearMessage() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AppIcons.toolbarIconPath("rewind", 16));
        assertTrue(e.getMessage().contains("rewind"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> AppIcons.toolbarIconPath("run", 24));
        assertThrows(IllegalArgumentException.class, () -> AppIcons.appIconPath(20));
        assertThrows(IllegalStateException.class, () -> AppIcons.url("/workbench/icons/nothing.png"));
        assertNotNull(AppIcons.url(AppIcons.appIconPath(16)));
    }
}
