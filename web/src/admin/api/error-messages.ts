// The Dutch message the admin shows for each error code the server can answer (its
// `{"error":{"code","message"}}`, server/src/api/json_error.hpp), whatever text the server sent:
// an editor never reads an English or technical sentence. error-messages.test.ts walks the
// server's source and fails when a code has no message here.

const TRY_AGAIN = 'Probeer het over een paar seconden opnieuw.';
const NOT_SAVED_KEPT = 'Je wijziging is niet opgeslagen; wat je hebt ingevuld staat er nog.';

export const ERROR_MESSAGES: Readonly<Record<string, string>> = {
  already_enabled: 'Tweestapsverificatie staat al aan.',
  already_waiting: 'Dit item wacht al op beoordeling.',
  already_revoked: 'Deze sleutel is al ingetrokken.',
  backup_elsewhere: 'Een andere server van deze omroep maakt de back-ups; vraag het daar opnieuw.',
  backup_running: 'Er wordt al een back-up gemaakt.',
  backups_off: 'Er is geen map voor back-ups ingesteld (ETHER_BACKUP_DIR). Vraag je systeembeheerder.',
  bad_details:
    'De fotograaf of bron en het bijschrift konden niet worden gelezen. Laad de pagina opnieuw en probeer het nog eens.',
  bad_csrf_token: 'Je sessie is verlopen of onbekend. Laad de pagina opnieuw en probeer het nog eens.',
  bad_focal_point: 'Dit focuspunt ligt niet binnen de afbeelding.',
  bad_idempotency_key: 'Dit verzoek kon niet worden herkend. Laad de pagina opnieuw en probeer het nog eens.',
  bad_json: 'Het verzoek was onleesbaar. Laad de pagina opnieuw en probeer het nog eens.',
  bad_origin: 'Dit verzoek komt niet van deze site. Laad de pagina opnieuw.',
  bad_parameter: 'Het verzoek klopt niet. Laad de pagina opnieuw en probeer het nog eens.',
  bad_path: 'Dit adres klopt niet.',
  bad_request: 'Het verzoek klopt niet. Laad de pagina opnieuw en probeer het nog eens.',
  bad_signature: 'Deze link is ongeldig. Vraag een nieuwe aan.',
  bad_term: 'Deze zoekterm kan niet worden gebruikt.',
  busy: `De server heeft het nu te druk. ${TRY_AGAIN}`,
  challenge_expired: 'Je inlogpoging is verlopen. Log opnieuw in.',
  conflict: `Iemand anders heeft dit intussen gewijzigd. ${NOT_SAVED_KEPT}`,
  draft_conflict:
    'De gepubliceerde versie is gewijzigd nadat dit concept werd gemaakt. Publiceer je het concept toch, dan vervang je die wijzigingen.',
  details_control_characters:
    'Gebruik geen stuurtekens (zoals een tab of regeleinde) in de fotograaf of bron en het bijschrift.',
  details_too_long: 'De fotograaf of bron en het bijschrift zijn elk hoogstens 300 tekens lang.',
  forbidden: 'Je rol heeft geen toegang tot deze actie.',
  forbidden_channel: 'Je hebt geen toegang tot dit kanaal.',
  label_too_long: 'Een label is hoogstens 80 tekens lang.',
  header_too_large: 'Het verzoek is te groot.',
  idempotency_key_reused:
    'Dit verzoek is al voor iets anders gebruikt. Laad de pagina opnieuw en probeer het nog eens.',
  in_use: 'Dit wordt nog ergens gebruikt en kan daarom niet weg.',
  internal: `Er ging iets mis aan onze kant. Je wijziging is mogelijk niet opgeslagen. ${TRY_AGAIN}`,
  invalid_credentials: 'E-mailadres of wachtwoord klopt niet.',
  invalid_fields: 'Niet alle velden zijn goed ingevuld.',
  method_not_allowed: 'Deze actie kan hier niet.',
  mount_in_use: 'Er is al een bron verbonden met dit kanaal.',
  network: 'De server is niet bereikbaar. Probeer het opnieuw.',
  no_draft: 'Er is geen concept (meer). Laad de pagina opnieuw.',
  no_enrolment: 'Begin opnieuw met het instellen van tweestapsverificatie.',
  no_file: 'Er is geen bestand ontvangen. Kies een bestand en probeer het opnieuw.',
  no_preview: 'Voorbeeldlinks zijn niet ingesteld.',
  no_stream: 'Dit kanaal heeft geen afspeelbare stream.',
  no_timeshift: 'Van dit kanaal is (nog) niets opgenomen om terug te luisteren.',
  no_visual_radio: 'Dit kanaal heeft geen livevideo.',
  not_an_image: 'Alleen een afbeelding heeft een focuspunt.',
  not_creatable: 'Dit soort inhoud wordt niet hier aangemaakt, alleen gecorrigeerd.',
  not_draft:
    'Alleen een concept kan ter beoordeling worden aangeboden; dit item is al gepubliceerd of ingepland.',
  not_enabled: 'Tweestapsverificatie staat niet aan.',
  not_removable: 'Alleen een mislukte upload of een video kan hier worden verwijderd.',
  not_found: 'Dit bestaat niet (meer). Laad de pagina opnieuw.',
  not_on_air: 'Er is geen bron in de lucht.',
  not_published: 'Dit item staat niet op de site: sla je wijzigingen gewoon op.',
  not_ready: 'Dit bestand wordt nog verwerkt. Probeer het zo meteen opnieuw.',
  not_recorded: 'Van deze uitzending is (nog) geen opname.',
  not_waiting: 'Dit item wacht niet (meer) op beoordeling. Laad de pagina opnieuw.',
  outside_window: 'Dit moment valt buiten het terugluistervenster.',
  own_account: 'Dit kun je niet met je eigen account doen.',
  password_change_required: 'Kies eerst een nieuw wachtwoord.',
  payload_too_large: 'Dit is te groot om op te slaan.',
  request_in_progress: 'Deze opslag is nog bezig. Wacht even en kijk dan of je wijziging er staat.',
  search_empty: 'Vul een zoekterm in.',
  search_too_long: 'Een zoekterm is hoogstens 100 tekens lang.',
  second_factor_setup_required: 'Stel eerst tweestapsverificatie in.',
  stopping: `De server start opnieuw op. ${TRY_AGAIN}`,
  storage_full: `De opslag van de site is vol. ${NOT_SAVED_KEPT} Probeer het later opnieuw of vraag de beheerder om ruimte te maken.`,
  store_unavailable: `De site kan haar gegevens nu niet bereiken. ${TRY_AGAIN}`,
  token_bad_signature: 'Deze link is ongeldig. Vraag een nieuwe aan.',
  token_expired: 'Deze link is verlopen. Vraag een nieuwe aan.',
  token_wrong_subject: 'Deze link hoort bij iets anders. Vraag een nieuwe aan.',
  too_many_attempts: 'Te veel mislukte pogingen. Wacht even en probeer het dan opnieuw.',
  too_many_names: 'Er worden al te veel soorten gebeurtenissen geteld.',
  too_many_requests: 'Te veel verzoeken tegelijk. Wacht even en probeer het dan opnieuw.',
  too_many_sources: 'Er zijn al te veel bronnen verbonden.',
  too_many_uploads: 'Er worden nu te veel bestanden tegelijk geüpload. Wacht tot een upload klaar is.',
  unauthenticated: 'Je bent niet (meer) ingelogd. Log opnieuw in.',
  unauthorized: 'Je bent niet (meer) ingelogd. Log opnieuw in.',
  unavailable: `Dit kan nu even niet. ${TRY_AGAIN}`,
  unknown: 'Er ging iets mis. Probeer het opnieuw.',
  unsigned: 'Deze link is ongeldig. Vraag een nieuwe aan.',
  unsupported_media_type: 'Dit soort bestand kan hier niet worden gebruikt.',
  // Stream and recording links (token_<verdict>, url_<verdict>, server/src/stream/stream_token.cpp).
  token_malformed: 'Deze link is ongeldig. Vraag een nieuwe aan.',
  url_bad_signature: 'Deze link is ongeldig. Vraag een nieuwe aan.',
  url_expired: 'Deze link is verlopen. Vraag een nieuwe aan.',
  url_malformed: 'Deze link is ongeldig. Vraag een nieuwe aan.',
  url_wrong_subject: 'Deze link hoort bij iets anders. Vraag een nieuwe aan.',
};

/**
 * draft_conflict for the draft of an item taken offline, which is taken over ('Concept overnemen'),
 * not published: what taking it over replaces is the saved version.
 */
export const OFFLINE_DRAFT_CONFLICT_MESSAGE =
  'De opgeslagen versie is gewijzigd nadat dit concept werd gemaakt. Neem je het concept toch over, dan vervang je die wijzigingen.';

/** The Dutch message for `code` (an unknown code: a general one that names the HTTP status). */
export function errorMessage(code: string, status: number): string {
  return ERROR_MESSAGES[code] ?? `Er ging iets mis (HTTP ${status}). Probeer het opnieuw.`;
}
