#include "pages/loaders/page_context.hpp"

#include <algorithm>
#include <utility>

#include "pages/text_fold.hpp"

namespace ether::pages::loaders {
namespace json = boost::json;
using queries::ChannelRow;

Paging paginate(std::int64_t requested, std::int64_t total, int size) {
  Paging p;
  p.total = total;
  p.page_count = static_cast<int>(std::max<std::int64_t>(1, (total + size - 1) / size));
  p.page = static_cast<int>(std::clamp<std::int64_t>(requested, 1, p.page_count));
  p.offset = (p.page - 1) * size;
  return p;
}

json::object paging_json(const Paging& p) {
  return json::object{{"page", p.page}, {"pageCount", p.page_count}, {"total", p.total}};
}

std::string field(const json::object& object, std::string_view key) {
  auto* value = object.if_contains(key);
  return value && value->is_string() ? std::string(value->get_string()) : std::string();
}

PageContext::PageContext(const PageRequest& request)
    : request_(request),
      catalog_(request.catalog),
      settings_(request.settings),
      path_(request.path),
      query_(request.query),
      search_(request.search) {}

std::string PageContext::title(std::string_view text) const {
  return text.empty() ? settings_.name : std::string(text) + " - " + settings_.name;
}

std::string PageContext::param(std::string_view key) const {
  auto it = query_.find(key);
  if (it == query_.end()) return {};
  std::string value = it->second;
  value.erase(0, value.find_first_not_of(" \t\r\n"));
  value.erase(value.find_last_not_of(" \t\r\n") + 1);
  return value.size() > kMaxTextParam || !valid_utf8(value) ? std::string() : value;
}

std::int64_t PageContext::page_param() const { return parse_positive(param("page")).value_or(1); }

std::optional<Date> PageContext::date_param() const {
  auto text = param("date");
  if (auto day = parse_route_date(text)) return day;
  return parse_iso_date(text);
}

ChannelRow PageContext::channel_param() const {
  if (const auto* c = catalog_.channel(param("channel"))) return *c;
  return site_channel();
}

ChannelRow PageContext::site_channel() const {
  if (const auto* c = catalog_.channel(settings_.default_channel)) return *c;
  if (!catalog_.channels().empty()) return catalog_.channels().front();
  ChannelRow fallback;
  fallback.slug = settings_.default_channel;
  fallback.name = settings_.name;
  return fallback;
}

PageResult PageContext::result(std::string route, std::string page_title, std::string description,
                               std::string canonical, json::object params, json::object data) const {
  PageResult r;
  r.status = 200;
  r.route = std::move(route);
  r.title = std::move(page_title);
  r.description = std::move(description);
  r.canonical_path = std::move(canonical);
  r.params = std::move(params);
  r.data = std::move(data);
  r.bad_parameter = bad_parameter_;
  return r;
}

void PageContext::reject(std::string message) {
  if (bad_parameter_.empty()) bad_parameter_ = std::move(message);
}

std::optional<Date> PageContext::checked_date_param() {
  auto day = date_param();
  if (!day && !param("date").empty()) reject("The parameter 'date' must be a date as dd-MM-yyyy or yyyy-MM-dd.");
  return day;
}

json::object PageContext::window_json(const Date& first, const Date& last, const Date& day) {
  return json::object{{"first", iso_date(first)}, {"last", iso_date(last)}, {"contains", first <= day && day <= last}};
}

json::object PageContext::on_air(const ChannelRow& channel) {
  auto broadcast = catalog_.broadcast_on_air(channel.slug);
  auto track = catalog_.track_on_air(channel.slug);
  return json::object{{"channel", catalog_.channel_summary(channel)},
                      {"broadcast", broadcast ? json::value(*broadcast) : json::value(nullptr)},
                      {"track", track ? json::value(*track) : json::value(nullptr)}};
}

json::array PageContext::programme_cards(const std::vector<const queries::ProgrammeRow*>& list) const {
  json::array cards;
  for (const auto* p : list) cards.push_back(catalog_.programme_card(*p));
  return cards;
}

std::string PageContext::shown_path() const {
  if (path_.empty()) return "/";
  if (valid_utf8(path_)) return path_;
  std::string shown;
  for (char c : path_) {
    shown += static_cast<unsigned char>(c) < 0x80 ? std::string(1, c) : percent_encode(std::string_view(&c, 1));
  }
  return shown;
}

PageResult PageContext::not_found(std::string description) const {
  PageResult r = result("not-found", title("Pagina niet gevonden"),
                        description.empty() ? "Deze pagina bestaat niet (meer). Kijk in de sitemap of ga terug naar "
                                              "de voorpagina om verder te luisteren."
                                            : std::move(description),
                        shown_path(), {}, json::object{{"path", shown_path()}});
  r.status = 404;
  return r;
}

}  // namespace ether::pages::loaders
