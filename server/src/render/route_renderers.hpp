#pragma once
// The body renderers of render/page_html.cpp, one per route family, each a pure function from a
// route's page data (web/src/api/types.ts) to the HTML inside <main>. Internal to the render module.

#include <boost/json/object.hpp>
#include <string>

#include "pages/page_result.hpp"

namespace ether::render {

/// What every renderer may read besides its data: the page itself and the site configuration.
struct RenderContext {
  const pages::PageResult& page;
  const boost::json::object& site;
  bool app = false;  // an /app view: its links stay inside the app views where those exist
};

void home_html(std::string& out, const RenderContext& ctx);
void live_html(std::string& out, const RenderContext& ctx);
void popout_html(std::string& out, const RenderContext& ctx);
void played_tracks_html(std::string& out, const RenderContext& ctx);
void guide_html(std::string& out, const RenderContext& ctx);
void track_html(std::string& out, const RenderContext& ctx);

void programmes_html(std::string& out, const RenderContext& ctx);
void programme_html(std::string& out, const RenderContext& ctx);
void programme_fragments_html(std::string& out, const RenderContext& ctx);
void programme_news_html(std::string& out, const RenderContext& ctx);
void presenters_html(std::string& out, const RenderContext& ctx);
void presenter_html(std::string& out, const RenderContext& ctx);

void news_html(std::string& out, const RenderContext& ctx);
void article_html(std::string& out, const RenderContext& ctx);

void fragments_html(std::string& out, const RenderContext& ctx);
void fragment_html(std::string& out, const RenderContext& ctx);
void broadcasts_html(std::string& out, const RenderContext& ctx);
void broadcast_html(std::string& out, const RenderContext& ctx);
void broadcast_hour_html(std::string& out, const RenderContext& ctx);
void podcasts_html(std::string& out, const RenderContext& ctx);
void podcast_html(std::string& out, const RenderContext& ctx);
void episode_html(std::string& out, const RenderContext& ctx);
void videos_html(std::string& out, const RenderContext& ctx);

void content_page_html(std::string& out, const RenderContext& ctx);
void sitemap_html(std::string& out, const RenderContext& ctx);
void search_html(std::string& out, const RenderContext& ctx);
void not_found_html(std::string& out, const RenderContext& ctx);

}  // namespace ether::render
