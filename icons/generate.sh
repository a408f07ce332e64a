#!/usr/bin/env bash
# Renders the committed icon files from the SVG sources in icons/src/svg.
# Run it after editing an SVG and commit the results; a normal build does not need these tools.
# Needs: rsvg-convert (librsvg2-bin), convert (imagemagick), png2icns (icnsutils).
#   sudo apt-get install librsvg2-bin imagemagick icnsutils
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
svg="$here/src/svg"
res="$here/src/main/resources/workbench/icons"
platform="$here/platform"

for tool in rsvg-convert convert png2icns; do
  command -v "$tool" >/dev/null || { echo "generate.sh: $tool is missing (apt-get install librsvg2-bin imagemagick icnsutils)" >&2; exit 2; }
done

# The toolbar set, in the order AppIcons.TOOLBAR lists it.
toolbar=(run pause step reset zoom-in zoom-out fit export open help)
# Foreground colours: the light-theme SVGs use this slate; the dark-theme variants swap it for a pale grey.
light="#37474f"
dark="#e0e6eb"

rm -rf "$res" "$platform"
mkdir -p "$res/toolbar" "$res/toolbar-dark" "$platform"

# Application icon: the simplified drawing below 32 px, the full one from 32 px up.
for size in 16 24; do
  rsvg-convert -w "$size" -h "$size" "$svg/app-small.svg" -o "$res/app-$size.png"
done
for size in 32 48 64 128 256 512 1024; do
  rsvg-convert -w "$size" -h "$size" "$svg/app.svg" -o "$res/app-$size.png"
done

# Toolbar icons at 16 and 32 px, light and dark.
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for name in "${toolbar[@]}"; do
  src="$svg/toolbar/$name.svg"
  [ -f "$src" ] || { echo "generate.sh: missing $src" >&2; exit 1; }
  sed "s/$light/$dark/g" "$src" > "$tmp/$name.svg"
  for size in 16 32; do
    rsvg-convert -w "$size" -h "$size" "$src" -o "$res/toolbar/$name-$size.png"
    rsvg-convert -w "$size" -h "$size" "$tmp/$name.svg" -o "$res/toolbar-dark/$name-$size.png"
  done
done

# Windows .ico (16-256 px) and macOS .icns (16-1024 px); the Linux installers use app-256.png directly.
convert "$res"/app-{16,24,32,48,64,128,256}.png -define png:exclude-chunks=date,time "$platform/workbench.ico"
png2icns "$platform/workbench.icns" "$res"/app-{16,32,48,128,256,512,1024}.png >/dev/null
cp "$res/app-256.png" "$platform/workbench.png"

echo "generate.sh: wrote $(find "$res" "$platform" -type f | wc -l) files"
