package workbench.sessions.io;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;

/** Test resources of this package as paths. */
final class Resources {
    private Resources() {
    }

    static Path path(String name) {
        URL url = Resources.class.getResource(name);
        if (url == null) {
            throw new IllegalStateException("missing test resource " + name);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
