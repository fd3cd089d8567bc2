-- What an autosave was typed on (issue 48): the form's values of the stored version it started
-- from (item_version), so that restoring it over a newer version is merged against that version
-- like any other conflict instead of silently overwriting the newer one. NULL for an autosave
-- kept before this column (or sent without them).

ALTER TABLE content_autosaves ADD COLUMN base_json TEXT;
