#pragma once
// The query of the admin's monthly listener reports (the royalty report, the audience per song):
// `?channel=radio2&month=2026-11`. One reading, so that every such report refuses the same things
// the same way: 400 bad_parameter for a malformed channel or month, 404 for a channel the station
// does not have.

#include <string>
#include <variant>

#include "http/message.hpp"
#include "listeners/royalty_report.hpp"
#include "store/database.hpp"

namespace ether::admin {

struct ChannelMonth {
  std::string channel;     // a channel the station has
  std::string month_text;  // "2026-11", as asked
  listeners::ReportMonth month;
};

/// The channel and month of `request`, or the error response to answer instead. Reads the store
/// (whether the channel exists): call it off the I/O threads, as every admin route runs.
std::variant<ChannelMonth, http::Response> read_channel_month(const http::Request& request, store::Database& db);

}  // namespace ether::admin
