#include "visual/segmenter_command.hpp"

#include <algorithm>

namespace ether::visual {
namespace {

constexpr const char* kFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr const char* kFontBold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";
constexpr const char* kFontMono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf";
constexpr int kFps = 5;

// A path inside a filtergraph option: ':' and '\' and '\'' need escaping at two levels; the
// segmenter's own paths are plain, but a data dir might hold a colon.
std::string filter_path(const std::filesystem::path& path) {
  std::string out;
  for (char c : path.string()) {
    if (c == ':' || c == '\\' || c == '\'' || c == ',' || c == ';' || c == '[' || c == ']') out += "\\\\\\";
    out.push_back(c);
  }
  return out;
}

bool valid_colour(const std::string& colour) {
  if (colour.size() != 7 || colour[0] != '#') return false;
  for (std::size_t i = 1; i < colour.size(); ++i) {
    const char c = colour[i];
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) return false;
  }
  return true;
}

std::string text_file(const SegmenterSpec& spec, const char* file, const char* font, int size, const std::string& x,
                      const std::string& y) {
  return "drawtext=fontfile=" + std::string(font) + ":fontsize=" + std::to_string(size) + ":fontcolor=white:x=" + x +
         ":y=" + y + ":expansion=none:reload=1:textfile=" + filter_path(spec.dir / file);
}

}  // namespace

std::size_t start_burst_bytes(int bitrate_kbps, int segment_seconds) {
  const auto kbps = static_cast<std::size_t>(bitrate_kbps > 0 ? bitrate_kbps : 128);
  const auto seconds = static_cast<std::size_t>(kFirstPlaylistSegments * std::max(1, segment_seconds) + 1);
  return kbps * 1000 / 8 * seconds;
}

std::vector<std::string> segmenter_arguments(const SegmenterSpec& spec) {
  const std::string colour = "0x" + (valid_colour(spec.colour) ? spec.colour.substr(1) : std::string("1a1a2e"));
  const bool logo = !spec.logo.empty();
  std::vector<std::string> args{
      spec.ffmpeg, "-hide_banner", "-loglevel",
      "warning",   "-nostats",     "-f",
      "lavfi",     "-i",           "color=c=" + colour + ":s=640x360:r=" + std::to_string(kFps)};
  if (logo) {
    // The logo is a file of the media directory: read as the picture it should be and nothing else.
    args.insert(args.end(),
                {"-protocol_whitelist", "file", "-format_whitelist", "image2,webp_pipe,png_pipe,jpeg_pipe",
                 "-codec_whitelist", "webp,png,mjpeg", "-max_pixels", "16777216", "-i", "file:" + spec.logo.string()});
  }
  // The audio comes as the live origin sends it; a larger queue lets the burst in at once.
  args.insert(args.end(), {"-thread_queue_size", "1024", "-f", "mp3", "-i", "pipe:0"});

  std::string graph;
  if (logo) {
    graph = "[1:v]scale=160:160[logo];[0:v][logo]overlay=24:24:eof_action=repeat,";
  } else {
    graph = "[0:v]";
  }
  // The clock shows when the audio of a frame was on air: the frame's time plus the origin.
  const std::string clock = "drawtext=fontfile=" + std::string(kFontMono) +
                            ":fontsize=22:fontcolor=white:x=w-tw-24:y=h-th-20:text='%{pts\\:localtime\\:" +
                            std::to_string(spec.clock_origin) + "\\:%H\\\\\\:%M\\\\\\:%S}'";
  graph += "drawbox=x=0:y=ih-110:w=iw:h=110:color=black@0.35:t=fill," +
           text_file(spec, kNameFile, kFontBold, 30, "208", "40") + "," +
           text_file(spec, kShowFile, kFont, 20, "208", "90") + "," +
           text_file(spec, kSongFile, kFont, 22, "24", "h-92") + "," + clock + "[v]";
  const auto audio_input = logo ? "2:a" : "1:a";
  const std::string gop = std::to_string(kFps * spec.segment_seconds);
  args.insert(args.end(), {"-filter_complex",
                           graph,
                           "-map",
                           "[v]",
                           "-map",
                           audio_input,
                           "-shortest",
                           "-c:v",
                           "libx264",
                           "-preset",
                           "ultrafast",
                           "-tune",
                           "stillimage",
                           "-pix_fmt",
                           "yuv420p",
                           "-r",
                           std::to_string(kFps),
                           "-g",
                           gop,
                           "-keyint_min",
                           gop,
                           "-sc_threshold",
                           "0",
                           "-b:v",
                           "200k",
                           "-maxrate",
                           "300k",
                           "-bufsize",
                           "600k",
                           "-c:a",
                           "aac",
                           "-b:a",
                           "48k",
                           "-ac",
                           "1",
                           "-f",
                           "hls",
                           "-hls_time",
                           std::to_string(spec.segment_seconds),
                           "-hls_list_size",
                           std::to_string(spec.list_size),
                           "-hls_delete_threshold",
                           "2",
                           "-hls_flags",
                           "delete_segments+temp_file+independent_segments+omit_endlist",
                           "-start_number",
                           std::to_string(spec.start_number),
                           "-hls_segment_filename",
                           (spec.dir / "seg-%d.ts").string(),
                           (spec.dir / kPlaylistFile).string()});
  return args;
}

}  // namespace ether::visual
