#include "shell/consent_box.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>
#include <boost/url/pct_string_view.hpp>
#include <string>

namespace ether::shell {

bool has_consent_choice(std::optional<std::string_view> cookie_value, std::chrono::system_clock::time_point now) {
  if (!cookie_value) return false;
  auto encoded = boost::urls::make_pct_string_view(*cookie_value);
  if (!encoded) return false;
  std::string text = encoded->decode();
  boost::system::error_code error;
  boost::json::value parsed = boost::json::parse(text, error);
  if (error || !parsed.is_object()) return false;
  const auto& cookie = parsed.get_object();
  const auto* categories = cookie.if_contains("categories");
  if (categories == nullptr || !categories->is_array()) return false;
  // The same rule as the app's hasStoredChoice (consent-store.ts): a non-numeric expiry never ends.
  const auto* expires = cookie.if_contains("expirationTime");
  if (expires == nullptr || !expires->is_number()) return true;
  const auto now_ms = std::chrono::duration<double, std::milli>(now.time_since_epoch()).count();
  return expires->to_number<double>() > now_ms;
}

std::string_view consent_box_html() {
  // The texts are the library's consent modal's (cookie-consent.ts), which draws the box itself
  // only on a page whose HTML came without this one. Hidden without scripting (consent-box.css): without
  // JavaScript the site sets no cookie that asks for consent, and the buttons could not store one.
  return "<div id=\"consent-box\" class=\"consent-box\" role=\"dialog\" aria-label=\"Toestemming voor cookies\" "
         "aria-describedby=\"consent-box-text\" tabindex=\"-1\">"
         "<h2 class=\"consent-box__title\">Cookies op deze site</h2>"
         "<p id=\"consent-box-text\" class=\"consent-box__text\">We gebruiken noodzakelijke cookies om de site te "
         "laten werken. Met jouw toestemming meten we ook fouten en gebruik (analyse) en tonen we berichten van "
         "sociale media, waarbij die diensten cookies kunnen plaatsen.</p>"
         "<div class=\"consent-box__choices\">"
         "<button type=\"button\" class=\"consent-box__choice\" data-consent-choice=\"all\">Alles accepteren</button>"
         "<button type=\"button\" class=\"consent-box__choice\" data-consent-choice=\"necessary\">Alleen "
         "noodzakelijk</button>"
         "<button type=\"button\" class=\"consent-box__choice consent-box__choice--secondary\" "
         "data-consent-choice=\"preferences\">Zelf kiezen</button>"
         "</div></div>";
}

}  // namespace ether::shell
