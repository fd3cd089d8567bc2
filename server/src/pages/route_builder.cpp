#include "pages/route_builder.hpp"

#include <algorithm>
#include <cctype>

#include "pages/route_table.hpp"
#include "pages/text_fold.hpp"

namespace ether::pages {
namespace {

bool less_ignoring_case(std::string_view a, std::string_view b) {
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) < std::tolower(static_cast<unsigned char>(y));
  });
}

std::string page_value(int page) { return std::to_string(page < 1 ? 1 : page); }

std::string segment(std::string_view text) { return text.empty() ? std::string("null") : percent_encode(text); }

std::string dated_slug(const std::optional<Date>& day, std::string_view slug) {
  return (day ? iso_date(*day) : std::string("null")) + "-" + segment(slug);
}

}  // namespace

std::string percent_encode(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (char c : text) {
    auto byte = static_cast<unsigned char>(c);
    if (std::isalnum(byte) || c == '-' || c == '.' || c == '_' || c == '~') {
      out.push_back(c);
    } else {
      out.push_back('%');
      out.push_back(kHex[byte >> 4]);
      out.push_back(kHex[byte & 0x0F]);
    }
  }
  return out;
}

std::string build_route(std::string_view path, std::vector<QueryPart> query, std::string_view hash) {
  std::erase_if(query, [](const QueryPart& part) { return part.value.empty() || part.value == part.default_value; });
  std::stable_sort(query.begin(), query.end(),
                   [](const QueryPart& a, const QueryPart& b) { return less_ignoring_case(a.key, b.key); });
  std::string url(path);
  char separator = '?';
  for (const auto& part : query) {
    url.push_back(separator);
    url += percent_encode(part.key) + "=" + percent_encode(part.value);
    separator = '&';
  }
  if (!hash.empty()) url += "#" + std::string(hash);
  return url;
}

std::string slugify(std::string_view text) {
  // The five steps of spec §5 and nothing more, as the app's slugify does: edge hyphens stay
  // ("-abc-"), so a caller that needs a valid slug trims them (see domain::is_valid_slug).
  const auto is_space = [](char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
  };
  const std::string folded = fold_text(text);
  std::string_view trimmed = folded;
  while (!trimmed.empty() && is_space(trimmed.front())) trimmed.remove_prefix(1);
  while (!trimmed.empty() && is_space(trimmed.back())) trimmed.remove_suffix(1);
  std::string slug;
  for (char c : trimmed) {
    if (is_space(c)) c = '-';
    const bool kept = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    if (!kept || (c == '-' && !slug.empty() && slug.back() == '-')) continue;
    slug.push_back(c);
  }
  return slug;
}

namespace routes {

std::string home() { return route_path(Route::home); }

std::string sitemap(std::string_view group) {
  return group.empty() ? route_path(Route::sitemap) : route_path(Route::sitemap_group, {percent_encode(group)});
}

std::string live(const RouteContext& ctx, std::string_view channel) {
  return build_route(route_path(Route::live), {{"channel", std::string(channel), ctx.default_channel}});
}

std::string popout(std::string_view channel) { return route_path(Route::popout, {percent_encode(channel)}); }

std::string gedraaid(const RouteContext& ctx, std::string_view channel, const Date& day, int page,
                     std::string_view time) {
  std::string path =
      day == ctx.today ? route_path(Route::played_tracks) : route_path(Route::played_tracks_day, {route_date(day)});
  return build_route(path, {{"channel", std::string(channel), ctx.default_channel},
                            {"page", page_value(page), "1"},
                            {"time", std::string(time), "0_24"}});
}

std::string gids(const RouteContext& ctx, std::string_view channel, const Date& day) {
  std::string path = route_path(Route::guide);
  if (day != ctx.today) {
    auto parts = iso_date(day);
    path = route_path(Route::guide_day, {parts.substr(0, 4), parts.substr(5, 2), parts.substr(8, 2)});
  }
  return build_route(path, {{"channel", std::string(channel), ctx.default_channel}});
}

std::string programmes() { return route_path(Route::programmes); }

std::string programme(std::string_view slug) { return route_path(Route::programme, {percent_encode(slug)}); }

std::string programme_fragments(std::string_view slug, const std::optional<Date>& day, int page, std::string_view tag) {
  return build_route(route_path(Route::programme_fragments, {percent_encode(slug)}),
                     {{"date", day ? route_date(*day) : std::string(), ""},
                      {"page", page_value(page), "1"},
                      {"tag", std::string(tag), ""}});
}

std::string programme_news(std::string_view slug, std::string_view category, int page) {
  return build_route(route_path(Route::programme_news, {percent_encode(slug)}),
                     {{"category", std::string(category), ""}, {"page", page_value(page), "1"}});
}

std::string presenters() { return route_path(Route::presenters); }

std::string presenter(std::string_view slug) { return route_path(Route::presenter, {percent_encode(slug)}); }

std::string news(std::string_view category, int page, std::string_view tag) {
  std::string path =
      category.empty() ? route_path(Route::news) : route_path(Route::news_category, {percent_encode(category)});
  return build_route(path, {{"page", page_value(page), "1"}, {"tag", std::string(tag), ""}});
}

std::string article(std::string_view category, std::int64_t id, std::string_view slug, bool app) {
  return route_path(app ? Route::app_article : Route::article, {segment(category), std::to_string(id), segment(slug)});
}

std::string article_preview(std::int64_t id) { return route_path(Route::article_preview, {std::to_string(id)}); }

std::string fragments(const std::optional<Date>& day, int page, std::string_view program, std::string_view tag) {
  if (!program.empty()) {
    std::string slug(program);
    std::replace(slug.begin(), slug.end(), ' ', '-');
    return build_route(route_path(Route::programme_fragments, {percent_encode(slug)}), {{"tag", std::string(tag), ""}});
  }
  return build_route(route_path(Route::fragments), {{"date", day ? route_date(*day) : std::string(), ""},
                                                    {"page", page_value(page), "1"},
                                                    {"tag", std::string(tag), ""}});
}

std::string fragment(std::string_view programme_slug, std::int64_t id, const std::optional<Date>& day,
                     std::string_view slug) {
  return route_path(Route::fragment, {segment(programme_slug), std::to_string(id), dated_slug(day, slug)});
}

std::string broadcasts(std::string_view programme, int page) {
  return build_route(route_path(Route::broadcasts),
                     {{"page", page_value(page), "1"}, {"programme", std::string(programme), ""}});
}

std::string broadcast(std::string_view programme_slug, std::int64_t id, const std::optional<Date>& day,
                      std::string_view slug) {
  return route_path(Route::broadcast, {segment(programme_slug), std::to_string(id), dated_slug(day, slug)});
}

std::string broadcast_hour(std::string_view programme_slug, std::int64_t id, const std::optional<Date>& day,
                           std::string_view slug, std::string_view hour_segment) {
  return route_path(Route::broadcast_hour,
                    {segment(programme_slug), std::to_string(id), dated_slug(day, slug), percent_encode(hour_segment)});
}

std::string broadcast_hour_audio(std::int64_t id, std::int64_t hour_from) {
  return "/api/play/broadcast/" + std::to_string(id) + "/" + std::to_string(hour_from) + "/audio";
}

std::string podcasts() { return route_path(Route::podcasts); }

std::string podcast(std::string_view feed) { return route_path(Route::podcast, {percent_encode(feed)}); }

std::string podcast_episode(std::string_view feed, std::int64_t id, std::string_view slug) {
  return route_path(Route::podcast_episode, {percent_encode(feed), std::to_string(id), segment(slug)});
}

std::string thema(std::string_view slug, bool app) {
  return route_path(app ? Route::app_thema : Route::thema, {percent_encode(slug)});
}

std::string overzicht(std::string_view slug) { return route_path(Route::overzicht, {percent_encode(slug)}); }

std::string content_preview(std::int64_t id) { return route_path(Route::overzicht_preview, {std::to_string(id)}); }

std::string search_page() { return route_path(Route::search); }

std::string search(std::string_view term, std::string_view type, int page) {
  // Every group shows its first page unless another page of it is asked for.
  return build_route(route_path(Route::search_term, {percent_encode(term)}),
                     {{"page", page_value(page), "1"}, {"type", page > 1 ? std::string(type) : std::string(), ""}});
}

std::string videos() { return route_path(Route::videos); }

std::string track(std::int64_t song_id, std::string_view song_slug) {
  return route_path(Route::track, {std::to_string(song_id), segment(song_slug)});
}

}  // namespace routes
}  // namespace ether::pages
