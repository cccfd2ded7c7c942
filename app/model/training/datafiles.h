#pragma once

/// Where the programs find the data installed beside them: share/attention-lab next to their
/// bin/ folder, in the build tree (resources/CMakeLists.txt puts it there) and in an installation
/// alike. ATTENTION_LAB_DATA names another folder (tests use it to see the app without its data).

#include <QString>

namespace attention {

/// share/attention-lab beside bin/, or $ATTENTION_LAB_DATA.
QString dataDirectory();
/// The folder of tang.txt (全唐诗, built from the npm package chinese-poetry).
QString corpusDirectory();
/// The long-trained 全唐诗 model that ships with the app (`--model tang`, step 7's "Open the
/// long-trained model"); the file may be missing from a build without 全唐诗.
QString shippedModelPath();

} // namespace attention
