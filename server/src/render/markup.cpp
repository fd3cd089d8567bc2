#include "render/markup.hpp"

#include <algorithm>
#include <utility>

#include "domain/escape.hpp"
#include "media/image_presets.hpp"
#include "media/stored_files.hpp"
#include "pages/content_safety.hpp"
#include "pages/page_time.hpp"
#include "pages/route_builder.hpp"

namespace ether::render {
namespace {

constexpr std::string_view kFallbackImage = "/images/unknown_programme.webp";

std::string two(std::int64_t value) {
  auto text = std::to_string(value);
  // Not "0" + text: GCC 12 warns (falsely, -Wrestrict) about that operator+ once inlined.
  if (value >= 0 && value < 10) text.insert(text.begin(), '0');
  return text;
}

std::vector<media::VariantSize> sizes_of(std::string_view preset) {
  std::vector<media::VariantSize> sizes;
  for (const auto& [name, size] : media::image_preset_sizes()) {
    if (name == preset) sizes.push_back(size);
  }
  return sizes;
}

// The srcset of a preset as lib/images' presetSrcSet writes it: each of its sizes at 1x and 2x,
// once per width, smallest first.
std::string preset_srcset(std::string_view url, std::string_view preset) {
  std::vector<media::VariantSize> candidates;
  for (const auto& size : sizes_of(preset)) {
    for (int scale : {1, 2}) {
      const media::VariantSize scaled{size.width * scale, size.height * scale};
      const bool known = std::any_of(candidates.begin(), candidates.end(),
                                     [&](const auto& candidate) { return candidate.width == scaled.width; });
      if (!known) candidates.push_back(scaled);
    }
  }
  std::sort(candidates.begin(), candidates.end(), [](const auto& a, const auto& b) { return a.width < b.width; });
  std::string srcset;
  for (const auto& candidate : candidates) {
    if (!srcset.empty()) srcset += ", ";
    srcset += media::sized_image_url(url, candidate) + " " + std::to_string(candidate.width) + "w";
  }
  return srcset;
}

// From which viewport width (px) the `index`th of `count` sizes of a preset applies, as
// lib/images' presetMinWidths: one size everywhere; of two, the first from breakpoint M (768 px);
// of three or more, the first from L (1200 px), the second from M; 0 for the rest (below).
int preset_min_width(std::size_t count, std::size_t index) {
  constexpr int kBreakpointM = 768;
  constexpr int kBreakpointL = 1200;
  if (count < 2) return 0;
  if (count == 2) return index == 0 ? kBreakpointM : 0;
  if (index == 0) return kBreakpointL;
  return index == 1 ? kBreakpointM : 0;
}

// The sizes attribute of a preset as lib/images' presetSizes writes it: "(min-width: 768px) 564px, 256px".
std::string preset_sizes(std::string_view preset) {
  const auto sizes = sizes_of(preset);
  std::string out;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    if (!out.empty()) out += ", ";
    if (const int min_width = preset_min_width(sizes.size(), i); min_width > 0) {
      out += "(min-width: " + std::to_string(min_width) + "px) ";
    }
    out += std::to_string(sizes[i].width) + "px";
  }
  return out;
}

}  // namespace

std::string escape(std::string_view text) { return domain::xml_escape(text); }

std::string_view str(const json::object& object, std::string_view key) {
  const auto* value = object.if_contains(key);
  return value != nullptr && value->is_string() ? std::string_view(value->get_string()) : std::string_view();
}

const json::object& as_obj(const json::value& value) {
  static const json::object kEmpty;
  return value.is_object() ? value.get_object() : kEmpty;
}

const json::object& obj(const json::object& object, std::string_view key) {
  static const json::object kEmpty;
  const auto* value = object.if_contains(key);
  return value != nullptr && value->is_object() ? value->get_object() : kEmpty;
}

const json::array& arr(const json::object& object, std::string_view key) {
  static const json::array kEmpty;
  const auto* value = object.if_contains(key);
  return value != nullptr && value->is_array() ? value->get_array() : kEmpty;
}

std::int64_t num(const json::object& object, std::string_view key, std::int64_t fallback) {
  const auto* value = object.if_contains(key);
  if (value == nullptr) return fallback;
  if (value->is_int64()) return value->get_int64();
  if (value->is_uint64()) return static_cast<std::int64_t>(value->get_uint64());
  if (value->is_double()) return static_cast<std::int64_t>(value->get_double());
  return fallback;
}

namespace {
// The base URL of the page being rendered on this thread (SiteBaseScope): link() is called from
// every renderer, most of which never see the site object.
thread_local std::string site_base;  // NOLINT(cppcoreguidelines-avoid-non-const-global-variables)
}  // namespace

bool is_in_app_link(std::string_view url, std::string_view base_url) {
  if (url.starts_with("//")) return false;
  if (url.starts_with('/') || url.starts_with('?') || url.starts_with('#')) return true;
  while (base_url.ends_with('/')) base_url.remove_suffix(1);
  if (base_url.empty() || !url.starts_with(base_url)) return false;
  const auto rest = url.substr(base_url.size());
  return rest.empty() || rest[0] == '/' || rest[0] == '?' || rest[0] == '#';
}

SiteBaseScope::SiteBaseScope(std::string base_url) : previous_(std::exchange(site_base, std::move(base_url))) {}

SiteBaseScope::~SiteBaseScope() { site_base = std::move(previous_); }

void link(std::string& out, std::string_view url, std::string_view text, std::string_view css_class,
          std::string_view extra_attributes) {
  auto safe = pages::safe_url(url);
  // Appended piece by piece: GCC 12 warns (falsely, -Wrestrict) about chains of operator+ here.
  const auto add_class = [&] {
    if (css_class.empty()) return;
    out += " class=\"";
    out += escape(css_class);
    out += '"';
  };
  if (safe.empty()) {
    out += "<span";
    add_class();
    out += '>';
    out += escape(text);
    out += "</span>";
    return;
  }
  out += "<a href=\"";
  out += escape(safe);
  out += '"';
  add_class();
  if (!extra_attributes.empty()) {
    out += ' ';
    out += extra_attributes;
  }
  const bool in_app = is_in_app_link(safe, site_base);
  out += in_app ? ">" : R"( target="_blank" rel="noopener noreferrer">)";
  out += escape(text);
  out += in_app ? "</a>" : R"(<span class="visually-hidden"> (opent in een nieuw venster)</span></a>)";
}

std::string inline_html(std::string_view html) {
  // The sanitised markup's links all read exactly `<a href="…" rel="noopener noreferrer">`, and an
  // a holds no a, so the first `</a>` after one is its end.
  static constexpr std::string_view kOpen = "<a href=\"";
  static constexpr std::string_view kRel = "\" rel=\"noopener noreferrer\">";
  const std::string clean = pages::sanitize_inline_html(html);
  std::string out;
  std::size_t at = 0;
  while (true) {
    const auto start = clean.find(kOpen, at);
    const auto href_end = start == std::string::npos ? start : clean.find(kRel, start + kOpen.size());
    const auto close = href_end == std::string::npos ? href_end : clean.find("</a>", href_end);
    if (close == std::string::npos) break;
    // Escaping leaves what decides (a leading '/', '?', '#' or the site's address) as it is.
    const auto href = std::string_view(clean).substr(start + kOpen.size(), href_end - start - kOpen.size());
    out.append(clean, at, start - at);
    if (is_in_app_link(href, site_base)) {
      out.append(clean, start, close + 4 - start);
    } else {
      out.append(clean, start, href_end - start);
      out += R"(" target="_blank" rel="noopener noreferrer">)";
      out.append(clean, href_end + kRel.size(), close - href_end - kRel.size());
      out += R"(<span class="visually-hidden"> (opent in een nieuw venster)</span></a>)";
    }
    at = close + 4;
  }
  out.append(clean, at);
  return out;
}

void image(std::string& out, std::string_view url, std::string_view preset, std::string_view css_class, bool eager,
           std::string_view alt) {
  // A name that is no §9 preset (or CONTENT_IMAGE, widths only) gets a square tile.
  auto size = media::largest_preset_size(preset).value_or(media::VariantSize{600, 600});
  if (size.height == 0) size = {600, 600};
  auto src = pages::safe_url(url);
  if (src.empty()) src = kFallbackImage;
  out += "<img src=\"" + escape(media::sized_image_url(src, size)) + "\"";
  // An image URL with a '{format}' placeholder (a media library image) asks for its size (spec
  // §9): the browser picks one of the preset's sizes, as lib/images' responsiveImage offers them.
  if (src.find("{format}") != std::string::npos && media::largest_preset_size(preset) == size) {
    out += " srcset=\"" + escape(preset_srcset(src, preset)) + "\" sizes=\"" + preset_sizes(preset) + "\"";
  }
  out += " alt=\"" + escape(alt) + "\" width=\"" + std::to_string(size.width) + "\" height=\"" +
         std::to_string(size.height) + "\"";
  out += eager ? " loading=\"eager\" fetchpriority=\"high\" decoding=\"sync\"" : " loading=\"lazy\" decoding=\"async\"";
  if (!css_class.empty()) out += " class=\"" + escape(css_class) + "\"";
  out += ">";
}

std::string_view heading_tag(Level level) { return level == Level::top ? "h2" : "h3"; }

void card(std::string& out, const Card& c, Level level) {
  out += c.person ? "<article class=\"card card--person\">" : "<article class=\"card\">";
  image(out, c.image_url, c.preset, c.person ? "card__image card__image--round" : "card__image");
  out += "<div class=\"card__body\">";
  if (!c.kicker.empty()) out += "<p class=\"card__kicker\">" + escape(c.kicker) + "</p>";
  // Its colour comes with the app: a style attribute is refused by the CSP (style-src 'self').
  if (!c.badge.empty()) out += "<span class=\"badge\">" + escape(c.badge) + "</span>";
  out += "<";
  out += heading_tag(level);
  out += " class=\"card__title\">";
  link(out, c.url, c.title, "card__link");
  out += "</";
  out += heading_tag(level);
  out += ">";
  auto texts = [&] {
    for (const auto& text : c.texts) out += "<p class=\"card__text\">" + escape(text) + "</p>";
  };
  auto metas = [&] {
    for (const auto& meta : c.metas) out += "<p class=\"card__meta\">" + escape(meta) + "</p>";
  };
  if (c.meta_first) {
    metas();
    texts();
  } else {
    texts();
    metas();
  }
  out += "</div></article>";
}

void card_grid(std::string& out, const std::vector<Card>& cards, std::string_view empty, std::string_view label,
               Level level) {
  if (cards.empty()) {
    empty_state(out, empty);
    return;
  }
  out += "<div class=\"card-grid\" role=\"list\"";
  if (!label.empty()) out += " aria-label=\"" + escape(label) + "\"";
  out += ">";
  for (const auto& c : cards) {
    out += "<div role=\"listitem\" class=\"card-grid__item\">";
    card(out, c, level);
    out += "</div>";
  }
  out += "</div>";
}

void section(std::string& out, std::string_view title, const std::function<void(std::string&)>& body,
             std::string_view more_url, std::string_view more_label) {
  // Ids only need to be unique within the page: the section's title, slugified, is.
  std::string id = "sectie-" + pages::slugify(title);
  out += "<section aria-labelledby=\"" + escape(id) + "\" class=\"section \"><div class=\"section__head\"><h2 id=\"" +
         escape(id) + "\" class=\"section__title\">" + escape(title) + "</h2>";
  if (!more_url.empty()) link(out, more_url, more_label, "section__more");
  out += "</div>";
  body(out);
  out += "</section>";
}

void page_heading(std::string& out, std::string_view text, std::string_view css_class) {
  out += "<h1 tabindex=\"-1\" id=\"main-heading\" class=\"" + escape(css_class) + "\">" + escape(text) + "</h1>";
}

void search_form(std::string& out, std::string_view label, std::string_view field_label, std::string_view field_id,
                 std::string_view term) {
  out += "<form role=\"search\" aria-label=\"" + escape(label) +
         "\" class=\"search-form\" action=\"/zoeken\" method=\"get\"><label for=\"" + escape(field_id) +
         "\" class=\"visually-hidden\">" + escape(field_label) +
         "</label><div class=\"search-form__field\"><input id=\"" + escape(field_id) +
         "\" type=\"text\" name=\"q\" placeholder=\"Zoek programma's, nieuws, muziek…\" value=\"" + escape(term) +
         "\" autocomplete=\"off\" spellcheck=\"false\"></div><button type=\"submit\" class=\"button "
         "button--small\">Zoek</button></form>";
}

void day_nav(std::string& out, const DayLink& previous, const DayLink& next, std::string_view action,
             const std::vector<std::pair<std::string, std::string>>& hidden, std::string_view iso_date) {
  auto day_link = [&](const DayLink& day, std::string_view text, std::string_view modifier) {
    if (day.url.empty()) return;
    out += "<a href=\"" + escape(day.url) + "\" class=\"day-nav__link day-nav__link--" + std::string(modifier) +
           "\" aria-label=\"" + std::string(text) + ": " + escape(day.long_date) + "\">" + std::string(text) + "</a>";
  };
  out += "<nav aria-label=\"Dagen\" class=\"day-nav\">";
  day_link(previous, "Vorige dag", "previous");
  out += "<form class=\"day-nav__form\" method=\"get\" action=\"" + escape(action) + "\">";
  for (const auto& [name, value] : hidden) {
    if (!value.empty()) out += "<input type=\"hidden\" name=\"" + escape(name) + "\" value=\"" + escape(value) + "\">";
  }
  out +=
      "<label class=\"field day-nav__field\"><span>Kies een dag</span><input type=\"date\" name=\"date\" value=\"" +
      escape(iso_date) +
      "\" required></label><button type=\"submit\" class=\"button button--small day-nav__submit\">Toon</button></form>";
  day_link(next, "Volgende dag", "next");
  out += "</nav>";
}

void empty_state(std::string& out, std::string_view text) {
  out += "<p class=\"state state--empty\">" + escape(text) + "</p>";
}

void chip_nav(std::string& out, std::string_view label, const std::vector<Chip>& chips) {
  if (chips.empty()) return;
  out += "<nav aria-label=\"" + escape(label) + "\" class=\"chips\"><ul>";
  for (const auto& chip : chips) {
    out += "<li>";
    link(out, chip.url, chip.label, chip.active ? "chip chip--active" : "chip",
         chip.active ? "aria-current=\"page\"" : "");
    out += "</li>";
  }
  out += "</ul></nav>";
}

std::vector<int> page_window(int page, int page_count, int radius) {
  std::vector<int> pages;
  if (page_count < 1) return pages;
  page = std::clamp(page, 1, page_count);
  int last_shown = 0;
  for (int p = 1; p <= page_count; ++p) {
    if (p == 1 || p == page_count || (p >= page - radius && p <= page + radius)) {
      // A gap of a single page shows that page rather than '…'.
      if (last_shown != 0 && p - last_shown == 2) pages.push_back(p - 1);
      if (last_shown != 0 && p - last_shown > 2) pages.push_back(0);
      pages.push_back(p);
      last_shown = p;
    }
  }
  return pages;
}

void pagination(std::string& out, const json::object& paging, const std::function<std::string(int)>& href_for,
                std::string_view label) {
  const int count = static_cast<int>(num(paging, "pageCount", 1));
  const int page = static_cast<int>(num(paging, "page", 1));
  if (count <= 1) return;
  out += "<nav class=\"pagination\" aria-label=\"" + escape(label) + "\">";
  if (page > 1) {
    link(out, href_for(page - 1), "Vorige", "pagination__link pagination__step", "rel=\"prev\"");
  }
  out += "<ul class=\"pagination__pages\">";
  for (int p : page_window(page, count)) {
    out += "<li>";
    if (p == 0) {
      out += "<span class=\"pagination__gap\" aria-hidden=\"true\">…</span>";
    } else if (p == page) {
      out +=
          "<span class=\"pagination__current\" aria-current=\"page\"><span class=\"visually-hidden\">Pagina "
          "</span>" +
          std::to_string(p) + "</span>";
    } else {
      std::string name = "aria-label=\"Pagina " + std::to_string(p) + "\"";
      link(out, href_for(p), std::to_string(p), "pagination__link", name);
    }
    out += "</li>";
  }
  out += "</ul>";
  if (page < count) {
    link(out, href_for(page + 1), "Volgende", "pagination__link pagination__step", "rel=\"next\"");
  }
  out += "</nav>";
}

std::string duration_text(std::int64_t seconds) {
  seconds = std::max<std::int64_t>(0, seconds);
  auto hours = seconds / 3600;
  auto minutes = (seconds % 3600) / 60;
  auto rest = seconds % 60;
  if (hours > 0) return std::to_string(hours) + ":" + two(minutes) + ":" + two(rest);
  return std::to_string(minutes) + ":" + two(rest);
}

std::string long_date(std::string_view iso) {
  if (auto instant = pages::parse_iso_instant(iso)) return pages::dutch_long_date(pages::amsterdam_date(*instant));
  if (auto day = pages::parse_iso_date(iso)) return pages::dutch_long_date(*day);
  return {};
}

std::string long_date_time(std::string_view iso_instant) {
  auto instant = pages::parse_iso_instant(iso_instant);
  if (!instant) return {};
  return pages::dutch_long_date(pages::amsterdam_date(*instant)) + ", " + pages::amsterdam_clock(*instant);
}

std::string time_range(std::string_view from, std::string_view until) {
  auto start = pages::parse_iso_instant(from);
  auto end = pages::parse_iso_instant(until);
  if (!start || !end) return {};
  // Clock times of a slot of a whole day say '00:00–00:00', which reads as nothing at all.
  if (*end - *start >= 24 * 3600) return "hele dag";
  return pages::amsterdam_clock(*start) + "–" + pages::amsterdam_clock(*end);
}

}  // namespace ether::render
