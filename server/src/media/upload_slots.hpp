#pragma once
// Counts the upload bodies being read at once, per client address and in all, so that one client
// (or a few) cannot hold the disk and the connections with many parallel uploads. A slot is taken
// from the head of an upload on the I/O thread and freed when the body has been read or refused.

#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace ether::media {

struct UploadCaps {
  int per_address = 2;  // ETHER_UPLOADS_PER_ADDRESS
  int in_all = 8;       // ETHER_UPLOADS_IN_FLIGHT
};

class UploadSlots {
 public:
  explicit UploadSlots(UploadCaps caps);

  /// A slot for one body of a client at `address` (empty: unknown, only the total counts), freed
  /// when the returned holder goes; nullptr when that address or the whole is at its cap. The
  /// holder may outlive this object. Never blocks for long (one mutex).
  [[nodiscard]] std::shared_ptr<void> take(const std::string& address) const;
  /// Bodies being read now, in all.
  [[nodiscard]] int in_flight() const;

 private:
  struct Counts {
    std::mutex mutex;
    int total = 0;
    std::map<std::string, int, std::less<>> per_address;
  };
  UploadCaps caps_;
  std::shared_ptr<Counts> counts_ = std::make_shared<Counts>();
};

}  // namespace ether::media
