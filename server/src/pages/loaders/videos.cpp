#include "pages/loaders/videos.hpp"

namespace ether::pages::loaders {

PageResult VideosLoader::videos() {
  return result("videos", title("Video's"),
                "Bekijk de video's van " + settings_.name + ": optredens, interviews en beelden uit de studio.",
                routes::videos(), {}, json::object{{"videos", catalog_.videos()}});
}

}  // namespace ether::pages::loaders
