#include "content/content_types.hpp"

namespace ether::content {
namespace {

FieldSpec text(std::string name, std::string column, std::string label, bool required = false,
               std::size_t max_length = 200) {
  return FieldSpec{.name = std::move(name),
                   .column = std::move(column),
                   .label = std::move(label),
                   .kind = FieldKind::text,
                   .required = required,
                   .max_length = max_length};
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

FieldSpec slug() { return of_kind(FieldKind::slug, "slug", "slug", "URL", true); }

std::vector<TypeSpec> build() {
  std::vector<TypeSpec> types;

  types.push_back(
      TypeSpec{.name = "programmes",
               .label = "Programma's",
               .label_singular = "Programma",
               .table = "programmes",
               .fields = {text("name", "name", "Naam", true), slug(),
                          reference("channel", "channel_slug", "Kanaal", "channels", true, "slug"),
                          of_kind(FieldKind::long_text, "summary", "summary", "Samenvatting"),
                          of_kind(FieldKind::long_text, "description", "description", "Beschrijving"),
                          of_kind(FieldKind::url, "imageUrl", "image_url", "Afbeelding (URL)")},
               .title_field = "name",
               .slug_field = "slug",
               .order_by = "name, id",
               .search_fields = {"name", "slug", "summary"},
               .channel_field = "channel",
               .referenced_by = {{"broadcasts", "programme_id"},
                                 {"schedule_slots", "programme_id"},
                                 {"articles", "programme_id"},
                                 {"fragments", "programme_id"}},
               .owns = {{"programme_presenters", "programme_id"}, {"programme_broadcasters", "programme_id"}}});

  types.push_back(TypeSpec{
      .name = "articles",
      .label = "Nieuwsartikelen",
      .label_singular = "Artikel",
      .table = "articles",
      .fields = {text("title", "title", "Titel", true), slug(),
                 reference("category", "category_slug", "Categorie", "news-categories", true, "slug"),
                 reference("programme", "programme_id", "Programma", "programmes", false),
                 of_kind(FieldKind::long_text, "intro", "intro", "Intro", true), text("author", "author", "Auteur"),
                 of_kind(FieldKind::url, "imageUrl", "image_url", "Afbeelding (URL)"),
                 of_kind(FieldKind::blocks, "body", "body_json", "Tekst")},
      .title_field = "title",
      .slug_field = "slug",
      .slug_scope = {"category"},
      .order_by = "published_at DESC, id DESC",
      .search_fields = {"title", "slug", "intro"},
      .publication = Publication::dated,
      .flag_column = "published",
      .revisions = true,
      .owns = {{"article_tags", "article_id"}}});

  types.push_back(TypeSpec{.name = "maintenance-notifications",
                           .label = "Onderhoudsmeldingen",
                           .label_singular = "Onderhoudsmelding",
                           .table = "maintenance_notifications",
                           .fields = {text("title", "title", "Titel", true),
                                      of_kind(FieldKind::long_text, "description", "description", "Tekst"),
                                      nullable(of_kind(FieldKind::url, "url", "url", "Link (URL)")),
                                      of_kind(FieldKind::flag, "dismissable", "is_dismissable", "Weg te klikken")},
                           .title_field = "title",
                           .order_by = "id DESC",
                           .search_fields = {"title", "description"},
                           .publication = Publication::switched,
                           .flag_column = "active"});

  types.push_back(TypeSpec{.name = "presenters",
                           .label = "Presentatoren",
                           .label_singular = "Presentator",
                           .table = "presenters",
                           .fields = {text("name", "name", "Naam", true), slug(), text("role", "role", "Rol"),
                                      of_kind(FieldKind::long_text, "bio", "bio", "Biografie"),
                                      of_kind(FieldKind::url, "imageUrl", "image_url", "Portret (URL)")},
                           .title_field = "name",
                           .slug_field = "slug",
                           .order_by = "name, id",
                           .search_fields = {"name", "slug", "role"},
                           .referenced_by = {{"programme_presenters", "presenter_id"}}});

  types.push_back(TypeSpec{.name = "news-categories",
                           .label = "Nieuwscategorieën",
                           .label_singular = "Nieuwscategorie",
                           .table = "news_categories",
                           .key_column = "slug",
                           .fields = {text("name", "name", "Naam", true), immutable(slug()),
                                      of_kind(FieldKind::color, "color", "color", "Kleur", true)},
                           .title_field = "name",
                           .slug_field = "slug",
                           .order_by = "name",
                           .search_fields = {"name", "slug"},
                           .referenced_by = {{"articles", "category_slug"}}});

  types.push_back(TypeSpec{.name = "fragments",
                           .label = "Fragmenten",
                           .label_singular = "Fragment",
                           .table = "fragments",
                           .fields = {text("title", "title", "Titel", true), slug(),
                                      reference("programme", "programme_id", "Programma", "programmes", false),
                                      of_kind(FieldKind::long_text, "description", "description", "Beschrijving"),
                                      of_kind(FieldKind::url, "imageUrl", "image_url", "Afbeelding (URL)"),
                                      text("audioPath", "audio_path", "Audiobestand (pad in de mediamap)", true, 500),
                                      of_kind(FieldKind::integer, "durationMs", "duration_ms", "Duur (ms)", true)},
                           .title_field = "title",
                           .slug_field = "slug",
                           .order_by = "published_at DESC, id DESC",
                           .search_fields = {"title", "slug", "description"},
                           .publication = Publication::dated,
                           .flag_column = "published",
                           .owns = {{"fragment_tags", "fragment_id"}}});

  types.push_back(TypeSpec{.name = "podcast-feeds",
                           .label = "Podcasts",
                           .label_singular = "Podcast",
                           .table = "podcast_feeds",
                           .fields = {text("title", "title", "Titel", true), slug(),
                                      of_kind(FieldKind::long_text, "description", "description", "Beschrijving"),
                                      text("author", "author", "Maker"),
                                      of_kind(FieldKind::url, "imageUrl", "image_url", "Afbeelding (URL)"),
                                      text("category", "category", "Categorie (iTunes)")},
                           .title_field = "title",
                           .slug_field = "slug",
                           .order_by = "title, id",
                           .search_fields = {"title", "slug", "author"},
                           .referenced_by = {{"podcast_episodes", "feed_id"}}});

  types.push_back(
      TypeSpec{.name = "podcast-episodes",
               .label = "Podcastafleveringen",
               .label_singular = "Aflevering",
               .table = "podcast_episodes",
               .fields = {text("title", "title", "Titel", true), slug(),
                          reference("feed", "feed_id", "Podcast", "podcast-feeds", true),
                          of_kind(FieldKind::long_text, "description", "description", "Beschrijving"),
                          of_kind(FieldKind::url, "imageUrl", "image_url", "Afbeelding (URL)"),
                          text("audioPath", "audio_path", "Audiobestand (pad in de mediamap)", true, 500),
                          of_kind(FieldKind::integer, "durationMs", "duration_ms", "Duur (ms)", true),
                          of_kind(FieldKind::integer, "byteLength", "byte_length", "Grootte (bytes)", true)},
               .title_field = "title",
               .slug_field = "slug",
               .slug_scope = {"feed"},
               .order_by = "published_at DESC, id DESC",
               .search_fields = {"title", "slug"},
               .publication = Publication::dated,
               .flag_column = "published"});

  types.push_back(TypeSpec{.name = "videos",
                           .label = "Video's",
                           .label_singular = "Video",
                           .table = "videos",
                           .fields = {text("title", "title", "Titel", true), slug(),
                                      of_kind(FieldKind::long_text, "description", "description", "Beschrijving"),
                                      text("videoPath", "video_path", "Videobestand (pad in de mediamap)", true, 500),
                                      of_kind(FieldKind::url, "posterUrl", "poster_url", "Stilstaand beeld (URL)"),
                                      of_kind(FieldKind::integer, "durationMs", "duration_ms", "Duur (ms)", true)},
                           .title_field = "title",
                           .slug_field = "slug",
                           .order_by = "published_at DESC, id DESC",
                           .search_fields = {"title", "slug"},
                           .publication = Publication::dated,
                           .flag_column = "published"});

  types.push_back(TypeSpec{.name = "bulletins",
                           .label = "Nieuwsbulletins",
                           .label_singular = "Nieuwsbulletin",
                           .table = "bulletins",
                           .fields = {text("title", "title", "Titel", true),
                                      text("audioPath", "audio_path", "Audiobestand (pad in de mediamap)", true, 500),
                                      of_kind(FieldKind::integer, "durationMs", "duration_ms", "Duur (ms)", true)},
                           .title_field = "title",
                           .order_by = "published_at DESC, id DESC",
                           .search_fields = {"title"},
                           .publication = Publication::dated,
                           .flag_column = "published"});

  types.push_back(TypeSpec{
      .name = "pages",
      .label = "Thema- en overzichtspagina's",
      .label_singular = "Pagina",
      .table = "content_pages",
      .fields = {text("title", "title", "Titel", true), slug(),
                 choice("kind", "kind", "Soort", {{"thema", "Themapagina"}, {"overzicht", "Overzichtspagina"}}),
                 of_kind(FieldKind::long_text, "description", "description", "Beschrijving"),
                 of_kind(FieldKind::blocks, "blocks", "blocks_json", "Blokken")},
      .title_field = "title",
      .slug_field = "slug",
      .slug_scope = {"kind"},
      .order_by = "title, id",
      .search_fields = {"title", "slug"},
      .publication = Publication::switched,
      .flag_column = "published",
      .revisions = true});

  types.push_back(TypeSpec{
      .name = "event-modals",
      .label = "Evenementblokken",
      .label_singular = "Evenementblok",
      .table = "event_modal_blocks",
      .fields = {text("title", "title", "Titel", true),
                 of_kind(FieldKind::long_text, "description", "description", "Tekst"),
                 of_kind(FieldKind::url, "relatedUrl", "related_url", "Link (URL)"),
                 text("relatedUrlText", "related_url_text", "Linktekst"),
                 of_kind(FieldKind::url, "backgroundImageUrl", "background_image_url", "Achtergrond (URL)"),
                 of_kind(FieldKind::url, "logoUrl", "logo_url", "Logo (URL)"),
                 choice("countClockType", "count_clock_type", "Teller",
                        {{"cms_countclock_countdown", "Aftellen"}, {"cms_countclock_countup", "Optellen"}}, false),
                 nullable(text("countClockCaption", "count_clock_caption", "Tekst bij de teller")),
                 nullable(of_kind(FieldKind::instant, "countClockStart", "count_clock_start", "Teller vanaf")),
                 nullable(of_kind(FieldKind::instant, "countClockEnd", "count_clock_end", "Teller tot")),
                 of_kind(FieldKind::integer, "sortOrder", "sort_order", "Volgorde")},
      .title_field = "title",
      .order_by = "sort_order, id",
      .search_fields = {"title"},
      .publication = Publication::switched,
      .flag_column = "published"});

  types.push_back(
      TypeSpec{.name = "channels",
               .label = "Kanalen",
               .label_singular = "Kanaal",
               .table = "channels",
               .fields = {text("name", "name", "Naam", true), immutable(slug()),
                          reference("parent", "parent_slug", "Hoofdkanaal", "channels", false, "slug"),
                          of_kind(FieldKind::long_text, "description", "description", "Beschrijving"),
                          text("genre", "genre", "Genre"), of_kind(FieldKind::color, "color", "color", "Kleur", true),
                          of_kind(FieldKind::url, "logoUrl", "logo_url", "Logo (URL)"),
                          of_kind(FieldKind::integer, "sortOrder", "sort_order", "Volgorde"),
                          of_kind(FieldKind::flag, "hasProgramming", "has_programming", "Heeft programma's"),
                          choice("playerMode", "player_mode", "Spelerweergave",
                                 {{"music", "Muziek (lezing B)"}, {"talk", "Gesproken woord (lezing A)"}}),
                          of_kind(FieldKind::flag, "classical", "classical", "Klassiek"),
                          nullable(of_kind(FieldKind::url, "streamUrl", "stream_url",
                                           "Externe stream (URL; leeg: eigen stream)")),
                          nullable(of_kind(FieldKind::url, "liveVideoUrl", "live_video_url", "Live video (URL)")),
                          of_kind(FieldKind::url, "popoutUrl", "popout_url", "Pop-out (URL)")},
               .title_field = "name",
               .slug_field = "slug",
               .order_by = "sort_order, name",
               .search_fields = {"name", "slug"},
               .channel_field = "slug",
               .settings = true,
               .referenced_by = {{"programmes", "channel_slug"},
                                 {"schedule_slots", "channel_slug"},
                                 {"broadcasts", "channel_slug"},
                                 {"track_plays", "channel_slug"},
                                 {"channels", "parent_slug"}},
               .owns = {{"channel_broadcasters", "channel_slug"}, {"channel_rotation", "channel_slug"}}});

  types.push_back(TypeSpec{
      .name = "broadcasters",
      .label = "Omroepen",
      .label_singular = "Omroep",
      .table = "broadcasters",
      .fields = {text("name", "name", "Naam", true), immutable(slug()), text("alias", "alias", "Alias"),
                 of_kind(FieldKind::url, "logoUrl", "logo_url", "Logo (URL)")},
      .title_field = "name",
      .slug_field = "slug",
      .order_by = "name, id",
      .search_fields = {"name", "slug", "alias"},
      .settings = true,
      .referenced_by = {{"channel_broadcasters", "broadcaster_slug"}, {"programme_broadcasters", "broadcaster_slug"}}});
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
  }
  return "text";
}

}  // namespace ether::content
