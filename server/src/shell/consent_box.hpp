#pragma once
// The first layer of the listener's consent box, drawn by the server into a page's HTML on a first
// visit, so that it is painted with the page instead of after the app's scripts (issue 13: it was
// the largest paint of most pages, and late). The app wires its buttons to the consent library
// (web/src/features/consent/consent-box.ts), which stores the choice and shows the settings.

#include <chrono>
#include <optional>
#include <string_view>

namespace ether::shell {

/// The cookie in which the listener app's consent library (vanilla-cookieconsent v3) keeps the choice.
inline constexpr std::string_view kConsentCookie = "cc_cookie";

/// Whether `cookie_value` (the consent cookie as sent, percent-encoded JSON) holds a choice that
/// the library takes as given: a list of categories, and an expirationTime (milliseconds since the
/// epoch) after `now` or none at all. A missing, malformed or expired cookie asks again.
bool has_consent_choice(std::optional<std::string_view> cookie_value, std::chrono::system_clock::time_point now);

/// The box's markup: a dialog named 'Toestemming voor cookies' with its text and the three choices
/// ('Alles accepteren', 'Alleen noodzakelijk', 'Zelf kiezen') as buttons marked data-consent-choice.
std::string_view consent_box_html();

}  // namespace ether::shell
