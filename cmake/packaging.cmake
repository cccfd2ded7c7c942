# The Debian package (scripts/package.sh): `cpack -G DEB` in a build of the portable preset.
# dpkg-shlibdeps (package dpkg-dev) derives the library dependencies from the installed
# programs; the Depends below are what it cannot see because nothing links them.

set(CPACK_PACKAGE_NAME attention-lab)
set(CPACK_PACKAGE_VENDOR "Attention Lab")
set(CPACK_PACKAGE_CONTACT "Attention Lab maintainers <attention-lab@example.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
# Lines of at most 80 characters, as Debian's control files want them.
string(JOIN "\n" CPACK_PACKAGE_DESCRIPTION
    "Attention Lab teaches the attention mechanism of Transformers: edit or drag"
    "every query and key, scale the scores and watch softmax sharpen, switch the"
    "causal mask, see why scores are divided by the square root of d, and time the"
    "T x T cost. The console tool attention-cli prints the lesson's numbers and runs"
    "the measurements without a display. English and Simplified Chinese interface.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # attention-lab_<version>-<release>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_PACKAGE_SECTION education)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${CPACK_PACKAGE_CONTACT}")
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${PROJECT_HOMEPAGE_URL}")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Chinese glyphs for the zh_CN interface, Qt's own translations (standard dialogs, buttons), and
# the tiny model's corpora tang300 and song100 (read from /usr/share/games/fortunes at run time;
# 全唐诗 is installed with the package, share/attention-lab/corpora).
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-noto-cjk, qt6-translations-l10n, fortunes-zh")
# The xcb and offscreen platform plugins come with libqt6gui6 (found by shlibdeps); Wayland
# sessions can use the native plugin if it is installed.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "qt6-wayland")

include(CPack)
