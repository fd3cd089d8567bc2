#include "media/upload_slots.hpp"

namespace ether::media {

UploadSlots::UploadSlots(UploadCaps caps) : caps_(caps) {}

std::shared_ptr<void> UploadSlots::take(const std::string& address) const {
  std::lock_guard lock(counts_->mutex);
  if (counts_->total >= caps_.in_all) return nullptr;
  const bool counted = !address.empty();
  if (counted) {
    auto& mine = counts_->per_address[address];
    if (mine >= caps_.per_address) return nullptr;
    ++mine;
  }
  ++counts_->total;
  // The holder owns a share of the counts, so that a body still being read may outlive the
  // UploadSlots; what it points at only has to be non-null.
  return {counts_.get(), [counts = counts_, address, counted](void*) {
            std::lock_guard lock(counts->mutex);
            --counts->total;
            if (!counted) return;
            if (auto found = counts->per_address.find(address); found != counts->per_address.end()) {
              if (--found->second <= 0) counts->per_address.erase(found);
            }
          }};
}

int UploadSlots::in_flight() const {
  std::lock_guard lock(counts_->mutex);
  return counts_->total;
}

}  // namespace ether::media
