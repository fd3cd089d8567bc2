// libvips lives in the image module (src/media/image_module.hpp): the server and this test program
// start without its 80 libraries and load them at their first image. A call into libvips from the
// server's own code would make the linker name it again (seen: vips_version in image_processor.cpp
// fails the first test), bringing back 35 ms of CPU to every process start, and nothing else would
// fail.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "media/image_module.hpp"
#include "media/image_processor.hpp"
#include "support/file_bytes.hpp"
#include "support/server_process.hpp"
#include "support/test_paths.hpp"

namespace ether::media {
namespace {

namespace fs = std::filesystem;

// The shared libraries `binary` names itself (its NEEDED entries), as readelf prints them.
std::string needed_libraries(const fs::path& binary) {
  return test::run_command("readelf -d '" + binary.string() + "' | grep NEEDED");
}

bool libvips_mapped() { return test::file_bytes("/proc/self/maps").find("/libvips.so") != std::string::npos; }

TEST(ImageModule, TheServerAndTheTestsLinkNoLibvipsAndTheModuleDoes) {
  const fs::path server = ETHER_SERVER_BINARY;
  const auto module = server.parent_path() / kEtherImageModuleFile;
  ASSERT_TRUE(fs::exists(module)) << module;
  EXPECT_NE(needed_libraries(server).find("libstdc++"), std::string::npos) << "readelf printed no NEEDED entries";
  EXPECT_EQ(needed_libraries(server).find("libvips"), std::string::npos) << needed_libraries(server);
  EXPECT_EQ(needed_libraries(fs::read_symlink("/proc/self/exe")).find("libvips"), std::string::npos);
  EXPECT_NE(needed_libraries(module).find("libvips"), std::string::npos) << needed_libraries(module);
}

TEST(ImageModule, AnImageIsReadThroughTheModuleLoadedOnDemand) {
  const auto picture = fs::path(ETHER_SOURCE_DIR) / "media" / "demo" / "images" / "videos" / "tidal-rooms-clip.webp";
  const auto probe = probe_image(picture);
  ASSERT_TRUE(probe.has_value());
  EXPECT_EQ(probe->format, "webp");
  EXPECT_GT(probe->width, 0);
  EXPECT_GT(probe->height, 0);
  EXPECT_TRUE(libvips_mapped());
  // A file that is no picture is no error of the module's.
  EXPECT_FALSE(probe_image(fs::path(ETHER_SOURCE_DIR) / "server" / "seed" / "demo-station.json").has_value());
}

}  // namespace
}  // namespace ether::media
