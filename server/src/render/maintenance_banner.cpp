#include "render/maintenance_banner.hpp"

#include <string>

#include "render/markup.hpp"

namespace ether::render {
namespace json = boost::json;

void maintenance_banner(std::string& out, const json::object& notification) {
  // The id tells the page's early script (web/src/features/overlays/server-banner.ts) what the
  // close button closes, before the app has taken the page over.
  out += "<section class=\"maintenance-banner\" aria-label=\"Onderhoudsmelding\"";
  if (const auto* id = notification.if_contains("id"); id && id->is_int64()) {
    out += " data-notification-id=\"" + std::to_string(id->get_int64()) + "\"";
  }
  out += ">";
  out +=
      "<svg class=\"maintenance-banner__icon\" viewBox=\"0 0 24 24\" width=\"24\" height=\"24\" aria-hidden=\"true\">"
      "<path d=\"M12 2 1 21h22L12 2Z\" fill=\"currentColor\"></path>"
      "<path d=\"M12 9v5m0 3v.5\" stroke=\"#b00020\" stroke-width=\"2.2\" stroke-linecap=\"round\"></path></svg>";
  out += "<p class=\"maintenance-banner__text\"><strong class=\"maintenance-banner__title\">";
  out += escape(str(notification, "title"));
  out += "</strong> <span class=\"maintenance-banner__details\"><span>";
  out += escape(str(notification, "description"));
  out += "</span>";
  // The stored URL passed pages::safe_url on its way out of the store (content/overlay_lists).
  if (auto url = str(notification, "url"); !url.empty()) {
    out += " <a class=\"maintenance-banner__link\" href=\"" + escape(url) +
           "\" target=\"_blank\" rel=\"noopener noreferrer\">Lees meer<span class=\"visually-hidden\"> (opent in "
           "een nieuw venster)</span></a>";
  }
  out += "</span></p>";
  if (const auto* dismissable = notification.if_contains("isDismissable");
      dismissable && dismissable->is_bool() && dismissable->get_bool()) {
    out +=
        "<button type=\"button\" class=\"maintenance-banner__close\" title=\"Sluit deze melding\" "
        "aria-label=\"Sluit deze melding\"><svg viewBox=\"0 0 24 24\" width=\"20\" height=\"20\" "
        "aria-hidden=\"true\" focusable=\"false\"><path d=\"M6 6l12 12M18 6L6 18\" stroke=\"currentColor\" "
        "stroke-width=\"2.5\" stroke-linecap=\"round\"></path></svg></button>";
  }
  out += "</section>";
}

}  // namespace ether::render
