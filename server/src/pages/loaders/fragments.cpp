#include "pages/loaders/fragments.hpp"

#include <algorithm>

namespace ether::pages::loaders {

namespace {
// The fragment pages show this many of the most used tags first, the rest behind a toggle.
constexpr int kTopTags = 12;
}  // namespace

PageResult FragmentsLoader::programme_fragments(const std::string& slug) {
  const auto* p = catalog_.programme(slug);
  if (!p) return not_found();
  Date day = checked_date_param().value_or(ctx().today);
  auto linked_day = linked(day);
  auto tag = param("tag");
  queries::FragmentFilter filter;
  filter.programme_id = p->id;
  filter.tag = tag;
  filter.day_from = amsterdam_day_start(day);
  filter.day_until = amsterdam_day_start(add_days(day, 1));
  auto total = catalog_.fragments(filter, 1, 0).total;
  auto paging = paginate(page_param(), total, kGridPageSize);
  auto list = catalog_.fragments(filter, kGridPageSize, paging.offset);
  auto [tags, top_tags] = fragment_tag_lists(p->id);
  std::string description = total == 0
                                ? "Er zijn geen fragmenten van " + p->name + " van " + dutch_long_date(day) +
                                      (tag.empty() ? "" : " over " + tag) + "."
                                : "Luister " + std::to_string(total) + " fragmenten van " + p->name + " terug van " +
                                      dutch_long_date(day) + (tag.empty() ? "" : " over " + tag) + ".";
  json::object data{{"programme", catalog_.programme_ref(*p)},
                    {"date", iso_date(day)},
                    {"tag", tag.empty() ? json::value(nullptr) : json::value(tag)},
                    {"tags", std::move(tags)},
                    {"topTags", std::move(top_tags)},
                    {"fragments", std::move(list.items)},
                    {"paging", paging_json(paging)}};
  add_day_links(data, day, filter);
  json::object params{{"programmeSlug", p->slug}, {"page", std::to_string(paging.page)}};
  if (linked_day) params["date"] = route_date(day);
  if (!tag.empty()) params["tag"] = tag;
  return result("programma-fragmenten", title("Fragmenten van " + p->name), description,
                routes::programme_fragments(p->slug, linked_day, paging.page, tag), std::move(params), std::move(data));
}

PageResult FragmentsLoader::fragments() {
  Date day = date_param().value_or(ctx().today);
  auto linked_day = linked(day);
  auto tag = param("tag");
  const auto* programme = catalog_.programme(slugify(param("program")));
  queries::FragmentFilter filter;
  filter.tag = tag;
  if (programme) filter.programme_id = programme->id;
  filter.day_from = amsterdam_day_start(day);
  filter.day_until = amsterdam_day_start(add_days(day, 1));
  auto total = catalog_.fragments(filter, 1, 0).total;
  auto paging = paginate(page_param(), total, kGridPageSize);
  auto list = catalog_.fragments(filter, kGridPageSize, paging.offset);
  auto [tags, top_tags] = fragment_tag_lists(programme ? programme->id : 0);
  std::string scope = (programme ? " van " + programme->name : std::string()) + " van " + dutch_long_date(day) +
                      (tag.empty() ? "" : " over " + tag);
  std::string description =
      total == 0 ? "Op " + dutch_long_date(day) + " zijn geen fragmenten" +
                       (programme ? " van " + programme->name : std::string()) + (tag.empty() ? "" : " over " + tag) +
                       " gepubliceerd."
                 : "Luister de " + std::to_string(total) + " fragmenten" + scope + " terug, de nieuwste eerst.";
  json::object data{{"date", iso_date(day)},
                    {"tag", tag.empty() ? json::value(nullptr) : json::value(tag)},
                    {"program", programme ? json::value(programme->slug) : json::value(nullptr)},
                    {"tags", std::move(tags)},
                    {"topTags", std::move(top_tags)},
                    {"fragments", std::move(list.items)},
                    {"paging", paging_json(paging)}};
  add_day_links(data, day, filter);
  json::object params{{"page", std::to_string(paging.page)}};
  if (linked_day) params["date"] = route_date(day);
  if (!tag.empty()) params["tag"] = tag;
  if (programme) params["program"] = programme->slug;
  // With a programme, spec §2 points the link at the programme's own fragments page.
  auto canonical = programme ? routes::programme_fragments(programme->slug, linked_day, paging.page, tag)
                             : routes::fragments(linked_day, paging.page, "", tag);
  return result("fragmenten", title(programme ? "Fragmenten van " + programme->name : "Fragmenten"), description,
                canonical, std::move(params), std::move(data));
}

PageResult FragmentsLoader::fragment(const std::string& id_text) {
  auto id = parse_positive(id_text);
  if (!id) return not_found();
  auto found = catalog_.fragment(*id);
  if (!found) return not_found();
  queries::FragmentFilter filter;
  filter.exclude_id = *id;
  filter.published_before = parse_iso_instant(field(*found, "publishedAt")).value_or(catalog_.now());
  if (const auto* p = catalog_.programme(
          found->at("programme").is_object() ? field(found->at("programme").as_object(), "slug") : std::string())) {
    filter.programme_id = p->id;
  }
  auto queue = catalog_.fragments(filter, 10, 0).items;
  auto canonical = catalog_.fragment_url(*found);
  auto fragment_title = field(*found, "title");
  auto description = field(*found, "description");
  json::object params{{"fragmentId", std::to_string(*id)}, {"fragmentSlug", field(*found, "slug")}};
  return result("fragment", title(fragment_title),
                description.empty() ? "Luister het fragment " + fragment_title + " terug." : description, canonical,
                std::move(params), json::object{{"fragment", std::move(*found)}, {"queue", std::move(queue)}});
}

std::pair<json::array, json::array> FragmentsLoader::fragment_tag_lists(std::int64_t programme_id) {
  auto counts = catalog_.fragment_tags(programme_id);
  json::array tags;
  for (const auto& t : counts) tags.emplace_back(t.tag);
  std::stable_sort(counts.begin(), counts.end(),
                   [](const queries::TagCount& a, const queries::TagCount& b) { return a.uses > b.uses; });
  json::array top_tags;
  for (std::size_t i = 0; i < counts.size() && i < static_cast<std::size_t>(kTopTags); ++i) {
    top_tags.emplace_back(counts[i].tag);
  }
  return {std::move(tags), std::move(top_tags)};
}

void FragmentsLoader::add_day_links(json::object& data, const Date& day, queries::FragmentFilter filter) {
  data["previousDate"] = iso_date(add_days(day, -1));
  data["nextDate"] = day < ctx().today ? json::value(iso_date(add_days(day, 1))) : json::value(nullptr);
  // The newest fragment before the day, with the page's tag and programme, names the day to go back to.
  filter.day_from = 0;
  filter.day_until = 0;
  filter.published_before = amsterdam_day_start(day) - 1;
  auto latest = catalog_.fragments(filter, 1, 0).items;
  std::optional<std::int64_t> published;
  if (!latest.empty()) published = parse_iso_instant(field(latest.front().as_object(), "publishedAt"));
  data["earlierDate"] = published ? json::value(iso_date(amsterdam_date(*published))) : json::value(nullptr);
}

std::optional<Date> FragmentsLoader::linked(const Date& day) const {
  if (day == ctx().today) return std::nullopt;
  return day;
}

}  // namespace ether::pages::loaders
