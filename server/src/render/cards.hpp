#pragma once
// The cards and lists that several route families share (render/route_renderers.hpp), built from
// the JSON shapes of web/src/api/types.ts. Internal to the render module.

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <string>
#include <vector>

#include "pages/page_time.hpp"
#include "render/markup.hpp"

namespace ether::render {

Card article_card(const json::object& article, bool app = false);
/// The category label an article (card) shows: its category's name, but none for a 'live' story
/// whose live coverage is over (its liveUntil is null once it has passed, loaders' catalog).
std::string article_label(const json::object& article);
Card fragment_card(const json::object& fragment);
Card podcast_card(const json::object& feed);
Card programme_card(const json::object& programme);
Card presenter_card(const json::object& presenter);
Card broadcast_card(const json::object& broadcast);
/// An hour of a missed broadcast in the Gemist list (a broadcast with its `hour`): spec §9's slot
/// label, linking to the hour's page.
Card broadcast_hour_card(const json::object& recorded_hour);

/// Cards of every item of `items` made by `make`.
std::vector<Card> cards_of(const json::array& items, Card (*make)(const json::object&));

/// The detail URL of a fragment or broadcast object (routes::fragment / routes::broadcast).
std::string fragment_url(const json::object& fragment);
std::string broadcast_url(const json::object& broadcast);
/// The URL of the hour of `broadcast` that starts at `hour`'s `from` (routes::broadcast_hour with
/// domain::hour_segment); the broadcast's URL when that is no hour of it.
std::string broadcast_hour_url(const json::object& broadcast, const json::object& hour);

/// A guide list of broadcasts (components/broadcast-list.tsx), titles as headings of `level`. With
/// `with_day`, each time has its day before it ("Morgen", "Vrijdag 28 november"), for lists that
/// span several days.
void broadcast_list(std::string& out, const json::array& broadcasts, Level level = Level::in_section,
                    bool with_day = false);

/// The day of a broadcast in a list of several days, as the app's upcomingDayLabel (lib/day-labels):
/// "Vandaag", "Morgen", "Gisteren", else the weekday and date ("Vrijdag 28 november").
std::string broadcast_day_label(const pages::Date& day, const pages::Date& today);
/// The broadcasters' logos (or names) of a broadcast (components/broadcast-list.tsx BroadcasterIcons);
/// nothing for none.
void broadcaster_icons(std::string& out, const json::array& broadcasters);
/// Played tracks with time, name (a link to the song's page) and artist (components/track-list.tsx).
void track_list(std::string& out, const json::array& tracks, std::string_view label);
/// The header of a detail page: artwork as hero, kicker, h1 (components/detail-header.tsx);
/// `extra` is appended after the heading; `alt` describes the artwork (empty: decorative).
void detail_header(std::string& out, std::string_view image_url, std::string_view preset, std::string_view kicker,
                   std::string_view title, const std::string& extra, bool round = false, std::string_view alt = {});
/// "A & B" of the names of a list of refs.
std::string names(const json::array& refs);

}  // namespace ether::render
