#include "content/content_types.hpp"

#include "store/publication.hpp"

namespace ether::content {
namespace {

FieldSpec text(std::string name, std::string column, std::string label, bool required = false,
               std::size_t max_length = 200) {
  FieldSpec field;
  field.name = std::move(name);
  field.column = std::move(column);
  field.label = std::move(label);
  field.required = required;
  field.max_length = max_length;
  return field;
}

FieldSpec of_kind(FieldKind kind, std::string name, std::string column, std::string label, bool required = false) {
  FieldSpec field = text(std::move(name), std::move(column), std::move(label), required);
  field.kind = kind;
  if (kind == FieldKind::long_text) field.max_length = 20000;
  if (kind == FieldKind::blocks) field.max_length = 500000;
  if (kind == FieldKind::url) field.max_length = 2000;
  if (kind == FieldKind::slug) field.max_length = 64;
  return field;
}

FieldSpec nullable(FieldSpec field) {
  field.nullable = true;
  return field;
}

FieldSpec media_file(FieldSpec field) {
  field.media_file = true;
  return field;
}

FieldSpec immutable(FieldSpec field) {
  field.immutable = true;
  return field;
}

FieldSpec reference(std::string name, std::string column, std::string label, std::string type, bool required,
                    std::string reference_column = "id") {
  FieldSpec field = of_kind(FieldKind::reference, std::move(name), std::move(column), std::move(label), required);
  field.reference = std::move(type);
  field.reference_column = std::move(reference_column);
  field.nullable = !required;
  return field;
}

FieldSpec choice(std::string name, std::string column, std::string label, std::vector<Choice> choices,
                 bool required = true) {
  FieldSpec field = of_kind(FieldKind::choice, std::move(name), std::move(column), std::move(label), required);
  field.choices = std::move(choices);
  field.nullable = !required;
  return field;
}

FieldSpec relation(std::string name, std::string label, std::string type, std::string reference_column,
                   std::string link_table, std::string link_owner, std::string link_target,
                   std::string link_order = {}) {
  FieldSpec field = of_kind(FieldKind::relation, std::move(name), std::move(link_table), std::move(label));
  field.reference = std::move(type);
  field.reference_column = std::move(reference_column);
  field.link_owner = std::move(link_owner);
  field.link_target = std::move(link_target);
  field.link_order = std::move(link_order);
  return field;
}

FieldSpec tags(std::string link_table, std::string link_owner) {
  FieldSpec field = of_kind(FieldKind::tags, "tags", std::move(link_table), "Tags");
  field.reference_column = "tag";
  field.link_owner = std::move(link_owner);
  field.link_target = "tag";
  field.max_length = 50;  // each tag
  return field;
}

FieldSpec slug() { return of_kind(FieldKind::slug, "slug", "slug", "URL", true); }

// A sort_order column is a 32-bit INTEGER (PostgreSQL refuses more).
FieldSpec sort_order() {
  FieldSpec field = of_kind(FieldKind::integer, "sortOrder", "sort_order", "Volgorde");
  field.max_value = 2'147'483'647;
  return field;
}

// The audio of a fragment, episode or bulletin: chosen from the media library, which fills the
// derived fields from the normalised MP3 on save. Seeded items keep the path of their demo file
// until other audio is chosen.
FieldSpec audio() {
  FieldSpec field = of_kind(FieldKind::audio, "audio", "audio_media_id", "Audio uit de mediabibliotheek", true);
  field.nullable = true;
  return field;
}

// "imageUrl" -> "imageAlt", "image_url" -> "image_alt": where a content image's alt text is kept.
std::string alt_name(std::string_view url_name, std::string_view suffix, std::string_view alt_suffix) {
  return std::string(url_name.substr(0, url_name.size() - suffix.size())) + std::string(alt_suffix);
}

// An image of the media library (or one elsewhere, by its URL) that the listener pages cut in
// `crops`; a content image (with crops) has its alt text in the field alt_text() describes.
FieldSpec image(std::string name, std::string column, std::string label, std::vector<std::string> crops = {}) {
  FieldSpec field = of_kind(FieldKind::image, std::move(name), std::move(column), std::move(label));
  field.max_length = 2000;
  if (!crops.empty()) field.alt_field = alt_name(field.name, "Url", "Alt");
  field.crops = std::move(crops);
  return field;
}

// The alt text of the content image `name` (column `column`): what it shows, for who cannot see it.
FieldSpec alt_text(std::string_view name, std::string_view column) {
  return text(alt_name(name, "Url", "Alt"), alt_name(column, "_url", "_alt"), "Alt-tekst van de afbeelding", false,
              300);
}

FieldSpec derived(AudioFact fact, std::string name, std::string column, std::string label) {
  FieldSpec field = text(std::move(name), std::move(column), std::move(label), false, 500);
  if (fact != AudioFact::path) field.kind = FieldKind::integer;
  field.derived = fact;
  return field;
}

FieldSpec audio_path() { return derived(AudioFact::path, "audioPath", "audio_path", "Audiobestand"); }
FieldSpec audio_duration() { return derived(AudioFact::duration_ms, "durationMs", "duration_ms", "Duur"); }

std::vector<TypeSpec> build() {
  std::vector<TypeSpec> types;

  {
    TypeSpec t;
    t.name = "programmes";
    t.label = "Programma's";
    t.label_singular = "Programma";
    t.table = "programmes";
    t.fields = {text("name", "name", "Naam", true),
                slug(),
                reference("channel", "channel_slug", "Kanaal", "channels", true, "slug"),
                of_kind(FieldKind::long_text, "summary", "summary", "Samenvatting"),
                of_kind(FieldKind::long_text, "description", "description", "Beschrijving"),
                image("imageUrl", "image_url", "Afbeelding", {"CAMPAIGN_HEADER", "LIST_ITEM", "TILE"}),
                alt_text("imageUrl", "image_url"),
                relation("presenters", "Presentatoren", "presenters", "id", "programme_presenters", "programme_id",
                         "presenter_id", "position"),
                relation("broadcasters", "Omroepen", "broadcasters", "slug", "programme_broadcasters", "programme_id",
                         "broadcaster_slug")};
    t.title_field = "name";
    t.slug_field = "slug";
    t.order_by = "name, id";
    t.search_fields = {"name", "slug", "summary"};
    t.channel_field = "channel";
    t.referenced_by = {{"broadcasts", "programme_id"},
                       {"schedule_slots", "programme_id"},
                       {"schedule_changes", "programme_id"},
                       {"articles", "programme_id"},
                       {"fragments", "programme_id"}};
    t.owns = {{"programme_presenters", "programme_id"}, {"programme_broadcasters", "programme_id"}};
    t.archivable = true;
    types.push_back(std::move(t));
  }

  {
    TypeSpec t;
    t.name = "articles";
    t.label = "Nieuwsartikelen";
    t.label_singular = "Artikel";
    t.table = "articles";
    // liveUntil: the end of the story's live coverage; its 'Live' label shows until then (issue 39 #20).
    t.fields = {text("title", "title", "Titel", true),
                slug(),
                reference("category", "category_slug", "Categorie", "news-categories", true, "slug"),
                reference("programme", "programme_id", "Programma", "programmes", false),
                of_kind(FieldKind::long_text, "intro", "intro", "Intro", true),
                text("author", "author", "Auteur"),
                nullable(of_kind(FieldKind::instant, "liveUntil", "live_until", "Live tot")),
                image("imageUrl", "image_url", "Afbeelding", {"CAMPAIGN_HEADER", "ARTICLE_CARD"}),
                alt_text("imageUrl", "image_url"),
                of_kind(FieldKind::blocks, "body", "body_json", "Tekst"),
                tags("article_tags", "article_id")};
    t.title_field = "title";
    t.slug_field = "slug";
    t.slug_scope = {"category"};
    t.order_by = "published_at DESC, id DESC";
    t.search_fields = {"title", "slug", "intro"};
    t.publication = Publication::dated;
    t.flag_column = "published";
    t.revisions = true;
    t.owns = {{"article_tags", "article_id"}};
    types.push_back(std::move(t));
  }

  {
    TypeSpec t;
    t.name = "maintenance-notifications";
    t.label = "Onderhoudsmeldingen";
    t.label_singular = "Onderhoudsmelding";
    t.table = "maintenance_notifications";
    t.fields = {text("title", "title", "Titel", true),
                of_kind(FieldKind::long_text, "description", "description", "Tekst"),
                nullable(of_kind(FieldKind::url, "url", "url", "Link (URL)")),
                of_kind(FieldKind::flag, "dismissable", "is_dismissable", "Weg te klikken"), sort_order()};
    t.title_field = "title";
    t.order_by = std::string(store::kOverlayOrder);
    t.overlay = true;
    t.search_fields = {"title", "description"};
    t.publication = Publication::switched;
    t.flag_column = "active";
    types.push_back(std::move(t));
  }

  {
    TypeSpec t;
    t.name = "presenters";
    t.label = "Presentatoren";
    t.label_singular = "Presentator";
    t.table = "presenters";
    t.fields = {text("name", "name", "Naam", true),
                slug(),
                text("role", "role", "Rol"),
                of_kind(FieldKind::long_text, "bio", "bio", "Biografie"),
                image("imageUrl", "image_url", "Portret", {"ARTIST_ITEM"}),
                alt_text("imageUrl", "image_url")};
    t.title_field = "name";
    t.slug_field = "slug";
    t.order_by = "name, id";
    t.search_fields = {"name", "slug", "role"};
    t.referenced_by = {{"programme_presenters", "presenter_id"}};
    t.archivable = true;
    types.push_back(std::move(t));
  }

  {
    TypeSpec t;
    t.name = "news-categories";
    t.label = "Nieuwscategorieën";
    t.label_singular = "Nieuwscategorie";
    t.table = "news_categories";
    t.key_column = "slug";
    t.fields = {text("name", "name", "Naam", true), immutable(slug()),
                of_kind(FieldKind::color, "color", "color", "Kleur", true)};
    t.title_field = "name";
    t.slug_field = "slug";
    t.order_by = "name";
    t.search_fields = {"name", "slug"};
    t.referenced_by = {{"articles", "category_slug"}};
    types.push_back(std::move(t));
  }

  {
    TypeSpec t;
    t.name = "fragments";
    t.label = "Fragmenten";
    t.label_singular = "Fragment";
    t.table = "fragments";
    t.fields = {text("title", "title", "Titel", true),
                slug(),
                reference("programme", "programme_id", "Programma", "programmes", false),
                of_kind(FieldKind::long_text, "description", "description", "Beschrijving"),
                image("imageUrl", "image_url", "Afbeelding", {"FRAGMENT_TILE", "FRAGMENT_CARD"}),
                alt_text("imageUrl", "image_url"),
                audio(),
                audio_path(),
                audio_duration(),
                tags("fragment_tags", "fragment_id")};
    t.title_field = "title";
    t.slug_field = "slug";
    t.order_by = "published_at DESC, id DESC";
    t.search_fields = {"title", "slug", "description"};
    t.publication = Publication::dated;
    t.flag_column = "published";
    t.owns = {{"fragment_tags", "fragment_id"}};
    types.push_back(std::move(t));
  }

  {
    TypeSpec t;
    t.name = "podcast-feeds";
    t.label = "Podcasts";
    t.label_singular = "Podcast";
    t.table = "podcast_feeds";
    t.fields = {text("title", "title", "Titel", true),
                slug(),
                of_kind(FieldKind::long_text, "description", "description", "Beschrijving"),
                text("author", "author", "Maker"),
                image("imageUrl", "image_url", "Afbeelding", {"PODCAST_ITEM"}),
                alt_text("imageUrl", "image_url"),
                text("category", "category", "Categorie (iTunes)")};
    t.title_field = "title";
    t.slug_field = "slug";
    t.order_by = "title, id";
    t.search_fields = {"title", "slug", "author"};
    t.referenced_by = {{"podcast_episodes", "feed_id"}};
    types.push_back(std::move(t));
  }

  {
    TypeSpec t;
    t.name = "podcast-episodes";
    t.label = "Podcastafleveringen";
    t.label_singular = "Aflevering";
    t.table = "podcast_episodes";
    t.fields = {text("title", "title", "Titel", true),
                slug(),
                reference("feed", "feed_id", "Podcast", "podcast-feeds", true),
                of_kind(FieldKind::long_text, "description", "description", "Beschrijving"),
                image("imageUrl", "image_url", "Afbeelding", {"PODCAST_ITEM"}),
                alt_text("imageUrl", "image_url"),
                audio(),
                audio_path(),
                audio_duration(),
                derived(AudioFact::byte_length, "byteLength", "byte_length", "Grootte")};
    t.title_field = "title";
    t.slug_field = "slug";
    t.slug_scope = {"feed"};
    t.order_by = "published_at DESC, id DESC";
    t.search_fields = {"title", "slug"};
    t.publication = Publication::dated;
    t.flag_column = "published";
    types.push_back(std::move(t));
  }

  {
    TypeSpec t;
    t.name = "videos";
    t.label = "Video's";
    t.label_singular = "Video";
    t.table = "videos";
    t.fields = {text("title", "title", "Titel", true),
                slug(),
                of_kind(FieldKind::long_text, "description", "description", "Beschrijving"),
                media_file(text("videoPath", "video_path", "Videobestand (pad in de mediamap)", true, 500)),
                image("posterUrl", "poster_url", "Stilstaand beeld", {"VIDEOCLIP"}),
                alt_text("posterUrl", "poster_url"),
                of_kind(FieldKind::integer, "durationMs", "duration_ms", "Duur (ms)", true)};
    t.title_field = "title";
    t.slug_field = "slug";
    t.order_by = "published_at DESC, id DESC";
    t.search_fields = {"title", "slug"};
    t.publication = Publication::dated;
    t.flag_column = "published";
    types.push_back(std::move(t));
  }

  {
    TypeSpec t;
    t.name = "bulletins";
    t.label = "Nieuwsbulletins";
    t.label_singular = "Nieuwsbulletin";
    t.table = "bulletins";
    t.fields = {text("title", "title", "Titel", true), audio(), audio_path(), audio_duration()};
    t.title_field = "title";
    t.order_by = "published_at DESC, id DESC";
    t.search_fields = {"title"};
    t.publication = Publication::dated;
    t.flag_column = "published";
    types.push_back(std::move(t));
  }

  {
    TypeSpec t;
    t.name = "pages";
    t.label = "Thema- en overzichtspagina's";
    t.label_singular = "Pagina";
    t.table = "content_pages";
    t.fields = {text("title", "title", "Titel", true), slug(),
                choice("kind", "kind", "Soort", {{"thema", "Themapagina"}, {"overzicht", "Overzichtspagina"}}),
                of_kind(FieldKind::long_text, "description", "description", "Beschrijving"),
                of_kind(FieldKind::blocks, "blocks", "blocks_json", "Blokken")};
    t.title_field = "title";
    t.slug_field = "slug";
    t.slug_scope = {"kind"};
    t.order_by = "title, id";
    t.search_fields = {"title", "slug"};
    t.publication = Publication::switched;
    t.flag_column = "published";
    t.revisions = true;
    types.push_back(std::move(t));
  }

  {
    TypeSpec t;
    t.name = "event-modals";
    t.label = "Evenementblokken";
    t.label_singular = "Evenementblok";
    t.table = "event_modal_blocks";
    t.fields = {text("title", "title", "Titel", true),
                of_kind(FieldKind::long_text, "description", "description", "Tekst"),
                of_kind(FieldKind::url, "relatedUrl", "related_url", "Link (URL)"),
                text("relatedUrlText", "related_url_text", "Linktekst"),
                image("backgroundImageUrl", "background_image_url", "Achtergrond"),
                image("logoUrl", "logo_url", "Logo"),
                choice("countClockType", "count_clock_type", "Teller",
                       {{"cms_countclock_countdown", "Aftellen"}, {"cms_countclock_countup", "Optellen"}}, false),
                nullable(text("countClockCaption", "count_clock_caption", "Tekst bij de teller")),
                nullable(of_kind(FieldKind::instant, "countClockStart", "count_clock_start", "Teller vanaf")),
                nullable(of_kind(FieldKind::instant, "countClockEnd", "count_clock_end", "Teller tot")),
                sort_order()};
    t.title_field = "title";
    t.order_by = std::string(store::kOverlayOrder);
    t.overlay = true;
    t.search_fields = {"title"};
    t.publication = Publication::switched;
    t.flag_column = "published";
    types.push_back(std::move(t));
  }

  {
    TypeSpec t;
    t.name = "channels";
    t.label = "Kanalen";
    t.label_singular = "Kanaal";
    t.table = "channels";
    t.fields = {
        text("name", "name", "Naam", true), immutable(slug()),
        reference("parent", "parent_slug", "Hoofdkanaal", "channels", false, "slug"),
        of_kind(FieldKind::long_text, "description", "description", "Beschrijving"), text("genre", "genre", "Genre"),
        of_kind(FieldKind::color, "color", "color", "Kleur", true), image("logoUrl", "logo_url", "Logo"), sort_order(),
        of_kind(FieldKind::flag, "hasProgramming", "has_programming", "Heeft programma's"),
        choice("playerMode", "player_mode", "Spelerweergave",
               {{"music", "Muziek (lezing B)"}, {"talk", "Gesproken woord (lezing A)"}}),
        of_kind(FieldKind::flag, "classical", "classical", "Klassiek"),
        nullable(of_kind(FieldKind::url, "streamUrl", "stream_url", "Externe stream (URL; leeg: eigen stream)")),
        nullable(of_kind(FieldKind::url, "liveVideoUrl", "live_video_url", "Live video (URL)")),
        of_kind(FieldKind::url, "popoutUrl", "popout_url", "Pop-out (URL)"),
        // Spec §5: only these broadcasters are named on the channel.
        relation("broadcasters", "Omroepen op dit kanaal", "broadcasters", "slug", "channel_broadcasters",
                 "channel_slug", "broadcaster_slug")};
    t.title_field = "name";
    t.slug_field = "slug";
    t.order_by = "sort_order, name";
    t.search_fields = {"name", "slug"};
    t.channel_field = "slug";
    t.settings = true;
    t.referenced_by = {{"programmes", "channel_slug"},       {"schedule_slots", "channel_slug"},
                       {"schedule_changes", "channel_slug"}, {"broadcasts", "channel_slug"},
                       {"track_plays", "channel_slug"},      {"channels", "parent_slug"}};
    t.owns = {{"channel_broadcasters", "channel_slug"}, {"channel_rotation", "channel_slug"}};
    types.push_back(std::move(t));
  }

  {
    // The music the channels play, as the rotation and the now-playing ingest put it in: the admin
    // corrects what 'Gedraaid', the song's page, the search and the royalty report say of a song,
    // and adds what a report needs (album, label, ISRC). Its audio stays the playout's.
    TypeSpec t;
    t.name = "songs";
    t.label = "Muziek";
    t.label_singular = "Nummer";
    t.table = "songs";
    t.fields = {text("title", "title", "Titel", true),
                text("artist", "artist", "Artiest", true),
                immutable(slug()),
                nullable(text("album", "album", "Album")),
                nullable(text("label", "label", "Platenlabel")),
                nullable(of_kind(FieldKind::isrc, "isrc", "isrc", "ISRC")),
                nullable(text("composer", "composer", "Componist")),
                nullable(text("completeWork", "complete_work", "Compleet werk")),
                nullable(text("ensemble", "ensemble", "Ensemble")),
                nullable(image("coverUrl", "cover_url", "Hoes"))};
    t.title_field = "title";
    t.slug_field = "slug";
    t.order_by = "artist, title, id";
    t.search_fields = {"title", "artist", "album", "isrc"};
    t.revisions = true;
    t.origin =
        "Nieuwe nummers komen uit de playout en de now-playing-koppeling; hier corrigeer en vul je hun gegevens aan.";
    t.referenced_by = {{"track_plays", "song_id"}, {"channel_rotation", "song_id"}, {"nowplaying_items", "song_id"}};
    types.push_back(std::move(t));
  }

  {
    TypeSpec t;
    t.name = "broadcasters";
    t.label = "Omroepen";
    t.label_singular = "Omroep";
    t.table = "broadcasters";
    t.fields = {text("name", "name", "Naam", true), immutable(slug()), text("alias", "alias", "Alias"),
                image("logoUrl", "logo_url", "Logo")};
    t.title_field = "name";
    t.slug_field = "slug";
    t.order_by = "name, id";
    t.search_fields = {"name", "slug", "alias"};
    t.settings = true;
    t.referenced_by = {{"channel_broadcasters", "broadcaster_slug"}, {"programme_broadcasters", "broadcaster_slug"}};
    types.push_back(std::move(t));
  }
  return types;
}

}  // namespace

const FieldSpec* TypeSpec::field(std::string_view field_name) const {
  for (const auto& f : fields) {
    if (f.name == field_name) return &f;
  }
  return nullptr;
}

const std::vector<TypeSpec>& content_types() {
  static const std::vector<TypeSpec> types = build();
  return types;
}

const TypeSpec* find_type(std::string_view name) {
  for (const auto& type : content_types()) {
    if (type.name == name) return &type;
  }
  return nullptr;
}

std::string_view kind_name(FieldKind kind) {
  switch (kind) {
    case FieldKind::text:
      return "text";
    case FieldKind::long_text:
      return "longText";
    case FieldKind::slug:
      return "slug";
    case FieldKind::integer:
      return "integer";
    case FieldKind::flag:
      return "flag";
    case FieldKind::instant:
      return "instant";
    case FieldKind::color:
      return "color";
    case FieldKind::url:
      return "url";
    case FieldKind::blocks:
      return "blocks";
    case FieldKind::choice:
      return "choice";
    case FieldKind::reference:
      return "reference";
    case FieldKind::relation:
      return "relation";
    case FieldKind::tags:
      return "tags";
    case FieldKind::audio:
      return "audio";
    case FieldKind::image:
      return "image";
    case FieldKind::isrc:
      return "isrc";
  }
  return "text";
}

std::string_view fact_name(AudioFact fact) {
  switch (fact) {
    case AudioFact::path:
      return "path";
    case AudioFact::duration_ms:
      return "durationMs";
    case AudioFact::byte_length:
      return "byteLength";
    case AudioFact::none:
      break;
  }
  return "";
}

}  // namespace ether::content
