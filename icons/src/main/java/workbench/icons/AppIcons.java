package workbench.icons;

import java.net.URL;
import java.util.List;

/**
 * Resource paths of the icons shipped in this module's jar.
 *
 * <p>Application icon: {@code /workbench/icons/app-<size>.png} for each of {@link #APP_SIZES}.
 * Toolbar icons: {@code /workbench/icons/toolbar/<name>-<size>.png} (dark glyphs for light backgrounds) and
 * {@code /workbench/icons/toolbar-dark/<name>-<size>.png} (pale glyphs for dark backgrounds), for each name in
 * {@link #TOOLBAR} and each size in {@link #TOOLBAR_SIZES}. Load them with {@code AppIcons.class.getResource(path)}
 * or {@code new javafx.scene.image.Image(path)} from code that has this jar on its class path.
 */
public final class AppIcons {
    /** Pixel sizes of the application icon PNGs. */
    public static final List<Integer> APP_SIZES = List.of(16, 24, 32, 48, 64, 128, 256, 512, 1024);

    /** Names of the toolbar icons, in a sensible toolbar order. */
    public static final List<String> TOOLBAR =
            List.of("run", "pause", "step", "reset", "zoom-in", "zoom-out", "fit", "export", "open", "help");

    /** Pixel sizes of each toolbar icon. */
    public static final List<Integer> TOOLBAR_SIZES = List.of(16, 32);

    private static final String ROOT = "/workbench/icons/";

    private AppIcons() {
    }

    /** Resource paths of the application icon, smallest first (what {@code Stage.getIcons()} wants). */
    public static List<String> appIconPaths() {
        return APP_SIZES.stream().map(AppIcons::appIconPath).toList();
    }

    /**
     * Resource path of the application icon at one size.
     *
     * @throws IllegalArgumentException if {@code size} is not one of {@link #APP_SIZES}
     */
    public static String appIconPath(int size) {
        if (!APP_SIZES.contains(size)) {
            throw new IllegalArgumentException("no application icon of " + size + " px; sizes are " + APP_SIZES);
        }
        return ROOT + "app-" + size + ".png";
    }

    /** Names of the toolbar icons (same as {@link #TOOLBAR}). */
    public static List<String> toolbarIconNames() {
        return TOOLBAR;
    }

    /**
     * Resource path of a toolbar icon for a light background.
     *
     * @throws IllegalArgumentException if the name or size is unknown
     */
    public static String toolbarIconPath(String name, int size) {
        return toolbarIconPath(name, size, false);
    }

    /**
     * Resource path of a toolbar icon; {@code dark} picks the variant drawn for dark backgrounds.
     *
     * @throws IllegalArgumentException if the name or size is unknown
     */
    public static String toolbarIconPath(String name, int size, boolean dark) {
        if (!TOOLBAR.contains(name)) {
            throw new IllegalArgumentException("no toolbar icon named '" + name + "'; names are " + TOOLBAR);
        }
        if (!TOOLBAR_SIZES.contains(size)) {
            throw new IllegalArgumentException("no toolbar icon of " + size + " px; sizes are " + TOOLBAR_SIZES);
        }
        return ROOT + (dark ? "toolbar-dark/" : "toolbar/") + name + "-" + size + ".png";
    }

    /**
     * The URL of one of these resources, for APIs that take a URL string (e.g. JavaFX {@code Image}).
     *
     * @throws IllegalStateException if the resource is missing from the jar (a broken build)
     */
    public static URL url(String path) {
        URL url = AppIcons.class.getResource(path);
        if (url == null) {
            throw new IllegalStateException("icon resource missing from the icons jar: " + path);
        }
        return url;
    }
}
