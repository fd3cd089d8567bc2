#include "http/fair_share.hpp"

#include <algorithm>

namespace ether::http {

ClientShares::Take ClientShares::take(const std::string& client,
                                      const std::function<std::shared_ptr<ShareTicket>()>& make_ticket) {
  std::lock_guard lock(mutex_);
  auto& share = shares_[client];
  if (share.running < share_) {
    ++share.running;
    return {Verdict::granted, nullptr};
  }
  if (share.waiting.size() >= line_) return {Verdict::refused, nullptr};
  auto ticket = make_ticket();
  share.waiting.push_back(ticket);
  return {Verdict::queued, std::move(ticket)};
}

bool ClientShares::settle(const std::string& client, const std::shared_ptr<ShareTicket>& ticket) {
  std::lock_guard lock(mutex_);
  if (ticket->granted) return true;
  // The deadline came first: leave the line.
  if (auto found = shares_.find(client); found != shares_.end()) {
    std::erase(found->second.waiting, ticket);
  }
  return false;
}

std::shared_ptr<ShareTicket> ClientShares::release(const std::string& client) {
  std::lock_guard lock(mutex_);
  auto found = shares_.find(client);
  if (found == shares_.end()) return nullptr;
  auto& share = found->second;
  if (!share.waiting.empty()) {
    // The turn passes on: `running` stays as it is.
    auto next = std::move(share.waiting.front());
    share.waiting.pop_front();
    next->granted = true;
    return next;
  }
  if (--share.running == 0) shares_.erase(found);
  return nullptr;
}

std::size_t ClientShares::running(const std::string& client) const {
  std::lock_guard lock(mutex_);
  auto found = shares_.find(client);
  return found == shares_.end() ? 0 : found->second.running;
}

std::size_t ClientShares::waiting(const std::string& client) const {
  std::lock_guard lock(mutex_);
  auto found = shares_.find(client);
  return found == shares_.end() ? 0 : found->second.waiting.size();
}

std::size_t ClientShares::clients() const {
  std::lock_guard lock(mutex_);
  return shares_.size();
}

}  // namespace ether::http
