#pragma once
// The plain C interface between the server and its image module, ether-images.so
// (media/vips_image_module.cpp), which holds every call into libvips. libvips brings about 80
// libraries (cairo, pango, X11, HDF5, OpenEXR, ...) whose symbols the dynamic linker resolved at
// the start of every process that linked it: 35 ms of CPU each (perf, 29 Nov), though few
// processes ever touch an image (a test process, a server subcommand). image_processor.cpp loads
// the module at the first image instead. C, so that the two sides share nothing but plain types.

extern "C" {

/// What the module offers. Each function that can fail answers nullptr on success, or a Dutch
/// message for the editor with libvips' reason (valid on the calling thread until its next call).
struct EtherImageModule {
  int version;  ///< kEtherImageModuleVersion of the module's build
  /// Starts libvips (once per process; later calls do nothing).
  const char* (*start)();
  /// The libvips loader that would read `file` (e.g. "VipsForeignLoadJpegFile"), read from its
  /// header; nullptr when none would.
  const char* (*find_loader)(const char* file);
  /// The size in the header of `file`, which is opened but not decoded.
  const char* (*header_size)(const char* file, int* width, int* height);
  /// Decodes `source` whole, turned upright by its EXIF orientation, in sRGB and at most
  /// `max_side` px on its longest side (never enlarged), and saves it to `target` as WebP of
  /// `quality` without metadata.
  const char* (*make_original)(const char* source, const char* target, int max_side, int quality, int* width,
                               int* height);
  /// Decodes `file` whole into memory for cuts; `image` is then release()d.
  const char* (*open_image)(const char* file, void** image, int* width, int* height);
  /// The area `left`, `top`, `width` x `height` of an open image, scaled by `scale` when it is
  /// below 1, saved to `target` as WebP of `quality` without metadata.
  const char* (*save_cut)(void* image, int left, int top, int width, int height, double scale, const char* target,
                          int quality);
  /// Lets go of an image open_image made.
  void (*release)(void* image);
};

/// The module's one exported function (looked up by this name).
const EtherImageModule* ether_image_module();
}

/// Raised whenever EtherImageModule changes, so that a stale module is refused rather than misread.
inline constexpr int kEtherImageModuleVersion = 1;

/// The module's file name, looked for beside the running executable.
inline constexpr const char* kEtherImageModuleFile = "ether-images.so";
