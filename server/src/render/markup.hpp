#pragma once
// The building blocks of the server-rendered page HTML (render/page_html.hpp): escaped text, links
// through the site's safe-URL rule, images of a spec §9 preset, cards, sections, filter chips and
// pagination, with the class names of the web app's components so that the app takes the page
// over without a layout shift. Every function appends to `out`; text is always HTML-escaped.

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ether::render {

namespace json = boost::json;

/// `text` escaped for element content and attribute values.
std::string escape(std::string_view text);

/// The string at `key` of `object`, or "" when absent or not a string.
std::string_view str(const json::object& object, std::string_view key);
/// The object at `key`, or an empty object.
const json::object& obj(const json::object& object, std::string_view key);
/// The array at `key`, or an empty array.
const json::array& arr(const json::object& object, std::string_view key);
/// The integer at `key`, or `fallback`.
std::int64_t num(const json::object& object, std::string_view key, std::int64_t fallback = 0);
/// `value` as an object, or an empty object.
const json::object& as_obj(const json::value& value);

/// Whether `url` stays in the site (spec §2 route building rules): a path, a query, a fragment or
/// the site's own `base_url` (may be empty); any other link opens in a new tab.
bool is_in_app_link(std::string_view url, std::string_view base_url);

/// While it lives, the links rendered on this thread take `base_url` as the site's own address
/// (page_html and main_html hold one for the page they render, from the site's baseUrl).
class SiteBaseScope {
 public:
  explicit SiteBaseScope(std::string base_url);
  ~SiteBaseScope();
  SiteBaseScope(const SiteBaseScope&) = delete;
  SiteBaseScope& operator=(const SiteBaseScope&) = delete;
  SiteBaseScope(SiteBaseScope&&) = delete;
  SiteBaseScope& operator=(SiteBaseScope&&) = delete;

 private:
  std::string previous_;
};

/// `<a href="url" class="…">text</a>`; a URL the safe-URL rule refuses becomes plain text in a span.
/// A link out of the site opens in a new tab (`target="_blank" rel="noopener noreferrer"`) and says
/// so to screen readers, as the app's AppLink does.
void link(std::string& out, std::string_view url, std::string_view text, std::string_view css_class = {},
          std::string_view extra_attributes = {});

/// A paragraph's or list item's inline markup for the page: sanitised (pages::sanitize_inline_html),
/// and each link out of the site opening in a new tab and saying so to screen readers, as link()
/// and the app's inline HTML do (spec §2 "All other links open in a new tab").
std::string inline_html(std::string_view html);

/// An image of a spec §9 preset (LIST_ITEM, ARTICLE_CARD, …) at its largest size: src (the
/// fallback image when the URL is empty or unsafe), width, height, decorative alt unless given; a
/// media library image (a '{format}' URL) also gets the srcset and sizes of the preset's sizes.
/// `eager`: loaded at once with high priority (the page's hero); otherwise lazily.
void image(std::string& out, std::string_view url, std::string_view preset, std::string_view css_class,
           bool eager = false, std::string_view alt = {});

/// The parts of a card (components/cards.tsx): artwork, optional kicker, title link and body lines.
struct Card {
  std::string image_url;
  std::string preset;  // spec §9 preset of the artwork
  std::string title;
  std::string url;
  std::string kicker;              // plain text above the title, or ""
  std::string badge;               // a category label above the title (components/chips.tsx), or ""
  std::vector<std::string> texts;  // card__text paragraphs (plain text)
  std::vector<std::string> metas;  // card__meta paragraphs (plain text)
  bool person = false;             // round portrait
  bool meta_first = false;         // the metas before the texts (a broadcast's time before its presenters)
};
/// The heading level of a title in a list: h2 for a list right under the page's h1, h3 for one in
/// a section (components/heading-level.ts).
enum class Level { top = 2, in_section = 3 };

/// A card whose title is a heading of `level`.
void card(std::string& out, const Card& card, Level level = Level::in_section);

/// Cards in the app's grid (div.card-grid of div.card-grid__item), or `empty` as an empty state.
void card_grid(std::string& out, const std::vector<Card>& cards, std::string_view empty, std::string_view label = {},
               Level level = Level::in_section);

/// "h2" or "h3".
std::string_view heading_tag(Level level);

/// `<section class="section"><div class="section__head"><h2>…</h2> more link</div>` … `</section>`:
/// `body` appends the section's content.
void section(std::string& out, std::string_view title, const std::function<void(std::string&)>& body,
             std::string_view more_url = {}, std::string_view more_label = {});

/// The page's h1 (#main-heading, focusable like PageHeading).
void page_heading(std::string& out, std::string_view text, std::string_view css_class = "page-title");

/// A search landmark as the app's SearchForm draws it: without JavaScript it goes to /zoeken?q=…,
/// which the server answers as /zoeken/{term}. `label` names the landmark (two on one page differ),
/// `field_label` the field, for screen readers; `field_id` is the field's id.
void search_form(std::string& out, std::string_view label, std::string_view field_label, std::string_view field_id,
                 std::string_view term = {});

/// One side of a DayNav: the day's link and its long date, which the link's name gives after the
/// visible 'Vorige dag' or 'Volgende dag'.
struct DayLink {
  std::string url;
  std::string long_date;
};

/// A page of one day's items moves between days as the app's DayNav does: links to the day before
/// and after (none where `url` is empty) and a date field in a GET form to `action`, which keeps
/// `hidden` (name, value; empty values left out) and so works without JavaScript.
void day_nav(std::string& out, const DayLink& previous, const DayLink& next, std::string_view action,
             const std::vector<std::pair<std::string, std::string>>& hidden, std::string_view iso_date);

/// `<p class="state state--empty">text</p>`.
void empty_state(std::string& out, std::string_view text);

/// One filter chip of a chip row.
struct Chip {
  std::string label;
  std::string url;
  bool active = false;
};
/// A labelled nav of filter links (components/chips.tsx); nothing when `chips` is empty.
void chip_nav(std::string& out, std::string_view label, const std::vector<Chip>& chips);

/// The page numbers a pagination shows: the first, the last and those within `radius` of the
/// current page, ascending; 0 stands for a gap ('…') between them.
std::vector<int> page_window(int page, int page_count, int radius = 1);

/// The pagination nav of a Paging object ({page, pageCount}): 'Vorige', the first, last and nearby
/// pages, 'Volgende', with hrefs from `href_for` (a pages::routes builder); nothing for a single page.
void pagination(std::string& out, const json::object& paging, const std::function<std::string(int)>& href_for,
                std::string_view label = "Paginering");

/// "3:05" or "1:02:03" for a duration in seconds.
std::string duration_text(std::int64_t seconds);
/// "zaterdag 21 november 2026" for an ISO instant or date, "" when it does not parse.
std::string long_date(std::string_view iso);
/// "zaterdag 21 november 2026, 09:05" for an ISO instant.
std::string long_date_time(std::string_view iso_instant);
/// "09:00–10:00" for two ISO instants; "hele dag" for a slot of 24 hours or more.
std::string time_range(std::string_view from, std::string_view until);

}  // namespace ether::render
